/**
 * A key/value editor for map fields (`z.record`: an equipment's characteristics, values of
 * additional fields no definition names): add, remove, rename, and a typed value when the schema
 * allows several kinds (text, number, yes/no, a list of texts). Keys stay in the order shown. A key
 * the product names (an extinguisher's `caricaLitri`) reads as its Italian name, not as a key to edit.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FieldKind } from '../schema-fields.ts';
import { numberText, parseNumber } from './numbers.ts';
import { useTypedText } from './use-typed-text.ts';
import { fieldLabel } from '../format.ts';

export type MapValueKind = 'text' | 'number' | 'boolean' | 'textList';

interface Row {
  key: string;
  value: unknown;
  /** A stored key the product names: shown by its Italian name, not renamed (a row the user adds never is one). */
  named?: boolean;
}

/** The kind a stored value has among the allowed ones (its JS type decides). */
export function valueKindOf(value: unknown, allowed: readonly MapValueKind[]): MapValueKind {
  const own: MapValueKind = Array.isArray(value) ? 'textList' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';
  return allowed.includes(own) ? own : (allowed[0] ?? 'text');
}

/** A value converted to another kind, keeping what can be kept (`"12"` → 12, `["a","b"]` → `"a, b"`). */
export function convertValue(value: unknown, to: MapValueKind): unknown {
  const text = Array.isArray(value) ? value.join(', ') : value === undefined || value === null ? '' : String(value);
  switch (to) {
    case 'number': {
      const n = typeof value === 'number' ? value : parseNumber(text);
      return typeof n === 'number' ? n : 0;
    }
    case 'boolean': return typeof value === 'boolean' ? value : text === 'true' || text === 'Sì';
    case 'textList': return Array.isArray(value) ? value.map(String) : text.split(',').map((s) => s.trim()).filter(Boolean);
    default: return typeof value === 'boolean' ? (value ? 'Sì' : 'No') : text;
  }
}

/** Rows as an object; undefined when two rows share a key (the user is still typing it). */
export function rowsToMap(rows: readonly Row[]): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    if (Object.hasOwn(out, key)) return undefined;
    out[key] = row.value;
  }
  return out;
}

/** An object or a list holding more than texts: not editable as one typed value. */
const isNested = (value: unknown) => value !== null && typeof value === 'object' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'));

const toRows = (value: unknown, namedKeys: ReadonlySet<string> | undefined): Row[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([key, v]) => (namedKeys?.has(key) ? { key, value: v, named: true } : { key, value: v }))
    : [];

/** The value kinds a map's value spec allows. */
export function allowedValueKinds(spec: { kind: FieldKind; alternatives?: FieldKind[] } | undefined): MapValueKind[] {
  const kinds = spec?.alternatives ?? (spec ? [spec.kind] : ['text']);
  // Any JSON value (`z.json()`): the scalar kinds and lists of texts.
  if (kinds.includes('json')) return ['text', 'number', 'boolean', 'textList'];
  const allowed = kinds.map((k): MapValueKind | undefined => (k === 'number' || k === 'integer' ? 'number' : k === 'boolean' ? 'boolean' : k === 'textList' ? 'textList' : k === 'text' || k === 'textarea' || k === 'enum' ? 'text' : undefined));
  const unique = [...new Set(allowed.filter((k): k is MapValueKind => k !== undefined))];
  return unique.length > 0 ? unique : ['text'];
}

interface MapEditorProps {
  label: string;
  value: unknown;
  onChange(value: Record<string, unknown>): void;
  allowed: readonly MapValueKind[];
  readOnly: boolean;
  keyMaxLength?: number | undefined;
  /** Keys edited elsewhere (additional fields with a definition): not listed here, kept as they are. */
  hiddenKeys?: ReadonlySet<string>;
  /** Keys the product names (`namedCharacteristics`): a stored one reads as its label (`form.field.<key>`), not as an editable key. */
  namedKeys?: ReadonlySet<string> | undefined;
  error?: string | undefined;
}

export function MapEditor({ label, value, onChange, allowed, readOnly, keyMaxLength, hiddenKeys, namedKeys, error }: MapEditorProps) {
  const intl = useIntl();
  const id = useId();
  const all = toRows(value, namedKeys);
  const hidden = all.filter((r) => hiddenKeys?.has(r.key));
  const [rows, setRows] = useState<Row[]>(() => all.filter((r) => !hiddenKeys?.has(r.key)));
  const [duplicate, setDuplicate] = useState(false);
  const serialized = JSON.stringify(value ?? {});
  const [seen, setSeen] = useState(serialized);
  // A value changed from outside (reload, another editor): the rows follow unless they already say the same.
  if (seen !== serialized) {
    setSeen(serialized);
    const mine = rowsToMap([...hidden, ...rows]);
    if (!mine || JSON.stringify(mine) !== serialized) setRows(all.filter((r) => !hiddenKeys?.has(r.key)));
  }
  // Keys edited elsewhere may become known later (the definitions arrive after the value): they leave the list.
  const hiddenSignature = [...(hiddenKeys ?? [])].sort().join('\n');
  const [seenHidden, setSeenHidden] = useState(hiddenSignature);
  if (seenHidden !== hiddenSignature) {
    setSeenHidden(hiddenSignature);
    setRows(all.filter((r) => !hiddenKeys?.has(r.key)));
  }

  const commit = (next: Row[]) => {
    setRows(next);
    const map = rowsToMap([...hidden, ...next]);
    setDuplicate(map === undefined);
    if (map) onChange(map);
  };
  const update = (index: number, row: Partial<Row>) => commit(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));

  return (
    <fieldset className={`form-field form-map${error || duplicate ? ' is-invalid' : ''}`} disabled={readOnly}>
      <legend>{label}</legend>
      {rows.length === 0 && <p className="form-map-empty">{intl.formatMessage({ id: 'forms.map.empty' })}</p>}
      <ul className="form-map-rows">
        {rows.map((row, index) => {
          const kind = valueKindOf(row.value, allowed);
          const typeChoice = allowed.length > 1 && !isNested(row.value);
          const rowId = `${id}-${index}`;
          const keyLabel = intl.formatMessage({ id: 'forms.map.key' });
          // A known key (an extinguisher's `caricaKg`) reads by its Italian name; the key itself stays what is stored.
          const keyName = row.key ? fieldLabel(row.key.trim()) : '';
          const named = keyName !== '' && keyName !== row.key.trim();
          // What the row's controls are named by: its Italian name, else the key the user typed.
          const rowName = named ? keyName : row.key || keyLabel;
          const valueLabel = intl.formatMessage({ id: 'forms.map.value' }, { key: rowName });
          return (
            <li key={index} className="form-map-row">
              {row.named ? (
                <span className="form-map-key-label" id={`${rowId}-key`}>{keyName}</span>
              ) : (
                <>
                  <input aria-label={keyLabel} id={`${rowId}-key`} type="text" value={row.key} maxLength={keyMaxLength} readOnly={readOnly} onChange={(e) => update(index, { key: e.target.value })} />
                  {named && <span className="form-map-key-name">{keyName}</span>}
                </>
              )}
              {typeChoice && (
                <select aria-label={intl.formatMessage({ id: 'forms.map.type' }, { key: rowName })} value={kind} disabled={readOnly} onChange={(e) => update(index, { value: convertValue(row.value, e.target.value as MapValueKind) })}>
                  {allowed.map((k) => <option key={k} value={k}>{intl.formatMessage({ id: `forms.map.kind.${k}` })}</option>)}
                </select>
              )}
              {isNested(row.value) ? (
                // A nested object (JSON metadata): kept as it is, shown, renamed or removed but not retyped as text.
                <code aria-label={valueLabel} className="form-map-json">{JSON.stringify(row.value)}</code>
              ) : (
                <TypedValue kind={kind} label={valueLabel} value={row.value} readOnly={readOnly} onChange={(v) => update(index, { value: v })} />
              )}
              {!readOnly && (
                <button type="button" aria-label={intl.formatMessage({ id: 'forms.map.remove' }, { key: rowName })} onClick={() => commit(rows.filter((_, i) => i !== index))}>
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {duplicate && <p className="form-error" role="alert">{intl.formatMessage({ id: 'forms.map.duplicate' })}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      {!readOnly && (
        <button type="button" onClick={() => commit([...rows, { key: '', value: convertValue('', allowed[0] ?? 'text') }])}>
          {intl.formatMessage({ id: 'forms.map.add' })}
        </button>
      )}
    </fieldset>
  );
}

/** One value input of a given kind (number with the Italian comma, yes/no, texts separated by commas). */
export function TypedValue({ kind, label, value, onChange, readOnly, id }: { kind: MapValueKind; label: string; value: unknown; onChange(value: unknown): void; readOnly: boolean; id?: string }) {
  const shown = kind === 'number' ? numberText(value, false) : kind === 'textList' ? (Array.isArray(value) ? (value as unknown[]).map(String).join(', ') : '') : '';
  // While the user types, their text stays as typed ("12," is on the way to "12,5"; "a, " to "a, b").
  const { text, setText, onFocus, onBlur } = useTypedText(shown);
  const typed = { id, 'aria-label': label, type: 'text', readOnly, value: text, onFocus, onBlur } as const;
  switch (kind) {
    case 'boolean':
      return <input id={id} aria-label={label} type="checkbox" checked={value === true} disabled={readOnly} onChange={(e) => onChange(e.target.checked)} />;
    case 'number':
      return (
        <input
          {...typed}
          inputMode="decimal"
          onChange={(e) => {
            setText(e.target.value);
            const parsed = parseNumber(e.target.value);
            // Half-typed text ("12,") waits; an emptied field clears the value.
            if (typeof parsed === 'number' || parsed === undefined) onChange(parsed);
          }}
        />
      );
    case 'textList':
      return (
        <input
          {...typed}
          onChange={(e) => {
            setText(e.target.value);
            onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean));
          }}
        />
      );
    default:
      return <input id={id} aria-label={label} type="text" readOnly={readOnly} value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value)} />;
  }
}
