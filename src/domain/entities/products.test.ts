import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { products } from './products.ts';

const supplierA = '3f2b8c1d-9e4a-4b6f-8a2d-6c5e4f3a2b1c';
const supplierB = '8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a';
const product = { code: 'EST-P6', name: 'Estintore a polvere 6 kg' };
const parse = (attributes: object, rest: object = {}) => entitySchema(products).safeParse({ attributes, ...rest });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('products', () => {
  it('SPEC §5: a product with suppliers needs at least one default supplier', () => {
    expect(issues(parse({ ...product, suppliers: [{ supplierId: supplierA }, { supplierId: supplierB }] }))).toEqual([
      { path: 'attributes.suppliers', message: messages.defaultSupplierRequired },
    ]);
    expect(issues(parse({ ...product, suppliers: [{ supplierId: supplierA }, { supplierId: supplierB, isDefault: true }] }))).toEqual([]);
  });

  it('lets a product without suppliers be (a service done in house)', () => {
    expect(issues(parse({ ...product, type: 'service' }))).toEqual([]);
  });

  it('lists a supplier once', () => {
    const twice = [{ supplierId: supplierA, isDefault: true }, { supplierId: supplierA, supplierCode: 'X1' }];
    expect(issues(parse({ ...product, suppliers: twice }))).toEqual([{ path: 'attributes.suppliers.1.supplierId', message: messages.invalidValue }]);
  });

  it('needs code and name, and prices that are money and not negative', () => {
    expect(issues(parse({ code: ' ', name: '' })).map((i) => i.path)).toEqual(['attributes.code', 'attributes.name']);
    expect(parse({ ...product, listPrice: 12.345 }).data?.attributes.listPrice).toBe(12.35);
    expect(parse({ ...product, costPrice: -1 }).success).toBe(false);
    expect(parse({ ...product, type: 'digital' }).success).toBe(false);
  });

  it('gathers the supplier ids so lists can filter by supplier and a supplier in use cannot be deleted', () => {
    const result = parse({ ...product, suppliers: [{ supplierId: supplierA, isDefault: true }, { supplierId: supplierB }] });
    expect(products.derivedMetadata(result.data as never)).toEqual({ supplierIds: [supplierA, supplierB] });
  });

  it('rejects unknown keys inside a supplier entry', () => {
    expect(parse({ ...product, suppliers: [{ supplierId: supplierA, isDefault: true, discount: 5 }] }).success).toBe(false);
  });
});
