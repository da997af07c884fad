/**
 * Issue 9, quotation editor's save: `PUT /api/quotations/{id}/lines` writes the quotation's header and
 * its whole set of lines in one transaction checked against the quotation's version (If-Match).
 * Lines are created, changed, reordered and deleted through the generic service, so they are priced
 * by the pricing rule, keep history, and the SPEC §6 `updateUnitNetPrice` refusal holds; sections,
 * notes and optional lines are left out of the totals. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';

describe.each(engines())('PUT /api/quotations/{id}/lines on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productA: string;
  let productB: string;
  let seller: string;

  const ifMatch = (entity: { metadata: { lastUpdatedDateTime: string } }) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const put = (quotation: any, body: unknown, as = api.adminId) => api.as(as).request('PUT', `/api/quotations/${quotation.id}/lines`, body, ifMatch(quotation));
  const newQuotation = async (as = api.adminId) => {
    const response = await api.as(as).request('POST', '/api/quotations', { attributes: { date: TODAY }, relationships: { customerId } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const create = async (type: string, body: unknown) => {
    const response = await api.as(api.adminId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const get = (url: string) => api.as(api.adminId).request('GET', url);
  const storedLines = async (quotationId: string) =>
    (await get(`/api/quotationProducts?filter[quotationId]=${quotationId}&sort=position&page[size]=100`)).body.data as any[];

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    seller = await insertUser(api, [roles.Commerciale!], { displayName: 'Venditore', isSalesman: true });
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Sigma Srl' } } })).id;
    productA = (await create('products', { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', listPrice: 50, costPrice: 30 } })).id;
    productB = (await create('products', { attributes: { code: 'EST-C2', name: 'Estintore CO2 2 kg', listPrice: 80, costPrice: 50 } })).id;
    await create('priceLists', { attributes: { code: 'GEN', name: 'Generale', isDefault: true, items: [{ productId: productA, price: 45 }] } });
  });
  afterAll(() => api?.close());

  it('prices a line sent with only its product and quantity, and writes the header with the lines', async () => {
    const quotation = await newQuotation();
    const response = await put(quotation, {
      quotation: { attributes: { title: 'Estintori sede' } },
      lines: [{ relationships: { productId: productA }, attributes: { quantity: 2 } }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes.title).toBe('Estintori sede');
    expect(response.body.data.metadata.lastUpdatedDateTime).not.toBe(quotation.metadata.lastUpdatedDateTime);
    expect(response.headers.etag).toBe(`"${response.body.data.metadata.lastUpdatedDateTime}"`);
    expect(response.body.included).toHaveLength(1);
    expect(response.body.included[0]).toMatchObject({
      type: 'quotationProducts',
      attributes: { description: 'Estintore a polvere 6 kg', listPrice: 45, unitPrice: 45, costPrice: 30, quantity: 2, position: 0, kind: 'product' },
      metadata: { netTotal: 90 },
    });
    expect(response.body.data.metadata).toMatchObject({ totalNetPrice: 90, totalListPrice: 90, productsCount: 1 });
  });

  it('replaces the set atomically: creates, updates, reorders and deletes; a failing line writes nothing', async () => {
    const quotation = await newQuotation();
    const first = await put(quotation, {
      lines: [
        { relationships: { productId: productA }, attributes: { quantity: 1 } },
        { relationships: { productId: productB }, attributes: { quantity: 1 } },
        { attributes: { kind: 'note', description: 'Da eliminare' } },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [a, b, note] = first.body.included;
    const second = await put(first.body.data, {
      lines: [
        { id: b.id, attributes: { quantity: 3 } },
        { attributes: { kind: 'section', description: 'Manutenzione' } },
        { id: a.id },
      ],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const lines = await storedLines(quotation.id);
    expect(lines.map((l) => [l.id === a.id ? 'a' : l.id === b.id ? 'b' : l.attributes.kind, l.attributes.position])).toEqual([['b', 0], ['section', 1], ['a', 2]]);
    expect(lines.find((l) => l.id === b.id).attributes.quantity).toBe(3);
    expect((await get(`/api/quotationProducts/${note.id}`)).body.data.metadata.isDeleted).toBe(true);
    expect((await get(`/api/quotationProducts/${note.id}/history`)).body.data[0]).toMatchObject({ action: 'delete' });
    // 3 × 80 + 1 × 45
    expect(second.body.data.metadata.totalNetPrice).toBe(285);
    // History of the lines, as for single writes.
    const history = (await get(`/api/quotationProducts/${b.id}/history`)).body.data;
    expect(history[0].changes).toContainEqual(expect.objectContaining({ pointer: '/attributes/quantity', from: 1, to: 3 }));

    const bad = await put(second.body.data, {
      quotation: { attributes: { title: 'Non salvato' } },
      lines: [{ id: b.id, attributes: { quantity: 10 } }, { attributes: { quantity: 1, description: 'Senza prezzo' } }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ pointer: '/lines/1/attributes/unitPrice' }));
    const after = (await get(`/api/quotations/${quotation.id}`)).body.data;
    expect(after.metadata.lastUpdatedDateTime).toBe(second.body.data.metadata.lastUpdatedDateTime);
    expect(after.attributes.title).toBeUndefined();
    expect((await storedLines(quotation.id)).find((l) => l.id === b.id).attributes.quantity).toBe(3);
  });

  it('answers 409 VERSION_CONFLICT on a stale version, and 428 without one', async () => {
    const quotation = await newQuotation();
    const saved = await put(quotation, { lines: [{ relationships: { productId: productA }, attributes: { quantity: 1 } }] });
    expect(saved.status).toBe(200);
    const stale = await put(quotation, { lines: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect(await storedLines(quotation.id)).toHaveLength(1);
    const unversioned = await api.as(api.adminId).request('PUT', `/api/quotations/${quotation.id}/lines`, { lines: [] });
    expect(unversioned.status).toBe(428);
  });

  it('refuses a typed unit price without updateUnitNetPrice, at the line', async () => {
    const quotation = await newQuotation(seller);
    const refused = await put(quotation, { lines: [{ relationships: { productId: productA }, attributes: { quantity: 1, unitPrice: 30 } }] }, seller);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FIELD_NOT_AUTHORIZED', errors: [{ pointer: '/lines/0/attributes/unitPrice' }] });
    const followed = await put(quotation, { lines: [{ relationships: { productId: productA }, attributes: { quantity: 4, discountPercent: 5 } }] }, seller);
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(followed.body.included[0].attributes.unitPrice).toBe(45);
  });

  it('leaves optional lines, sections and notes out of the totals', async () => {
    const quotation = await newQuotation();
    const response = await put(quotation, {
      lines: [
        { attributes: { kind: 'section', description: 'Fornitura' } },
        { relationships: { productId: productA }, attributes: { quantity: 2 } },
        { relationships: { productId: productB }, attributes: { quantity: 1, isOptional: true } },
        { attributes: { kind: 'note', description: 'Consegna entro 30 giorni' } },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.included[2].metadata.netTotal).toBe(80);
    expect(response.body.data.metadata).toMatchObject({ totalNetPrice: 90, totalListPrice: 90, productsCount: 2 });
  });

  it('refuses lines of a quotation that is no longer editable', async () => {
    const quotation = await newQuotation();
    const saved = await put(quotation, { lines: [{ relationships: { productId: productA }, attributes: { quantity: 1 } }] });
    const emitted = await api.as(api.adminId).request('POST', `/api/quotations/${quotation.id}/actions/emit`, {}, ifMatch(saved.body.data));
    expect(emitted.status, JSON.stringify(emitted.body)).toBe(200);
    const refused = await put(emitted.body.data, { lines: [{ id: saved.body.included[0].id, attributes: { quantity: 2 } }] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('QUOTATION_NOT_EDITABLE');
  });
});
