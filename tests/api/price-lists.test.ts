/**
 * Issue 9, price lists and commercial offers: a product repeated in a list is refused on the row
 * that repeats it (SPEC §8 PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST, pointer `/attributes/items/N/productId`)
 * when edited with the version, also in a 10,000-row write; and
 * `GET /api/customers/{id}/price` answers the pricing rule the quotation lines use (list, offer
 * valid today), only to who may read the customer. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('price lists and customer prices on %s', (engine) => {
  let api: Api;
  let productA: string;
  let productB: string;
  let zoneId: string;

  beforeAll(async () => {
    api = await setupApi(engine);
    productA = (await api.create('products', { attributes: { code: 'PL-A', name: 'Estintore a polvere 6 kg', listPrice: 50 } })).id;
    productB = (await api.create('products', { attributes: { code: 'PL-B', name: 'Manichetta 20 m', listPrice: 80 } })).id;
    zoneId = (await api.create('commercialZones', { attributes: { code: 'PLZ', name: 'Zona listini', provinces: ['TO'] } })).id;
    await api.create('priceLists', { attributes: { code: 'PL-GEN', name: 'Generale', isDefault: true, items: [{ productId: productA, price: 45 }, { productId: productB, price: 70 }] } });
    await api.create('priceLists', { attributes: { code: 'PL-ZONA', name: 'Zona', items: [{ productId: productA, price: 44 }] }, relationships: { commercialZoneId: zoneId } });
  });
  afterAll(() => api?.close());

  it('refuses a product twice on the row that repeats it, on update too, and keeps the list as it was', async () => {
    const list = await api.create('priceLists', { attributes: { code: 'PL-DUP', name: 'Doppioni', items: [{ productId: productA, price: 10 }, { productId: productB, price: 20 }] } });
    const refused = await api.patch(`/api/priceLists/${list.id}`, {
      attributes: { items: [{ productId: productA, price: 10 }, { productId: productB, price: 20 }, { productId: productA, price: 11 }] },
    }, list.metadata.lastUpdatedDateTime);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST');
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/items/2/productId', code: 'PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST', message: 'Il prodotto è già presente nel listino' })]);
    expect((await api.get(`/api/priceLists/${list.id}`)).body.data.attributes.items).toHaveLength(2);

    const stale = await api.patch(`/api/priceLists/${list.id}`, { attributes: { items: [{ productId: productB, price: 21 }] } }, '2000-01-01T00:00:00.000Z');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
  });

  it('checks a 10,000-row write and names its first repeated row; refuses more than 10,000 rows', async () => {
    const ids: string[] = [];
    // Products in bulk through the API would be slow: one list of many rows needs many products.
    for (let n = 0; n < 20; n++) ids.push((await api.create('products', { attributes: { code: `PL-M${n}`, name: `Prodotto ${n}`, listPrice: n + 1 } })).id);
    const list = await api.create('priceLists', { attributes: { code: 'PL-BIG', name: 'Grande', items: ids.map((productId, n) => ({ productId, price: n + 0.5 })) } });
    const big = Array.from({ length: 10_000 }, (_, n) => ({ productId: ids[n % 20]!, price: n }));
    // 10,000 rows of 20 products repeat: the rule names the first repeated row.
    const repeated = await api.patch(`/api/priceLists/${list.id}`, { attributes: { items: big } }, list.metadata.lastUpdatedDateTime);
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors[0].pointer).toBe('/attributes/items/20/productId');
    const tooMany = await api.patch(`/api/priceLists/${list.id}`, { attributes: { items: [...big, big[0]] } }, list.metadata.lastUpdatedDateTime);
    expect(tooMany.status).toBe(422);
  });

  it('answers what a product costs for a customer today: its list, then the offer valid today', async () => {
    const offer = { commercialOfferType: 'discount', commercialPercentage: 10, validityDateTimeStart: '2026-01-01T00:00:00.000Z', validityDateTimeEnd: '2026-12-31T00:00:00.000Z' };
    const zoned = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Prezzi Zona Srl' }, ...offer }, relationships: { commercialZoneId: zoneId } })).id;
    const priced = await api.get(`/api/customers/${zoned}/price?productId=${productA}`);
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.data).toMatchObject({ customerId: zoned, productId: productA, listPrice: 44, unitPrice: 39.6, offerPercent: -10, priceListSource: 'zone' });
    // The zone's list does not price B: catalogue price, offer applied.
    expect((await api.get(`/api/customers/${zoned}/price?productId=${productB}`)).body.data).toMatchObject({ listPrice: 80, unitPrice: 72, priceListId: null, priceListSource: null });

    const expired = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Offerta Scaduta Srl' }, ...offer, validityDateTimeEnd: '2026-06-14T00:00:00.000Z' } })).id;
    expect((await api.get(`/api/customers/${expired}/price?productId=${productA}`)).body.data).toMatchObject({ listPrice: 45, unitPrice: 45, offerPercent: 0, priceListSource: 'general' });
  });

  it('refuses a bad or missing product id and a missing customer', async () => {
    const customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Domande Srl' } } })).id;
    const bad = await api.get(`/api/customers/${customerId}/price?productId=nope`);
    expect(bad.status).toBe(400);
    expect((await api.get(`/api/customers/${customerId}/price`)).status).toBe(400);
    expect((await api.get(`/api/customers/00000000-0000-4000-8000-000000000001/price?productId=${productA}`)).status).toBe(404);
  });
});

describe.each(engines())('who may ask a customer price on %s', (engine) => {
  let api: Api;
  afterAll(() => api?.close());

  it('answers a salesman, refuses a role that may not read customers', async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    const admin = api.as(api.adminId);
    const customerId = (await admin.request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Domande Srl' } } })).body.data.id;
    const productId = (await admin.request('POST', '/api/products', { attributes: { code: 'PL-X', name: 'Prodotto', listPrice: 12.5 } })).body.data.id;
    const path = `/api/customers/${customerId}/price?productId=${productId}`;
    const salesman = await insertUser(api, [roles.Commerciale!]);
    const asSalesman = await api.as(salesman).request('GET', path);
    expect(asSalesman.status, JSON.stringify(asSalesman.body)).toBe(200);
    expect(asSalesman.body.data).toMatchObject({ listPrice: 12.5, unitPrice: 12.5 });
    const external = await insertUser(api, [roles.Esterno!]);
    expect((await api.as(external).request('GET', path)).status).toBe(403);
  });
});
