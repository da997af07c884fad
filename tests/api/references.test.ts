/**
 * References inside list items (`attributes.items[].productId`, `attributes.lines[].activityIds`,
 * `metadata.additionalPEFields[].equipmentFamilyId`): every id of every item must exist (the error
 * points at the item), and a record named inside another's items cannot be deleted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('references inside list items on %s', (engine) => {
  let api: Api;
  let productA: any;
  let productB: any;
  let supplier: any;
  let customerId: string;

  const remove = (type: string, entity: any) =>
    api.request('DELETE', `/api/${type}/${entity.id}`, { headers: { 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` } });
  const fresh = async (type: string, id: string) => (await api.get(`/api/${type}/${id}`)).body.data;

  beforeAll(async () => {
    api = await setupApi(engine);
    productA = await api.create('products', { attributes: { code: 'REF-A', name: 'Estintore a polvere 6 kg', listPrice: 50 } });
    productB = await api.create('products', { attributes: { code: 'REF-B', name: 'Idrante UNI 45', listPrice: 80 } });
    supplier = await api.create('suppliers', { attributes: { businessName: 'Fornitore Riferimenti Srl' } });
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Cliente Riferimenti Srl' } } })).id;
  });
  afterAll(() => api?.close());

  it('refuses a price-list row naming a missing product, pointing at the row', async () => {
    const missing = randomUUID();
    const items = [
      { productId: productA.id, price: 10 },
      { productId: productB.id, price: 20 },
      { productId: missing, price: 40 },
    ];
    const answer = await api.post('/api/priceLists', { attributes: { code: 'LST-REF', name: 'Listino riferimenti', items } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/items/2/productId', code: 'referenceNotFound', message: 'Prodotto: elemento non trovato' })]);
  });

  it('stores ids inside list items lower-case, so the derived list and its lookups match', async () => {
    const list = await api.create('priceLists', { attributes: { code: 'LST-CASE', name: 'Listino maiuscole', items: [{ productId: productA.id.toUpperCase(), price: 12 }] } });
    expect(list.attributes.items[0].productId).toBe(productA.id);
    expect(list.metadata.productIds).toEqual([productA.id]);
    const found = await api.get(`/api/priceLists?filter[productIds]=${productA.id}&filter[code]=LST-CASE`);
    expect(found.body.data.map((row: any) => row.id)).toEqual([list.id]);
  });

  it('checks ids inside lists of ids of items (order lines → activities)', async () => {
    const missing = randomUUID();
    const answer = await api.post('/api/orders', {
      attributes: { orderDate: '2026-06-10', lines: [{ productId: productA.id, quantity: 1, unitPrice: 10, activityIds: [missing] }] },
      relationships: { customerId },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ pointer: '/attributes/lines/0/activityIds/0', code: 'referenceNotFound' }));
  });

  it('checks ids in metadata lists too (a customer’s additional-field family)', async () => {
    const answer = await api.post('/api/customers', {
      attributes: { allowedModules: ['fire'], registry: { businessName: 'Cliente Campi Srl' } },
      metadata: { additionalPEFields: [{ type: 'text', label: 'Piano', name: 'piano', equipmentFamilyId: randomUUID() }] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ pointer: '/metadata/additionalPEFields/0/equipmentFamilyId', code: 'referenceNotFound' }));
  });

  it('keeps a product named in a price-list row, an order line or a supplier row from being deleted', async () => {
    const product = await api.create('products', {
      attributes: { code: 'REF-C', name: 'Porta tagliafuoco', listPrice: 300, suppliers: [{ supplierId: supplier.id, costPrice: 100, isDefault: true }] },
    });
    const list = await api.create('priceLists', { attributes: { code: 'LST-DEL', name: 'Listino con riga', items: [{ productId: product.id, price: 250 }] } });
    const refused = await remove('products', product);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ENTITY_RELATIONS_FOUND' });
    expect(refused.body.relations).toEqual([expect.objectContaining({ type: 'priceLists', count: 1 })]);

    // The supplier is named inside the product's `suppliers` rows, and in the supplier product written from them.
    const supplierRefused = await remove('suppliers', await fresh('suppliers', supplier.id));
    expect(supplierRefused.status).toBe(409);
    expect(supplierRefused.body.relations).toEqual([expect.objectContaining({ type: 'products', count: 1 }), expect.objectContaining({ type: 'supplierProducts', count: 1 })]);

    // Once the row is gone, the product can go.
    const emptied = await api.patch(`/api/priceLists/${list.id}`, { attributes: { items: [] } }, list.metadata.lastUpdatedDateTime);
    expect(emptied.status).toBe(200);
    const order = await api.create('orders', {
      attributes: { orderDate: '2026-06-10', lines: [{ productId: product.id, quantity: 2, unitPrice: 250 }] },
      relationships: { customerId },
    });
    const byOrder = await remove('products', await fresh('products', product.id));
    expect(byOrder.status).toBe(409);
    expect(byOrder.body.relations).toEqual([expect.objectContaining({ type: 'orders', count: 1 })]);
    const orderGone = await remove('orders', await fresh('orders', order.id));
    expect(orderGone.status).toBe(200);
    const deleted = await remove('products', await fresh('products', product.id));
    expect(deleted.status).toBe(200);
  });

  it('keeps an equipment family named by a customer’s additional field (a JSON path over metadata items)', async () => {
    const family = await api.create('equipmentFamilies', { attributes: { code: 'FAM-REF', name: 'Estintori a polvere', module: 'fire' } });
    await api.create('customers', {
      attributes: { allowedModules: ['fire'], registry: { businessName: 'Cliente Famiglia Srl' } },
      metadata: { additionalPEFields: [{ type: 'number', label: 'Peso', name: 'peso', equipmentFamilyId: family.id }] },
    });
    const refused = await remove('equipmentFamilies', family);
    expect(refused.status).toBe(409);
    expect(refused.body.relations).toEqual([expect.objectContaining({ type: 'customers', count: 1 })]);
  });
});
