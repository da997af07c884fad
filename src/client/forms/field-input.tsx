/**
 * One input per derived field kind (SPEC §5): numbers step with ↑/↓ (Shift ×10) and accept the
 * Italian comma, textareas count characters against maxlength, invalid fields carry aria-invalid
 * and their message, read-only fields leave the tab order. Objects and lists recurse; an id is
 * always a reference picker (list items included); maps get a key/value editor, an equipment's
 * `additionalData` its customer's definitions and its `characteristics` their Italian names, a role's
 * `permissions` the rule editor.
 */
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FieldSpec } from './schema-fields.ts';
import { emptyValue } from './schema-fields.ts';
import { enumLabel, fieldLabel, MONEY_FIELDS } from './format.ts';
import { ReferencePicker } from './reference-picker.tsx';
import { useEntityTitle } from './references.ts';
import { numberText, parseNumber, stepNumber } from './editors/numbers.ts';
import { ItemList } from './editors/item-list.tsx';
import { allowedValueKinds, convertValue, MapEditor, TypedValue, valueKindOf, type MapValueKind } from './editors/map-editor.tsx';
import { AdditionalDataEditor } from './editors/additional-data-editor.tsx';
import { AdditionalFieldsEditor } from './editors/additional-fields-editor.tsx';
import { RuleListEditor } from './editors/rule-editor.tsx';
import { AttachmentsEditor, attachmentsShapeOf, itemExtraFields } from './editors/attachments-editor.tsx';
import { useFormRecord } from './editors/form-record.ts';
import { readPath } from '../../domain/kind.ts';
import { namedCharacteristics } from '../../domain/entities/equipments.ts';
import { findKind } from '../../domain/kinds.ts';
import { injectEditorStyles } from './editors/editor-styles.ts';
import { useTypedText } from './editors/use-typed-text.ts';
import { DateInput } from './editors/date-input.tsx';
import { SuggestingTextarea } from './editors/suggesting-textarea.tsx';
import { allowedOptions } from './allowed-options.ts';
import { useOptionalSession } from '../session/session.tsx';

injectEditorStyles();

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
  /**
   * An object field that is the whole of a group already named by its own legend (the registry's «Sede
   * legale», «Informazioni aggiuntive»): its legend is read by screen readers only, not shown twice.
   */
  namedByGroup?: boolean;
}

/** Path used for abilities: list item indexes removed (`attributes.referents.email`). */
const abilityPath = (path: string) => path.split('.').filter((p) => !/^\d+$/.test(p)).join('.');

/** The characteristics the product names: rows labelled in Italian («Carica (litri)»), not keys to edit. */
const NAMED_CHARACTERISTICS: ReadonlySet<string> = new Set(namedCharacteristics);

/**
 * Editors chosen by field name, whatever the kind (names mean one thing across the product, as
 * `MONEY_FIELDS` do): the SPEC's additional data and characteristics of an equipment and a role's CASL rules.
 */
const NAMED_EDITORS: Record<string, (props: FieldProps & { readOnly: boolean }) => ReactNode> = {
  additionalData: ({ spec, path, value, onChange, errors, readOnly }) => (
    <AdditionalDataEditor label={fieldLabel(spec.name, spec.path)} value={value} onChange={(v) => onChange(path, v)} readOnly={readOnly} error={errors.get(path)} errorOf={(key) => errors.get(`${path}.${key}`)} />
  ),
  characteristics: ({ spec, path, value, onChange, errors, readOnly }) => (
    <MapEditor label={fieldLabel(spec.name, spec.path)} value={value} onChange={(v) => onChange(path, v)} allowed={allowedValueKinds(spec.values)} readOnly={readOnly}
      keyMaxLength={spec.keyMaxLength} namedKeys={NAMED_CHARACTERISTICS} error={errors.get(path)} />
  ),
  additionalPEFields: ({ spec, path, value, onChange, errors, access, locked, readOnly }) => (
    <AdditionalFieldsEditor spec={spec} path={path} value={value} onChange={(v) => onChange(path, v)} readOnly={readOnly} error={errors.get(path)}
      renderChild={(child, childPath, childValue) => <Field key={child.name} spec={child} path={childPath} value={childValue} onChange={onChange} errors={errors} access={access} locked={locked || readOnly} />} />
  ),
  permissions: ({ spec, path, value, onChange, errors, readOnly }) => (
    <RuleListEditor label={fieldLabel(spec.name, spec.path)} value={value} onChange={(v) => onChange(path, v)} readOnly={readOnly} maxItems={spec.maxItems} errorOf={(index, key) => errors.get(`${path}.${index}.${key}`)} />
  ),
};

export function Field(props: FieldProps) {
  // A new record's URL preset (`?relationships.quotationId=…`) is in the entity the form starts from (`newEntity`).
  const { spec, path, access, value, onChange } = props;
  if (!access.canRead(abilityPath(path))) return null;
  const readOnly = props.locked || !access.canEdit(abilityPath(path));
  const named = NAMED_EDITORS[spec.name];
  if (named && (spec.kind === 'record' || spec.kind === 'objectList')) return <>{named({ ...props, readOnly })}</>;
  const files = attachmentsShapeOf(spec);
  if (files) {
    const extra = itemExtraFields(spec);
    return (
      <AttachmentsEditor
        spec={spec}
        label={fieldLabel(spec.name, spec.path)}
        value={value}
        onChange={(v) => onChange(path, v)}
        readOnly={readOnly}
        renderItem={(index) => (
          <div className="form-fields">
            {extra.map((child) => {
              const item = (Array.isArray(value) ? value[index] : undefined) as Record<string, unknown> | undefined;
              return <Field key={child.name} spec={child} path={`${path}.${index}.${child.name}`} value={item?.[child.name]} onChange={onChange} errors={props.errors} access={access} locked={props.locked || readOnly} />;
            })}
          </div>
        )}
      />
    );
  }
  switch (spec.kind) {
    case 'object': return <ObjectField {...props} readOnly={readOnly} />;
    case 'objectList': return <ObjectListField {...props} readOnly={readOnly} />;
    case 'record':
      return (
        <MapEditor
          label={fieldLabel(spec.name, spec.path)}
          value={value}
          onChange={(v) => onChange(path, v)}
          allowed={allowedValueKinds(spec.values)}
          readOnly={readOnly}
          keyMaxLength={spec.keyMaxLength}
          error={props.errors.get(path)}
        />
      );
    default: return <ScalarField {...props} readOnly={readOnly} />;
  }
}

function ObjectField({ spec, path, value, onChange, errors, access, locked, readOnly, namedByGroup }: FieldProps & { readOnly: boolean }) {
  const object = (value ?? {}) as Record<string, unknown>;
  return (
    <fieldset className={namedByGroup ? 'form-object form-object-in-group' : 'form-object'} disabled={readOnly}>
      <legend className={namedByGroup ? 'sr-only' : undefined}>{fieldLabel(spec.name, spec.path)}</legend>
      <ChildFields children={spec.children ?? []} path={path} object={object} errors={errors}
        render={(child) => <Field key={child.name} spec={child} path={`${path}.${child.name}`} value={object[child.name]} onChange={onChange} errors={errors} access={access} locked={locked || readOnly} />} />
    </fieldset>
  );
}

/**
 * An object's fields: those most records fill in view, the `detail` ones (an address's building,
 * coordinates, ERP country…) folded under «Altri dati», which opens by itself when one of them holds
 * an error. The summary says how many are filled, so nothing typed there is hidden without a trace.
 */
function ChildFields({ children, path, object, errors, render }: { children: readonly FieldSpec[]; path: string; object: Record<string, unknown>; errors: ReadonlyMap<string, string>; render(child: FieldSpec): ReactNode }) {
  const intl = useIntl();
  const nested = (child: FieldSpec) => child.kind === 'object' || child.kind === 'objectList';
  const main = children.filter((child) => !child.detail && !nested(child));
  const details = children.filter((child) => child.detail);
  // Groups of their own (a registry's other addresses) come after its folded details, which are the object's own.
  const groups = children.filter((child) => !child.detail && nested(child));
  const filled = details.filter((child) => { const v = object[child.name]; return v !== undefined && v !== null && v !== '' && !(child.hasDefault && child.kind !== 'text'); }).length;
  const invalid = details.some((child) => [...errors.keys()].some((key) => key === `${path}.${child.name}` || key.startsWith(`${path}.${child.name}.`)));
  return (
    <>
      <div className="form-fields">{main.map(render)}</div>
      {details.length > 0 && (
        <details className="form-details" open={invalid || undefined}>
          <summary>{intl.formatMessage({ id: 'forms.details' }, { filled })}</summary>
          <div className="form-fields">{details.map(render)}</div>
        </details>
      )}
      {groups.length > 0 && <div className="form-fields">{groups.map(render)}</div>}
    </>
  );
}

function ObjectListField({ spec, path, value, onChange, errors, access, locked, readOnly }: FieldProps & { readOnly: boolean }) {
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const error = errors.get(path);
  const label = fieldLabel(spec.name, spec.path);
  return (
    <fieldset className="form-list">
      <legend>{label} <span className="form-list-count">({items.length})</span></legend>
      {error && <p className="form-error" role="alert">{error}</p>}
      <ItemList
        label={label}
        items={items}
        onChange={(next) => onChange(path, next)}
        readOnly={readOnly}
        maxItems={spec.maxItems}
        itemTitle={(item) => itemName(spec.children ?? [], item)}
        newItem={() => Object.fromEntries((spec.children ?? []).map((c) => [c.name, emptyValue(c)]).filter(([, v]) => v !== undefined))}
        renderItem={(item, index) => (
          <ChildFields children={spec.children ?? []} path={`${path}.${index}`} object={item ?? {}} errors={errors}
            render={(child) => <Field key={child.name} spec={child} path={`${path}.${index}.${child.name}`} value={item?.[child.name]} onChange={onChange} errors={errors} access={access} locked={locked || readOnly} />} />
        )}
      />
    </fieldset>
  );
}

/** An item's name in its legend («Voce 2 di 3 · Mattia Albanese»): the values of its required text fields, in order. */
export function itemName(children: readonly FieldSpec[], item: Record<string, unknown> | undefined): string | undefined {
  const words = children.filter((child) => child.required && child.kind === 'text').map((child) => item?.[child.name]).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return words.length > 0 ? words.join(' ') : undefined;
}

export { numberText, parseNumber, stepNumber } from './editors/numbers.ts';

function NumberInput({ value, onValue, spec, common }: { value: unknown; onValue(v: unknown): void; spec: FieldSpec; common: Record<string, unknown> }) {
  const money = MONEY_FIELDS.has(spec.name);
  const shown = numberText(value, money);
  const { text, setText, onFocus, onBlur } = useTypedText(shown);
  return (
    <input
      {...common}
      type="text"
      inputMode={spec.kind === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      onFocus={onFocus}
      onBlur={onBlur}
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
  const label = fieldLabel(spec.name, spec.path);
  const session = useOptionalSession();
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
          {/* Only the user's modules' choices (a reminder's «Modulo», its record's kind), the saved value kept. */}
          {allowedOptions(spec.path, spec.options ?? [], session && { ability: session.ability, allowedModules: session.identity.allowedModules }, value)
            .map((o) => <option key={o} value={o}>{optionLabel(spec, o, stateLabels)}</option>)}
        </select>
      );
      break;
    case 'number':
    case 'integer':
      input = <NumberInput value={value} onValue={set} spec={spec} common={common} />;
      break;
    case 'date':
    case 'datetime':
      input = <DateInput {...common} withTime={spec.kind === 'datetime'} value={value} onValue={(next) => set(next ?? empty)} />;
      break;
    case 'textarea': {
      const text = typeof value === 'string' ? value : '';
      input = (
        <>
          <SuggestingTextarea common={common} path={spec.path} readOnly={readOnly} maxLength={spec.maxLength} minLength={spec.minLength} text={text}
            onText={(next) => set(next === '' && !spec.required ? undefined : next)} />
          {spec.maxLength !== undefined && (
            <span id={counterId} className="form-counter" aria-live="polite">
              {intl.formatMessage({ id: 'form.counter' }, { count: text.length, max: spec.maxLength })}
            </span>
          )}
        </>
      );
      break;
    }
    case 'reference': {
      const picker = (target: string) => (
        <ReferencePicker id={id} label={label} target={target} value={typeof value === 'string' ? value : null} onChange={(v) => set(v ?? empty)} readOnly={readOnly} invalid={Boolean(error)} describedBy={error ? errorId : undefined} required={spec.required} />
      );
      return (
        <div className={`form-field${error ? ' is-invalid' : ''}`}>
          {spec.target ? picker(spec.target) : spec.targetFrom ? <TargetFromPicker kindPath={spec.targetFrom} label={label} render={picker} /> : null}
          {error && <span id={errorId} className="form-error">{error}</span>}
        </div>
      );
    }
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
      input = <TextListArea common={common} items={items} set={set} />;
      break;
    }
    case 'text':
      if (spec.alternatives && spec.alternatives.length > 1) {
        // A value of several possible kinds (a check's result: yes/no, a reading or a text): its kind, then its input.
        const allowed = allowedValueKinds(spec);
        const kind = valueKindOf(value, allowed);
        return (
          <div className={`form-field form-typed${error ? ' is-invalid' : ''}`}>
            <label htmlFor={id}>{label}{spec.required && <span aria-hidden="true"> *</span>}</label>
            <span className="form-map-row">
              <select aria-label={intl.formatMessage({ id: 'forms.map.type' }, { key: label })} value={kind} disabled={readOnly} onChange={(e) => set(convertValue(value, e.target.value as MapValueKind))}>
                {allowed.map((k) => <option key={k} value={k}>{intl.formatMessage({ id: `forms.map.kind.${k}` })}</option>)}
              </select>
              <TypedValue id={id} kind={kind} label={label} value={value} readOnly={readOnly} onChange={(v) => set(v === undefined || v === '' ? empty : v)} />
            </span>
            {error && <span id={errorId} className="form-error" role="alert">{error}</span>}
          </div>
        );
      }
      input = (
        <input {...common} type="text" maxLength={spec.maxLength} value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)} onChange={(e) => set(e.target.value === '' && !spec.required ? undefined : e.target.value)} />
      );
      break;
    case 'json':
      // A shape no editor knows (none in the kinds today): shown read-only rather than as a broken input.
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

/** An enum value in words; a field naming a kind (a reminder's `entityType`) shows the kind's name. */
function optionLabel(spec: FieldSpec, option: string, stateLabels: Record<string, string> | undefined): string {
  return spec.name.endsWith('Type') ? (findKind(option)?.label.singular ?? enumLabel(option, stateLabels)) : enumLabel(option, stateLabels);
}

/** A reference whose kind another field names (a reminder's record): a picker of that kind once it is chosen. */
function TargetFromPicker({ kindPath, label, render }: { kindPath: string; label: string; render(target: string): ReactNode }) {
  const intl = useIntl();
  const target = readPath(useFormRecord(), kindPath);
  if (typeof target === 'string' && findKind(target)) return <>{render(target)}</>;
  return (
    <p className="form-hint">
      {label}: {intl.formatMessage({ id: 'forms.reference.kindFirst' })}
    </p>
  );
}

function ChipTitle({ target, id }: { target: string | undefined; id: string }) {
  const title = useEntityTitle(target, id);
  return <span>{title || '…'}</span>;
}

/**
 * A list of texts, one per line: while focused it keeps what is typed (a new line, a line still
 * empty), and stores the trimmed non-empty lines.
 */
function TextListArea({ common, items, set }: { common: Record<string, unknown>; items: string[]; set(value: string[]): void }) {
  const typed = useTypedText(items.join('\n'));
  return (
    <textarea {...common} rows={Math.max(2, items.length + 1)} value={typed.text} onFocus={typed.onFocus} onBlur={typed.onBlur}
      onChange={(e) => {
        typed.setText(e.target.value);
        set(e.target.value.split('\n').map((line) => line.trim()).filter(Boolean));
      }} />
  );
}

