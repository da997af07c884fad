/**
 * The dialog host of the default layout (SPEC §2, §4): one native modal `<dialog>` (focus trap,
 * Escape, top layer) opened on request. When it finishes closing it resets title, transition,
 * size, keepOpen and role, so the next request starts clean. `confirmDelete()` asks to type the
 * passphrase of SPEC §9 (`elimina`).
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { atom, useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { intl } from '../i18n/index.ts';
import { store } from '../store.ts';
import { useModalDialog } from './ui-state.ts';

export type DialogSize = 'sm' | 'md' | 'lg';
export type DialogTransition = 'fade' | 'slide' | 'none';

export interface DialogRequest<T = unknown> {
  title: string;
  /** The body; call `close(result)` to finish. */
  render(close: (result?: T) => void): ReactNode;
  size?: DialogSize;
  transition?: DialogTransition;
  /** Escape and a click outside do not close it (a choice must be made). */
  keepOpen?: boolean;
  role?: 'dialog' | 'alertdialog';
}

interface DialogState {
  request: DialogRequest;
  resolve(result: unknown): void;
  open: boolean;
  /** Which request this is: a new one gets a fresh body even while the previous one fades out. */
  serial: number;
}

/** The request shown now (null: nothing, or fully closed and reset). */
export const dialogAtom = atom<DialogState | null>(null);

const CLOSE_ANIMATION_MS = 150;
let requestSerial = 0;

/** Opens a dialog; resolves with what the body passed to `close` (undefined when dismissed). */
export function openDialog<T>(request: DialogRequest<T>): Promise<T | undefined> {
  // A new request replaces one still open: the old one resolves as dismissed.
  store.get(dialogAtom)?.resolve(undefined);
  return new Promise<T | undefined>((resolve) => {
    store.set(dialogAtom, { request: request as DialogRequest, resolve: resolve as (result: unknown) => void, open: true, serial: ++requestSerial });
  });
}

/** Closes the open dialog with `result` (what its body's `close` does). */
export function closeDialog(result?: unknown): void {
  const state = store.get(dialogAtom);
  if (!state || !state.open) return;
  state.resolve(result);
  store.set(dialogAtom, { ...state, open: false });
  // SPEC §4: reset once the closing transition has finished.
  setTimeout(() => {
    if (store.get(dialogAtom)?.open === false) store.set(dialogAtom, null);
  }, state.request.transition === 'none' ? 0 : CLOSE_ANIMATION_MS);
}

/** Asks a yes/no question; resolves true only on the confirm button. */
export function confirmDialog(options: { title: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return openDialog<boolean>({
    title: options.title,
    role: 'alertdialog',
    size: 'sm',
    render: (close) => (
      <>
        <p>{options.message}</p>
        <div className="dialog-actions">
          <button type="button" onClick={() => close(false)}>
            <FormattedMessage id="workspace.dialog.cancel" />
          </button>
          <button type="button" className={options.danger ? 'danger' : 'primary'} data-autofocus onClick={() => close(true)}>
            {options.confirmLabel ?? intl.formatMessage({ id: 'workspace.dialog.confirm' })}
          </button>
        </div>
      </>
    ),
  }).then((answer) => answer === true);
}

/** SPEC §9: the word to type before deleting. */
export const DELETE_PASSPHRASE = 'elimina';

/** Asks to type `elimina` before deleting `what` (e.g. the record's name); resolves true when confirmed. */
export function confirmDelete(what?: string): Promise<boolean> {
  return openDialog<boolean>({
    title: intl.formatMessage({ id: 'workspace.delete.title' }),
    role: 'alertdialog',
    size: 'sm',
    keepOpen: true,
    render: (close) => <DeleteConfirmation what={what} close={close} />,
  }).then((answer) => answer === true);
}

function DeleteConfirmation({ what, close }: { what: string | undefined; close: (result?: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const id = useId();
  const ok = typed.trim().toLocaleLowerCase('it') === DELETE_PASSPHRASE;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ok) close(true);
      }}
    >
      <p>
        {what ? <FormattedMessage id="workspace.delete.messageWhat" values={{ what: <strong>{what}</strong> }} /> : <FormattedMessage id="workspace.delete.message" />}
      </p>
      <label htmlFor={id}>
        <FormattedMessage id="workspace.delete.prompt" values={{ word: <code>{DELETE_PASSPHRASE}</code> }} />
      </label>
      <input id={id} name="passphrase" autoComplete="off" data-autofocus value={typed} onChange={(event) => setTyped(event.target.value)} aria-invalid={typed !== '' && !ok} />
      <div className="dialog-actions">
        <button type="button" onClick={() => close(false)}>
          <FormattedMessage id="workspace.dialog.cancel" />
        </button>
        <button type="submit" className="danger" disabled={!ok}>
          <FormattedMessage id="workspace.delete.confirm" />
        </button>
      </div>
    </form>
  );
}

/** The host, rendered once by the default layout. */
export function DialogHost() {
  const state = useAtomValue(dialogAtom);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const intlHook = useIntl();
  const open = state?.open ?? false;

  useModalDialog(ref, open);
  // showModal() focuses the first focusable element (the × button); the body's own choice wins
  // (`data-autofocus`), before the first paint so that no key typed at once is lost. Also when a new
  // request replaces one still open (same native dialog, new body).
  const serial = state?.serial;
  useLayoutEffect(() => {
    if (open && serial !== undefined) ref.current?.querySelector<HTMLElement>('.dialog-body [data-autofocus]')?.focus();
  }, [open, serial]);

  if (!state) return <dialog ref={ref} className="dialog" aria-hidden="true" hidden />;
  const { request } = state;
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${request.size ?? 'md'} dialog-${request.transition ?? 'fade'}${open ? ' is-open' : ' is-closing'}`}
      role={request.role ?? 'dialog'}
      aria-labelledby={titleId}
      // While it fades out the native dialog is already closed: it no longer owns the keyboard.
      aria-modal={open ? 'true' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!request.keepOpen) closeDialog(undefined);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget && !request.keepOpen) closeDialog(undefined);
      }}
    >
      <div className="dialog-frame">
        <header className="dialog-header">
          <h2 id={titleId}>{request.title}</h2>
          {!request.keepOpen && (
            <button type="button" className="icon-button" aria-label={intlHook.formatMessage({ id: 'workspace.dialog.close' })} onClick={() => closeDialog(undefined)}>
              ×
            </button>
          )}
        </header>
        <div className="dialog-body" key={state.serial}>{request.render(closeDialog)}</div>
      </div>
    </dialog>
  );
}
