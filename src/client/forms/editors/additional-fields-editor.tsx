/**
 * A customer's additional fields (SPEC §3 settings: type, label, name, hint, options, switch,
 * multiple, in report, column order, equipment family). The list is shown in report column order
 * and its order is the column order: moving a field (Alt+↑/↓ or its buttons) renumbers
 * `reportColumnOrder`, so the equipment's inputs and the reports follow it. Options and "multiple"
 * belong to a combobox and are shown for one only.
 */
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { additionalFieldOrder } from '../../../domain/entities/customer.ts';
import { addMessages } from '../../i18n/index.ts';
import customerMessages from '../../i18n/messages/customers.ts';
import type { FieldSpec } from '../schema-fields.ts';
import { emptyValue } from '../schema-fields.ts';
import { ItemList } from './item-list.tsx';

addMessages(customerMessages);

type Definition = Record<string, unknown> & { type?: string; label?: string; isIncludedInReport?: boolean; reportColumnOrder?: number };

/** The fields in the order given, each numbered by its position (1, 2, …). */
export function numberedAdditionalFields<T extends Record<string, unknown>>(fields: readonly T[]): T[] {
  return fields.map((field, index) => ({ ...field, reportColumnOrder: index + 1 }));
}

/** Fields of one definition that apply to its type (options and multiple: a combobox's only). */
export function definitionChildren(children: readonly FieldSpec[], type: unknown): FieldSpec[] {
  return children.filter((child) => child.name !== 'reportColumnOrder' && (type === 'combobox' || (child.name !== 'options' && child.name !== 'multiple')));
}

interface Props {
  spec: FieldSpec;
  path: string;
  value: unknown;
  onChange(value: unknown): void;
  readOnly: boolean;
  error?: string | undefined;
  /** One child input, as the generic form renders it. */
  renderChild(child: FieldSpec, path: string, value: unknown): ReactNode;
}

export function AdditionalFieldsEditor({ spec, path, value, onChange, readOnly, error, renderChild }: Props) {
  const intl = useIntl();
  // Shown in column order; each input still writes the definition where it is stored.
  const stored = useMemo(() => (Array.isArray(value) ? value : []) as Definition[], [value]);
  const order = useMemo(() => additionalFieldOrder(stored), [stored]);
  const items = useMemo(() => order.map((index) => stored[index]!), [order, stored]);
  const children = spec.children ?? [];
  const label = intl.formatMessage({ id: 'customers.settings.fields' });
  return (
    <fieldset className="form-list additional-fields-editor">
      <legend>{label} <span className="form-list-count">({items.length})</span></legend>
      <p className="form-hint">{intl.formatMessage({ id: 'customers.settings.fieldsHint' })}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      <ItemList
        label={label}
        items={items}
        onChange={(next) => onChange(numberedAdditionalFields(next))}
        readOnly={readOnly}
        maxItems={spec.maxItems}
        itemName={intl.formatMessage({ id: 'form.field.additionalPEFields' })}
        itemTitle={(item) => (typeof item.label === 'string' && item.label ? item.label : undefined)}
        newItem={() => Object.fromEntries(children.map((c) => [c.name, emptyValue(c)]).filter(([, v]) => v !== undefined)) as Definition}
        renderItem={(item, index) => (
          <div className="form-fields">
            {definitionChildren(children, item.type).map((child) => renderChild(child, `${path}.${order[index] ?? index}.${child.name}`, item[child.name]))}
            <p className="form-hint" data-column={item.isIncludedInReport ? index + 1 : undefined}>
              {item.isIncludedInReport
                ? intl.formatMessage({ id: 'customers.settings.column' }, { n: index + 1 })
                : intl.formatMessage({ id: 'customers.settings.notInReport' })}
            </p>
          </div>
        )}
      />
    </fieldset>
  );
}
