import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { deliveredExceedsOrdered, orders } from './orders.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const activityId = '2c5ea4c0-4067-11e9-8bad-9b1deb4d3b7d';
const order = { orderDate: '2025-03-10' };
const parse = (attributes: object, relationships: object = { customerId }) => entitySchema(orders).safeParse({ attributes, relationships });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
const line = (rest: object = {}) => ({ productId, quantity: 10, unitPrice: 5, ...rest });

describe('orders', () => {
  it('starts new, with no lines', () => {
    expect(parse(order).data?.attributes).toMatchObject({ state: 'new', lines: [] });
    expect(parse({ ...order, state: 'shipped' }).success).toBe(false);
  });

  it('SPEC §5: never stores more delivered than ordered (the confirm flow raises the ordered quantity first)', () => {
    expect(issues(parse({ ...order, lines: [line({ deliveredQuantity: 11 })] }))).toEqual([
      { path: 'attributes.lines.0.deliveredQuantity', message: deliveredExceedsOrdered.message },
    ]);
    expect(issues(parse({ ...order, lines: [line({ deliveredQuantity: 10 })] }))).toEqual([]);
    expect(issues(parse({ ...order, lines: [line({ quantity: 11, deliveredQuantity: 11 })] }))).toEqual([]);
  });

  it('compares decimal quantities without floating-point noise', () => {
    expect(issues(parse({ ...order, lines: [line({ quantity: 0.3, deliveredQuantity: 0.1 + 0.2 })] }))).toEqual([]);
  });

  it('needs an ordered quantity above 0 and no negative delivery', () => {
    expect(parse({ ...order, lines: [line({ quantity: 0 })] }).success).toBe(false);
    expect(parse({ ...order, lines: [line({ deliveredQuantity: -1 })] }).success).toBe(false);
  });

  it('needs a product or a description on each line', () => {
    expect(issues(parse({ ...order, lines: [line({ productId: null })] }))).toEqual([
      { path: 'attributes.lines.0.description', message: messages.required },
    ]);
    expect(issues(parse({ ...order, lines: [line({ productId: null, description: 'Sopralluogo' })] }))).toEqual([]);
  });

  it('ends works on or after they start', () => {
    expect(issues(parse({ ...order, workStartDate: '2025-04-10', workEndDate: '2025-04-09' }))).toEqual([
      { path: 'attributes.workEndDate', message: messages.closeAfterStart },
    ]);
    expect(issues(parse({ ...order, workStartDate: '2025-04-10', workEndDate: '2025-04-10' }))).toEqual([]);
  });

  it('needs a customer', () => {
    expect(issues(parse(order, {}))).toEqual([{ path: 'relationships.customerId', message: messages.required }]);
  });

  it('derives total price, discount (amount and %) and net price from its lines', () => {
    const result = parse({
      ...order,
      lines: [line({ discountPercent: 10, activityIds: [activityId] }), line({ quantity: 1, unitPrice: 50, activityIds: [activityId] })],
    });
    expect(orders.derivedMetadata(result.data as never)).toEqual({
      totalPrice: 100,
      totalDiscount: 5,
      totalDiscountPercent: 5,
      totalNetPrice: 95,
      productIds: [productId],
      activityIds: [activityId],
    });
  });

  it('rejects unknown keys in a line', () => {
    expect(parse({ ...order, lines: [line({ vat: 22 })] }).success).toBe(false);
  });
});
