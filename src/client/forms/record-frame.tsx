/**
 * The frame every record screen shares, the generic form and the dedicated editors alike (quotation
 * editor, order detail, price list editor): the tab's title, unsaved-changes dot and published
 * document (so the palette and keys act on this record), the heading that takes the keyboard when the
 * tab shows, Esc from a field back to the record, the state, the banners of the record layer (deleted,
 * a kept draft, a change by someone else), the transition bar, the action bar of commands, and the
 * Cronologia beside the record. What is inside the form is the screen's own.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActiveDocument } from '../../../commands/types.ts';
import { businessDay } from '../../domain/business-day.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { asSubject, refusalReason } from '../../domain/ability.ts';
import { useSession } from '../session/session.tsx';
import { recordLock } from '../../domain/record-lock.ts';
import { Field } from './field-input.tsx';
import { findField, type kindSections } from './schema-fields.ts';
import type { MachineType } from '../../domain/machines/index.ts';
import type { RecordController } from '../data/use-record-controller.ts';
import { CommandButton, UndoButton } from '../shell/command-button.tsx';
import { usePublishDocument, useIsActiveTab, useTabDirty, useTabTitle } from '../workspace/tab-context.ts';
import { HistoryPanel } from './history-panel.tsx';
import { RecordProblem } from './record-gate.tsx';
import { TransitionBar } from './transition-bar.tsx';

const time = new Intl.DateTimeFormat('it-IT', { timeStyle: 'short', timeZone: 'Europe/Rome' });
const dayTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });

/** "10:42" for today (Europe/Rome), else "03/04/26, 10:42". */
export function shortTime(iso: string, now = new Date()): { text: string; today: boolean } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { text: iso, today: true };
  const today = businessDay(at) === businessDay(now);
  return { text: today ? time.format(at) : dayTime.format(at), today };
}

/** A record a dedicated screen shows: its kind, controller, stored version and draft. */
export interface LoadedRecord {
  kind: KindDefinition;
  controller: RecordController;
  stored: EntityJson;
  draft: EntityJson;
}

/**
 * The loading and load-error states, shown the same way by every dedicated screen; `children`
 * renders the record once it is there (`waiting`: something else the screen needs is still loading).
 */
export function RecordLoader({ controller, waiting = false, children }: { controller: RecordController; waiting?: boolean; children: (record: LoadedRecord) => ReactNode }) {
  const { kind, status, stored, draft } = controller;
  if (status === 'loading' || waiting) return <p role="status"><FormattedMessage id="screens.loading" /></p>;
  if (status !== 'ready' || !kind || !stored || !draft) return <RecordProblem error={controller.error} />;
  return <>{children({ kind, controller, stored, draft })}</>;
}

/**
 * The tab's title and dirty dot, and the record published as the tab's document: a new object when
 * the record, its handle or the server's facts change. Screens use it for their own command buttons.
 */
export function useRecordDocument(kind: KindDefinition, controller: RecordController, stored: EntityJson, title: string): ActiveDocument {
  useTabTitle(title);
  useTabDirty(controller.dirty);
  const { creating, handle, serverActions } = controller;
  const doc = useMemo<ActiveDocument>(
    () => (creating ? { type: kind.type, id: stored.id, record: handle } : { type: kind.type, id: stored.id, entity: stored, record: handle, serverActions }),
    [creating, kind.type, stored, handle, serverActions],
  );
  usePublishDocument(doc);
  return doc;
}

interface Props {
  kind: KindDefinition;
  controller: RecordController;
  stored: EntityJson;
  title: string;
  /** From `useRecordDocument`. */
  doc: ActiveDocument;
  /** Added to the layout's class (the screen's own styles). */
  className?: string;
  /** Command ids of the action bar, before delete (hidden when not offered). */
  toolbar: readonly string[];
  /** The record's state, shown under the heading. */
  state?: { value: unknown; label: string } | undefined;
  /** The screen's own banners, after the deleted one. */
  banners?: ReactNode;
  /** Esc in a field: the screen's own handling first; return true when it moved the focus itself. */
  onEscape?: (field: HTMLElement) => boolean;
  /** The form element, for screens that reach into it (the first invalid field). */
  formRef?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}

export function RecordFrame({ kind, controller, stored, title, doc, className, toolbar, state, banners, onEscape, formRef: outerFormRef, children }: Props) {
  const intl = useIntl();
  const active = useIsActiveTab();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ownFormRef = useRef<HTMLFormElement>(null);
  const formRef = outerFormRef ?? ownFormRef;
  const { creating, dirty, deleted, handle, historyOpen, toggleHistory } = controller;
  const { ability } = useSession();
  // Read-only by a rule that says why (SPEC §6 part subjects: an office location, a revision): the screen says it too.
  const noRight = !creating && !deleted && !controller.canUpdate ? refusalReason(ability, 'update', asSubject(kind.subject, { ...stored })) : undefined;
  // An opened record takes the keyboard (heading focused: Tab goes to the first field, t … runs transitions).
  useEffect(() => {
    if (active && !formRef.current?.contains(document.activeElement)) headingRef.current?.focus({ preventScroll: true });
  }, [active, formRef]);
  const closeHistory = useCallback(() => {
    toggleHistory();
    headingRef.current?.focus();
  }, [toggleHistory]);
  const showHistory = historyOpen && !creating;

  return (
    <div
      className={`entity-form-layout${className ? ` ${className}` : ''}${showHistory ? ' with-history' : ''}`}
      // The Cronologia sits beside the record while open, below it when the pane is narrow.
      style={showHistory ? { display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'flex-start' } : undefined}
    >
      <form
        ref={formRef}
        style={showHistory ? { flex: '3 1 34rem', minWidth: 0 } : undefined}
        className={`entity-form${deleted ? ' is-deleted' : ''}`}
        noValidate
        aria-label={title}
        aria-busy={controller.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void handle.save();
        }}
        onKeyDown={(event) => {
          // Esc leaves a field for the record itself, where the tab's shortcuts (t p e…) work again.
          const target = event.target as HTMLElement;
          if (event.key !== 'Escape' || event.defaultPrevented || !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.getAttribute('aria-expanded') === 'true') return;
          event.preventDefault();
          if (!onEscape?.(target)) headingRef.current?.focus();
        }}
      >
        <header className="entity-form-header">
          <h1 ref={headingRef} tabIndex={-1}>
            <span className="entity-form-kind">{kind.label.singular}</span> {title}
            {dirty && <span className="entity-form-dirty" title={intl.formatMessage({ id: 'form.dirty' })}> ●</span>}
          </h1>
          {state && (
            <p className="entity-state" data-state={String(state.value)}>
              <FormattedMessage id="screens.state" />: <strong>{state.label}</strong>
            </p>
          )}
          {deleted && <p className="entity-form-banner" role="status"><FormattedMessage id="form.isDeleted" /></p>}
          {noRight && <p className="entity-form-banner record-no-right" role="status">{noRight}</p>}
          {banners}
          <KeptDraftBanner controller={controller} />
          <RemoteChangeBanner controller={controller} />
          {kind.machine && !deleted && !creating && <TransitionBar type={kind.type as MachineType} entity={stored} />}
          <div className="entity-form-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'form.actions' })}>
            {toolbar.map((commandId) => <CommandButton key={commandId} commandId={commandId} document={doc} />)}
            <CommandButton commandId="record.delete" document={doc} className="danger" />
            {/* A deleted record offers its undo here (the transition bar, which offers a transition's, is gone then). */}
            {deleted && <UndoButton document={doc} />}
          </div>
        </header>
        {children}
      </form>
      {showHistory && <HistoryPanel kind={kind} id={stored.id} onClose={closeHistory} />}
    </div>
  );
}

/**
 * The record's state freezes its content (a completed order, an issued quotation, a closed course):
 * says so in the API's own words (src/domain/record-lock.ts), beside fields the form shows read-only.
 */
export function FrozenBanner({ kind, stored, controller }: { kind: KindDefinition; stored: EntityJson; controller: RecordController }) {
  if (controller.creating || controller.deleted) return null;
  const lock = recordLock(kind, stored);
  if (!lock.frozen || !lock.reason) return null;
  return <p className="entity-form-banner record-frozen" role="status" data-state={lock.state}>{lock.reason}</p>;
}

/** A draft kept from before a reload or a crash: offered back, never applied unasked. */
function KeptDraftBanner({ controller }: { controller: RecordController }) {
  const kept = controller.restorable;
  if (!kept) return null;
  const when = shortTime(kept.savedAt);
  return (
    <div className="entity-form-banner record-kept-draft" role="alert">
      <FormattedMessage id={when.today ? 'records.draft.offer' : 'records.draft.offerDay'} values={{ time: when.text }} />{' '}
      <button type="button" onClick={kept.restore}><FormattedMessage id="records.draft.restore" /></button>{' '}
      <button type="button" onClick={kept.drop}><FormattedMessage id="records.draft.drop" /></button>
    </div>
  );
}

/** Someone else saved the open record: applied (no draft) or offered (reload / keep mine). */
function RemoteChangeBanner({ controller }: { controller: RecordController }) {
  const intl = useIntl();
  const remote = controller.remote;
  if (!remote) return null;
  const name = remote.byName ?? intl.formatMessage({ id: 'records.remote.someone' });
  const when = shortTime(remote.at).text;
  if (!remote.pending) {
    return (
      <p className="entity-form-banner record-remote-change" role="status">
        <FormattedMessage id="records.remote.updated" values={{ name, time: when }} />{' '}
        <button type="button" onClick={remote.dismiss}><FormattedMessage id="records.remote.dismiss" /></button>
      </p>
    );
  }
  return (
    <div className="entity-form-banner record-remote-change is-pending" role="alert">
      <FormattedMessage id="records.remote.offer" values={{ name, time: when }} />{' '}
      <button type="button" onClick={remote.reload}><FormattedMessage id="records.remote.reload" /></button>{' '}
      <button type="button" onClick={remote.keepMine}><FormattedMessage id="records.remote.keepMine" /></button>
    </div>
  );
}

/**
 * The fields at `paths` of a dedicated screen's record (its header), each edited as the generic form
 * edits it; a path the kind does not have is left out.
 */
export function RecordFields({ sections, paths, draft, setField, errors, access, locked }: {
  sections: ReturnType<typeof kindSections>;
  paths: readonly string[];
  draft: EntityJson;
  setField: RecordController['setField'];
  errors: RecordController['errors'];
  access: RecordController['access'];
  locked: boolean;
}) {
  return (
    <div className="form-fields">
      {paths.map((path) => {
        const section = path.split('.')[0] as keyof ReturnType<typeof kindSections>;
        const spec = sections[section] ? findField(sections[section], path) : undefined;
        if (!spec) return null;
        return <Field key={path} spec={spec} path={path} value={readPath(draft, path)} onChange={setField} errors={errors} access={access} locked={locked} />;
      })}
    </div>
  );
}
