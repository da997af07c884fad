/**
 * "Crea ordine" from an accepted quotation (the quotations' declared `createOrder` action): a new
 * numbered order with the quotation's lines (product, description, quantity, prices, discount),
 * linked to it, whose totals are the quotation's to the cent; only from `accepted`, only with the
 * ability, only once. Both engines.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';

describe.each(engines())('order from an accepted quotation on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productId: string;
  let seller: string;
  let reader: string;

  const ifMatch = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const quotationWithLines = async (status: string) => {
    const as = api.as(seller);
    const quotation = (await as.request('POST', '/api/quotations', { attributes: { date: TODAY, module: 'fire' }, relationships: { customerId } })).body.data;
    for (const [quantity, discountPercent] of [[3, 0], [7, 12.5], [1, 33]] as const) {
      const line = await as.request('POST', '/api/quotationProducts', { attributes: { quantity, discountPercent }, relationships: { quotationId: quotation.id, productId } });
      expect(line.status, JSON.stringify(line.body)).toBe(201);
    }
    const admin = api.as(api.adminId);
    const free = await admin.request('POST', '/api/quotationProducts', { attributes: { quantity: 2, description: 'Sopralluogo', unitPrice: 19.99 }, relationships: { quotationId: quotation.id } });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    // Neither a heading, a note nor an optional item is in the totals, so none is ordered.
    for (const attributes of [{ kind: 'section', description: 'Antincendio' }, { kind: 'note', description: 'Consegna in cantiere' }, { quantity: 4, description: 'Cartello (opzionale)', unitPrice: 12, isOptional: true }]) {
      const extra = await admin.request('POST', '/api/quotationProducts', { attributes, relationships: { quotationId: quotation.id } });
      expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    }
    // The states before acceptance (approval, signed copy) have their own tests: the row is put in the state wanted.
    await sql`UPDATE quotations SET attributes = jsonb_set(attributes, '{status}', to_jsonb(${status}::text)) WHERE id = ${quotation.id}::uuid`.execute(api.database.db);
    return (await as.request('GET', `/api/quotations/${quotation.id}`)).body.data;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    seller = await insertUser(api, [roles.Commerciale!], { displayName: 'Venditore', isSalesman: true });
    reader = await insertUser(api, [roles.Operatore!], { displayName: 'Operatore' });
    const admin = api.as(api.adminId);
    customerId = (await admin.request('POST', '/api/customers', {
      attributes: {
        allowedModules: ['fire'], registry: { businessName: 'Ordini Spa' },
        commercialOfferType: 'discount', commercialPercentage: 7, validityDateTimeStart: '2026-01-01T00:00:00.000Z', validityDateTimeEnd: '2026-12-31T00:00:00.000Z',
      },
    })).body.data.id;
    productId = (await admin.request('POST', '/api/products', { attributes: { code: 'EST-Q9', name: 'Estintore CO2 5 kg', listPrice: 123.45 } })).body.data.id;
  });
  afterAll(() => api?.close());

  it('copies the lines and keeps the link; totals agree with the quotation to the cent', async () => {
    const quotation = await quotationWithLines('accepted');
    const actions = Object.fromEntries((await api.as(seller).request('GET', `/api/quotations/${quotation.id}/actions`)).body.data.map((a: any) => [a.action, a]));
    expect(actions.createOrder).toMatchObject({ label: 'Crea ordine', creates: true, allowed: true, refusal: null });
    const response = await api.as(seller).request('POST', `/api/quotations/${quotation.id}/actions/createOrder`, undefined, ifMatch(quotation));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.data;
    expect(response.headers.location).toBe(`/api/orders/${order.id}`);
    expect(response.body.meta.createdType).toBe('orders');
    expect(order.attributes).toMatchObject({ orderNumber: expect.stringMatching(/^ORD-2026-\d{5}$/), orderDate: TODAY, state: 'new', module: 'fire' });
    expect(order.relationships).toMatchObject({ customerId, quotationId: quotation.id });
    const lines = (await api.as(seller).request('GET', `/api/quotationProducts?filter[quotationId]=${quotation.id}&page[size]=100`)).body.data
      .filter((line: any) => line.attributes.kind === 'product' && !line.attributes.isOptional);
    expect(lines).toHaveLength(4);
    expect(order.attributes.lines).toHaveLength(4);
    for (const line of lines) {
      expect(order.attributes.lines).toContainEqual(expect.objectContaining({
        productId: line.relationships.productId ?? null, description: line.attributes.description, quantity: line.attributes.quantity,
        unitPrice: line.attributes.unitPrice, discountPercent: line.attributes.discountPercent, deliveredQuantity: 0,
      }));
    }
    expect(order.metadata.totalNetPrice).toBe(quotation.metadata.totalNetPrice);
    expect(order.metadata.totalPrice).toBe(quotation.metadata.totalListPrice);
    expect(order.metadata.totalDiscount).toBe(quotation.metadata.totalDiscount);

    // The action is now listed as refused, naming the order.
    const listed = (await api.as(seller).request('GET', `/api/quotations/${quotation.id}/actions`)).body.data.find((a: any) => a.action === 'createOrder');
    expect(listed.refusal).toEqual({ code: 'ORDER_ALREADY_EXISTS', message: `Dal preventivo è già stato creato l’ordine ${order.attributes.orderNumber}` });
    const again = await api.as(seller).request('POST', `/api/quotations/${quotation.id}/actions/createOrder`, undefined, ifMatch(quotation));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ORDER_ALREADY_EXISTS', existingId: order.id });
    expect(again.body.message).toContain(order.attributes.orderNumber);
  });

  it('is refused before acceptance and without the ability', async () => {
    const issued = await quotationWithLines('issued');
    const early = await api.as(seller).request('POST', `/api/quotations/${issued.id}/actions/createOrder`, undefined, ifMatch(issued));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('TRANSITION_NOT_ALLOWED');
    const accepted = await quotationWithLines('accepted');
    const refused = await api.as(reader).request('POST', `/api/quotations/${accepted.id}/actions/createOrder`, undefined, ifMatch(accepted));
    expect(refused.status).toBe(403);
    const orders = (await api.as(api.adminId).request('GET', `/api/orders?filter[quotationId]=${accepted.id}`)).body.data;
    expect(orders).toEqual([]);
  });
});
