import { describe, expect, it } from 'vitest';
import { compareQuotationLines, comparedLine, type ComparedLine } from './quotation-compare.ts';

const line = (id: string | undefined, productId: string | null, quantity: number, unitPrice: number, extra: Partial<ComparedLine> = {}): ComparedLine => ({
  ...(id ? { id } : {}), kind: 'product', isOptional: false, productId, description: productId ?? '', quantity, listPrice: unitPrice, unitPrice, discountPercent: 0, ...extra,
});

describe('compareQuotationLines', () => {
  it('pairs a revision’s lines by id and names the changed fields and totals', () => {
    const before = [line('a', 'p1', 2, 10), line('b', 'p2', 1, 50)];
    const after = [line('a', 'p1', 3, 10), line('b', 'p2', 1, 50)];
    const result = compareQuotationLines(before, after);
    expect(result.rows.map((row) => row.change)).toEqual(['changed', 'same']);
    expect(result.rows[0]!.fields).toEqual(['quantity', 'net']);
    expect(result.totals.left.netTotal).toBe(70);
    expect(result.totals.right.netTotal).toBe(80);
    expect(result.totals.changed).toContain('netTotal');
    expect(result.counts).toEqual({ same: 1, changed: 1, added: 0, removed: 0 });
  });

  it('pairs two quotations’ lines by product, keeps removed lines where they stood and adds new ones', () => {
    const left = [line('x1', 'p1', 1, 10), line('x2', 'p2', 1, 20), line('x3', 'p3', 1, 30)];
    const right = [line('y1', 'p1', 1, 10), line('y3', 'p3', 1, 30, { discountPercent: 5 }), line('y4', 'p4', 1, 40)];
    const result = compareQuotationLines(left, right);
    expect(result.rows.map((row) => [row.change, row.left?.productId ?? null, row.right?.productId ?? null])).toEqual([
      ['same', 'p1', 'p1'], ['removed', 'p2', null], ['changed', 'p3', 'p3'], ['added', null, 'p4'],
    ]);
    expect(result.rows[2]!.fields).toEqual(['discountPercent', 'net']);
  });

  it('pairs sections and notes by their text; optional lines are not in the totals', () => {
    const section = (text: string): ComparedLine => ({ kind: 'section', isOptional: false, productId: null, description: text, quantity: 1, discountPercent: 0 });
    const result = compareQuotationLines([section('Sede A'), line(undefined, 'p1', 1, 10)], [section('sede a'), line(undefined, 'p1', 1, 10, { isOptional: true })]);
    expect(result.rows.map((row) => row.change)).toEqual(['changed', 'changed']);
    expect(result.rows[0]!.fields).toEqual(['description']);
    expect(result.totals.right.netTotal).toBe(0);
  });

  it('reads stored and frozen lines alike', () => {
    expect(comparedLine({ id: 'l1', attributes: { kind: 'product', quantity: 2, unitPrice: 5, discountPercent: 10 }, relationships: { productId: 'p' } }))
      .toEqual({ id: 'l1', kind: 'product', isOptional: false, productId: 'p', description: '', quantity: 2, unitPrice: 5, discountPercent: 10 });
  });
});
