/**
 * "Cronologia": what happened to a record, newest first (`GET /api/{type}/{id}/history` through the
 * provider): who (and on whose behalf), when (Italian, Europe/Rome), which action (the kind's own
 * labels for transitions and custom actions) and which fields changed, with Italian field names and
 * values formatted as the form shows them. Cached under the record's key, so a write or a live
 * change notice refreshes it. Opened with the record's `toggleHistory` (a command key, the button).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels, type MachineType } from '../../domain/machines/index.ts';
import { pointerToPath } from '../../domain/merge-patch.ts';
import type { FieldChange, HistoryEntry } from '../../domain/records.ts';
import { historyKey, records } from '../data/index.ts';
import { hasMessage, intl as globalIntl } from '../i18n/index.ts';
import { fieldLabel, formatDateTime, formatValue, numberKind, type ValueKind } from './format.ts';
import { useEntityTitle } from './references.ts';
import { findField, kindSections, type FieldSpec } from './schema-fields.ts';

const GENERIC_ACTIONS = ['create', 'update', 'delete', 'undelete', 'archive', 'restore'];

/** The Italian name of a history action: the kind's transition or custom action label, else the generic verb. */
export function actionLabel(kind: KindDefinition, action: string): string {
  const transition = kind.machine?.transitions.find((t) => t.action === action);
  if (transition) return transition.label;
  const custom = kind.actions?.[action];
  if (custom) return custom.label;
  if (GENERIC_ACTIONS.includes(action) || hasMessage(`records.history.action.${action}`)) return globalIntl.formatMessage({ id: `records.history.action.${action}` });
  return action;
}

/** `attributes.lines.2.quantity` → the spec path `attributes.lines[].quantity` and the readable `Righe › 3 › Quantità`. */
export function changeLabel(path: string): { specPath: string; label: string } {
  const parts = path.split('.');
  const specPath = parts.map((p, i) => (/^\d+$/.test(p) ? null : /^\d+$/.test(parts[i + 1] ?? '') ? `${p}[]` : p)).filter((p) => p !== null).join('.');
  const label = parts.slice(1).map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : fieldLabel(p))).join(' › ');
  return { specPath, label: label || path };
}

const VALUE_KINDS: Partial<Record<FieldSpec['kind'], ValueKind>> = {
  boolean: 'boolean', date: 'date', datetime: 'datetime', enum: 'enum', enumList: 'list',
};

function valueKind(spec: FieldSpec | undefined, value: unknown): ValueKind {
  if (spec && (spec.kind === 'number' || spec.kind === 'integer')) return numberKind(spec.name);
  if (spec && VALUE_KINDS[spec.kind]) return VALUE_KINDS[spec.kind]!;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  return 'text';
}

function Value({ value, spec, stateLabels }: { value: unknown; spec: FieldSpec | undefined; stateLabels: Record<string, string> | undefined }) {
  if (value === undefined || value === null || value === '') return <span className="history-empty">—</span>;
  if (spec?.kind === 'reference' && spec.target && typeof value === 'string') return <ReferenceValue type={spec.target} id={value} />;
  if (spec?.kind === 'referenceList' && spec.target && Array.isArray(value)) {
    return <>{value.map((id, i) => <span key={String(id)}>{i > 0 && ', '}<ReferenceValue type={spec.target!} id={String(id)} /></span>)}</>;
  }
  if (typeof value === 'object' && !Array.isArray(value)) return <span>{JSON.stringify(value)}</span>;
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
    return <FormattedMessage id="records.history.items" values={{ count: value.length }} />;
  }
  return <span>{formatValue(value, valueKind(spec, value), stateLabels)}</span>;
}

function ReferenceValue({ type, id }: { type: string; id: string }) {
  return <span>{useEntityTitle(type, id)}</span>;
}

/** The fields of a kind at any section, for looking up a changed path's spec. */
function kindFields(kind: KindDefinition): FieldSpec[] {
  const sections = kindSections(kind);
  return [...sections.attributes, ...sections.metadata, ...sections.relationships];
}

/**
 * One value of a record field as the form shows it (names for references, Italian enums and states,
 * money, dates), by its dotted path: the history and the 409 view use it.
 */
export function RecordValue({ kind, path, value, fields }: { kind: KindDefinition; path: string; value: unknown; fields?: FieldSpec[] }) {
  const spec = findField(fields ?? kindFields(kind), changeLabel(path).specPath);
  const stateLabels = kind.machine && path === kind.machine.statePath ? machineStateLabels[kind.type as MachineType] : undefined;
  return <Value value={value} spec={spec} stateLabels={stateLabels} />;
}

function Change({ change, kind, fields }: { change: FieldChange; kind: KindDefinition; fields: FieldSpec[] }) {
  const path = pointerToPath(change.pointer);
  return (
    <li>
      <span className="history-field">{changeLabel(path).label}</span>:{' '}
      <RecordValue kind={kind} path={path} value={change.from} fields={fields} /> → <RecordValue kind={kind} path={path} value={change.to} fields={fields} />
    </li>
  );
}

function Entry({ entry, kind, fields }: { entry: HistoryEntry; kind: KindDefinition; fields: FieldSpec[] }) {
  const intl = useIntl();
  const author = entry.byName ?? (entry.by ? intl.formatMessage({ id: 'records.history.unknownUser' }) : intl.formatMessage({ id: 'records.history.system' }));
  return (
    <li className="history-entry">
      <p className="history-head">
        <strong>{actionLabel(kind, entry.action)}</strong>{' · '}
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' · '}
        {entry.impersonator
          ? <FormattedMessage id="records.history.onBehalf" values={{ name: author }} />
          : author}
      </p>
      {entry.changes.length > 0 && (
        <ul className="history-changes">
          {entry.changes.map((change) => (
            <Change key={change.pointer} change={change} kind={kind} fields={fields} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function HistoryPanel({ kind, id, onClose }: { kind: KindDefinition; id: string; onClose(): void }) {
  const intl = useIntl();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data, isPending, isError } = useQuery({
    queryKey: historyKey(kind.type, id),
    queryFn: ({ signal }) => records.history(kind.type, id, signal),
  });
  const fields = useMemo(() => kindFields(kind), [kind]);
  // Opened from the keyboard: the panel takes the focus, so Tab walks its entries.
  useEffect(() => headingRef.current?.focus(), []);
  const headingId = `history-${id}`;
  return (
    <aside
      className="history-panel"
      aria-labelledby={headingId}
      style={{ flex: '1 1 18rem', position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto', borderLeft: '1px solid color-mix(in srgb, CanvasText 15%, transparent)', paddingLeft: '1rem' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <header className="history-panel-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}><FormattedMessage id="records.history.title" /></h2>
        <button type="button" onClick={onClose} aria-label={intl.formatMessage({ id: 'records.history.close' })}>
          <FormattedMessage id="records.history.close" />
        </button>
      </header>
      {isPending && <p role="status"><FormattedMessage id="screens.loading" /></p>}
      {isError && <p role="alert"><FormattedMessage id="records.history.error" /></p>}
      {data && data.length === 0 && <p><FormattedMessage id="records.history.empty" /></p>}
      {data && data.length > 0 && (
        <ol className="history-entries" aria-label={intl.formatMessage({ id: 'records.history.title' })}>
          {data.map((entry) => <Entry key={`${entry.version}-${entry.action}-${entry.at}`} entry={entry} kind={kind} fields={fields} />)}
        </ol>
      )}
    </aside>
  );
}
