/**
 * A role's permission rules (SPEC §6, CASL raw rules), one editor per rule: actions (several, with
 * the transitions and actions of the chosen subjects), subjects (the SPEC §6 subjects and `all`, by
 * their Italian names), fields, "cannot" with its reason, and conditions as rows of field · operator
 * · value with the operators the schema accepts (`conditionOperators`); the fields of the subjects'
 * records are suggested, and a value may be one of the signed-in user's (`${user.id}` …).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { conditionOperators, knownAbilityActions, type PermissionRule } from '../../../domain/entities/roles.ts';
import { kindList } from '../../../domain/kinds.ts';
import { EXTRA_SUBJECTS, placeholderText, roleCatalogue, subjectActions, subjectPaths, USER_PLACEHOLDERS } from '../../../domain/rules/role-rules.ts';
import { ItemList } from './item-list.tsx';
import { addMessages, hasMessage } from '../../i18n/index.ts';
import roleMessages from '../../i18n/messages/roles.ts';
import { distinctPathLabels, pathLabel, ruleTitle, subjectName } from '../../role-editor/describe.ts';

addMessages(roleMessages);

const catalogue = roleCatalogue(kindList);

/** The subjects a rule may name: `all`, every kind's SPEC §6 subject and the few without a kind. */
export const ruleSubjects: readonly string[] = ['all', ...[...new Set([...EXTRA_SUBJECTS, ...kindList.map((k) => k.subject)])].filter((s) => s !== 'all').sort()];

const EQUALS = '=';
/** Operators whose value is a list (`$in: ["a", "b"]`). */
const LIST_OPERATORS = new Set(['$in', '$nin', '$all']);

export interface ConditionRow {
  field: string;
  operator: string;
  /** The value as typed. */
  text: string;
}

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
/** One name stays a string, several an array (the shape CASL and the seed use). */
const fromList = (list: string[]): string | string[] => (list.length === 1 ? list[0]! : list);

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/** The typed text of a condition value: JSON when it reads as JSON (numbers, true, objects), lists split on commas, else the text. */
export function parseConditionValue(operator: string, text: string): unknown {
  const t = text.trim();
  // A placeholder of the signed-in user (`${user.id}`, `${user.customerIds}`) is resolved by the server.
  if (/^\$\{[^}]+\}$/.test(t)) return t;
  if (LIST_OPERATORS.has(operator) && !t.startsWith('[')) return t.split(',').map((s) => s.trim()).filter(Boolean);
  try {
    return JSON.parse(t);
  } catch {
    return text;
  }
}

/** Conditions object → rows (one per field, or per operator of a field). */
export function conditionRows(conditions: Record<string, unknown> | undefined): ConditionRow[] {
  const rows: ConditionRow[] = [];
  for (const [field, condition] of Object.entries(conditions ?? {})) {
    const operators = condition && typeof condition === 'object' && !Array.isArray(condition) ? Object.entries(condition as Record<string, unknown>) : [];
    if (operators.length > 0 && operators.every(([key]) => key.startsWith('$'))) {
      for (const [operator, value] of operators) rows.push({ field, operator, text: valueText(value) });
    } else rows.push({ field, operator: EQUALS, text: valueText(condition) });
  }
  return rows;
}

/** Rows → conditions object (rows of one field merge their operators); rows without a field are left out. */
export function rowsToConditions(rows: readonly ConditionRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const field = row.field.trim();
    if (!field) continue;
    const value = parseConditionValue(row.operator, row.text);
    if (row.operator === EQUALS) out[field] = value;
    else {
      const current = out[field];
      const operators = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
      out[field] = { ...operators, [row.operator]: value };
    }
  }
  return out;
}

interface RuleListProps {
  label: string;
  value: unknown;
  onChange(rules: PermissionRule[]): void;
  readOnly: boolean;
  maxItems?: number | undefined;
  errorOf(index: number, key: string): string | undefined;
}

/** Every rule of a role, as a (virtualized when long) list of rule editors. */
export function RuleListEditor({ label, value, onChange, readOnly, maxItems, errorOf }: RuleListProps) {
  const intl = useIntl();
  const rules = Array.isArray(value) ? (value as PermissionRule[]) : [];
  return (
    <fieldset className="form-list form-rules">
      <legend>{label} <span className="form-list-count">({rules.length})</span></legend>
      <ItemList
        label={label}
        items={rules}
        onChange={onChange}
        newItem={() => ({ action: 'read', subject: 'all' })}
        readOnly={readOnly}
        maxItems={maxItems}
        itemName={intl.formatMessage({ id: 'forms.rule.name' })}
        itemTitle={ruleTitle}
        renderItem={(rule, index) => (
          <RuleEditor rule={rule} readOnly={readOnly} onChange={(next) => onChange(rules.map((r, i) => (i === index ? next : r)))} errorOf={(key) => errorOf(index, key)} />
        )}
      />
    </fieldset>
  );
}

export function RuleEditor({ rule, onChange, readOnly, errorOf }: { rule: PermissionRule; onChange(rule: PermissionRule): void; readOnly: boolean; errorOf(key: string): string | undefined }) {
  const intl = useIntl();
  const id = useId();
  const actions = asList(rule.action);
  const subjects = asList(rule.subject);
  const paths = subjectPaths(catalogue, subjects);
  const labels = distinctPathLabels(paths, subjects.flatMap((subject) => catalogue.kindsOf(subject)));
  const labelOf = (path: string) => labels.get(path) ?? pathLabel(path);
  const set = (patch: Partial<PermissionRule>) => {
    const next: Record<string, unknown> = { ...rule, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    onChange(next as PermissionRule);
  };
  const offered = [...new Set<string>([...knownAbilityActions, ...subjectActions(catalogue, subjects)])];
  const otherActions = actions.filter((a) => !offered.includes(a));
  const error = (key: string) => {
    const message = errorOf(key);
    return message ? <span className="form-error" role="alert">{message}</span> : null;
  };
  return (
    <div className="form-rule">
      <fieldset className="form-field form-choices" disabled={readOnly}>
        <legend>{intl.formatMessage({ id: 'forms.rule.actions' })}</legend>
        {[...offered, ...otherActions].map((action) => (
          <label key={action}>
            <input
              type="checkbox"
              checked={actions.includes(action)}
              onChange={(e) => {
                const next = e.target.checked ? [...actions, action] : actions.filter((a) => a !== action);
                if (next.length > 0) set({ action: fromList(next) });
              }}
            />{' '}
            {hasMessage(`forms.rule.action.${action}`) ? intl.formatMessage({ id: `forms.rule.action.${action}` }) : action}
          </label>
        ))}
        {!readOnly && <AddText label={intl.formatMessage({ id: 'forms.rule.otherAction' })} pattern={/^[a-z][A-Za-z]*$/} onAdd={(a) => !actions.includes(a) && set({ action: fromList([...actions, a]) })} />}
        {error('action')}
      </fieldset>
      <fieldset className="form-field form-references" disabled={readOnly}>
        <legend>{intl.formatMessage({ id: 'forms.rule.subjects' })}</legend>
        <ul className="form-chips">
          {subjects.map((subject) => (
            <li key={subject}>
              <span>{subject === 'all' ? intl.formatMessage({ id: 'forms.rule.allSubjects' }) : subjectLabel(subject)}</span>
              {!readOnly && subjects.length > 1 && (
                <button type="button" aria-label={intl.formatMessage({ id: 'forms.rule.removeSubject' }, { subject: subject === 'all' ? intl.formatMessage({ id: 'forms.rule.allSubjects' }) : subjectLabel(subject) })} onClick={() => set({ subject: fromList(subjects.filter((s) => s !== subject)) })}>×</button>
              )}
            </li>
          ))}
        </ul>
        {!readOnly && (
          <AddChoice
            label={intl.formatMessage({ id: 'forms.rule.addSubject' })}
            choices={ruleSubjects.filter((s) => !subjects.includes(s)).map((s) => ({ value: s, label: s === 'all' ? intl.formatMessage({ id: 'forms.rule.allSubjects' }) : subjectLabel(s) }))}
            // `all` replaces the others; another subject replaces `all`.
            onAdd={(subject) => set({ subject: subject === 'all' ? 'all' : fromList([...subjects.filter((s) => s !== 'all'), subject]) })}
          />
        )}
        {error('subject')}
      </fieldset>
      <fieldset className="form-field form-references" disabled={readOnly}>
        <legend>{intl.formatMessage({ id: 'forms.rule.fields' })}</legend>
        <ul className="form-chips">
          {(rule.fields ?? []).map((field) => (
            <li key={field}>
              <span>{labelOf(field)}</span>
              {!readOnly && (
                <button type="button" aria-label={intl.formatMessage({ id: 'forms.rule.removeField' }, { field: labelOf(field) })} onClick={() => { const next = (rule.fields ?? []).filter((f) => f !== field); set({ fields: next.length ? next : undefined }); }}>×</button>
              )}
            </li>
          ))}
        </ul>
        {(rule.fields ?? []).length === 0 && <p className="form-hint">{intl.formatMessage({ id: 'forms.rule.allFields' })}</p>}
        {!readOnly && (
          <AddChoice
            label={intl.formatMessage({ id: 'forms.rule.addField' })}
            choices={pathChoices(paths.filter((path) => !(rule.fields ?? []).includes(path)), labelOf)}
            onAdd={(f) => set({ fields: [...(rule.fields ?? []), f] })}
          />
        )}
        {error('fields')}
      </fieldset>
      <div className="form-field form-field-boolean">
        <input id={`${id}-inverted`} type="checkbox" checked={rule.inverted === true} disabled={readOnly} onChange={(e) => set({ inverted: e.target.checked || undefined, reason: e.target.checked ? rule.reason : undefined })} />
        <label htmlFor={`${id}-inverted`}>{intl.formatMessage({ id: 'forms.rule.inverted' })}</label>
      </div>
      {rule.inverted && (
        <div className="form-field">
          <label htmlFor={`${id}-reason`}>{intl.formatMessage({ id: 'forms.rule.reason' })}</label>
          <input id={`${id}-reason`} type="text" maxLength={500} readOnly={readOnly} value={rule.reason ?? ''} onChange={(e) => set({ reason: e.target.value || undefined })} />
          {error('reason')}
        </div>
      )}
      <ConditionEditor value={rule.conditions} readOnly={readOnly} paths={paths} labelOf={labelOf} onChange={(conditions) => set({ conditions: Object.keys(conditions).length ? (conditions as PermissionRule['conditions']) : undefined })} error={errorOf('conditions')} />
    </div>
  );
}

/** `quotation` → «preventivi»: the Italian name only (the CASL name the rules store is the value, never shown). */
const subjectLabel = (subject: string) => subjectName(subject);

/** Field paths as choices by their Italian labels («Autore» for `relationships.authorId`, see distinctPathLabels), in label order; the path is the value, never shown. */
const pathChoices = (paths: readonly string[], labelOf: (path: string) => string) => paths.map((path) => ({ value: path, label: labelOf(path) })).sort((a, b) => a.label.localeCompare(b.label, 'it'));

/** The `${user.…}` text of the signed-in user's value a condition row holds, or '' when it holds a written value. */
const placeholderOfRow = (row: ConditionRow): string => (USER_PLACEHOLDERS.some((p) => placeholderText(p.name) === row.text.trim()) ? row.text.trim() : '');

function ConditionEditor({ value, onChange, readOnly, error, paths, labelOf }: {
  value: Record<string, unknown> | undefined; onChange(conditions: Record<string, unknown>): void; readOnly: boolean; error: string | undefined; paths: readonly string[]; labelOf(path: string): string;
}) {
  const intl = useIntl();
  const listRef = useRef<HTMLUListElement>(null);
  const focusLast = useRef(false);
  // A condition just added takes the keyboard (its field) once rendered.
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    listRef.current?.querySelector<HTMLElement>('li:last-child select, li:last-child input')?.focus();
  });
  const serialized = JSON.stringify(value ?? {});
  const [rows, setRows] = useState<ConditionRow[]>(() => conditionRows(value));
  const [seen, setSeen] = useState(serialized);
  // Conditions changed from outside: the rows follow unless they already say the same (a row being typed stays).
  if (seen !== serialized) {
    setSeen(serialized);
    if (JSON.stringify(rowsToConditions(rows)) !== serialized) setRows(conditionRows(value));
  }
  const commit = (next: ConditionRow[]) => {
    setRows(next);
    onChange(rowsToConditions(next));
  };
  const update = (index: number, patch: Partial<ConditionRow>) => commit(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className={`form-field form-conditions${error ? ' is-invalid' : ''}`} disabled={readOnly}>
      <legend>{intl.formatMessage({ id: 'forms.rule.conditions' })}</legend>
      {rows.length === 0 && <p className="form-hint">{intl.formatMessage({ id: 'forms.rule.noConditions' })}</p>}
      <ul className="form-map-rows" ref={listRef}>
        {rows.map((row, index) => (
          <li key={index} className="form-map-row">
            <select aria-label={intl.formatMessage({ id: 'forms.rule.conditionField' })} value={row.field} onChange={(e) => update(index, { field: e.target.value })}>
              {row.field === '' && <option value="">—</option>}
              {pathChoices(paths.includes(row.field) || row.field === '' ? paths : [...paths, row.field], labelOf).map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
            </select>
            <select aria-label={intl.formatMessage({ id: 'forms.rule.conditionOperator' })} value={row.operator} onChange={(e) => update(index, { operator: e.target.value })}>
              {/* `$eq` says what `=` says: offered only to a condition written with it. */}
              {[EQUALS, ...[...conditionOperators].filter((op) => op !== '$eq' || row.operator === '$eq')].map((op) => <option key={op} value={op}>{intl.formatMessage({ id: `forms.rule.op.${op}` })}</option>)}
            </select>
            <select
              aria-label={intl.formatMessage({ id: 'roles.placeholder.label' })}
              value={placeholderOfRow(row)}
              onChange={(e) => update(index, { text: e.target.value })}
            >
              <option value="">{intl.formatMessage({ id: 'roles.placeholder.none' })}</option>
              {USER_PLACEHOLDERS.map((p) => (
                <option key={p.name} value={placeholderText(p.name)}>{intl.formatMessage({ id: `roles.placeholder.${p.name}` })}</option>
              ))}
            </select>
            {/* A value of the signed-in user is said by its name above, never as its `${user.…}` text. */}
            {placeholderOfRow(row) === '' && (
              <input type="text" aria-label={intl.formatMessage({ id: 'forms.rule.conditionValue' })} value={row.text} onChange={(e) => update(index, { text: e.target.value })} />
            )}
            {!readOnly && (
              <button type="button" aria-label={intl.formatMessage({ id: 'forms.rule.removeCondition' })} onClick={() => commit(rows.filter((_, i) => i !== index))}>×</button>
            )}
          </li>
        ))}
      </ul>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!readOnly && (
        <button type="button" onClick={() => { focusLast.current = true; setRows([...rows, { field: '', operator: EQUALS, text: '' }]); }}>
          {intl.formatMessage({ id: 'forms.rule.addCondition' })}
        </button>
      )}
    </fieldset>
  );
}

/** A choice and its add button: choosing (arrows, type-ahead) only picks; Enter or the button adds, so walking the list adds nothing. */
function AddChoice({ label, choices, onAdd }: { label: string; choices: readonly { value: string; label: string }[]; onAdd(value: string): void }) {
  const intl = useIntl();
  const id = useId();
  const [pending, setPending] = useState('');
  const add = () => {
    if (!pending) return;
    setPending('');
    onAdd(pending);
  };
  return (
    <span className="form-add-choice">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={pending}
        onChange={(e) => setPending(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          add();
        }}
      >
        <option value="">—</option>
        {choices.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
      </select>
      <button type="button" disabled={!pending} onClick={add}>{intl.formatMessage({ id: 'form.reference.add' })}</button>
    </span>
  );
}

/** A text box and its add button (Enter adds too): a new action name. */
function AddText({ label, onAdd, pattern }: { label: string; onAdd(text: string): void; pattern?: RegExp }) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const valid = text.trim() !== '' && (!pattern || pattern.test(text.trim()));
  const add = () => {
    if (!valid) return;
    onAdd(text.trim());
    setText('');
  };
  return (
    <span className="form-add-text">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={text}
        aria-invalid={text !== '' && !valid ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
      <button type="button" disabled={!valid} onClick={add}>{intl.formatMessage({ id: 'form.reference.add' })}</button>
    </span>
  );
}
