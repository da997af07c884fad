/** The commercial workflow end to end through the API: quotations and their products, approvals, revisions, orders, SPEC §8 codes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('commercial workflow on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productId: string;

  const version = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const fresh = async (type: string, id: string) => (await api.get(`/api/${type}/${id}`)).body.data;
  const line = (quotationId: string, listPrice: number, unitPrice: number, quantity = 1) =>
    api.create('quotationProducts', { attributes: { description: 'Estintore a polvere 6 kg', quantity, listPrice, unitPrice, costPrice: 20 }, relationships: { quotationId, productId } });

  beforeAll(async () => {
    api = await setupApi(engine);
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Sigma Logistica Srl' } } })).id;
    productId = (await api.create('products', { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', listPrice: 50 } })).id;
  });
  afterAll(() => api?.close());

  it('finds a quotation by its hyphenated code, whole or as the prefix a user is typing', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10', title: 'Ricerca per codice' }, relationships: { customerId } });
    const code: string = quotation.attributes.code;
    for (const typed of [code, code.slice(0, -2), code.toLowerCase()]) {
      const found = await api.get(`/api/quotations?filter[fullText]=${encodeURIComponent(typed)}&page[size]=100`);
      expect(found.body.data.map((q: any) => q.id), typed).toContain(quotation.id);
    }
  });

  it('numbers quotations, keeps totals in step with products, and asks approval above the maximum discount', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10', title: 'Fornitura estintori' }, relationships: { customerId } });
    expect(quotation.attributes.code).toMatch(/^PRV-2026-\d{5}$/);
    expect(quotation.metadata.customerName).toBe('Sigma Logistica Srl');
    await line(quotation.id, 100, 70, 2); // 30% off list
    const withTotals = await fresh('quotations', quotation.id);
    expect(withTotals.metadata).toMatchObject({ totalListPrice: 200, totalNetPrice: 140, totalDiscount: 60, discountPercent: 30, productsCount: 1, totalMargin: 100 });
    expect(withTotals.metadata.lastUpdatedDateTime).toBe(quotation.metadata.lastUpdatedDateTime); // derived totals do not move the version
    const refused = await api.act('quotations', withTotals, 'emit');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(refused.body.message).toContain('30');
    const requested = await api.act('quotations', withTotals, 'requestApproval');
    expect(requested.body.data.attributes.status).toBe('to-be-approved');
    const approved = await api.act('quotations', requested.body.data, 'approve');
    const issued = await api.act('quotations', approved.body.data, 'emit');
    expect(issued.body.data.attributes.status).toBe('issued');
    // once issued the content is frozen; the signed copy can still be attached
    const lines = (await api.get(`/api/quotationProducts?filter[quotationId]=${quotation.id}`)).body.data;
    const frozen = await api.patch(`/api/quotationProducts/${lines[0].id}`, { attributes: { unitPrice: 10 } }, lines[0].metadata.lastUpdatedDateTime);
    expect(frozen.body.code).toBe('QUOTATION_NOT_EDITABLE');
    const titleChange = await api.patch(`/api/quotations/${quotation.id}`, { attributes: { title: 'Altro' } }, issued.body.data.metadata.lastUpdatedDateTime);
    expect(titleChange.body.code).toBe('QUOTATION_NOT_EDITABLE');
    const notSigned = await api.act('quotations', issued.body.data, 'accept');
    expect(notSigned.body).toMatchObject({ code: 'SIGNED_QUOTATION_REQUIRED', message: 'Per accettare il preventivo è necessario allegare il preventivo firmato' });
    const media = await api.create('media', { attributes: { type: 'document', nodeKind: 'media', name: 'Preventivo firmato', mimeType: 'application/pdf', extension: 'pdf', bytesCount: 1200 } });
    const attached = await api.patch(`/api/quotations/${quotation.id}`, { attributes: { attachments: [{ mediaId: media.id, kind: 'signedQuotation', name: 'firmato.pdf' }] } }, issued.body.data.metadata.lastUpdatedDateTime);
    expect(attached.status).toBe(200);
    const accepted = await api.act('quotations', attached.body.data, 'accept');
    expect(accepted.body.data.attributes.status).toBe('accepted');
  });

  it('lets a customer-specific maximum discount allow a direct emission', async () => {
    const generous = (await api.create('customers', { attributes: { allowedModules: ['fire'], maxDiscountPercent: 40, registry: { businessName: 'Generosa Spa' } } })).id;
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId: generous } });
    await line(quotation.id, 100, 70);
    const emitted = await api.act('quotations', await fresh('quotations', quotation.id), 'emit');
    expect(emitted.body.data.attributes.status).toBe('issued');
  });

  it('creates revisions with a frozen snapshot and duplicates quotations with their products', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10', title: 'Manutenzione annuale' }, relationships: { customerId } });
    await line(quotation.id, 50, 50, 3);
    const issued = await api.act('quotations', await fresh('quotations', quotation.id), 'emit');
    const revision = await api.act('quotations', issued.body.data, 'createRevision');
    expect(revision.body.data.attributes).toMatchObject({ status: 'revision', revisionNumber: 1 });
    const revisions = (await api.get(`/api/quotationRevisions?filter[quotationId]=${quotation.id}`)).body.data;
    expect(revisions).toHaveLength(1);
    expect(revisions[0].attributes).toMatchObject({ revisionNumber: 0, createdFromStatus: 'issued' });
    expect(revisions[0].attributes.snapshot.attributes.status).toBe('issued');
    const copy = await api.act('quotations', revision.body.data, 'duplicate');
    expect(copy.status).toBe(201);
    expect(copy.headers.location).toBe(`/api/quotations/${copy.body.data.id}`);
    expect(copy.body.data.attributes).toMatchObject({ status: 'draft', title: 'Manutenzione annuale', date: '2026-06-15', revisionNumber: 0 });
    expect(copy.body.data.attributes.code).not.toBe(quotation.attributes.code);
    expect(copy.body.data.metadata).toMatchObject({ totalNetPrice: 150, productsCount: 1 });
  });

  it('deletes a quotation together with its products (owned rows)', async () => {
    const quotation = await api.create('quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId } });
    const product = await line(quotation.id, 10, 10);
    const deleted = await api.request('DELETE', `/api/quotations/${quotation.id}`, { headers: version(await fresh('quotations', quotation.id)) });
    expect(deleted.status).toBe(200);
    expect((await fresh('quotationProducts', product.id)).metadata.isDeleted).toBe(true);
  });

  it('applies the SPEC §5 quotation date rules', async () => {
    const res = await api.post('/api/quotations', {
      attributes: { date: '2026-06-10', expiryDate: '2026-06-01', worksStartDate: '2026-07-10', worksCloseDate: '2026-07-01' },
      relationships: { customerId },
    });
    expect(res.status).toBe(422);
    const codes = res.body.errors.map((e: any) => e.code);
    expect(codes).toEqual(expect.arrayContaining(['expiryAfterWriting']));
    expect(codes.some((c: string) => c === 'startBeforeClose' || c === 'closeAfterStart')).toBe(true);
  });

  it('writes a product’s supplier products from its suppliers list, and refuses them written directly (one truth)', async () => {
    const first = await api.create('suppliers', { attributes: { businessName: 'Antincendi Nord Srl' } });
    const second = await api.create('suppliers', { attributes: { businessName: 'Presidi Sud Spa' } });
    const product = await api.create('products', {
      attributes: { code: 'EST-CO2-5', name: 'Estintore CO2 5 kg', suppliers: [
        { supplierId: first.id, supplierCode: 'AN-55', costPrice: 61.5, isDefault: true, leadTimeDays: 10 },
        { supplierId: second.id, supplierCode: 'PS-9', costPrice: 64, minimumOrderQuantity: 4 },
      ] },
    });
    const offersOf = async (query: string) => (await api.get(`/api/supplierProducts?${query}&sort=supplierCode`)).body.data
      .map((row: { attributes: Record<string, unknown>; relationships: Record<string, unknown> }) => ({ ...row.attributes, ...row.relationships }));
    expect(await offersOf(`filter[productId]=${product.id as string}`)).toEqual([
      { supplierCode: 'AN-55', costPrice: 61.5, isDefault: true, leadTimeDays: 10, supplierId: first.id, productId: product.id },
      { supplierCode: 'PS-9', costPrice: 64, isDefault: false, minimumOrderQuantity: 4, supplierId: second.id, productId: product.id },
    ]);
    // The list changes: the rows follow (one changed, one gone).
    const changed = await api.patch(`/api/products/${product.id as string}`, {
      attributes: { suppliers: [{ supplierId: first.id, supplierCode: 'AN-55', costPrice: 59, isDefault: true, leadTimeDays: 10 }] },
    }, product.metadata.lastUpdatedDateTime);
    expect(changed.status).toBe(200);
    expect(await offersOf(`filter[productId]=${product.id as string}`)).toEqual([
      { supplierCode: 'AN-55', costPrice: 59, isDefault: true, leadTimeDays: 10, supplierId: first.id, productId: product.id },
    ]);
    expect(await offersOf(`filter[supplierId]=${second.id as string}`)).toEqual([]);
    // Nobody writes a row directly, an administrator neither: the product's page is where.
    const [row] = (await api.get(`/api/supplierProducts?filter[productId]=${product.id as string}`)).body.data;
    const direct = await api.post('/api/supplierProducts', { attributes: { supplierCode: 'X' }, relationships: { supplierId: second.id, productId: product.id } });
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe('I fornitori di un prodotto, con codici, costi e tempi, si modificano nella scheda del prodotto');
    expect((await api.patch(`/api/supplierProducts/${row.id as string}`, { attributes: { costPrice: 1 } }, row.metadata.lastUpdatedDateTime)).status).toBe(403);
    expect((await api.request('DELETE', `/api/supplierProducts/${row.id as string}`, { headers: { 'if-match': `"${row.metadata.lastUpdatedDateTime as string}"` } })).status).toBe(403);
    // Deleting the product deletes its offers.
    const current = (await api.get(`/api/products/${product.id as string}`)).body.data;
    expect((await api.request('DELETE', `/api/products/${product.id as string}`, { headers: { 'if-match': `"${current.metadata.lastUpdatedDateTime as string}"` } })).status).toBe(200);
    expect(await offersOf(`filter[supplierId]=${first.id as string}`)).toEqual([]);
  });

  it('answers the SPEC §8 codes: product code, price list product, missing price list, assignment code, employee', async () => {
    const dupProduct = await api.post('/api/products', { attributes: { code: 'EST-P6', name: 'Altro' } });
    expect(dupProduct.status).toBe(409);
    expect(dupProduct.body.code).toBe('PRODUCT_CODE_ALREADY_USED');
    expect(dupProduct.body.message).toContain('Estintore a polvere 6 kg');

    const dupInList = await api.post('/api/priceLists', { attributes: { code: 'L1', name: 'Listino', items: [{ productId, price: 10 }, { productId, price: 12 }] } });
    expect(dupInList.status).toBe(422);
    expect(dupInList.body.code).toBe('PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST');
    expect(dupInList.body.errors[0].pointer).toBe('/attributes/items/1/productId');

    const noList = await api.post('/api/quotations', { attributes: { date: '2026-06-10' }, relationships: { customerId, priceListId: '00000000-0000-4000-8000-0000000000aa' } });
    expect(noList.body.code).toBe('PRICE_LIST_NOT_FOUND');
    expect(noList.body.errors[0].pointer).toBe('/relationships/priceListId');

    // Intervention codes are the server's series (INT-YYYY-NNNNN): a code sent twice makes no duplicate.
    const firstAssignment = await api.create('assignments', { attributes: { code: 'INT-001', module: 'fire' }, relationships: { customerId } });
    const secondAssignment = await api.create('assignments', { attributes: { code: 'INT-001', module: 'fire' }, relationships: { customerId } });
    expect(secondAssignment.attributes.code).not.toBe(firstAssignment.attributes.code);

    const employee = { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId } };
    await api.create('employees', employee);
    const dupEmployee = await api.post('/api/employees', employee);
    expect(dupEmployee.body).toMatchObject({ code: 'EMPLOYEE_ALREADY_EXISTS', message: 'Esiste già un dipendente con questo codice fiscale' });
    const otherCompany = (await api.create('customers', { attributes: { allowedModules: ['med'], registry: { businessName: 'Altra Srl' } } })).id;
    expect((await api.post('/api/employees', { ...employee, relationships: { customerId: otherCompany } })).status).toBe(201);
  });

  it('deletes orders only while new or cancelled', async () => {
    const order = await api.create('orders', { attributes: { orderDate: '2026-06-01' }, relationships: { customerId } });
    const confirmed = await api.act('orders', order, 'confirm');
    const refused = await api.request('DELETE', `/api/orders/${order.id}`, { headers: version(confirmed.body.data) });
    expect(refused.body.code).toBe('NOT_DELETABLE');
    const cancelled = await api.act('orders', confirmed.body.data, 'cancel');
    expect((await api.request('DELETE', `/api/orders/${order.id}`, { headers: version(cancelled.body.data) })).status).toBe(200);
  });
});

describe.each(engines())('order deliveries on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('asks to confirm a delivery above the ordered quantity and then updates the ordered quantity (SPEC §5)', async () => {
    const customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Tau Srl' } } })).id;
    const order = await api.create('orders', {
      attributes: { orderDate: '2026-06-01', lines: [{ description: 'Estintore CO2 5 kg', quantity: 10, unitPrice: 80 }, { description: 'Cartello', quantity: 4, unitPrice: 5 }] },
      relationships: { customerId },
    });
    expect(order.metadata.totalNetPrice).toBe(820);
    const early = await api.act('orders', order, 'deliver', { deliveries: [{ line: 0, quantity: 1 }] });
    expect(early.body.code).toBe('TRANSITION_NOT_ALLOWED');
    const todo = (await api.act('orders', order, 'confirm')).body.data;
    const partial = await api.act('orders', todo, 'deliver', { deliveries: [{ line: 0, quantity: 6 }] });
    expect(partial.status).toBe(200);
    expect(partial.body.data.attributes.lines[0]).toMatchObject({ quantity: 10, deliveredQuantity: 6 });
    const tooMany = await api.act('orders', partial.body.data, 'deliver', { deliveries: [{ line: 0, quantity: 5 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'DELIVERY_EXCEEDS_ORDERED', lines: [{ line: 0, ordered: 10, delivered: 11 }] });
    const confirmed = await api.act('orders', partial.body.data, 'deliver', { deliveries: [{ line: 0, quantity: 5 }], confirmExcess: true });
    expect(confirmed.body.data.attributes.lines[0]).toMatchObject({ quantity: 11, deliveredQuantity: 11 });
    expect(confirmed.body.data.metadata.totalNetPrice).toBe(900);
    const badLine = await api.act('orders', confirmed.body.data, 'deliver', { deliveries: [{ line: 9, quantity: 1 }] });
    expect(badLine.status).toBe(422);
    const badBody = await api.act('orders', confirmed.body.data, 'deliver', { deliveries: [{ line: 0, quantity: -1 }], extra: true });
    expect(badBody.status).toBe(422);
  });
});
