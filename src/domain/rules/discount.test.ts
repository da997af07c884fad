import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DISCOUNT_PERCENT, discountPercent, needsApproval } from './discount.ts';

describe('discountPercent', () => {
  it('is the share of the list total taken off, with 2 decimals', () => {
    expect(discountPercent(100, 80)).toBe(20);
    expect(discountPercent(300, 200)).toBe(33.33);
    expect(discountPercent(1234.56, 1000)).toBe(19);
    expect(discountPercent(0.3, 0.1 + 0.14)).toBe(20);
  });

  it('is 0 without a list total and negative for a surcharge', () => {
    expect(discountPercent(0, 50)).toBe(0);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(100, 110)).toBe(-10);
  });
});

describe('needsApproval', () => {
  it('needs approval strictly above the maximum (default 20%)', () => {
    expect(DEFAULT_MAX_DISCOUNT_PERCENT).toBe(20);
    expect(needsApproval(20)).toBe(false);
    expect(needsApproval(20.01)).toBe(true);
    expect(needsApproval(discountPercent(100, 80))).toBe(false);
    expect(needsApproval(discountPercent(100, 79.99))).toBe(true);
  });

  it('uses the customer-specific maximum when given', () => {
    expect(needsApproval(12, 10)).toBe(true);
    expect(needsApproval(12, 15)).toBe(false);
    expect(needsApproval(0, 0)).toBe(false);
    expect(needsApproval(-5)).toBe(false);
  });
});
