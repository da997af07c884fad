import { describe, expect, it } from 'vitest';
import { documentTotals, lineTotals } from './totals.ts';

describe('lineTotals', () => {
  it('computes list, gross, discount, net and margin of a line', () => {
    expect(lineTotals({ quantity: 3, listPrice: 50, unitPrice: 45, discountPercent: 10, costPrice: 20 })).toEqual({
      listTotal: 150,
      grossTotal: 135,
      discountAmount: 13.5,
      netTotal: 121.5,
      margin: 61.5,
      marginPercent: 50.62,
    });
  });

  it('rounds every amount to cents', () => {
    const totals = lineTotals({ quantity: 3, listPrice: 10.005, unitPrice: 0.1, discountPercent: 33.333, costPrice: 0.033 });
    expect(totals).toEqual({ listTotal: 30.02, grossTotal: 0.3, discountAmount: 0.1, netTotal: 0.2, margin: 0.1, marginPercent: 50 });
  });

  it('takes the unit price as list price and no cost when they are missing', () => {
    expect(lineTotals({ quantity: 2, unitPrice: 12.5 })).toEqual({
      listTotal: 25, grossTotal: 25, discountAmount: 0, netTotal: 25, margin: 25, marginPercent: 100,
    });
  });

  it('gives 0% rather than dividing by zero on a free line', () => {
    expect(lineTotals({ quantity: 1, unitPrice: 0, costPrice: 5 })).toMatchObject({ netTotal: 0, margin: -5, marginPercent: 0 });
  });
});

describe('documentTotals', () => {
  it('sums the lines and measures the discount against list price', () => {
    const totals = documentTotals([
      { quantity: 3, listPrice: 50, unitPrice: 45, discountPercent: 10, costPrice: 20 },
      { quantity: 1, listPrice: 100, unitPrice: 100, costPrice: 60 },
    ]);
    expect(totals).toEqual({
      listTotal: 250,
      grossTotal: 235,
      discountAmount: 13.5,
      netTotal: 221.5,
      margin: 101.5,
      marginPercent: 45.82,
      totalDiscount: 28.5,
      totalDiscountPercent: 11.4,
    });
  });

  it('adds cents without floating-point noise', () => {
    const tenCents = Array.from({ length: 3 }, () => ({ quantity: 1, unitPrice: 0.1 }));
    expect(documentTotals(tenCents).netTotal).toBe(0.3);
  });

  it('is all zeros for a document with no lines', () => {
    expect(documentTotals([])).toEqual({
      listTotal: 0, grossTotal: 0, discountAmount: 0, netTotal: 0, margin: 0, marginPercent: 0, totalDiscount: 0, totalDiscountPercent: 0,
    });
  });

  it('shows a surcharge as a negative discount', () => {
    expect(documentTotals([{ quantity: 1, listPrice: 100, unitPrice: 110 }])).toMatchObject({ totalDiscount: -10, totalDiscountPercent: -10 });
  });

  it('leaves sections, notes and optional items out of the totals', () => {
    const sold = { quantity: 2, listPrice: 50, unitPrice: 40 };
    const withOthers = documentTotals([
      sold,
      { quantity: 1, listPrice: 1000, unitPrice: 1000, isOptional: true },
      { quantity: 1, unitPrice: 0, kind: 'section' },
      { quantity: 1, unitPrice: 7, kind: 'note' },
    ]);
    expect(withOthers).toEqual(documentTotals([sold]));
  });
});
