/**
 * Issue 12: the customer's SPEC §3 figures are the server's and stay right: office locations,
 * agreements in force and expiring, the active own price list, expired and expiring deadlines and
 * the next one, and who created it. Each is checked against what the API's lists count.
 * «Registra contatto» adds to the timeline and makes the next call a reminder of the caller's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';
import { addDays } from '../../src/domain/rules/calendar.ts';
import { randomUUID } from 'node:crypto';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';

describe.each(engines())('customer figures on %s', (engine) => {
  let api: Api;
  let salesman: string;
  let customerId: string;

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    salesman = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Sara Venditrice' });
    const created = await api.as(salesman).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Figure Srl' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    customerId = created.body.data.id;
  });
  afterAll(() => api?.close());

  // The administrator's calls (the API signs in every request here).
  const admin = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => api.as(api.adminId).request(method, url, body, headers);
  const create = async (type: string, body: unknown) => {
    const response = await admin('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const read = async () => (await admin('GET', `/api/customers/${customerId}`)).body.data;
  const count = async (url: string) => {
    const response = await admin('GET', url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.meta.total as number;
  };

  it('starts at zero and names who created it', async () => {
    const customer = await read();
    expect(customer.metadata).toMatchObject({
      createdByName: 'Sara Venditrice', officeLocationsCount: 0, activeAgreementCount: 0, expiringAgreementCount: 0,
      expiredPhysicalActivitiesCount: 0, expiringPhysicalActivitiesCount: 0, nextExpirePhysicalActivity: null, activePriceListName: null,
    });
  });

  it('names the creator of a customer stored without the name (the seed, imports) from the user it records', async () => {
    const id = randomUUID();
    await new EntityRepository(api.database.db, findKind('customers')!).insert([{
      id, by: salesman, data: { attributes: { allowedModules: ['fire'], registry: { businessName: 'Importata Srl' } }, metadata: { displayName: 'Importata Srl' }, relationships: {} },
    } as never]);
    expect((await admin('GET', `/api/customers/${id}`)).body.data.metadata.createdByName).toBe('Sara Venditrice');
  });

  it('counts an office location created under it, and no longer once it is deleted', async () => {
    const location = await create('customers', { attributes: { parentId: customerId, registry: { businessName: 'Figure Srl – Magazzino' } }, metadata: { type: 'officeLocation' } });
    expect((await read()).metadata.officeLocationsCount).toBe(1);
    expect(await count(`/api/customers?filter[parentId]=${customerId}`)).toBe(1);
    // The list shows the stored figure too.
    const listed = (await admin('GET', `/api/customers?filter[excludeId]=${location.id}&filter[type]=potential`)).body.data.find((c: any) => c.id === customerId);
    expect(listed.metadata.officeLocationsCount).toBe(1);
    const second = await create('customers', { attributes: { parentId: customerId, registry: { businessName: 'Figure Srl – Uffici' } } });
    expect(second.metadata.type).toBe('officeLocation');
    expect((await read()).metadata.officeLocationsCount).toBe(2);
    const removed = await admin('DELETE', `/api/customers/${second.id}`, undefined, { 'if-match': `"${second.metadata.lastUpdatedDateTime}"` });
    expect(removed.status).toBe(200);
    expect((await read()).metadata.officeLocationsCount).toBe(1);
  });

  it('counts agreements in force and those ending within 30 days', async () => {
    await create('commercialAgreements', { attributes: { startDate: '2026-01-01', endDate: addDays(TODAY, 10) }, relationships: { customerId } });
    let customer = await read();
    expect(customer.metadata).toMatchObject({ activeAgreementCount: 1, expiringAgreementCount: 1 });
    await create('commercialAgreements', { attributes: { startDate: '2026-01-01' }, relationships: { customerId } });
    // Ended, not yet started, or switched off: not in force.
    await create('commercialAgreements', { attributes: { startDate: '2025-01-01', endDate: addDays(TODAY, -1) }, relationships: { customerId } });
    await create('commercialAgreements', { attributes: { startDate: addDays(TODAY, 1) }, relationships: { customerId } });
    await create('commercialAgreements', { attributes: { startDate: '2026-01-01', isActive: false }, relationships: { customerId } });
    customer = await read();
    expect(customer.metadata).toMatchObject({ activeAgreementCount: 2, expiringAgreementCount: 1 });
    expect(await count(`/api/commercialAgreements?filter[customerId]=${customerId}`)).toBe(5);
    // Stored when an agreement is written, so the customers list shows it too.
    const listed = (await admin('GET', `/api/customers?ids=${customerId}`)).body.data[0];
    expect(listed.metadata).toMatchObject({ activeAgreementCount: 2, expiringAgreementCount: 1 });
  });

  it('names the price list in force: the active one when valid, else the newest valid own list', async () => {
    const old = await create('priceLists', { attributes: { code: 'PL-OLD', name: 'Listino 2025', validFrom: '2025-01-01', validTo: '2025-12-31', items: [] }, relationships: { customerId } });
    expect((await read()).metadata.activePriceListName).toBeNull();
    await create('priceLists', { attributes: { code: 'PL-26', name: 'Listino 2026', validFrom: '2026-01-01', validTo: '2026-12-31', items: [] }, relationships: { customerId } });
    expect((await read()).metadata).toMatchObject({ activePriceListName: 'Listino 2026', priceListNr: 'PL-26', priceListExpireDate: '2026-12-31' });
    // An active list that is no longer valid does not hide the valid one.
    const customer = await read();
    const patched = await admin('PATCH', `/api/customers/${customerId}`, { metadata: { activePriceListId: old.id } }, { 'if-match': `"${customer.metadata.lastUpdatedDateTime}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await read()).metadata.activePriceListName).toBe('Listino 2026');
  });

  it('counts pending deadlines as the worklist windows do, and finds the next one', async () => {
    const deadline = (deadlineDate: string, extra: Record<string, unknown> = {}) =>
      create('physicalActivities', { attributes: { module: 'fire', deadlineDate, ...extra }, relationships: { customerId } });
    await deadline(addDays(TODAY, -20));
    await deadline(addDays(TODAY, -5));
    await deadline(addDays(TODAY, -3), { isExecuted: true });
    await deadline(TODAY);
    await deadline(addDays(TODAY, 30));
    await deadline(addDays(TODAY, 31));
    await deadline(addDays(TODAY, 2), { isEnded: true });
    const customer = await read();
    const expired = await count(`/api/physicalActivities?filter[customerId]=${customerId}&filter[due]=expired`);
    const expiring = await count(`/api/physicalActivities?filter[customerId]=${customerId}&filter[due]=next30`);
    expect([expired, expiring]).toEqual([2, 2]);
    expect(customer.metadata).toMatchObject({ expiredPhysicalActivitiesCount: expired, expiringPhysicalActivitiesCount: expiring, nextExpirePhysicalActivity: TODAY });
  });

  it('logs a contact on the timeline and makes the next call a reminder of the caller’s', async () => {
    const seller = api.as(salesman);
    const before = (await seller.request('GET', `/api/customers/${customerId}`)).body.data;
    const nextCall = new Date(Date.now() + 86_400_000).toISOString();
    const logged = await seller.request('POST', `/api/customers/${customerId}/actions/logContact`,
      { type: 'phone', kind: 'contact', lastReply: 'toCall', notes: 'Richiamare per il rinnovo', nextCallDateTime: nextCall },
      { 'if-match': `"${before.metadata.lastUpdatedDateTime}"` });
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    const contacts = logged.body.data.attributes.contacts;
    expect(contacts.at(-1)).toMatchObject({ type: 'phone', kind: 'contact', lastReply: 'toCall', notes: 'Richiamare per il rinnovo' });
    expect(logged.body.data.metadata).toMatchObject({ lastReply: 'toCall', lastContact: contacts.at(-1).dateTime });
    const reminders = (await seller.request('GET', `/api/reminders?filter[customerId]=${customerId}`)).body.data;
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ attributes: { title: 'Richiamare Figure Srl', dateTime: nextCall, isDone: false }, relationships: { userId: salesman, entityType: 'customers', entityId: customerId } });
    // A next call in the past is refused in Italian, and nothing is logged.
    const after = (await seller.request('GET', `/api/customers/${customerId}`)).body.data;
    const past = await seller.request('POST', `/api/customers/${customerId}/actions/logContact`,
      { type: 'email', nextCallDateTime: '2020-01-01T09:00:00.000Z' }, { 'if-match': `"${after.metadata.lastUpdatedDateTime}"` });
    expect(past.status).toBe(422);
    expect(past.body.errors[0]).toMatchObject({ message: 'Il prossimo richiamo deve essere nel futuro' });
    expect((await seller.request('GET', `/api/customers/${customerId}`)).body.data.attributes.contacts).toHaveLength(1);
  });
});
