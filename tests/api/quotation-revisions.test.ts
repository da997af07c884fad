/**
 * Issue 9: a request for approval carries a message to the approvers (kept on the quotation for the
 * approval queue, and in their reminder); a revision freezes the quotation with its lines and stays
 * read-only (OCA sale_order_revision).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('approval message and revisions on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productId: string;
  const fresh = async (type: string, id: string) => (await api.get(`/api/${type}/${id}`)).body.data;
  const line = (quotationId: string, listPrice: number, unitPrice: number, quantity = 1) =>
    api.create('quotationProducts', { attributes: { description: 'Estintore a CO2 5 kg', quantity, listPrice, unitPrice, costPrice: 20 }, relationships: { quotationId, productId } });

  beforeAll(async () => {
    api = await setupApi(engine);
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Revisioni Srl' } } })).id;
    productId = (await api.create('products', { attributes: { code: 'EST-C5', name: 'Estintore a CO2 5 kg', listPrice: 80 } })).id;
  });
  afterAll(() => api?.close());

  it('keeps the message of a request for approval for the approval queue; refuses one too long or on an action that takes none', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId } });
    await line(quotation.id, 100, 60, 2);
    const draft = await fresh('quotations', quotation.id);
    const tooLong = await api.act('quotations', draft, 'requestApproval', { message: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0]).toMatchObject({ pointer: '/message' });
    const notTaken = await api.act('quotations', draft, 'cancel', { message: 'perché sì' });
    expect(notTaken.status).toBe(422);
    expect((await fresh('quotations', quotation.id)).attributes.status).toBe('draft');
    const message = 'Cliente strategico: chiede il 40% per chiudere entro venerdì.';
    const requested = await api.act('quotations', draft, 'requestApproval', { message: `  ${message}  ` });
    expect(requested.status).toBe(200);
    expect(requested.body.data.attributes.status).toBe('to-be-approved');
    expect(requested.body.data.metadata).toMatchObject({ approvalMessage: message });
    expect(typeof requested.body.data.metadata.approvalRequestedAt).toBe('string');
    // The approval queue reads it in the list.
    const queue = await api.get(`/api/quotations?filter[status]=to-be-approved&filter[customerId]=${customerId}`);
    expect(queue.body.data.map((q: any) => [q.id, q.metadata.approvalMessage])).toEqual([[quotation.id, message]]);
    // Refused, then asked again without a message: the old message does not linger.
    const refused = await api.act('quotations', requested.body.data, 'refuseApproval');
    const again = await api.act('quotations', refused.body.data, 'requestApproval', {});
    expect(again.body.data.metadata.approvalMessage).toBeNull();
  });

  it('freezes the quotation and its lines in a numbered revision with its reason, read-only afterwards', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10', title: 'Da rivedere' }, relationships: { customerId } });
    const first = await line(quotation.id, 80, 80, 3);
    await line(quotation.id, 80, 76, 1);
    const issued = await api.act('quotations', await fresh('quotations', quotation.id), 'emit');
    const revised = await api.act('quotations', issued.body.data, 'createRevision', { message: 'Il cliente chiede 5 pezzi' });
    expect(revised.body.data.attributes).toMatchObject({ status: 'revision', revisionNumber: 1 });
    // The live quotation changes; the revision keeps what was issued.
    const changed = await api.patch(`/api/quotationProducts/${first.id}`, { attributes: { quantity: 5 } }, (await fresh('quotationProducts', first.id)).metadata.lastUpdatedDateTime);
    expect(changed.status).toBe(200);
    const [revision] = (await api.get(`/api/quotationRevisions?filter[quotationId]=${quotation.id}`)).body.data;
    expect(revision.attributes).toMatchObject({ revisionNumber: 0, createdFromStatus: 'issued', reason: 'Il cliente chiede 5 pezzi' });
    const frozen = revision.attributes.snapshot.lines;
    expect(frozen.map((l: any) => [l.id, l.attributes.quantity, l.metadata.netTotal])).toEqual([[first.id, 3, 240], [expect.any(String), 1, 76]]);
    expect(revision.attributes.snapshot.metadata.totalNetPrice).toBe(316);
    // Read-only: the snapshot and number cannot be rewritten, a revision cannot be made by hand; the reason can be corrected.
    const rewrite = await api.patch(`/api/quotationRevisions/${revision.id}`, { attributes: { snapshot: { lines: [] } } }, revision.metadata.lastUpdatedDateTime);
    expect(rewrite.status).toBe(409);
    expect(rewrite.body).toMatchObject({ code: 'QUOTATION_REVISION_READ_ONLY' });
    const forged = await api.post('/api/quotationRevisions', { attributes: { revisionNumber: 7, snapshot: {} }, relationships: { quotationId: quotation.id } });
    expect(forged.status).toBe(409);
    expect(forged.body).toMatchObject({ code: 'QUOTATION_REVISION_READ_ONLY' });
    const reason = await api.patch(`/api/quotationRevisions/${revision.id}`, { attributes: { reason: 'Il cliente chiede 5 pezzi del primo articolo' } }, revision.metadata.lastUpdatedDateTime);
    expect(reason.status).toBe(200);
    expect(reason.body.data.attributes.snapshot.lines).toHaveLength(2);
  });
});
