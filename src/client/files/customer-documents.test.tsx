// @vitest-environment jsdom
// A customer's documents (issue 26 §5): its orders, each downloading its «Conferma d'ordine», and the
// quotations it received in one list, each downloading its PDF, with the copy signed online beside it
// when the reader reads files; what the reader may not read is no list at all, and the portal offers
// «Documenti» when there is any list.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { api } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { listKey } from '../data/records.ts';
import { CustomerDocuments } from './customer-documents.tsx';
import { customerDocumentSections, hasCustomerDocuments } from './customer-document-sections.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

const CUSTOMER = '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d';
const ORDER = '0b7d3c1e-8f55-4a38-9d0e-3c0a4a6f2b11';
const ISSUED = '5f6e7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const SIGNED = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const SIGNED_COPY = '7c6d5e4f-3a2b-4c1d-8e0f-9a8b7c6d5e4f';

const meta = { createdDateTime: '2026-06-01T08:00:00.000Z', lastUpdatedDateTime: '2026-06-01T08:00:00.000Z', isDeleted: false };
const order = { id: ORDER, attributes: { orderNumber: 'ORD-2026-00042', orderDate: '2026-06-15', state: 'todo', lines: [] }, metadata: meta, relationships: { customerId: CUSTOMER } };
const quotations = [
  { id: SIGNED, attributes: { code: 'PRV-2026-00007', title: 'Estintori magazzino', date: '2026-05-20', status: 'accepted' }, metadata: { ...meta, signedDocumentId: SIGNED_COPY }, relationships: { customerId: CUSTOMER } },
  { id: ISSUED, attributes: { code: 'PRV-2026-00009', title: 'Porte tagliafuoco', date: '2026-06-02', status: 'issued' }, metadata: meta, relationships: { customerId: CUSTOMER } },
];
const page = (data: unknown[]) => ({ data: data as EntityJson[], meta: { total: data.length, page: { number: 1, size: 100 } } });

/** The Cliente role's reads on orders and quotations (with their lines); `files`: its customer's files too. */
function clientRules(files: boolean): PermissionRule[] {
  return [
    { action: 'read', subject: ['order', 'quotation', 'quotation products'] },
    ...(files ? [{ action: 'read', subject: 'customer' } as PermissionRule] : []),
  ];
}

function renderDocuments(permissions: PermissionRule[]) {
  queryClient.setQueryData(listKey('orders', { 'filter[customerId]': CUSTOMER, sort: '-orderDate', 'page[size]': 100 }), page([order]));
  queryClient.setQueryData(listKey('quotations', { 'filter[customerId]': CUSTOMER, 'filter[status]': 'issued,accepted,not-accepted', sort: '-date', 'page[size]': 100 }), page(quotations));
  queryClient.setQueryData(listKey('media', { 'filter[customerId]': CUSTOMER, 'filter[ownerType]': 'employees', 'filter[nodeKind]': 'media', sort: '-createdDateTime', 'page[size]': 100 }), page([]));
  queryClient.setQueryData(['downloadLog', CUSTOMER], []);
  renderSignedIn({ ...testIdentity, userType: 'customer', permissions }, <CustomerDocuments customerId={CUSTOMER} />);
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('CustomerDocuments', () => {
  it('lists the orders, each downloading its «Conferma d’ordine» through the document route', async () => {
    renderDocuments(clientRules(false));
    const orders = await screen.findByRole('table', { name: 'Ordini' });
    const row = within(orders).getByRole('row', { name: /Conferma d’ordine ORD-2026-00042 \(da fare\)/ });
    expect(within(row).getByRole('cell', { name: '15/06/26' })).toBeTruthy();
    const get = vi.spyOn(api, 'get').mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }) as never);
    URL.createObjectURL = vi.fn(() => 'blob:conferma');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(within(row).getByRole('button', { name: 'Scarica Conferma d’ordine ORD-2026-00042 (da fare)' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/{type}/{id}/document', { params: { type: 'orders', id: ORDER }, silent: true }));
  });

  it('lists the quotations received once each, with the signed copy beside the one signed when files are readable', async () => {
    renderDocuments(clientRules(true));
    const list = await screen.findByRole('table', { name: 'Preventivi' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['PRV-2026-00007 – Estintori magazzino (accettato)', 'PRV-2026-00009 – Porte tagliafuoco (emesso)']);
    expect(within(rows[0]!).getByRole('button', { name: 'Scarica la copia firmata di PRV-2026-00007 – Estintori magazzino (accettato)' }).textContent).toBe('Copia firmata');
    expect(within(rows[1]!).queryByRole('button', { name: /copia firmata/ })).toBeNull();
    const get = vi.spyOn(api, 'get').mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }) as never);
    URL.createObjectURL = vi.fn(() => 'blob:preventivo');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Scarica PRV-2026-00009/ }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/{type}/{id}/document', { params: { type: 'quotations', id: ISSUED }, silent: true }));
    // The former «Preventivi firmati» is no second list.
    expect(screen.queryByRole('table', { name: 'Preventivi firmati' })).toBeNull();
  });

  it('shows no signed copy to a reader without the customer’s files', async () => {
    renderDocuments(clientRules(false));
    const list = await screen.findByRole('table', { name: 'Preventivi' });
    expect(within(list).queryByRole('button', { name: /copia firmata/ })).toBeNull();
  });
});

describe('customerDocumentSections', () => {
  const reads = (...types: string[]) => (type: string) => types.includes(type);
  it('offers «Documenti» for orders or quotations alone, and not without any list', () => {
    expect(hasCustomerDocuments(customerDocumentSections(reads('orders')))).toBe(true);
    expect(hasCustomerDocuments(customerDocumentSections(reads('quotations', 'quotationProducts')))).toBe(true);
    expect(customerDocumentSections(reads('quotations', 'media'))).toMatchObject({ quotations: true, quotationPdfs: false, signedCopies: true });
    expect(hasCustomerDocuments(customerDocumentSections(reads('quotations')))).toBe(false);
    expect(hasCustomerDocuments(customerDocumentSections(reads()))).toBe(false);
  });
});
