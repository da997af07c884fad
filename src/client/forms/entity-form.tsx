/**
 * The one form of every detail route, a view over `useRecordController` (src/client/data): fields
 * derived from the kind's zod schemas with Italian validation inline, field-level abilities and
 * state locks, banners (deleted, archived, frozen, a kept draft, a change by someone else), the
 * derived summary, and for kinds with a state machine the state and its transition bar. Every
 * action on the record is a command (`record.save`, `record.delete`, `record.history`, custom
 * actions…): the action bar shows them as `CommandButton`s and the form publishes its record and
 * its handle so the palette and the keys run the same code.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActiveDocument } from '../../../commands/types.ts';
import { businessDay } from '../../domain/business-day.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels, type MachineType } from '../../domain/machines/index.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { kindModule } from '../kinds/index.ts';
import { sessionAtom } from '../session/session.tsx';
import { CommandButton, UndoButton } from '../shell/command-button.tsx';
import { store } from '../store.ts';
import { usePublishDocument, useIsActiveTab, useTabDirty, useTabId, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { workspaceAtom } from '../workspace/workspace-state.ts';
import { showConflict } from './conflict.tsx';
import { FormRecordContext, useNewRecordPreset } from './editors/form-record.ts';
import { Field } from './field-input.tsx';
import { formatValue, fieldLabel, numberKind } from './format.ts';
import { HistoryPanel } from './history-panel.tsx';
import { kindSections, type FieldSpec } from './schema-fields.ts';
import { TransitionBar } from './transition-bar.tsx';

// The pure parts moved to the record layer; re-exported for the screens that import them from here.
export { NEW_ID, newEntity, validationErrors, fieldAccess } from '../data/record-state.ts';

interface Props {
  type: string;
  id: string;
  /** Only these dotted paths (a sub-page such as the customer's settings or commercial offer). */
  only?: string[] | undefined;
}

/** The generic record commands of the action bar, in order (hidden when not offered). */
const RECORD_COMMANDS = ['record.save', 'record.discard', 'record.archive', 'record.restore'] as const;

const time = new Intl.DateTimeFormat('it-IT', { timeStyle: 'short', timeZone: 'Europe/Rome' });
const dayTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });

/** "10:42" for today (Europe/Rome), else "03/04/26, 10:42". */
export function shortTime(iso: string, now = new Date()): { text: string; today: boolean } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { text: iso, today: true };
  const today = businessDay(at) === businessDay(now);
  return { text: today ? time.format(at) : dayTime.format(at), today };
}

export function EntityForm({ type, id, only }: Props) {
  const intl = useIntl();
  const [, replaceUrl] = useTabUrl();
  const urlPreset = useNewRecordPreset();
  const userId = useAtomValue(sessionAtom)?.identity.id;
  const preset = useMemo(() => ({ ...(userId ? kindModule(type).newRecordDefaults?.({ id: userId }) : {}), ...urlPreset }), [type, userId, urlPreset]);
  const formRef = useRef<HTMLFormElement>(null);
  const controller = useRecordController(type, id, {
    preset,
    resolveConflict: showConflict,
    // The tab becomes the new record's own tab (its deep link).
    onCreated: (created) => replaceUrl(recordTabUrl(type, created.id, created)),
    // Focus the first invalid field so the keyboard user lands on it.
    onInvalid: () => setTimeout(() => (formRef.current?.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus(), 0),
  });
  // Closing the tab (after its unsaved-changes question) drops the kept draft; a reload never unmounts.
  const tabId = useTabId();
  const { forgetDraft } = controller;
  useEffect(() => () => {
    if (!store.get(workspaceAtom).tabs.some((tab) => tab.id === tabId)) forgetDraft();
  }, [tabId, forgetDraft]);
  const { kind, status } = controller;
  if (status === 'unknown-kind' || !kind) return <p role="alert"><FormattedMessage id="screens.unknownKind" values={{ type }} /></p>;
  if (status === 'loading') return <p role="status"><FormattedMessage id="screens.loading" /></p>;
  if (status === 'error' || !controller.stored || !controller.draft) return <p role="alert"><FormattedMessage id="form.loadError" /></p>;
  return <LoadedForm kind={kind} controller={controller} stored={controller.stored} draft={controller.draft} only={only} formRef={formRef} intlTitle={intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular })} />;
}

interface LoadedProps {
  kind: KindDefinition;
  controller: RecordController;
  stored: EntityJson;
  draft: EntityJson;
  only: string[] | undefined;
  formRef: RefObject<HTMLFormElement | null>;
  intlTitle: string;
}

function LoadedForm({ kind, controller, stored, draft, only, formRef, intlTitle }: LoadedProps) {
  const intl = useIntl();
  const active = useIsActiveTab();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { creating, dirty, deleted, archived, frozen, locked, state, handle } = controller;
  // An opened record takes the keyboard (heading focused: Tab goes to the first field, t … runs transitions).
  useEffect(() => {
    if (active && !formRef.current?.contains(document.activeElement)) headingRef.current?.focus({ preventScroll: true });
  }, [active, formRef]);

  const sections = useMemo(() => kindSections(kind), [kind]);
  const statePath = kind.machine?.statePath;
  const stateLabels = kind.machine ? machineStateLabels[kind.type as MachineType] : undefined;
  const title = creating ? intlTitle : kind.title(stored) || kind.label.singular;
  useTabTitle(title);
  useTabDirty(dirty);

  // The palette's document: a new object when the record, its handle or the server's facts change.
  const doc = useMemo<ActiveDocument>(
    () => (creating ? { type: kind.type, id: stored.id, record: handle } : { type: kind.type, id: stored.id, entity: stored, record: handle, serverActions: controller.serverActions }),
    [creating, kind.type, stored, handle, controller.serverActions],
  );
  usePublishDocument(doc);

  const shown = (fields: FieldSpec[]) => (only ? fields.filter((f) => only.some((p) => p === f.path || p.startsWith(`${f.path}.`))) : fields);
  const summary = derivedSummary(kind, stored);
  const customActions = Object.keys(kind.actions ?? {});
  const onChange = controller.setField;
  const closeHistory = useCallback(() => {
    controller.toggleHistory();
    headingRef.current?.focus();
  }, [controller]);

  return (
    <div
      className={`entity-form-layout${controller.historyOpen ? ' with-history' : ''}`}
      // The Cronologia sits beside the form while open, below it when the pane is narrow.
      style={controller.historyOpen ? { display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'flex-start' } : undefined}
    >
      <form
        ref={formRef}
        style={controller.historyOpen ? { flex: '3 1 34rem', minWidth: 0 } : undefined}
        className={`entity-form${deleted ? ' is-deleted' : ''}`}
        noValidate
        aria-label={title}
        aria-busy={controller.busy}
        onSubmit={(e) => {
          e.preventDefault();
          void handle.save();
        }}
        onKeyDown={(e) => {
          // Esc leaves a field for the form itself, where the tab's shortcuts (t p e…) work again.
          const target = e.target as HTMLElement;
          if (e.key === 'Escape' && !e.defaultPrevented && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && target.getAttribute('aria-expanded') !== 'true') {
            e.preventDefault();
            headingRef.current?.focus();
          }
        }}
      >
        <header className="entity-form-header">
          <h1 ref={headingRef} tabIndex={-1}>
            <span className="entity-form-kind">{kind.label.singular}</span> {title}
            {dirty && <span className="entity-form-dirty" title={intl.formatMessage({ id: 'form.dirty' })}> ●</span>}
          </h1>
          {statePath && (
            <p className="entity-state" data-state={String(readPath(stored, statePath))}>
              <FormattedMessage id="screens.state" />: <strong>{formatValue(readPath(stored, statePath), 'enum', stateLabels)}</strong>
            </p>
          )}
          {deleted && <p className="entity-form-banner" role="status"><FormattedMessage id="form.isDeleted" /></p>}
          {archived && <p className="entity-form-banner" role="status"><FormattedMessage id="form.isArchived" /></p>}
          {frozen && !deleted && (
            <p className="entity-form-banner" role="status">
              <FormattedMessage id="form.frozen" values={{ state: formatValue(state, 'enum', stateLabels) }} />
            </p>
          )}
          <KeptDraftBanner controller={controller} />
          <RemoteChangeBanner controller={controller} />
          {kind.machine && !deleted && !creating && <TransitionBar type={kind.type as MachineType} entity={stored} />}
          <div className="entity-form-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'form.actions' })}>
            {RECORD_COMMANDS.map((commandId) => <CommandButton key={commandId} commandId={commandId} document={doc} />)}
            {customActions.map((name) => <CommandButton key={name} commandId={`record.action.${name}`} document={doc} />)}
            <CommandButton commandId="record.history" document={doc} />
            <CommandButton commandId="record.delete" document={doc} className="danger" />
            {/* A deleted record offers its undo here (the transition bar, which offers a transition's, is gone then). */}
            {deleted && <UndoButton document={doc} />}
          </div>
        </header>
        {summary.length > 0 && !only && !creating && (
          <dl className="entity-summary">
            {summary.map(([label, value]) => (
              <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
            ))}
          </dl>
        )}
        <FormRecordContext.Provider value={draft}>
          {(['attributes', 'metadata', 'relationships'] as const).map((section) => {
            const fields = shown(sections[section]);
            if (fields.length === 0) return null;
            return (
              <section key={section} className={`form-section form-section-${section}`} aria-labelledby={`${stored.id}-${section}`}>
                <h2 id={`${stored.id}-${section}`}><FormattedMessage id={`form.section.${section}`} /></h2>
                <div className="form-fields">
                  {fields.map((field) => (
                    <Field
                      key={field.path}
                      spec={field}
                      path={field.path}
                      value={readPath(draft, field.path)}
                      onChange={onChange}
                      errors={controller.errors}
                      access={controller.access}
                      locked={locked}
                      stateLabels={field.path === statePath ? stateLabels : undefined}
                    />
                  ))}
                </div>
              </section>
            );
          })}
        </FormRecordContext.Provider>
        {!creating && (
          <footer className="entity-form-meta">
            <FormattedMessage
              id="form.meta"
              values={{ created: formatValue(stored.metadata.createdDateTime, 'datetime'), updated: formatValue(stored.metadata.lastUpdatedDateTime, 'datetime') }}
            />
          </footer>
        )}
      </form>
      {controller.historyOpen && !creating && <HistoryPanel kind={kind} id={stored.id} onClose={closeHistory} />}
    </div>
  );
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

/** Values the server derives (totals, counts, names): shown read-only above the fields. */
function derivedSummary(kind: KindDefinition, entity: EntityJson): [string, string][] {
  const writableMeta = new Set(Object.keys((kind.metadata as unknown as { shape: Record<string, unknown> }).shape ?? {}));
  const common = new Set(['createdDateTime', 'lastUpdatedDateTime', 'deletedDateTime', 'createdBy', 'lastUpdatedBy', 'deletedBy', 'isDeleted', 'isArchived']);
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(entity.metadata)) {
    if (writableMeta.has(key) || common.has(key) || value === null || value === undefined || typeof value === 'object') continue;
    if (/Ids?$|Impersonator$/.test(key)) continue;
    const kindOfValue = typeof value === 'number' ? numberKind(key) : typeof value === 'boolean' ? 'boolean' : /Date/.test(key) ? 'date' : 'text';
    out.push([fieldLabel(key), formatValue(value, kindOfValue)]);
  }
  return out;
}
