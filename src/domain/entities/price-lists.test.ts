import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { priceLists } from './price-lists.ts';

const productA = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const productB = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const list = { code: 'L2025', name: 'Listino 2025' };
const parse = (attributes: object, rest: object = {}) => entitySchema(priceLists).safeParse({ attributes, ...rest });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), code: (issue as { params?: { code?: string } }).params?.code, message: issue.message }));

describe('price lists', () => {
  it('SPEC §8: refuses a product listed twice, on the repeated item', () => {
    const items = [{ productId: productA, price: 10 }, { productId: productB, price: 20 }, { productId: productA, price: 12 }];
    expect(issues(parse({ ...list, items }))).toEqual([
      { path: 'attributes.items.2.productId', code: 'PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST', message: 'Il prodotto è già presente nel listino' },
    ]);
    expect(issues(parse({ ...list, items: items.slice(0, 2) }))).toEqual([]);
  });

  it('ends its validity on or after its start', () => {
    expect(issues(parse({ ...list, validFrom: '2025-01-01', validTo: '2024-12-31' }))).toEqual([
      { path: 'attributes.validTo', code: 'validityEndAfterStart', message: messages.validityEndAfterStart },
    ]);
    expect(issues(parse({ ...list, validFrom: '2025-01-01', validTo: '2025-01-01' }))).toEqual([]);
    expect(issues(parse({ ...list, validTo: '2025-12-31' }))).toEqual([]);
  });

  it('is in euro only, with prices in cents and discounts between 0 and 100', () => {
    expect(parse(list).data?.attributes.currency).toBe('EUR');
    expect(parse({ ...list, currency: 'USD' }).success).toBe(false);
    expect(parse({ ...list, items: [{ productId: productA, price: 9.999 }] }).data?.attributes.items).toEqual([{ productId: productA, price: 10 }]);
    expect(parse({ ...list, items: [{ productId: productA, price: 10, discountPercent: 101 }] }).success).toBe(false);
    expect(parse({ ...list, items: [{ productId: productA, price: -1 }] }).success).toBe(false);
  });

  it('gathers the products it prices, so a priced product cannot be deleted', () => {
    const result = parse({ ...list, items: [{ productId: productA, price: 10 }, { productId: productB, price: 20 }] });
    expect(priceLists.derivedMetadata(result.data as never)).toEqual({ productIds: [productA, productB] });
  });

  it('rejects unknown keys in an item', () => {
    expect(parse({ ...list, items: [{ productId: productA, price: 10, vat: 22 }] }).success).toBe(false);
  });
});
