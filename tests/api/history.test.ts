/**
 * Record history (DESIGN §4): every write stores a row in its transaction — create, update, state
 * transitions and the rows they cascade to, delete with the owned rows, undelete, archive/restore,
 * custom actions — listed newest first with field-level changes, to whoever may read the record,
 * without the fields they may not read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertDemoRoles, insertUser as insertApiUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('record history on %s', (engine) => {
  let api: Api;
  let customerA: any;
  let customerB: any;
  let productId: string;
  let clientA: string;
  let reader: string;
  const roleIds: Record<string, string> = {};

  const as = (userId: string, extra: Record<string, string> = {}) => api.as(userId, extra);
  const admin = () => as(api.adminId);
  const ifMatch = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const created = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const act = async (type: string, entity: any, action: string, body?: unknown, status = 200) => {
    const response = await admin().request('POST', `/api/${type}/${entity.id}/actions/${action}`, body, ifMatch(entity));
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  };
  const history = async (type: string, id: string, who = admin()) => {
    const response = await who.request('GET', `/api/${type}/${id}/history`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as any[];
  };
  const fresh = async (type: string, id: string) => (await admin().request('GET', `/api/${type}/${id}`)).body.data;

  const insertUser = (attributes: Record<string, unknown>, roleNames: string[]) => insertApiUser(api, roleNames.map((n) => roleIds[n]!), attributes);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    roleIds.Reader = randomUUID();
    await roles.insert([{ id: roleIds.Reader, by: null, data: { attributes: { name: 'Lettore', permissions: [{ action: 'read', subject: 'all' }] }, metadata: {}, relationships: {} } }]);
    customerA = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    customerB = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Beta Spa' } } });
    productId = (await created('products', { attributes: { code: 'EST-H6', name: 'Estintore a polvere 6 kg', listPrice: 50 } })).id;
    clientA = await insertUser({ userType: 'customer', displayName: 'Cliente Alfa', email: 'cliente@alfa.it', customerId: customerA.id, allowedModules: ['fire'] }, ['Cliente']);
    reader = await insertUser({ userType: 'siv', displayName: 'Lettore', email: 'lettore@test.it' }, ['Reader']);
  });
  afterAll(() => api?.close());

  it('records create and update with field-level changes, newest first, with the author’s name', async () => {
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Gamma Srl', city: 'Milano' } } });
    const patched = await admin().request('PATCH', `/api/customers/${customer.id}`, { attributes: { registry: { city: 'Monza' }, sdiCode: 'ABCDEFG' } }, ifMatch(customer));
    expect(patched.status).toBe(200);
    const entries = await history('customers', customer.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    const [update, create] = entries;
    expect(update).toMatchObject({ version: patched.body.data.metadata.lastUpdatedDateTime, by: api.adminId, byName: 'Amministratore Test', impersonator: null });
    expect(create.version).toBe(customer.metadata.lastUpdatedDateTime);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { pointer: '/attributes/registry/city', from: 'Milano', to: 'Monza' },
        { pointer: '/attributes/sdiCode', to: 'ABCDEFG' },
      ]),
    );
    // Server bookkeeping is not a change anyone made.
    expect(update.changes.some((c: any) => /lastUpdated|ByImpersonator/.test(c.pointer))).toBe(false);
    expect(create.changes).toEqual(expect.arrayContaining([{ pointer: '/attributes/registry/businessName', to: 'Gamma Srl' }]));
    expect(Date.parse(update.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
  });

  it('records a transition and each row it cascades to, under the transition’s name', async () => {
    const operator = await insertUser({ userType: 'siv', displayName: 'Luca Operatore', email: 'luca@test.it', isMainteiner: true }, []);
    const activity = await created('activities', { attributes: { code: 'REV-H', name: 'Revisione', module: 'fire' } });
    const equipment = await created('equipments', { attributes: { equipmentId: 'EST-H1', module: 'fire' }, relationships: { customerId: customerA.id } });
    const assignment = await created('assignments', {
      attributes: { code: 'INT-H1', module: 'fire', plannedStartDateTime: '2026-06-20T08:00:00.000Z' },
      relationships: { customerId: customerA.id, operatorIds: [operator], operatorInChargeId: operator },
    });
    const row = await created('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId: activity.id, equipmentId: equipment.id } });
    const canceled = await act('assignments', assignment, 'cancel');
    expect(canceled.meta.effects.map((e: any) => e.id)).toEqual([row.id]);
    const [transition] = await history('assignments', assignment.id);
    expect(transition).toMatchObject({ action: 'cancel', version: canceled.data.metadata.lastUpdatedDateTime });
    expect(transition.changes).toContainEqual({ pointer: '/attributes/state', from: 'open', to: 'canceled' });
    const [cascaded] = await history('assignmentActivities', row.id);
    expect(cascaded.action).toBe('cancel');
    expect(cascaded.changes).toEqual([{ pointer: '/attributes/state', from: 'open', to: 'canceled' }]);
  });

  it('records delete with the owned rows, and undelete brings back those rows only', async () => {
    const quotation = await created('quotations', { attributes: { date: '2026-06-10', title: 'Da eliminare' }, relationships: { customerId: customerA.id } });
    const line = (quantity: number) => created('quotationProducts', { attributes: { description: 'Estintore', quantity, listPrice: 50, unitPrice: 50, costPrice: 20 }, relationships: { quotationId: quotation.id, productId } });
    const kept = await line(1);
    const removedBefore = await line(2);
    expect((await admin().request('DELETE', `/api/quotationProducts/${removedBefore.id}`, undefined, ifMatch(removedBefore))).status).toBe(200);
    // A line changes the quotation's totals, not its version: no history row for the quotation.
    expect((await history('quotations', quotation.id)).map((e) => e.action)).toEqual(['create']);
    const deleted = await admin().request('DELETE', `/api/quotations/${quotation.id}`, undefined, ifMatch(await fresh('quotations', quotation.id)));
    expect(deleted.status).toBe(200);
    expect((await fresh('quotationProducts', kept.id)).metadata.isDeleted).toBe(true);
    // Readable while deleted.
    expect((await history('quotations', quotation.id)).map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await history('quotationProducts', kept.id)).map((e) => e.action)).toEqual(['delete', 'create']);

    const undeleted = await act('quotations', deleted.body.data, 'undelete');
    expect(undeleted.data.metadata).toMatchObject({ isDeleted: false, deletedDateTime: null, deletedBy: null });
    expect((await fresh('quotationProducts', kept.id)).metadata).toMatchObject({ isDeleted: false, deletedBy: null });
    expect((await fresh('quotationProducts', kept.id)).metadata.deletedWith).toBeUndefined();
    // The marker is the server's: a client cannot set it.
    const marked = await admin().request('PATCH', `/api/quotationProducts/${kept.id}`, { metadata: { deletedWith: `quotations:${quotation.id}` } }, ifMatch(await fresh('quotationProducts', kept.id)));
    expect(marked.status).toBe(422);
    expect(marked.body.errors[0]).toMatchObject({ pointer: '/metadata/deletedWith', code: 'readOnly' });
    expect((await fresh('quotationProducts', removedBefore.id)).metadata.isDeleted).toBe(true);
    const entries = await history('quotations', quotation.id);
    expect(entries.map((e) => e.action)).toEqual(['undelete', 'delete', 'create']);
    expect(entries[0].version).toBe(undeleted.data.metadata.lastUpdatedDateTime);
    expect((await history('quotationProducts', kept.id)).map((e) => e.action)).toEqual(['undelete', 'delete', 'create']);
    expect((await history('quotationProducts', removedBefore.id)).map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await fresh('quotations', quotation.id)).metadata).toMatchObject({ productsCount: 1, totalNetPrice: 50 });
  });

  it('refuses to undelete a live record, a stale version, a caller without delete, and a record whose reference was deleted since', async () => {
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Delta Srl' } } });
    const live = await created('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId: customer.id } });
    const notDeleted = await act('quotations', live, 'undelete', undefined, 409);
    expect(notDeleted).toMatchObject({ code: 'NOT_DELETED' });
    expect(notDeleted.message).toMatch(/non è eliminato/);
    const deleted = (await admin().request('DELETE', `/api/quotations/${live.id}`, undefined, ifMatch(live))).body.data;
    expect((await act('quotations', live, 'undelete', undefined, 409)).code).toBe('VERSION_CONFLICT');
    const noRight = await as(reader).request('POST', `/api/quotations/${live.id}/actions/undelete`, undefined, ifMatch(deleted));
    expect(noRight.status).toBe(403);
    expect((await admin().request('POST', `/api/quotations/${live.id}/actions/undelete`)).status).toBe(428);
    // The customer can go now that its only quotation is deleted; the quotation cannot come back without it.
    expect((await admin().request('DELETE', `/api/customers/${customer.id}`, undefined, ifMatch(customer))).status).toBe(200);
    const orphan = await act('quotations', deleted, 'undelete', undefined, 409);
    expect(orphan.code).toBe('REFERENCE_DELETED');
    expect(orphan.message).toMatch(/Impossibile annullare l’eliminazione/);
    expect(orphan.errors[0].pointer).toBe('/relationships/customerId');
    expect((await fresh('quotations', live.id)).metadata.isDeleted).toBe(true);
    expect((await history('quotations', live.id)).map((e) => e.action)).toEqual(['delete', 'create']);
    const actions = (await admin().request('GET', `/api/quotations/${live.id}/actions`)).body.data;
    expect(actions.map((a: any) => a.action)).toEqual(['undelete']);
  });

  it('records archive and restore, custom actions under their name, and the impersonator', async () => {
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Epsilon Srl' } } });
    const archived = await act('customers', customer, 'archive');
    await act('customers', archived.data, 'restore');
    expect((await history('customers', customer.id)).map((e) => e.action)).toEqual(['restore', 'archive', 'create']);

    const order = await created('orders', { attributes: { orderDate: '2026-06-01', lines: [{ description: 'Estintore CO2 5 kg', quantity: 10, unitPrice: 80 }] }, relationships: { customerId: customerA.id } });
    const todo = await act('orders', order, 'confirm');
    const delivered = await act('orders', todo.data, 'deliver', { deliveries: [{ line: 0, quantity: 4 }] });
    const [deliver] = await history('orders', order.id);
    expect(deliver).toMatchObject({ action: 'deliver', version: delivered.data.metadata.lastUpdatedDateTime });
    expect(deliver.changes).toContainEqual({ pointer: '/attributes/lines', from: order.attributes.lines, to: delivered.data.attributes.lines });

    const quotation = await created('quotations', { attributes: { date: '2026-06-10', title: 'Da copiare' }, relationships: { customerId: customerA.id } });
    await created('quotationProducts', { attributes: { description: 'Estintore', quantity: 1, listPrice: 50, unitPrice: 50, costPrice: 20 }, relationships: { quotationId: quotation.id, productId } });
    const copy = await act('quotations', await fresh('quotations', quotation.id), 'duplicate', undefined, 201);
    expect((await history('quotations', copy.data.id)).map((e) => e.action)).toEqual(['duplicate']);
    expect((await history('quotations', quotation.id)).map((e) => e.action)).toEqual(['create']);

    // An administrator acting as a salesman: the salesman is the author, the administrator the impersonator.
    const staff = await insertUser({ userType: 'siv', displayName: 'Commerciale', email: 'commerciale@test.it' }, ['Commerciale']);
    const impersonated = await as(api.adminId, { 'x-impersonation': JSON.stringify({ userId: staff }) }).request(
      'PATCH', `/api/customers/${customer.id}`, { attributes: { sdiCode: 'ZZZZZZZ' } }, ifMatch(await fresh('customers', customer.id)),
    );
    expect(impersonated.status, JSON.stringify(impersonated.body)).toBe(200);
    const [byStaff] = await history('customers', customer.id);
    expect(byStaff).toMatchObject({ action: 'update', by: staff, byName: 'Commerciale', impersonator: api.adminId });
  });

  it('shows a customer user its quotation’s history without the staff-only notes; 403 on another customer’s, 404 on none', async () => {
    const quotation = await created('quotations', { attributes: { date: '2026-06-01', status: 'draft', commercialNotes: 'Sconto riservato' }, relationships: { customerId: customerA.id } });
    const patched = await admin().request('PATCH', `/api/quotations/${quotation.id}`, { attributes: { commercialNotes: 'Sconto extra', title: 'Manutenzione' } }, ifMatch(quotation));
    await act('quotations', patched.body.data, 'emit');
    const staffView = await history('quotations', quotation.id);
    expect(staffView.map((e) => e.action)).toEqual(['emit', 'update', 'create']);
    expect(staffView[1].changes).toContainEqual({ pointer: '/attributes/commercialNotes', from: 'Sconto riservato', to: 'Sconto extra' });
    // The customer reads it from its emission on: the draft's edits and the values the emission replaced stay the provider's.
    const clientView = await history('quotations', quotation.id, as(clientA));
    expect(clientView.map((e) => e.action)).toEqual(['emit']);
    expect(clientView[0].changes).toContainEqual({ pointer: '/attributes/status', to: 'issued' });
    expect(JSON.stringify(clientView)).not.toContain('draft');
    expect(JSON.stringify(clientView)).not.toContain('Sconto');

    const other = await created('quotations', { attributes: { date: '2026-06-01' }, relationships: { customerId: customerB.id } });
    const foreign = await as(clientA).request('GET', `/api/quotations/${other.id}/history`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
    // A kind it may not read at all is refused; one it reads (its orders, issue 26 §5) answers 404 for a row that is not there.
    expect((await as(clientA).request('GET', `/api/products/${randomUUID()}/history`)).status).toBe(403);
    expect((await as(clientA).request('GET', `/api/orders/${randomUUID()}/history`)).status).toBe(404);
    expect((await admin().request('GET', `/api/quotations/${randomUUID()}/history`)).status).toBe(404);
    expect((await admin().request('GET', `/api/quotations/not-an-id/history`)).status).toBe(404);
    expect((await admin().request('GET', `/api/nothing/${randomUUID()}/history`)).status).toBe(404);
  });

  it('shows a customer user the history of a record moved to its customer from the move on, without the other customer’s values', async () => {
    const equipment = await created('equipments', { attributes: { equipmentId: 'EST-MOVE', module: 'fire', state: 'active', serialNumber: 'B-SEGRETO' }, relationships: { customerId: customerB.id } });
    const renamed = await admin().request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { serialNumber: 'B-ANCORA' } }, ifMatch(equipment));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const moved = await admin().request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { serialNumber: 'A-001' }, relationships: { customerId: customerA.id } }, ifMatch(renamed.body.data));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await admin().request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { note: 'Controllato' } }, ifMatch(moved.body.data));
    expect((await history('equipments', equipment.id)).map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    const clientView = await history('equipments', equipment.id, as(clientA));
    expect(clientView.map((e) => e.action)).toEqual(['update', 'update']);
    expect(clientView[1].changes).toContainEqual({ pointer: '/relationships/customerId', to: customerA.id });
    expect(JSON.stringify(clientView)).not.toContain('B-');
    expect(JSON.stringify(clientView)).not.toContain(customerB.id);
  });

  it('a refused write leaves no history', async () => {
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Zeta Srl' } } });
    const refused = await admin().request('PATCH', `/api/customers/${customer.id}`, { attributes: { registry: { businessName: '' } } }, ifMatch(customer));
    expect(refused.status).toBe(422);
    // The quotation holds the customer: its delete rolls back, the owned-row step included.
    await created('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId: customer.id } });
    expect((await admin().request('DELETE', `/api/customers/${customer.id}`, undefined, ifMatch(customer))).body.code).toBe('ENTITY_RELATIONS_FOUND');
    expect((await history('customers', customer.id)).map((e) => e.action)).toEqual(['create']);
  });
});
