/**
 * Issue 9, server part: a quotation line created with only its product and quantity is priced by
 * the shared rule (src/domain/rules/pricing.ts) — the customer's list, else its zone's, else the
 * general one; the commercial offer when valid today — and a value the client sends is kept. Also
 * the validity option → expiry date, and order numbers (ORD-2026-00001) on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, TODAY, type Api } from './setup.ts';

describe.each(engines())('pricing of quotation lines on %s', (engine) => {
  let api: Api;
  let productId: string;
  let supplierId: string;
  let zoneId: string;

  const offer = (percentage: number, end = '2026-12-31T00:00:00.000Z') => ({
    commercialOfferType: 'discount', commercialPercentage: percentage, validityDateTimeStart: '2026-01-01T00:00:00.000Z', validityDateTimeEnd: end,
  });
  const customer = async (name: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
    (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name }, ...attributes }, relationships })).id as string;
  const quotationFor = async (customerId: string) =>
    (await api.create('quotations', { attributes: { date: TODAY }, relationships: { customerId } })).id as string;
  const lineFor = (quotationId: string, attributes: Record<string, unknown> = {}) =>
    api.post('/api/quotationProducts', { attributes: { quantity: 2, ...attributes }, relationships: { quotationId, productId } });

  beforeAll(async () => {
    api = await setupApi(engine);
    supplierId = (await api.create('suppliers', { attributes: { businessName: 'Antincendio Forniture Spa' } })).id;
    const other = (await api.create('suppliers', { attributes: { businessName: 'Altro Fornitore Srl' } })).id;
    productId = (await api.create('products', {
      attributes: {
        code: 'EST-P6', name: 'Estintore a polvere 6 kg', unitOfMeasure: 'each', listPrice: 50, costPrice: 30,
        suppliers: [{ supplierId: other, costPrice: 25 }, { supplierId, costPrice: 22.5, isDefault: true }],
      },
    })).id;
    zoneId = (await api.create('commercialZones', { attributes: { code: 'NORD', name: 'Nord', provinces: ['MI'] } })).id;
    await api.create('priceLists', { attributes: { code: 'GEN', name: 'Generale', isDefault: true, items: [{ productId, price: 45 }] } });
    await api.create('priceLists', { attributes: { code: 'NORD', name: 'Zona Nord', items: [{ productId, price: 42 }] }, relationships: { commercialZoneId: zoneId } });
  });
  afterAll(() => api?.close());

  it('fills a line from the customer’s own list and applies its offer', async () => {
    const customerId = await customer('Sigma Logistica Srl', offer(10), { commercialZoneId: zoneId });
    await api.create('priceLists', { attributes: { code: 'SIGMA', name: 'Listino Sigma', validFrom: '2026-01-01', items: [{ productId, price: 40, discountPercent: 5 }] }, relationships: { customerId } });
    const quotationId = await quotationFor(customerId);
    const response = await lineFor(quotationId);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const line = response.body.data;
    // 40 − 5% = 38 list; −10% offer = 34.20
    expect(line.attributes).toMatchObject({ description: 'Estintore a polvere 6 kg', unitOfMeasure: 'each', listPrice: 38, unitPrice: 34.2, costPrice: 22.5 });
    expect(line.relationships.supplierId).toBe(supplierId);
    expect(line.metadata.netTotal).toBe(68.4);
    const quotation = (await api.get(`/api/quotations/${quotationId}`)).body.data;
    expect(quotation.metadata.totalNetPrice).toBe(68.4);
  });

  it('falls back to the zone’s list, then to the general one; an expired own list does not count', async () => {
    const zoned = await customer('Zeta Nord Srl', offer(0), { commercialZoneId: zoneId });
    await api.create('priceLists', { attributes: { code: 'ZETA', name: 'Scaduto', validTo: '2026-06-14', items: [{ productId, price: 1 }] }, relationships: { customerId: zoned } });
    expect((await lineFor(await quotationFor(zoned))).body.data.attributes).toMatchObject({ listPrice: 42, unitPrice: 42 });
    const elsewhere = await customer('Omega Sud Srl', offer(0));
    expect((await lineFor(await quotationFor(elsewhere))).body.data.attributes).toMatchObject({ listPrice: 45, unitPrice: 45 });
  });

  it('counts an expired offer as 0 and applies a surcharge', async () => {
    const expired = await customer('Scaduta Srl', offer(20, '2026-06-14T00:00:00.000Z'));
    expect((await lineFor(await quotationFor(expired))).body.data.attributes).toMatchObject({ listPrice: 45, unitPrice: 45 });
    const surcharged = await customer('Rincaro Srl', { ...offer(10), commercialOfferType: 'surcharge' });
    expect((await lineFor(await quotationFor(surcharged))).body.data.attributes).toMatchObject({ listPrice: 45, unitPrice: 49.5 });
  });

  it('keeps what the client sends, and reprices on a product change only what the client left alone', async () => {
    const customerId = await customer('Manuale Srl', offer(10));
    const quotationId = await quotationFor(customerId);
    const typed = (await lineFor(quotationId, { unitPrice: 39.9, description: 'Estintore con staffa' })).body.data;
    expect(typed.attributes).toMatchObject({ unitPrice: 39.9, listPrice: 45, description: 'Estintore con staffa' });
    // The quantity changes: the typed price stays.
    const requantified = await api.patch(`/api/quotationProducts/${typed.id}`, { attributes: { quantity: 5 } }, typed.metadata.lastUpdatedDateTime);
    expect(requantified.body.data.attributes).toMatchObject({ quantity: 5, unitPrice: 39.9 });
    // Another product: what the client does not send in this write follows the new product.
    const otherProduct = (await api.create('products', { attributes: { code: 'EST-C5', name: 'Estintore CO2 5 kg', listPrice: 80 } })).id;
    const changed = await api.patch(
      `/api/quotationProducts/${typed.id}`, { relationships: { productId: otherProduct } }, requantified.body.data.metadata.lastUpdatedDateTime,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ listPrice: 80, unitPrice: 72, description: 'Estintore CO2 5 kg' });
    const withPrice = await api.patch(
      `/api/quotationProducts/${typed.id}`, { attributes: { unitPrice: 70, description: 'Estintore con staffa' }, relationships: { productId } }, changed.body.data.metadata.lastUpdatedDateTime,
    );
    expect(withPrice.body.data.attributes).toMatchObject({ listPrice: 45, unitPrice: 70, description: 'Estintore con staffa' });
  });

  it('asks for a price when neither a product nor the client gives one', async () => {
    const quotationId = await quotationFor(await customer('Senza Prezzo Srl', {}));
    const free = await api.post('/api/quotationProducts', { attributes: { quantity: 1, description: 'Trasferta' }, relationships: { quotationId } });
    expect(free.status).toBe(422);
    expect(free.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/attributes/unitPrice', code: 'required' })]));
    const unpriced = (await api.create('products', { attributes: { code: 'SRV-X', name: 'Servizio su misura' } })).id;
    const noPrice = await api.post('/api/quotationProducts', { attributes: { quantity: 1 }, relationships: { quotationId, productId: unpriced } });
    expect(noPrice.status).toBe(422);
    expect(noPrice.body.errors[0]).toMatchObject({ pointer: '/attributes/unitPrice', code: 'required' });
  });
});

describe.each(engines())('quotation validity and order numbers on %s', (engine) => {
  let api: Api;
  let customerId: string;

  beforeAll(async () => {
    api = await setupApi(engine);
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Validità Srl' } } })).id;
  });
  afterAll(() => api?.close());

  it('sets the expiry from the writing date and the validity, unless the client sends one', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-01-31', validity: '3m' }, relationships: { customerId } });
    expect(quotation.attributes.expiryDate).toBe('2026-04-30');
    const longer = await api.patch(`/api/quotations/${quotation.id}`, { attributes: { validity: '1y' } }, quotation.metadata.lastUpdatedDateTime);
    expect(longer.body.data.attributes.expiryDate).toBe('2027-01-31');
    const typed = await api.patch(`/api/quotations/${quotation.id}`, { attributes: { validity: '15d', expiryDate: '2026-03-01' } }, longer.body.data.metadata.lastUpdatedDateTime);
    expect(typed.body.data.attributes.expiryDate).toBe('2026-03-01');
    const sent = await api.create('quotations', { attributes: { date: '2026-06-01', validity: '30d', expiryDate: '2026-06-20' }, relationships: { customerId } });
    expect(sent.attributes.expiryDate).toBe('2026-06-20');
  });

  it('numbers orders by year, never twice even when created at the same time, and refuses a number in use', async () => {
    const order = (number?: string, date = '2026-06-01') => api.post('/api/orders', {
      attributes: { orderDate: date, ...(number ? { orderNumber: number } : {}), lines: [{ description: 'Estintore CO2 5 kg', quantity: 1, unitPrice: 80 }] },
      relationships: { customerId },
    });
    const first = await order();
    expect(first.body.data.attributes.orderNumber).toBe('ORD-2026-00001');
    const together = await Promise.all(Array.from({ length: 8 }, () => order()));
    const numbers = together.map((response) => response.body.data?.attributes.orderNumber);
    expect(together.map((response) => response.status)).toEqual(Array(8).fill(201));
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.toSorted()).toEqual(Array.from({ length: 8 }, (_, i) => `ORD-2026-${String(i + 2).padStart(5, '0')}`));
    expect((await order(undefined, '2027-01-05')).body.data.attributes.orderNumber).toBe('ORD-2027-00001');
    const used = await order('ORD-2026-00003');
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ code: 'ORDER_NUMBER_ALREADY_USED' });
    expect(used.body.message).toContain('ORD-2026-00003');
    // A number typed by hand ahead of the series is skipped by the next automatic one.
    expect((await order('ORD-2026-00050')).status).toBe(201);
    expect((await order()).body.data.attributes.orderNumber).toBe('ORD-2026-00051');
    const found = await api.get(`/api/orders?filter[fullText]=${encodeURIComponent('ORD-2026-00004')}`);
    expect(found.body.data.map((o: any) => o.attributes.orderNumber)).toEqual(['ORD-2026-00004']);
  });
});
