/**
 * One input per derived field kind (SPEC §5): numbers step with ↑/↓ (Shift ×10) and accept the
 * Italian comma, textareas count characters against maxlength, invalid fields carry aria-invalid
 * and their message, read-only fields leave the tab order. Objects and lists recurse.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FieldSpec } from './schema-fields.ts';
import { emptyValue } from './schema-fields.ts';
import { enumLabel, fieldLabel, MONEY_FIELDS } from './format.ts';
import { ReferencePicker } from './reference-picker.tsx';
import { useEntityTitle } from './references.ts';

export interface FieldAccess {
  /** Whether the user may see the field at this path. */
  canRead(path: string): boolean;
  /** Whether the user may change it. */
  canEdit(path: string): boolean;
}

interface FieldProps {
  spec: FieldSpec;
  /** Full dotted path of the value (list items included: `attributes.referents.0.email`). */
  path: string;
  value: unknown;
  onChange(path: string, value: unknown): void;
  errors: ReadonlyMap<string, string>;
  access: FieldAccess;
  /** The whole form is read-only (deleted entity, no update ability). */
  locked: boolean;
  stateLabels?: Record<string, string> | undefined;
}

/** Path used for abilities: list item indexes removed (`attributes.referents.email`). */
const abilityPath = (path: string) => path.split('.').filter((p) => !/^\d+$/.test(p)).join('.');

export function Field(props: FieldProps) {
  const { spec, path, access } = props;
  if (!access.canRead(abilityPath(path))) return null;
  const readOnly = props.locked || !access.canEdit(abilityPath(path));
  switch (spec.kind) {
    case 'object': return <ObjectField {...props} readOnly={readOnly} />;
    case 'objectList': return <ObjectListField {...props} readOnly={readOnly} />;
    default: return <ScalarField {...props} readOnly={readOnly} />;
  }
}

function ObjectField({ spec, path, value, onChange, errors, access, locked, readOnly }: FieldProps & { readOnly: boolean }) {
  const object = (value ?? {}) as Record<string, unknown>;
  return (
    <fieldset className="form-object" disabled={readOnly}>
      <legend>{fieldLabel(spec.name)}</legend>
      <div className="form-fields">
        {(spec.children ?? []).map((child) => (
          <Field key={child.name} spec={child} path={`${path}.${child.name}`} value={object[child.name]} onChange={onChange} errors={errors} access={access} locked={locked || readOnly} />
        ))}
      </div>
    </fieldset>
  );
}

function ObjectListField({ spec, path, value, onChange, errors, access, locked, readOnly }: FieldProps & { readOnly: boolean }) {
  const intl = useIntl();
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const full = spec.maxItems !== undefined && items.length >= spec.maxItems;
  const error = errors.get(path);
  return (
    <fieldset className="form-list">
      <legend>{fieldLabel(spec.name)} <span className="form-list-count">({items.length})</span></legend>
      {error && <p className="form-error" role="alert">{error}</p>}
      {items.map((item, index) => (
        <fieldset key={index} className="form-list-item">
          <legend>{intl.formatMessage({ id: 'form.list.item' }, { n: index + 1 })}</legend>
          <div className="form-fields">
            {(spec.children ?? []).map((child) => (
              <Field key={child.name} spec={child} path={`${path}.${index}.${child.name}`} value={item?.[child.name]} onChange={onChange} errors={errors} access={access} locked={locked || readOnly} />
            ))}
          </div>
          {!readOnly && (
            <button type="button" className="form-list-remove" onClick={() => onChange(path, items.filter((_, i) => i !== index))}>
              {intl.formatMessage({ id: 'form.list.remove' })}
            </button>
          )}
        </fieldset>
      ))}
      {!readOnly && !full && (
        <button
          type="button"
          onClick={() => onChange(path, [...items, Object.fromEntries((spec.children ?? []).map((c) => [c.name, emptyValue(c)]).filter(([, v]) => v !== undefined))])}
        >
          {intl.formatMessage({ id: 'form.list.add' }, { name: fieldLabel(spec.name) })}
        </button>
      )}
    </fieldset>
  );
}

/** ISO instant ↔ the `datetime-local` text of the user's clock. */
function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(text: string): string | undefined {
  if (!text) return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

/** `12,5` or `12.5` → 12.5; '' → undefined; anything else stays text so zod reports it. */
export function parseNumber(text: string): number | string | undefined {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return undefined;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  const n = Number(normal);
  return Number.isFinite(n) ? n : text;
}

/** ↑/↓ on a number: one step (Shift: ten), kept within the schema's bounds. */
export function stepNumber(current: unknown, direction: 1 | -1, spec: Pick<FieldSpec, 'min' | 'max'>, big = false): number {
  const base = typeof current === 'number' && Number.isFinite(current) ? current : (spec.min ?? 0);
  let next = Math.round((base + direction * (big ? 10 : 1)) * 100) / 100;
  if (spec.min !== undefined) next = Math.max(spec.min, next);
  if (spec.max !== undefined) next = Math.min(spec.max, next);
  return next;
}

/** How a number reads in its field: money always with 2 decimals (SPEC §9), others as typed, Italian comma. */
export function numberText(value: unknown, money: boolean): string {
  if (typeof value !== 'number') return value === undefined || value === null ? '' : String(value);
  return money ? value.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }) : String(value).replace('.', ',');
}

function NumberInput({ value, onValue, spec, common }: { value: unknown; onValue(v: unknown): void; spec: FieldSpec; common: Record<string, unknown> }) {
  const money = MONEY_FIELDS.has(spec.name);
  const shown = numberText(value, money);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  // While the user types, their text stays as typed ("12," is on the way to "12,5"); otherwise it follows the value.
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  return (
    <input
      {...common}
      type="text"
      inputMode={spec.kind === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        setText(shown);
      }}
      onChange={(e) => {
        setText(e.target.value);
        const parsed = parseNumber(e.target.value);
        onValue(parsed === undefined && spec.nullable ? null : parsed);
      }}
      onKeyDown={(e) => {
        if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !common.readOnly) {
          e.preventDefault();
          const next = stepNumber(typeof value === 'number' ? value : parseNumber(text), e.key === 'ArrowUp' ? 1 : -1, spec, e.shiftKey);
          setText(numberText(next, money));
          onValue(next);
        }
      }}
    />
  );
}

function ScalarField({ spec, path, value, onChange, errors, readOnly, stateLabels }: FieldProps & { readOnly: boolean }) {
  const intl = useIntl();
  const id = useId();
  const error = errors.get(path);
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const label = fieldLabel(spec.name);
  const set = (v: unknown) => onChange(path, v);
  const empty = spec.nullable ? null : undefined;
  const common = {
    id,
    name: path,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? errorId : '', spec.kind === 'textarea' && spec.maxLength ? counterId : ''].filter(Boolean).join(' ') || undefined,
    'aria-required': spec.required || undefined,
    readOnly,
    // SPEC §5: read-only fields leave the tab order.
    tabIndex: readOnly ? -1 : undefined,
  };
  let input: ReactNode;
  let labelFirst = true;
  switch (spec.kind) {
    case 'boolean':
      labelFirst = false;
      input = <input {...common} type="checkbox" checked={value === true} disabled={readOnly} onChange={(e) => set(e.target.checked)} />;
      break;
    case 'enum':
      input = (
        <select {...common} disabled={readOnly} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value || empty)}>
          {!spec.required || value === undefined ? <option value="">—</option> : null}
          {(spec.options ?? []).map((o) => <option key={o} value={o}>{enumLabel(o, stateLabels)}</option>)}
        </select>
      );
      break;
    case 'number':
    case 'integer':
      input = <NumberInput value={value} onValue={set} spec={spec} common={common} />;
      break;
    case 'date':
      input = <input {...common} type="date" value={typeof value === 'string' ? value.slice(0, 10) : ''} onChange={(e) => set(e.target.value || empty)} />;
      break;
    case 'datetime':
      input = <input {...common} type="datetime-local" value={toLocalInput(value)} onChange={(e) => set(fromLocalInput(e.target.value) ?? empty)} />;
      break;
    case 'textarea': {
      const text = typeof value === 'string' ? value : '';
      input = (
        <>
          <textarea {...common} rows={3} cols={20} maxLength={spec.maxLength} minLength={spec.minLength} value={text} onChange={(e) => set(e.target.value === '' && !spec.required ? undefined : e.target.value)} />
          {spec.maxLength !== undefined && (
            <span id={counterId} className="form-counter" aria-live="polite">
              {intl.formatMessage({ id: 'form.counter' }, { count: text.length, max: spec.maxLength })}
            </span>
          )}
        </>
      );
      break;
    }
    case 'reference':
      if (spec.target) {
        return (
          <div className={`form-field${error ? ' is-invalid' : ''}`}>
            <ReferencePicker id={id} label={label} target={spec.target} value={typeof value === 'string' ? value : null} onChange={(v) => set(v ?? empty)} readOnly={readOnly} invalid={Boolean(error)} describedBy={error ? errorId : undefined} required={spec.required} />
            {error && <span id={errorId} className="form-error">{error}</span>}
          </div>
        );
      }
      input = <input {...common} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value || empty)} />;
      break;
    case 'enumList': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className={`form-field form-choices${error ? ' is-invalid' : ''}`} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
          <legend>{label}</legend>
          {(spec.options ?? []).map((o) => (
            <label key={o}>
              <input type="checkbox" disabled={readOnly} tabIndex={readOnly ? -1 : undefined} checked={chosen.includes(o)} onChange={(e) => set(e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))} /> {enumLabel(o)}
            </label>
          ))}
          {error && <span id={errorId} className="form-error">{error}</span>}
        </fieldset>
      );
    }
    case 'referenceList': {
      const ids = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className={`form-field form-references${error ? ' is-invalid' : ''}`}>
          <legend>{label}</legend>
          <ul className="form-chips">
            {ids.map((refId) => (
              <li key={refId}>
                <ChipTitle target={spec.target} id={refId} />
                {!readOnly && (
                  <button type="button" aria-label={intl.formatMessage({ id: 'form.list.remove' })} onClick={() => set(ids.filter((x) => x !== refId))}>×</button>
                )}
              </li>
            ))}
          </ul>
          {!readOnly && spec.target && (
            <ReferencePicker label={intl.formatMessage({ id: 'form.reference.add' })} target={spec.target} value={null} onChange={(v) => v && !ids.includes(v) && set([...ids, v])} />
          )}
          {error && <span id={errorId} className="form-error">{error}</span>}
        </fieldset>
      );
    }
    case 'textList': {
      const items = Array.isArray(value) ? (value as string[]) : [];
      input = <textarea {...common} rows={Math.max(2, items.length + 1)} value={items.join('\n')} onChange={(e) => set(e.target.value.split('\n').map((s) => s.trim()).filter(Boolean))} />;
      break;
    }
    case 'json':
      input = <pre className="form-json" id={id}>{value === undefined ? '' : JSON.stringify(value, null, 2)}</pre>;
      break;
    default:
      input = (
        <input
          {...common}
          type={spec.kind === 'email' ? 'email' : spec.kind === 'url' ? 'url' : 'text'}
          maxLength={spec.maxLength}
          value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)}
          onChange={(e) => set(e.target.value === '' && !spec.required ? undefined : e.target.value)}
        />
      );
  }
  return (
    <div className={`form-field form-field-${spec.kind}${error ? ' is-invalid' : ''}${readOnly ? ' is-readonly' : ''}`}>
      {labelFirst && <label htmlFor={id}>{label}{spec.required && <span aria-hidden="true"> *</span>}</label>}
      {input}
      {!labelFirst && <label htmlFor={id}>{label}</label>}
      {error && <span id={errorId} className="form-error" role="alert">{error}</span>}
    </div>
  );
}

function ChipTitle({ target, id }: { target: string | undefined; id: string }) {
  const title = useEntityTitle(target, id);
  return <span>{title || '…'}</span>;
}
