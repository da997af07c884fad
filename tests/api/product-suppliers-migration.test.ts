/**
 * Migration 0029: a product's suppliers list and its supplier product rows, kept apart before, become
 * one truth: a row the list lacks joins it, the list takes the row's terms it lacked, and the rows
 * then say what the list says (added, changed, deleted).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { productSuppliersOneTruthMigration } from '../../src/server/db/migrations/0029-product-suppliers-one-truth.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0029 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('merges the supplier product rows into their products’ lists, then writes the rows from the lists', async () => {
    const db = api.database.db;
    const products = new EntityRepository(db, findKind('products')!);
    const offers = new EntityRepository(db, findKind('supplierProducts')!);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const [listed, unlisted, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const product = (id: string, code: string, suppliers: unknown[]) => ({ id, by: null, data: { attributes: { code, name: code, type: 'physical', unitOfMeasure: 'each', isActive: true, suppliers }, metadata: {}, relationships: { activityIds: [] } } });
    await products.insert([
      product(listed, 'P-1', [{ supplierId: a, supplierCode: 'A-1', costPrice: 10, isDefault: true }]),
      product(unlisted, 'P-2', [{ supplierId: c, supplierCode: 'C-2', costPrice: 20, isDefault: true }]),
      product(gone, 'P-3', []),
    ]);
    const offer = (productId: string, supplierId: string, attributes: Record<string, unknown>) => ({ id: randomUUID(), by: null, data: { attributes, metadata: {}, relationships: { productId, supplierId } } });
    const [rowA, rowB, rowGone] = [
      offer(listed, a, { supplierCode: 'A-1', costPrice: 10, isDefault: true, leadTimeDays: 7 }),
      offer(listed, b, { supplierCode: 'B-1', costPrice: 12, isDefault: false, minimumOrderQuantity: 5 }),
      offer(gone, a, { supplierCode: 'A-3', isDefault: false }),
    ];
    await offers.insert([rowA, rowB, rowGone]);
    await sql`UPDATE products SET is_deleted = true WHERE id = ${gone}::uuid`.execute(db);

    await productSuppliersOneTruthMigration.up(db);

    expect((await products.findById(listed))!.attributes.suppliers).toEqual([
      { supplierId: a, supplierCode: 'A-1', costPrice: 10, isDefault: true, leadTimeDays: 7 },
      { supplierId: b, supplierCode: 'B-1', costPrice: 12, isDefault: false, minimumOrderQuantity: 5 },
    ]);
    const rowsOf = async (productId: string) => (await offers.listByRelationship('productId', productId))
      .map((row): Record<string, unknown> => ({ supplierId: row.relationships.supplierId, ...row.attributes }))
      .sort((x, y) => String(x.supplierCode).localeCompare(String(y.supplierCode)));
    expect(await rowsOf(listed)).toEqual([
      { supplierId: a, supplierCode: 'A-1', costPrice: 10, isDefault: true, leadTimeDays: 7 },
      { supplierId: b, supplierCode: 'B-1', costPrice: 12, isDefault: false, minimumOrderQuantity: 5 },
    ]);
    // The row the list had and nobody wrote is there, found by its code.
    expect(await rowsOf(unlisted)).toEqual([{ supplierId: c, supplierCode: 'C-2', costPrice: 20, isDefault: true }]);
    const found = await api.as(api.adminId).request('GET', '/api/supplierProducts?filter[fullText]=C-2');
    expect(found.body.data.map((row: { relationships: { productId: string } }) => row.relationships.productId)).toEqual([unlisted]);
    // The deleted product's row is deleted too.
    expect(await offers.findById(rowGone.id)).toMatchObject({ metadata: { isDeleted: true } });
  });
});
