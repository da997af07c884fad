/**
 * SPEC §6 quotation abilities as the service enforces them, with the demo roles (seed/generators/roles.ts):
 * `updateUnitNetPrice` (without it the unit price follows the price list), `readResponsible`
 * (a salesman reads, lists and acts on the quotations they wrote or are the salesman of, filtered in
 * SQL), `readArea` (the quotations of the customers in the zones that list the user among their
 * salesmen, read only), `receiveApprovalReminders` (a request for approval leaves a reminder for each approver,
 * with the request's message), `emit`, `requestApproval`, `approve`, `createRevision` and `updateRevision`
 * (each refused to a role without it), and the pricing of a line sent with only its product and quantity.
 * Every call is made with the caller the server would build for that request (roles and zones read again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/domain/entity.ts';
import { replaceQuotationLines } from '../../src/server/kinds/support/quotation-lines.ts';
import { engines, setupService, TODAY, type ServiceSetup } from './setup.ts';

describe.each(engines())('SPEC §6 quotation abilities on %s', (engine) => {
  let s: ServiceSetup;
  let customerId: string;
  let productId: string;
  const users: Record<string, string> = {};

  /** The caller of a request by this user, as built now. */
  const as = (userId: string) => s.callerOf(userId);
  const version = (entity: Entity) => `"${entity.metadata.lastUpdatedDateTime}"`;
  const current = async (type: string, entity: Entity) => (await s.stored(type, entity.id))!;
  const salesman = async (displayName: string, role: string) => (await s.user([role], { displayName, isSalesman: true })).identity.userId!;
  const createdBy = async (userId: string, type: string, body: unknown) => s.create(type, body, await as(userId));
  const act = async (userId: string, type: string, entity: Entity, action: string, body: unknown = {}) =>
    s.service.runAction(type, entity.id, action, body, version(await current(type, entity)), await as(userId));
  const patch = async (userId: string, type: string, entity: Entity, changes: unknown) =>
    s.service.update(type, entity.id, changes, version(await current(type, entity)), await as(userId));

  beforeAll(async () => {
    s = await setupService(engine);
    users.seller = await salesman('Venditore Uno', 'Commerciale');
    users.otherSeller = await salesman('Venditore Due', 'Commerciale');
    users.manager = await salesman('Responsabile', 'Responsabile commerciale');
    // A manager no longer enabled gets no reminder.
    await s.create('users', {
      attributes: { userType: 'siv', displayName: 'Responsabile in pensione', email: 'pensione@service.test', isSalesman: true },
      metadata: { isEnabled: false },
      relationships: { roleIds: [s.roleIds['Responsabile commerciale']] },
    });
    customerId = (await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Sigma Srl' } } })).id;
    productId = (await s.create('products', { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', listPrice: 50 } })).id;
    await s.create('priceLists', { attributes: { code: 'GEN', name: 'Generale', isDefault: true, items: [{ productId, price: 45 }] } });
  });
  afterAll(() => s?.close());

  it('updateUnitNetPrice: without it the unit price is the price list’s; with it a typed price is kept', async () => {
    const quotation = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY }, relationships: { customerId } });
    const line = (attributes: Record<string, unknown>) => ({ attributes, relationships: { quotationId: quotation.id, productId } });
    await expect(createdBy(users.seller!, 'quotationProducts', line({ quantity: 1, unitPrice: 30 }))).rejects.toMatchObject({
      code: 'FIELD_NOT_AUTHORIZED',
      errors: [{ pointer: '/attributes/unitPrice' }],
    });
    // Sending the list's own price, or none, is following the list.
    await createdBy(users.seller!, 'quotationProducts', line({ quantity: 1, unitPrice: 45 }));
    const followed = await createdBy(users.seller!, 'quotationProducts', line({ quantity: 1 }));
    expect(followed.attributes.unitPrice).toBe(45);
    await expect(patch(users.seller!, 'quotationProducts', followed, { attributes: { unitPrice: 40 } })).rejects.toMatchObject({ code: 'FIELD_NOT_AUTHORIZED' });
    // Other fields stay the salesman's to change.
    const quantity = await patch(users.seller!, 'quotationProducts', followed, { attributes: { quantity: 3, discountPercent: 5 } });
    expect(quantity.attributes.unitPrice).toBe(45);

    const managed = await patch(users.manager!, 'quotationProducts', followed, { attributes: { unitPrice: 40 } });
    expect(managed.attributes.unitPrice).toBe(40);
    const managerLine = await createdBy(users.manager!, 'quotationProducts', line({ quantity: 1, unitPrice: 30 }));
    expect(managerLine.attributes.unitPrice).toBe(30);
  });

  it('readResponsible: a salesman reads, lists and acts on their own quotations only', async () => {
    const own = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY, title: 'Scritto da me' }, relationships: { customerId } });
    expect(own.relationships.authorId).toBe(users.seller);
    const assigned = await s.create('quotations', { attributes: { date: TODAY, title: 'Assegnato a me' }, relationships: { customerId, commercialUserId: users.seller } });
    const others = await createdBy(users.otherSeller!, 'quotations', { attributes: { date: TODAY, title: 'Di un collega' }, relationships: { customerId } });

    const listed = await s.service.list('quotations', { 'filter[customerId]': customerId, 'page[size]': '100' }, await as(users.seller!));
    const ids = listed.data.map((q) => q.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, assigned.id]));
    expect(ids).not.toContain(others.id);
    expect(listed.meta.total).toBe(ids.length);
    await expect(s.service.get('quotations', others.id, await as(users.seller!))).rejects.toMatchObject({ code: 'CTM_FST_NOT_AUTHORIZED' });
    expect((await s.service.get('quotations', assigned.id, await as(users.seller!))).id).toBe(assigned.id);
    await expect(patch(users.seller!, 'quotations', others, { attributes: { title: 'Mio' } })).rejects.toMatchObject({ status: 403 });
    await expect(act(users.seller!, 'quotations', others, 'emit')).rejects.toMatchObject({ status: 403 });

    // The sales manager reads them all.
    const all = (await s.service.list('quotations', { 'filter[customerId]': customerId, 'page[size]': '100' }, await as(users.manager!))).data.map((q) => q.id);
    expect(all).toEqual(expect.arrayContaining([own.id, assigned.id, others.id]));
  });

  it('readArea: a salesman reads (not changes) the quotations of the customers in the zones that list them, and no others', async () => {
    const zone = async (code: string, salesmanIds: string[]) => (await s.create('commercialZones', { attributes: { code, name: code, provinces: [] }, relationships: { salesmanIds } })).id;
    const mine = await zone('AREA-MIA', [users.seller!]);
    const theirs = await zone('AREA-ALTRA', [users.otherSeller!]);
    const customerIn = async (name: string, commercialZoneId: string) =>
      s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name } }, relationships: { commercialZoneId } });
    const near = await customerIn('Vicino Srl', mine);
    const far = await customerIn('Lontano Srl', theirs);
    const inArea = await createdBy(users.otherSeller!, 'quotations', { attributes: { date: TODAY, title: 'Nella mia area' }, relationships: { customerId: near.id } });
    const outside = await createdBy(users.otherSeller!, 'quotations', { attributes: { date: TODAY, title: 'Fuori area' }, relationships: { customerId: far.id } });
    expect(inArea.metadata.commercialZoneId).toBe(mine);

    const listed = await s.service.list('quotations', { 'page[size]': '100' }, await as(users.seller!));
    const ids = listed.data.map((q) => q.id);
    expect(ids).toContain(inArea.id);
    expect(ids).not.toContain(outside.id);
    expect(listed.meta.total).toBe(ids.length);
    expect((await s.service.get('quotations', inArea.id, await as(users.seller!))).id).toBe(inArea.id);
    await expect(s.service.get('quotations', outside.id, await as(users.seller!))).rejects.toMatchObject({ code: 'CTM_FST_NOT_AUTHORIZED' });
    // Reading an area is not being responsible for it.
    await expect(patch(users.seller!, 'quotations', inArea, { attributes: { title: 'Mio' } })).rejects.toMatchObject({ status: 403 });
    // The identity lists the user's zones; a user in no zone reads no area.
    expect((await as(users.seller!)).profile.commercialZoneIds).toEqual([mine]);
    const unzoned = await salesman('Senza zona', 'Commerciale');
    await expect(s.service.get('quotations', inArea.id, await as(unzoned))).rejects.toMatchObject({ code: 'CTM_FST_NOT_AUTHORIZED' });

    // A customer moved to another zone takes its quotations along.
    await patch(s.admin.identity.userId!, 'customers', near, { relationships: { commercialZoneId: theirs } });
    await expect(s.service.get('quotations', inArea.id, await as(users.seller!))).rejects.toMatchObject({ code: 'CTM_FST_NOT_AUTHORIZED' });
    expect((await s.service.get('quotations', inArea.id, await as(users.otherSeller!))).id).toBe(inArea.id);
  });

  /** A quotation of the seller above the customer's maximum discount, for which the seller asks approval with `message`. */
  async function approvalRequested(businessName: string, message?: string) {
    const customer = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName }, maxDiscountPercent: 10 } });
    const quotation = await createdBy(users.seller!, 'quotations', { attributes: { date: TODAY }, relationships: { customerId: customer.id } });
    await createdBy(users.seller!, 'quotationProducts', { attributes: { quantity: 1, discountPercent: 30 }, relationships: { quotationId: quotation.id, productId } });
    await act(users.seller!, 'quotations', quotation, 'requestApproval', message ? { message } : {});
    return { customer, quotation };
  }
  const remindersOf = async (userId: string, quotation: Entity) =>
    (await s.service.list('reminders', { 'filter[entityId]': quotation.id }, await as(userId))).data;

  it('receiveApprovalReminders: requesting approval leaves a reminder for each enabled approver, and for no one else', async () => {
    const { customer, quotation } = await approvalRequested('Sconto Alto Srl');
    const managerReminders = await remindersOf(users.manager!, quotation);
    expect(managerReminders).toHaveLength(1);
    expect(managerReminders[0]).toMatchObject({ relationships: { userId: users.manager, entityType: 'quotations', entityId: quotation.id, customerId: customer.id } });
    expect(managerReminders[0]!.attributes.title).toContain(quotation.attributes.code);
    // The administrator's role grants everything, so it is an approver too.
    const all = (await remindersOf(s.admin.identity.userId!, quotation)).map((r) => r.relationships.userId as string);
    expect(all.toSorted()).toEqual([s.admin.identity.userId!, users.manager!].toSorted());
    expect(await remindersOf(users.seller!, quotation)).toHaveLength(0);
  });

  it('receiveApprovalReminders: the approver’s reminder carries the request’s message', async () => {
    const { quotation } = await approvalRequested('Messaggio Srl', 'Rinnovo triennale: serve il 30%');
    const [reminder] = await remindersOf(users.manager!, quotation);
    expect(reminder!.attributes.note).toBe('Rinnovo triennale: serve il 30%');
  });

  it('emit, requestApproval, approve, createRevision, updateRevision: each refused to a role without it', async () => {
    // A quotation writer who may neither emit, nor ask for approval, nor revise.
    const writerRole = await s.create('roles', {
      attributes: {
        name: 'Redattore preventivi',
        description: 'Scrive preventivi senza emetterli',
        permissions: [
          { action: ['create', 'read', 'update'], subject: 'quotation' },
          { action: ['create', 'read', 'update', 'delete'], subject: 'quotation products' },
          { action: 'read', subject: ['customer', 'product', 'price list', 'quotation revision'] },
        ],
      },
    });
    s.roleIds['Redattore preventivi'] = writerRole.id;
    const writer = (await s.user(['Redattore preventivi'], { displayName: 'Redattore' })).identity.userId!;
    const customer = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Abilità Srl' }, maxDiscountPercent: 10 } });
    const quotation = await createdBy(writer, 'quotations', { attributes: { date: TODAY }, relationships: { customerId: customer.id } });
    const line = await createdBy(writer, 'quotationProducts', { attributes: { quantity: 2 }, relationships: { quotationId: quotation.id, productId } });
    const status = async () => (await current('quotations', quotation)).attributes.status;

    // Within the maximum: emitting is allowed by the state, refused by the role.
    await expect(act(writer, 'quotations', quotation, 'emit')).rejects.toMatchObject({ status: 403 });
    expect(await status()).toBe('draft');
    // Above it: the request for approval is the role's to refuse (before the guard says anything).
    await patch(writer, 'quotationProducts', line, { attributes: { discountPercent: 40 } });
    await expect(act(writer, 'quotations', quotation, 'requestApproval')).rejects.toMatchObject({ status: 403 });
    // The salesman asks; a salesman cannot approve, not even their own; the manager can.
    await expect(act(users.seller!, 'quotations', quotation, 'requestApproval')).rejects.toMatchObject({ status: 403 }); // not theirs (readResponsible)
    await act(s.admin.identity.userId!, 'quotations', quotation, 'requestApproval');
    const ownSeller = await salesman('Venditore Tre', 'Commerciale');
    await expect(act(ownSeller, 'quotations', quotation, 'approve')).rejects.toMatchObject({ status: 403 });
    await act(users.manager!, 'quotations', quotation, 'approve');
    await act(users.manager!, 'quotations', quotation, 'emit');
    // Revising an issued quotation: refused to the writer, allowed to the manager.
    await expect(act(writer, 'quotations', quotation, 'createRevision')).rejects.toMatchObject({ status: 403 });
    expect(await status()).toBe('issued');
    await act(users.manager!, 'quotations', quotation, 'createRevision', { message: 'Nuove quantità' });
    const [revision] = (await s.service.list('quotationRevisions', { 'filter[quotationId]': quotation.id }, s.admin)).data;
    // updateRevision: only the reason of a revision may change, and only for a role that may update revisions.
    await expect(patch(users.seller!, 'quotationRevisions', revision!, { attributes: { reason: 'Altro' } })).rejects.toMatchObject({ status: 403 });
    await expect(patch(writer, 'quotationRevisions', revision!, { attributes: { reason: 'Altro' } })).rejects.toMatchObject({ status: 403 });
    const corrected = await patch(users.manager!, 'quotationRevisions', revision!, { attributes: { reason: 'Nuove quantità richieste dal cliente' } });
    expect(corrected.attributes.reason).toBe('Nuove quantità richieste dal cliente');
  });

  it('a line sent with only its product and quantity gets the price list’s price and the customer’s offer, in a single write and in a whole-lines write', async () => {
    const offered = await s.create('customers', {
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
    const whole = await replaceQuotationLines(s.service, await as(users.seller!), quotation.id, {
      lines: [{ id: single.id }, { relationships: { productId }, attributes: { quantity: 3 } }],
    }, version(await current('quotations', quotation)));
    expect(whole.included[1]!.attributes).toMatchObject({ quantity: 3, listPrice: 45, unitPrice: 40.5 });
    expect(whole.data.metadata.totalNetPrice).toBe(202.5);
  });
});
