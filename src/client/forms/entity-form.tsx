/**
 * The one form of every detail route, a view over `useRecordController` (src/client/data): fields
 * derived from the kind's zod schemas with Italian validation inline, field-level abilities and
 * state locks, banners (deleted, archived, frozen, a kept draft, a change by someone else), the
 * derived summary, and for kinds with a state machine the state and its transition bar. Every
 * action on the record is a command (`record.save`, `record.delete`, `record.history`, custom
 * actions…): the action bar shows them as `CommandButton`s and the form publishes its record and
 * its handle so the palette and the keys run the same code.
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEVICE_METADATA_KEYS, type EntityJson } from '../../domain/entity.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels, type MachineType } from '../../domain/machines/index.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { kindModule } from '../kinds/index.ts';
import { sessionAtom } from '../session/session.tsx';
import { store } from '../store.ts';
import { useTabId, useTabUrl } from '../workspace/tab-context.ts';
import { workspaceAtom } from '../workspace/workspace-state.ts';
import { showConflict } from './conflict.tsx';
import { FormRecordContext, useNewRecordPreset } from './editors/form-record.ts';
import { Field } from './field-input.tsx';
import { formatValue, fieldLabel, numberKind } from './format.ts';
import { FrozenBanner, RecordFrame, useRecordDocument } from './record-frame.tsx';
import { RecordProblem } from './record-gate.tsx';
import { kindSections, type FieldSpec } from './schema-fields.ts';
import { focusFirstInvalid } from './focus-invalid.ts';

// The pure parts moved to the record layer; re-exported for the screens that import them from here.
export { NEW_ID, newEntity, validationErrors, fieldAccess } from '../data/record-state.ts';
export { shortTime } from './record-frame.tsx';

interface Props {
  type: string;
  id: string;
  /** Only these dotted paths (a sub-page such as the customer's settings or commercial offer). */
  only?: string[] | undefined;
}

/** The generic record commands of the action bar, in order (hidden when not offered). */
const RECORD_COMMANDS = ['record.save', 'record.discard', 'record.archive', 'record.restore'] as const;

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
    onInvalid: () => focusFirstInvalid(() => formRef.current),
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
  if (status === 'error' || !controller.stored || !controller.draft) return <RecordProblem error={controller.error} />;
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
  const { creating, archived, locked } = controller;
  const sections = useMemo(() => kindSections(kind), [kind]);
  const statePath = kind.machine?.statePath;
  const stateLabels = kind.machine ? machineStateLabels[kind.type as MachineType] : undefined;
  const title = creating ? intlTitle : kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);

  // A new record leaves out what the server assigns (an intervention's code): there is nothing to type or see yet.
  const assigned = creating ? kind.serverAssigned ?? [] : [];
  // A field the user may not read draws nothing: a section left with none is not shown (an unsent record the device holds may be readable only in part).
  const shown = (fields: FieldSpec[]) => (only ? fields.filter((f) => only.some((p) => p === f.path || p.startsWith(`${f.path}.`))) : fields)
    .filter((f) => !assigned.includes(f.path) && kind.fieldApplies?.(f.path, draft) !== false && controller.access.canRead(f.path));
  const summary = derivedSummary(kind, stored);
  const toolbar = [...RECORD_COMMANDS, ...Object.keys(kind.actions ?? {}).map((name) => `record.action.${name}`), 'record.history'];
  const onChange = controller.setField;

  return (
    <RecordFrame
      kind={kind}
      controller={controller}
      stored={stored}
      title={title}
      doc={doc}
      toolbar={toolbar}
      formRef={formRef}
      state={statePath ? { value: readPath(stored, statePath), label: formatValue(readPath(stored, statePath), 'enum', stateLabels) } : undefined}
      banners={
        <>
          {archived && <p className="entity-form-banner" role="status"><FormattedMessage id="form.isArchived" /></p>}
          <FrozenBanner kind={kind} stored={stored} controller={controller} />
        </>
      }
    >
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
          <RecordMeta metadata={stored.metadata} />
        </footer>
      )}
    </RecordFrame>
  );
}

/** When the record was created and last changed; a record never answered by the server (kept on the device) has no change date to name. */
export function RecordMeta({ metadata }: { metadata: EntityJson['metadata'] }) {
  const created = formatValue(metadata.createdDateTime, 'datetime');
  const updated = formatValue(metadata.lastUpdatedDateTime, 'datetime');
  if (updated === '') return created === '' ? null : <>{fieldLabel('createdDateTime')} {created}</>;
  return <FormattedMessage id="form.meta" values={{ created, updated }} />;
}

/** Values the server derives (totals, counts, names): shown read-only above the fields. */
export function derivedSummary(kind: KindDefinition, entity: EntityJson): [string, string][] {
  const writableMeta = new Set(Object.keys((kind.metadata as unknown as { shape: Record<string, unknown> }).shape ?? {}));
  const common = new Set(['createdDateTime', 'lastUpdatedDateTime', 'deletedDateTime', 'createdBy', 'lastUpdatedBy', 'deletedBy', 'isDeleted', 'isArchived']);
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(entity.metadata)) {
    if (writableMeta.has(key) || common.has(key) || DEVICE_METADATA_KEYS.includes(key) || value === null || value === undefined || typeof value === 'object') continue;
    if (/Ids?$|Impersonator$/.test(key)) continue;
    const kindOfValue = typeof value === 'number' ? numberKind(key) : typeof value === 'boolean' ? 'boolean' : /Date/.test(key) ? 'date' : 'text';
    out.push([fieldLabel(key), formatValue(value, kindOfValue)]);
  }
  return out;
}
