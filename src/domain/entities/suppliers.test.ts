import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { supplierProducts, suppliers } from './suppliers.ts';

const supplierId = '3f2b8c1d-9e4a-4b6f-8a2d-6c5e4f3a2b1c';
const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const supplier = { businessName: 'Antincendio Forniture S.r.l.' };
const parseSupplier = (attributes: object) => entitySchema(suppliers).safeParse({ attributes });
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('suppliers', () => {
  it('needs a business name and checks the registry data as for customers (SPEC §5)', () => {
    expect(issues(parseSupplier({ businessName: ' ' }))).toEqual([{ path: 'attributes.businessName', message: messages.required }]);
    expect(issues(parseSupplier({ ...supplier, vatNumber: '12345678901' }))).toEqual([{ path: 'attributes.vatNumber', message: messages.invalidVatNumber }]);
    expect(issues(parseSupplier({ ...supplier, email: 'non-una-mail' }))).toEqual([{ path: 'attributes.email', message: messages.invalidEmail }]);
    expect(issues(parseSupplier({ ...supplier, website: 'ftp://example.it' }))).toEqual([{ path: 'attributes.website', message: messages.invalidUrl }]);
    expect(parseSupplier({ ...supplier, vatNumber: 'IT01234567897' }).data?.attributes.vatNumber).toBe('01234567897');
  });

  it('takes an address as customers do, and nothing else in it', () => {
    expect(issues(parseSupplier({ ...supplier, address: { city: 'Milano', province: 'MI' } }))).toEqual([]);
    expect(parseSupplier({ ...supplier, address: { city: 'Milano', region: 'Lombardia' } }).success).toBe(false);
  });
});

describe('supplier products', () => {
  const parse = (attributes: object, relationships: object = { supplierId, productId }) =>
    entitySchema(supplierProducts).safeParse({ attributes, relationships });

  it('links one supplier to one product, both required', () => {
    expect(issues(parse({}, { supplierId }))).toEqual([{ path: 'relationships.productId', message: messages.required }]);
    expect(parse({ supplierCode: 'AF-6KG', costPrice: 21.5, leadTimeDays: 7, isDefault: true, minimumOrderQuantity: 10 }).success).toBe(true);
  });

  it('refuses negative costs and lead times, and a minimum order of 0', () => {
    expect(parse({ costPrice: -1 }).success).toBe(false);
    expect(parse({ leadTimeDays: -1 }).success).toBe(false);
    expect(parse({ minimumOrderQuantity: 0 }).success).toBe(false);
  });
});
