import { describe, expect, it } from 'vitest';
import { findKind } from '../../domain/kinds.ts';
import { childColumnIds, defaultColumnIds, kindColumns, TITLE_COLUMN, titleColumnLabel, withDrawnIds } from './columns.ts';
import { fieldLabel } from '../forms/format.ts';
import { kindList } from '../../domain/kinds.ts';
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

  it('shows a customer’s equipments with their next deadline second, as their own list does (not last, past the edge)', () => {
    const equipments = findKind('equipments')!;
    const { childColumns, gridCells } = kindModule('equipments');
    const section = withDrawnIds(childColumnIds(equipments, new Set(['customerId']), childColumns), gridCells);
    expect(section).toEqual([TITLE_COLUMN, 'nextDeadline', 'equipmentFamilyId', 'customerLocationPosition', 'state', 'serialNumber', 'productionDate']);
    // A choice with no drawn columns stays as it is.
    expect(withDrawnIds([TITLE_COLUMN, 'state'], undefined)).toEqual([TITLE_COLUMN, 'state']);
    expect(withDrawnIds(undefined, gridCells)).toBeUndefined();
    // A drawn column the choice names keeps its place (a quotation line's «Sconto %» before its net total).
    const lines = kindModule('quotationProducts');
    expect(withDrawnIds(childColumnIds(findKind('quotationProducts')!, new Set(['quotationId']), lines.childColumns), lines.gridCells)).toEqual([TITLE_COLUMN, 'productId', 'quantity', 'unitOfMeasure', 'unitPrice', 'discountPercent', 'netTotal']);
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

  it('heads each default column with its own title: the title column says what a row is, beside the fields (issue 23 «two Nome in the roles grid»)', () => {
    const roles = findKind('roles')!;
    // The role's title is its name: the name is not listed twice, and the title column reads «Ruolo».
    expect(defaultColumnIds(roles)).toEqual([TITLE_COLUMN, 'lastUpdatedDateTime']);
    expect(titleColumnLabel(roles)).toBe('Ruolo');
    expect(titleColumnLabel(findKind('commercialZones')!)).toBe('Zona commerciale');
    // A deadline's date is its «Scadenza»: the title column keeps «Nome».
    expect(titleColumnLabel(findKind('physicalActivities')!)).toBe('Nome');
    for (const kind of kindList) {
      const headers = [...new Set(defaultColumnIds(kind))].map((id) => (id === TITLE_COLUMN ? titleColumnLabel(kind) : fieldLabel(id, kindColumns(kind).find((c) => c.id === id)?.path)));
      expect(headers.filter((header, i) => headers.indexOf(header) !== i), kind.type).toEqual([]);
    }
  });
});
