import { describe, expect, it } from 'vitest';
import { findKind } from '../../domain/kinds.ts';
import { childColumnIds, kindColumns, TITLE_COLUMN } from './columns.ts';
import { kindModule } from '../kinds/index.ts';

describe('grid columns', () => {
  const lines = findKind('quotationProducts')!;

  it('offers every plain attribute and derived total, not only list fields; only list fields sort', () => {
    const columns = new Map(kindColumns(lines).map((c) => [c.id, c]));
    expect(columns.get('quantity')).toMatchObject({ path: 'attributes.quantity', kind: 'number', sortable: false, fieldType: 'none' });
    expect(columns.get('unitPrice')).toMatchObject({ kind: 'money', sortable: false });
    expect(columns.get('discountPercent')).toMatchObject({ kind: 'percent' });
    expect(columns.get('unitOfMeasure')).toMatchObject({ kind: 'enum', options: expect.arrayContaining(['each']) });
    expect(columns.get('netTotal')).toMatchObject({ path: 'metadata.netTotal', kind: 'money', sortable: false });
    expect(columns.get('position')).toMatchObject({ sortable: true, fieldType: 'number' });
    expect(columns.get('productId')).toMatchObject({ kind: 'reference', target: 'products' });
    const ids = kindColumns(lines).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows a quotation’s lines by product, quantity, unit, unit price, discount and net total', () => {
    expect(childColumnIds(lines, new Set(['quotationId']), kindModule('quotationProducts').childColumns)).toEqual([TITLE_COLUMN, 'productId', 'quantity', 'unitOfMeasure', 'unitPrice', 'discountPercent', 'netTotal']);
    // Without the module's choice: the relation, the required fields (the line's kind: product, section or note), the amounts and the net total.
    expect(childColumnIds(lines, new Set(['quotationId']))).toEqual([TITLE_COLUMN, 'productId', 'kind', 'quantity', 'discountPercent', 'netTotal']);
  });

  it('never shows the parent relation the grid is filtered by', () => {
    for (const type of ['assignments', 'priceLists', 'assignmentActivities']) {
      const kind = findKind(type)!;
      const fixed = new Set(['orderId', 'customerId', 'assignmentId']);
      expect(childColumnIds(kind, fixed).some((id) => fixed.has(id)), type).toBe(false);
      expect(childColumnIds(kind, fixed)[0]).toBe(TITLE_COLUMN);
    }
  });
});

import { presetFromFilters } from '../screens/grid-screen.tsx';

describe('child grid presets', () => {
  it('fills the parent relation of a new child from the grid’s fixed filter', () => {
    expect(presetFromFilters(findKind('quotationProducts')!, { 'filter[quotationId]': 'q1', sort: 'position' })).toEqual({ 'relationships.quotationId': 'q1' });
    expect(presetFromFilters(findKind('priceLists')!, { 'filter[customerId]': 'c1', 'filter[isDeleted]': 'true' })).toEqual({ 'relationships.customerId': 'c1' });
  });
});
