/**
 * Custom record actions come from the kind's declaration (src/domain): the route, the ability, the
 * declared body (422 with pointers), the declared states (409 in Italian), `creates` (201 +
 * Location), and their listing in `GET /api/{type}/{id}/actions`; the server supplies only what they do.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('declared custom actions on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productId: string;
  let reader: string;

  const as = (userId: string) => api.as(userId);
  const admin = () => as(api.adminId);
  const ifMatch = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const created = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const order = () => created('orders', { attributes: { orderDate: '2026-06-01', lines: [{ description: 'Estintore CO2 5 kg', quantity: 10, unitPrice: 80 }] }, relationships: { customerId } });
  const listed = async (type: string, id: string, who = admin()) => {
    const response = await who.request('GET', `/api/${type}/${id}/actions`);
    expect(response.status).toBe(200);
    return Object.fromEntries(response.body.data.map((a: any) => [a.action, a]));
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleId = randomUUID();
    await new EntityRepository(api.database.db, findKind('roles')!).insert([
      { id: roleId, by: null, data: { attributes: { name: 'Lettore', permissions: [{ action: 'read', subject: 'all' }] }, metadata: {}, relationships: {} } },
    ]);
    reader = await insertUser(api, [roleId], { displayName: 'Lettore', email: 'lettore@test.it' });
    customerId = (await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Omega Srl' } } })).id;
    productId = (await created('products', { attributes: { code: 'EST-A6', name: 'Estintore a polvere 6 kg', listPrice: 50 } })).id;
  });
  afterAll(() => api?.close());

  it('validates the declared body: 422 with a pointer per error', async () => {
    const todo = await order();
    const ready = (await admin().request('POST', `/api/orders/${todo.id}/actions/confirm`, undefined, ifMatch(todo))).body.data;
    const bad = await admin().request('POST', `/api/orders/${todo.id}/actions/deliver`, { deliveries: [{ line: 0, quantity: -1 }], extra: true }, ifMatch(ready));
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.errors.map((e: any) => e.pointer).sort()).toEqual(['/deliveries/0/quantity', '/extra']);
    const missing = await admin().request('POST', `/api/orders/${todo.id}/actions/deliver`, {}, ifMatch(ready));
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].pointer).toBe('/deliveries');
    // The version may travel in the body, as for any action.
    const ok = await admin().request('POST', `/api/orders/${todo.id}/actions/deliver`, { deliveries: [{ line: 0, quantity: 2 }], lastUpdatedDateTime: ready.metadata.lastUpdatedDateTime });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.attributes.lines[0]).toMatchObject({ deliveredQuantity: 2 });
    expect(ok.body.meta.effects).toEqual([]);
  });

  it('refuses outside the declared states in Italian, and lists why', async () => {
    const fresh = await order();
    const refused = await admin().request('POST', `/api/orders/${fresh.id}/actions/deliver`, { deliveries: [{ line: 0, quantity: 1 }] }, ifMatch(fresh));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', state: 'new', action: 'deliver' });
    expect(refused.body.message).toBe('«Registra consegna» non è possibile nello stato «new»');
    const actions = await listed('orders', fresh.id);
    expect(actions.deliver).toMatchObject({ label: 'Registra consegna', ability: 'update', creates: false, allowed: true, refusal: { code: 'TRANSITION_NOT_ALLOWED' } });
    const todo = (await admin().request('POST', `/api/orders/${fresh.id}/actions/confirm`, undefined, ifMatch(fresh))).body.data;
    expect((await listed('orders', todo.id)).deliver.refusal).toBeNull();
  });

  it('checks the declared ability before anything else', async () => {
    const todo = await order();
    const asReader = as(reader);
    for (const body of [{ deliveries: [{ line: 0, quantity: 1 }] }, { nonsense: true }]) {
      const refused = await asReader.request('POST', `/api/orders/${todo.id}/actions/deliver`, body, ifMatch(todo));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    const quotation = await created('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId } });
    expect((await asReader.request('POST', `/api/quotations/${quotation.id}/actions/duplicate`, undefined, ifMatch(quotation))).status).toBe(403);
    const forReader = await listed('quotations', quotation.id, asReader);
    expect(forReader.duplicate).toMatchObject({ allowed: false, creates: true });
    expect((await listed('orders', todo.id, asReader)).deliver.allowed).toBe(false);
  });

  it('an action that creates answers 201 with Location, the copy with its lines', async () => {
    const quotation = await created('quotations', { attributes: { date: '2026-06-10', title: 'Originale' }, relationships: { customerId } });
    await created('quotationProducts', { attributes: { description: 'Estintore', quantity: 2, listPrice: 50, unitPrice: 40, costPrice: 20 }, relationships: { quotationId: quotation.id, productId } });
    const current = (await admin().request('GET', `/api/quotations/${quotation.id}`)).body.data;
    expect((await listed('quotations', quotation.id)).duplicate).toMatchObject({ label: 'Duplica', ability: 'create', creates: true, allowed: true, refusal: null, to: null });
    const copy = await admin().request('POST', `/api/quotations/${quotation.id}/actions/duplicate`, undefined, ifMatch(current));
    expect(copy.status).toBe(201);
    expect(copy.headers.location).toBe(`/api/quotations/${copy.body.data.id}`);
    expect(copy.headers.etag).toBe(`"${copy.body.data.metadata.lastUpdatedDateTime}"`);
    expect(copy.body.data.id).not.toBe(quotation.id);
    expect(copy.body.data.attributes).toMatchObject({ title: 'Originale', status: 'draft' });
    expect(copy.body.data.metadata).toMatchObject({ productsCount: 1, totalNetPrice: 80 });
  });

  it('unknown names, other kinds’ actions and the generic verbs', async () => {
    const quotation = await created('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId } });
    for (const name of ['deliver', 'fly', '__proto__', 'constructor']) {
      const response = await admin().request('POST', `/api/quotations/${quotation.id}/actions/${name}`, {}, ifMatch(quotation));
      expect(response.status, name).toBe(404);
      expect(response.body.code).toBe('ACTION_NOT_FOUND');
    }
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Archivio Srl' } } });
    const actions = await listed('customers', customer.id);
    // Archive (generic) and the customer's own «Registra contatto».
    expect(Object.keys(actions)).toEqual(['archive', 'logContact']);
    const archived = await admin().request('POST', `/api/customers/${customer.id}/actions/archive`, undefined, ifMatch(customer));
    expect(archived.status).toBe(200);
    expect(Object.keys(await listed('customers', customer.id))).toEqual(['restore']);
  });
});
