/**
 * SPEC §6 quotation abilities as the API enforces them, with the demo roles (seed/generators/roles.ts):
 * `updateUnitNetPrice` (without it the unit price follows the price list), `readResponsible`
 * (a salesman reads, lists and acts on the quotations they wrote or are the salesman of, filtered in
 * SQL), `readArea` (the quotations of the customers in the zones that list the user among their
 * salesmen, read only), `receiveApprovalReminders` (a request for approval leaves a reminder for each approver,
 * with the request's message), `emit`, `requestApproval`, `approve`, `createRevision` and `updateRevision`
 * (each refused to a role without it), and the pricing of a line sent with only its product and quantity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertDemoRoles, insertUser as insertApiUser, setupApi, TODAY, type Api } from './setup.ts';

describe.each(engines())('SPEC §6 quotation abilities on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productId: string;
  const roleIds: Record<string, string> = {};
  const users: Record<string, string> = {};

  const as = (userId: string) => api.as(userId);
  const ifMatch = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });

  const insertUser = (displayName: string, roleNames: string[], enabled = true) =>
    insertApiUser(api, roleNames.map((n) => roleIds[n]!), { displayName, isSalesman: true }, { isEnabled: enabled });

  const createdBy = async (userId: string, type: string, body: unknown) => {
    const response = await as(userId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    users.seller = await insertUser('Venditore Uno', ['Commerciale']);
    users.otherSeller = await insertUser('Venditore Due', ['Commerciale']);
    users.manager = await insertUser('Responsabile', ['Responsabile commerciale']);
    users.disabledManager = await insertUser('Responsabile in pensione', ['Responsabile commerciale'], false);
    customerId = (await createdBy(api.adminId, 'customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Sigma Srl' } } })).id;
    productId = (await createdBy(api.adminId, 'products', { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', listPrice: 50 } })).id;
    await createdBy(api.adminId, 'priceLists', { attributes: { code: 'GEN', name: 'Generale', isDefault: true, items: [{ productId, price: 45 }] } });
  });
  afterAll(() => api?.close());

  it('updateUnitNetPrice: without it the unit price is the price list’s; with it a typed price is kept', async () => {
    const quotation = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY }, relationships: { customerId } });
    const seller = as(users.seller!);
    const typed = await seller.request('POST', '/api/quotationProducts', { attributes: { quantity: 1, unitPrice: 30 }, relationships: { quotationId: quotation.id, productId } });
    expect(typed.status).toBe(403);
    expect(typed.body).toMatchObject({ code: 'FIELD_NOT_AUTHORIZED', errors: [{ pointer: '/attributes/unitPrice' }] });
    // Sending the list's own price, or none, is following the list.
    const same = await seller.request('POST', '/api/quotationProducts', { attributes: { quantity: 1, unitPrice: 45 }, relationships: { quotationId: quotation.id, productId } });
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    const line = (await seller.request('POST', '/api/quotationProducts', { attributes: { quantity: 1 }, relationships: { quotationId: quotation.id, productId } })).body.data;
    expect(line.attributes.unitPrice).toBe(45);
    const changed = await seller.request('PATCH', `/api/quotationProducts/${line.id}`, { attributes: { unitPrice: 40 } }, ifMatch(line));
    expect(changed.status).toBe(403);
    expect(changed.body.code).toBe('FIELD_NOT_AUTHORIZED');
    // Other fields stay the salesman's to change.
    const quantity = await seller.request('PATCH', `/api/quotationProducts/${line.id}`, { attributes: { quantity: 3, discountPercent: 5 } }, ifMatch(line));
    expect(quantity.status, JSON.stringify(quantity.body)).toBe(200);
    expect(quantity.body.data.attributes.unitPrice).toBe(45);

    const manager = as(users.manager!);
    const managed = await manager.request('PATCH', `/api/quotationProducts/${line.id}`, { attributes: { unitPrice: 40 } }, ifMatch(quantity.body.data));
    expect(managed.status, JSON.stringify(managed.body)).toBe(200);
    expect(managed.body.data.attributes.unitPrice).toBe(40);
    const managerLine = await manager.request('POST', '/api/quotationProducts', { attributes: { quantity: 1, unitPrice: 30 }, relationships: { quotationId: quotation.id, productId } });
    expect(managerLine.status).toBe(201);
    expect(managerLine.body.data.attributes.unitPrice).toBe(30);
  });

  it('readResponsible: a salesman reads, lists and acts on their own quotations only', async () => {
    const own = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY, title: 'Scritto da me' }, relationships: { customerId } });
    expect(own.relationships.authorId).toBe(users.seller);
    const assigned = await createdBy(api.adminId, 'quotations', { attributes: { date: TODAY, title: 'Assegnato a me' }, relationships: { customerId, commercialUserId: users.seller } });
    const others = await createdBy(users.otherSeller!, 'quotations', { attributes: { date: TODAY, title: 'Di un collega' }, relationships: { customerId } });

    const seller = as(users.seller!);
    const listed = (await seller.request('GET', `/api/quotations?filter[customerId]=${customerId}&page[size]=100`)).body;
    const ids = listed.data.map((q: any) => q.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, assigned.id]));
    expect(ids).not.toContain(others.id);
    expect(listed.meta.total).toBe(ids.length);
    expect((await seller.request('GET', `/api/quotations/${others.id}`)).status).toBe(403);
    expect((await seller.request('GET', `/api/quotations/${assigned.id}`)).status).toBe(200);
    const edit = await seller.request('PATCH', `/api/quotations/${others.id}`, { attributes: { title: 'Mio' } }, ifMatch(others));
    expect(edit.status).toBe(403);
    const emit = await seller.request('POST', `/api/quotations/${others.id}/actions/emit`, {}, ifMatch(others));
    expect(emit.status).toBe(403);

    // The sales manager reads them all.
    const all = (await as(users.manager!).request('GET', `/api/quotations?filter[customerId]=${customerId}&page[size]=100`)).body.data.map((q: any) => q.id);
    expect(all).toEqual(expect.arrayContaining([own.id, assigned.id, others.id]));
  });

  it('readArea: a salesman reads (not changes) the quotations of the customers in the zones that list them, and no others', async () => {
    const admin = as(api.adminId);
    const zone = async (code: string, salesmanIds: string[]) => (await createdBy(api.adminId, 'commercialZones', { attributes: { code, name: code, provinces: [] }, relationships: { salesmanIds } })).id;
    const mine = await zone('AREA-MIA', [users.seller!]);
    const theirs = await zone('AREA-ALTRA', [users.otherSeller!]);
    const customerIn = async (name: string, commercialZoneId: string) =>
      (await createdBy(api.adminId, 'customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name } }, relationships: { commercialZoneId } })).id;
    const near = await customerIn('Vicino Srl', mine);
    const far = await customerIn('Lontano Srl', theirs);
    const inArea = await createdBy(users.otherSeller!, 'quotations', { attributes: { date: TODAY, title: 'Nella mia area' }, relationships: { customerId: near } });
    const outside = await createdBy(users.otherSeller!, 'quotations', { attributes: { date: TODAY, title: 'Fuori area' }, relationships: { customerId: far } });
    expect(inArea.metadata.commercialZoneId).toBe(mine);

    const seller = as(users.seller!);
    const listed = (await seller.request('GET', `/api/quotations?page[size]=100`)).body;
    const ids = listed.data.map((q: any) => q.id);
    expect(ids).toContain(inArea.id);
    expect(ids).not.toContain(outside.id);
    expect(listed.meta.total).toBe(ids.length);
    expect((await seller.request('GET', `/api/quotations/${inArea.id}`)).status).toBe(200);
    expect((await seller.request('GET', `/api/quotations/${outside.id}`)).status).toBe(403);
    // Reading an area is not being responsible for it.
    expect((await seller.request('PATCH', `/api/quotations/${inArea.id}`, { attributes: { title: 'Mio' } }, ifMatch(inArea))).status).toBe(403);
    // The identity lists the user's zones; a user in no zone reads no area.
    expect((await seller.request('GET', '/api/identity/authorization')).body[0].commercialZoneIds).toEqual([mine]);
    const unzoned = await insertUser('Senza zona', ['Commerciale']);
    expect((await as(unzoned).request('GET', `/api/quotations/${inArea.id}`)).status).toBe(403);

    // A customer moved to another zone takes its quotations along.
    const customer = (await admin.request('GET', `/api/customers/${near}`)).body.data;
    expect((await admin.request('PATCH', `/api/customers/${near}`, { relationships: { commercialZoneId: theirs } }, ifMatch(customer))).status).toBe(200);
    expect((await seller.request('GET', `/api/quotations/${inArea.id}`)).status).toBe(403);
    expect((await as(users.otherSeller!).request('GET', `/api/quotations/${inArea.id}`)).status).toBe(200);
  });

  it('receiveApprovalReminders: requesting approval leaves a reminder for each enabled approver, and for no one else', async () => {
    const customer = await createdBy(api.adminId, 'customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Sconto Alto Srl' }, maxDiscountPercent: 10 } });
    const quotation = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY }, relationships: { customerId: customer.id } });
    await createdBy(users.seller!, 'quotationProducts', { attributes: { quantity: 1, discountPercent: 30 }, relationships: { quotationId: quotation.id, productId } });
    const fresh = (await as(users.seller!).request('GET', `/api/quotations/${quotation.id}`)).body.data;
    const requested = await as(users.seller!).request('POST', `/api/quotations/${quotation.id}/actions/requestApproval`, {}, ifMatch(fresh));
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);

    const remindersOf = async (userId: string) =>
      (await as(userId).request('GET', `/api/reminders?filter[entityId]=${quotation.id}`)).body.data as any[];
    const managerReminders = await remindersOf(users.manager!);
    expect(managerReminders).toHaveLength(1);
    expect(managerReminders[0]).toMatchObject({ relationships: { userId: users.manager, entityType: 'quotations', entityId: quotation.id, customerId: customer.id } });
    expect(managerReminders[0].attributes.title).toContain(quotation.attributes.code);
    // The administrator's role grants everything, so it is an approver too.
    const all = (await as(api.adminId).request('GET', `/api/reminders?filter[entityId]=${quotation.id}`)).body.data.map((r: any) => r.relationships.userId);
    expect(all.toSorted()).toEqual([api.adminId, users.manager].toSorted());
    expect(await remindersOf(users.seller!)).toHaveLength(0);
  });

  it('receiveApprovalReminders: the approver’s reminder carries the request’s message', async () => {
    const customer = await createdBy(api.adminId, 'customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Messaggio Srl' }, maxDiscountPercent: 10 } });
    const quotation = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY }, relationships: { customerId: customer.id } });
    await createdBy(users.seller!, 'quotationProducts', { attributes: { quantity: 1, discountPercent: 30 }, relationships: { quotationId: quotation.id, productId } });
    const fresh = (await as(users.seller!).request('GET', `/api/quotations/${quotation.id}`)).body.data;
    const requested = await as(users.seller!).request('POST', `/api/quotations/${quotation.id}/actions/requestApproval`, { message: 'Rinnovo triennale: serve il 30%' }, ifMatch(fresh));
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const [reminder] = (await as(users.manager!).request('GET', `/api/reminders?filter[entityId]=${quotation.id}`)).body.data;
    expect(reminder.attributes.note).toBe('Rinnovo triennale: serve il 30%');
  });

  it('emit, requestApproval, approve, createRevision, updateRevision: each refused to a role without it', async () => {
    // A quotation writer who may neither emit, nor ask for approval, nor revise.
    const writerRole = randomUUID();
    await new EntityRepository(api.database.db, findKind('roles')!).insert([{
      id: writerRole,
      by: null,
      data: {
        attributes: {
          name: 'Redattore preventivi',
          description: 'Scrive preventivi senza emetterli',
          permissions: [
            { action: ['create', 'read', 'update'], subject: 'quotation' },
            { action: ['create', 'read', 'update', 'delete'], subject: 'quotation products' },
            { action: 'read', subject: ['customer', 'product', 'price list', 'quotation revision'] },
          ],
        },
        metadata: {},
        relationships: {},
      },
    }]);
    const writer = as(await insertApiUser(api, [writerRole], { displayName: 'Redattore' }));
    const customer = await createdBy(api.adminId, 'customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Abilità Srl' }, maxDiscountPercent: 10 } });
    const quotation = (await writer.request('POST', '/api/quotations', { attributes: { date: TODAY }, relationships: { customerId: customer.id } })).body.data;
    const line = (await writer.request('POST', '/api/quotationProducts', { attributes: { quantity: 2 }, relationships: { quotationId: quotation.id, productId } })).body.data;
    const current = async () => (await as(api.adminId).request('GET', `/api/quotations/${quotation.id}`)).body.data;
    const act = async (who: ReturnType<typeof as>, action: string) => who.request('POST', `/api/quotations/${quotation.id}/actions/${action}`, {}, ifMatch(await current()));

    // Within the maximum: emitting is allowed by the state, refused by the role.
    const emit = await act(writer, 'emit');
    expect(emit.status, JSON.stringify(emit.body)).toBe(403);
    expect((await current()).attributes.status).toBe('draft');
    // Above it: the request for approval is the role's to refuse (before the guard says anything).
    const discounted = await writer.request('PATCH', `/api/quotationProducts/${line.id}`, { attributes: { discountPercent: 40 } }, ifMatch(line));
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(200);
    expect((await act(writer, 'requestApproval')).status).toBe(403);
    // The salesman asks; a salesman cannot approve, not even their own; the manager can.
    const seller = as(users.seller!);
    expect((await act(seller, 'requestApproval')).status).toBe(403); // not theirs (readResponsible)
    expect((await act(as(api.adminId), 'requestApproval')).status).toBe(200);
    const salesmanRole = roleIds.Commerciale!;
    const ownSeller = as(await insertApiUser(api, [salesmanRole], { displayName: 'Venditore Tre', isSalesman: true }));
    expect((await act(ownSeller, 'approve')).status).toBe(403);
    expect((await act(as(users.manager!), 'approve')).status).toBe(200);
    expect((await act(as(users.manager!), 'emit')).status).toBe(200);
    // Revising an issued quotation: refused to the writer, allowed to the manager.
    expect((await act(writer, 'createRevision')).status).toBe(403);
    expect((await current()).attributes.status).toBe('issued');
    const revised = await as(users.manager!).request('POST', `/api/quotations/${quotation.id}/actions/createRevision`, { message: 'Nuove quantità' }, ifMatch(await current()));
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    const [revision] = (await as(api.adminId).request('GET', `/api/quotationRevisions?filter[quotationId]=${quotation.id}`)).body.data;
    // updateRevision: only the reason of a revision may change, and only for a role that may update revisions.
    expect((await seller.request('PATCH', `/api/quotationRevisions/${revision.id}`, { attributes: { reason: 'Altro' } }, ifMatch(revision))).status).toBe(403);
    expect((await writer.request('PATCH', `/api/quotationRevisions/${revision.id}`, { attributes: { reason: 'Altro' } }, ifMatch(revision))).status).toBe(403);
    const corrected = await as(users.manager!).request('PATCH', `/api/quotationRevisions/${revision.id}`, { attributes: { reason: 'Nuove quantità richieste dal cliente' } }, ifMatch(revision));
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
  });

  it('a line sent with only its product and quantity gets the price list’s price and the customer’s offer, in a single write and in a whole-lines write', async () => {
    const offered = await createdBy(api.adminId, 'customers', {
      attributes: {
        allowedModules: ['fire'], registry: { businessName: 'Offerta Srl' }, commercialOfferType: 'discount', commercialPercentage: 10,
        validityDateTimeStart: '2026-01-01T00:00:00.000Z', validityDateTimeEnd: '2099-12-31T00:00:00.000Z',
      },
    });
    const quotation = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY }, relationships: { customerId: offered.id } });
    // General list 45, offer −10%: 40.50.
    const single = await createdBy(users.seller!, 'quotationProducts', { attributes: { quantity: 2 }, relationships: { quotationId: quotation.id, productId } });
    expect(single.attributes).toMatchObject({ listPrice: 45, unitPrice: 40.5 });
    expect(single.metadata.netTotal).toBe(81);
    const fresh = (await as(users.seller!).request('GET', `/api/quotations/${quotation.id}`)).body.data;
    const whole = await as(users.seller!).request('PUT', `/api/quotations/${quotation.id}/lines`, {
      lines: [{ id: single.id }, { relationships: { productId }, attributes: { quantity: 3 } }],
    }, ifMatch(fresh));
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body.included[1].attributes).toMatchObject({ quantity: 3, listPrice: 45, unitPrice: 40.5 });
    expect(whole.body.data.metadata.totalNetPrice).toBe(202.5);
  });
});
