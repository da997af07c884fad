/**
 * The frame every action body form shares (action-body-dialog.tsx): its fields, then «Annulla» and the
 * action's own button. Enter in a field sends, and so does Ctrl/⌘+Enter from anywhere, a text area
 * included; the form validates itself (noValidate: its messages are Italian and its own).
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActionBodyRequest } from '../../../commands/types.ts';

/** What an action body form gets: the request (record, action, its schema) and how to answer. */
export interface ActionBodyFormProps {
  request: ActionBodyRequest;
  /** The body (checked against the action's schema), or undefined to cancel. */
  close(body?: unknown): void;
}

export function ActionBodyFormFrame({ request, close, onSubmit, className, children }: {
  request: ActionBodyRequest;
  close(body?: unknown): void;
  onSubmit(): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogForm className={className ? `action-body-form ${className}` : 'action-body-form'} onSubmit={onSubmit} onCancel={() => close(undefined)} submitLabel={request.definition.label}>
      {children}
    </DialogForm>
  );
}

/**
 * A dialog's form (an action's body, a reason asked before a write goes again): its fields, then
 * «Annulla» and its own button; Enter in a field and Ctrl/⌘+Enter from anywhere send.
 */
export function DialogForm({ onSubmit, onCancel, submitLabel, className, children }: {
  onSubmit(): void;
  onCancel(): void;
  submitLabel: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onSubmit();
        }
      }}
    >
      {children}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}><FormattedMessage id="workspace.dialog.cancel" /></button>
        <button type="submit" className="primary">{submitLabel}</button>
      </div>
    </form>
  );
}
