import { describe, expect, it } from 'vitest';
import { deliveryCheck } from './delivery.ts';

describe('deliveryCheck (SPEC §5)', () => {
  it('does not ask when the delivery stays within the order', () => {
    expect(deliveryCheck({ ordered: 10, alreadyDelivered: 4, toDeliver: 5 })).toEqual({ exceeds: false, excess: 0, newOrderedQuantity: 10 });
    expect(deliveryCheck({ ordered: 10, alreadyDelivered: 4, toDeliver: 6 })).toEqual({ exceeds: false, excess: 0, newOrderedQuantity: 10 });
  });

  it('asks when it exceeds, and the ordered quantity becomes the delivered total', () => {
    expect(deliveryCheck({ ordered: 10, alreadyDelivered: 4, toDeliver: 7 })).toEqual({ exceeds: true, excess: 1, newOrderedQuantity: 11 });
    expect(deliveryCheck({ ordered: 0, alreadyDelivered: 0, toDeliver: 2 })).toEqual({ exceeds: true, excess: 2, newOrderedQuantity: 2 });
  });

  it('does not see an excess that is only a floating-point error', () => {
    expect(deliveryCheck({ ordered: 0.3, alreadyDelivered: 0.1, toDeliver: 0.2 }).exceeds).toBe(false);
    expect(deliveryCheck({ ordered: 1.2, alreadyDelivered: 1.1, toDeliver: 0.2 })).toEqual({ exceeds: true, excess: 0.1, newOrderedQuantity: 1.3 });
  });

  it('rejects negative or non-numeric quantities', () => {
    expect(() => deliveryCheck({ ordered: 10, alreadyDelivered: -1, toDeliver: 5 })).toThrow(RangeError);
    expect(() => deliveryCheck({ ordered: -10, alreadyDelivered: 0, toDeliver: 5 })).toThrow(/ordered/);
    expect(() => deliveryCheck({ ordered: 10, alreadyDelivered: 0, toDeliver: Number.NaN })).toThrow(/toDeliver/);
  });
});
