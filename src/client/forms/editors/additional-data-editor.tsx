/**
 * An equipment's additional data (SPEC §3 "Additional field"), edited with the definitions of the
 * equipment's customer (`metadata.additionalPEFields`): those of the equipment's family or of no
 * family, ordered by `reportColumnOrder`, each as its typed input (text, number, combobox — several
 * choices when `multiple` —, checkbox). Values no definition names are kept and listed below as
 * key/value pairs.
 */
import { useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { additionalFieldOrder, type additionalField } from '../../../domain/entities/customer.ts';
import { readPath } from '../../../domain/kind.ts';
import { recordKey, records } from '../../data/index.ts';
import { useFormRecord } from './form-record.ts';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../session/session.tsx';
import { api } from '../../api/client.ts';
import { findKind } from '../../../domain/kinds.ts';
import type { EntityJson } from '../../../domain/entity.ts';
import { MapEditor, TypedValue, type MapValueKind } from './map-editor.tsx';

export type AdditionalFieldDefinition = z.infer<typeof additionalField>;

/** The definitions that apply to an equipment of `familyId`, in report column order (then as declared). */
export function applicableDefinitions(all: readonly AdditionalFieldDefinition[], familyId: string | null | undefined): AdditionalFieldDefinition[] {
  return additionalFieldOrder(all)
    .map((index) => all[index]!)
    .filter((definition) => !definition.equipmentFamilyId || definition.equipmentFamilyId === familyId);
}

/**
 * The customer's additional field definitions: from the customer's record for who reads customers (the
 * same cached record the customer's screens use, offline too), else from the narrow
 * `GET /api/customers/{id}/additional-fields` a reader of the customer's equipment may ask (the Esterno).
 */
function useCustomerDefinitions(customerId: string) {
  const ability = useAtomValue(sessionAtom)?.ability;
  const readsCustomers = !ability || ability.can('read', findKind('customers')!.subject);
  return useQuery({
    queryKey: readsCustomers ? recordKey('customers', customerId) : [...recordKey('customers', customerId), 'additionalFields'],
    queryFn: readsCustomers
      ? ({ signal }) => records.get('customers', customerId, signal)
      : ({ signal }) => api.get<{ data: AdditionalFieldDefinition[] }>('/customers/{id}/additional-fields', { params: { id: customerId }, signal }),
    select: (answer: EntityJson | { data: AdditionalFieldDefinition[] }) =>
      'metadata' in answer ? ((answer.metadata.additionalPEFields as AdditionalFieldDefinition[] | undefined) ?? []) : answer.data,
    enabled: customerId !== '',
    staleTime: 60_000,
  });
}

interface Props {
  label: string;
  value: unknown;
  onChange(value: Record<string, unknown>): void;
  readOnly: boolean;
  error?: string | undefined;
  /** Errors by value key (`piano` of `attributes.additionalData.piano`). */
  errorOf(key: string): string | undefined;
}

export function AdditionalDataEditor({ label, value, onChange, readOnly, error, errorOf }: Props) {
  const intl = useIntl();
  const record = useFormRecord();
  const customerId = readPath(record, 'relationships.customerId');
  const familyId = readPath(record, 'relationships.equipmentFamilyId');
  const customer = useCustomerDefinitions(typeof customerId === 'string' ? customerId : '');
  const definitions = useMemo(
    () => applicableDefinitions(customer.data ?? [], typeof familyId === 'string' ? familyId : null),
    [customer.data, familyId],
  );
  const values = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const defined = useMemo(() => new Set(definitions.map((d) => d.name)), [definitions]);
  const set = (key: string, next: unknown) => {
    const copy = { ...values };
    if (next === undefined || next === '' || (Array.isArray(next) && next.length === 0)) delete copy[key];
    else copy[key] = next;
    onChange(copy);
  };

  return (
    <fieldset className={`form-field form-additional${error ? ' is-invalid' : ''}`}>
      <legend>{label}</legend>
      {typeof customerId !== 'string' || !customerId ? (
        <p className="form-hint">{intl.formatMessage({ id: 'forms.additional.noCustomer' })}</p>
      ) : customer.isPending ? (
        <p role="status">{intl.formatMessage({ id: 'forms.additional.loading' })}</p>
      ) : definitions.length === 0 ? (
        <p className="form-hint">{intl.formatMessage({ id: 'forms.additional.none' })}</p>
      ) : (
        <div className="form-fields">
          {definitions.map((definition) => (
            <DefinedField key={definition.name} definition={definition} value={values[definition.name]} onChange={(v) => set(definition.name, v)} readOnly={readOnly} error={errorOf(definition.name)} />
          ))}
        </div>
      )}
      {/* Only once the definitions are known: until then every stored value would look undefined. */}
      {!customer.isLoading && <MapEditor
        label={intl.formatMessage({ id: 'forms.additional.others' })}
        value={values}
        onChange={onChange}
        allowed={['text', 'number', 'boolean', 'textList']}
        readOnly={readOnly}
        keyMaxLength={100}
        hiddenKeys={defined}
      />}
      {error && <p className="form-error" role="alert">{error}</p>}
    </fieldset>
  );
}

function DefinedField({ definition, value, onChange, readOnly, error }: { definition: AdditionalFieldDefinition; value: unknown; onChange(value: unknown): void; readOnly: boolean; error: string | undefined }) {
  const intl = useIntl();
  const id = useId();
  const hint = definition.hintLabel ? <span className="form-hint">{definition.hintLabel}</span> : null;
  const errorNode = error ? <span className="form-error" role="alert">{error}</span> : null;
  if (definition.type === 'combobox') {
    const options = definition.options;
    if (definition.multiple) {
      const chosen = Array.isArray(value) ? (value as unknown[]).map(String) : typeof value === 'string' && value ? [value] : [];
      return (
        <fieldset className="form-field form-choices" disabled={readOnly}>
          <legend>{definition.label}</legend>
          {options.map((option) => (
            <label key={option}>
              <input type="checkbox" checked={chosen.includes(option)} onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))} /> {option}
            </label>
          ))}
          {hint}
          {errorNode}
        </fieldset>
      );
    }
    return (
      <div className="form-field form-field-enum">
        <label htmlFor={id}>{definition.label}</label>
        <select id={id} disabled={readOnly} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">—</option>
          {options.map((option) => <option key={option} value={option}>{option}</option>)}
          {typeof value === 'string' && value && !options.includes(value) && <option value={value}>{intl.formatMessage({ id: 'forms.additional.unknownOption' }, { value })}</option>}
        </select>
        {hint}
        {errorNode}
      </div>
    );
  }
  const kind: MapValueKind = definition.type === 'number' ? 'number' : definition.type === 'checkbox' ? 'boolean' : 'text';
  return (
    <div className={`form-field form-field-${kind === 'boolean' ? 'boolean' : kind}`}>
      {kind !== 'boolean' && <label htmlFor={id}>{definition.label}</label>}
      <TypedValue id={id} kind={kind} label={definition.label} value={value} onChange={(v) => onChange(kind === 'boolean' ? v : v === '' ? undefined : v)} readOnly={readOnly} />
      {kind === 'boolean' && <label htmlFor={id}>{definition.label}</label>}
      {hint}
      {errorNode}
    </div>
  );
}
