// @vitest-environment jsdom
// An equipment's additional data is typed and labelled by its customer's definitions, for every reader of
// the equipment: who reads customers takes them from the customer's record, who does not (the Esterno)
// from the customer's narrow additional-fields read, never a 403 on the customer and «no fields».
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testIdentity } from '../../../../commands/testing.ts';
import type { Identity } from '../../../domain/ability.ts';
import { findKind } from '../../../domain/kinds.ts';
import { api } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { records } from '../../data/index.ts';
import { renderSignedIn } from '../../test-support/render-signed-in.tsx';
import { AdditionalDataEditor } from './additional-data-editor.tsx';
import { FormRecordContext } from './form-record.ts';

const CUSTOMER = '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const FAMILY = '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f';
const definitions = [
  { type: 'text', label: 'Piano', name: 'piano', options: [], switch: false, multiple: false, isIncludedInReport: true },
  { type: 'combobox', label: 'Reparto', name: 'reparto', options: ['Magazzino', 'Uffici'], switch: false, multiple: false, isIncludedInReport: false, equipmentFamilyId: FAMILY },
];
const equipment = { id: 'e1', attributes: { additionalData: { piano: 'Terra' } }, metadata: {}, relationships: { customerId: CUSTOMER, equipmentFamilyId: FAMILY } };

function show(identity: Identity) {
  renderSignedIn(
    identity,
    <FormRecordContext.Provider value={equipment}>
      <AdditionalDataEditor label="Dati aggiuntivi" value={equipment.attributes.additionalData} onChange={() => undefined} readOnly errorOf={() => undefined} />
    </FormRecordContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('AdditionalDataEditor', () => {
  it('reads the definitions from the customer for who reads customers', async () => {
    const get = vi.spyOn(records, 'get').mockResolvedValue({ id: CUSTOMER, attributes: {}, metadata: { additionalPEFields: definitions }, relationships: {} } as never);
    const narrow = vi.spyOn(api, 'get');
    show({ ...testIdentity, permissions: [{ action: 'read', subject: findKind('customers')!.subject }, { action: 'read', subject: findKind('equipments')!.subject }] });
    expect(((await screen.findByLabelText('Piano')) as HTMLInputElement).value).toBe('Terra');
    expect(screen.getByLabelText('Reparto')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('customers', CUSTOMER, expect.anything());
    expect(narrow).not.toHaveBeenCalled();
  });

  it('asks the customer’s additional fields, not the customer, for who reads equipment only', async () => {
    const get = vi.spyOn(records, 'get');
    const narrow = vi.spyOn(api, 'get').mockResolvedValue({ data: definitions } as never);
    show({ ...testIdentity, userType: 'external', permissions: [{ action: 'read', subject: findKind('equipments')!.subject }] });
    expect(((await screen.findByLabelText('Piano')) as HTMLInputElement).value).toBe('Terra');
    expect(screen.getByLabelText('Reparto')).toBeTruthy();
    expect(screen.queryByText('Il cliente non ha campi aggiuntivi per questa famiglia.')).toBeNull();
    expect(get).not.toHaveBeenCalled();
    expect(narrow).toHaveBeenCalledWith('/customers/{id}/additional-fields', expect.objectContaining({ params: { id: CUSTOMER } }));
  });
});
