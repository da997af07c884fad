import { describe, expect, it } from 'vitest';
import { emptyGridState, gridUrl, pageQuery, parseGridState, serializeGridState, toggleSort } from './grid-state.ts';

describe('grid URL state', () => {
  it('round-trips every part of the view through the URL', () => {
    const state = {
      ...emptyGridState(),
      sort: ['-date', 'code'],
      filter: { status: 'draft,issued', isPerson: 'false' },
      from: { date: '2026-01-01' },
      to: { date: '2026-12-31' },
      has: { expiryDate: 'true' },
      have: { commercialOffer: 'true' },
      q: 'rossi estint',
      deleted: true,
      archived: 'all' as const,
      cols: ['code', 'status'],
    };
    const search = serializeGridState(state);
    expect(search).toContain('filter[status]=draft,issued');
    expect(search).toContain('sort=-date,code');
    expect(parseGridState(search)).toEqual(state);
    expect(parseGridState(`/marketing/quotations${search}`)).toEqual(state);
  });

  it('leaves the default view out of the URL', () => {
    expect(serializeGridState(emptyGridState())).toBe('');
    expect(gridUrl('/users?sort=name', emptyGridState())).toBe('/users');
  });

  it('ignores unknown parameters and empty values', () => {
    expect(parseGridState('?foo=1&filter[city]=&filter[isArchived]=maybe')).toEqual(emptyGridState());
  });

  it('builds the API page query with the path filters winning', () => {
    const state = { ...parseGridState('?filter[customerId]=x&filter[fullText]=a'), cols: ['a'] };
    expect(pageQuery(state, { 'filter[customerId]': 'y' }, 3, 100)).toEqual({
      'filter[customerId]': 'y',
      'filter[fullText]': 'a',
      'page[number]': 3,
      'page[size]': 100,
    });
  });

  it('continues after the cursor of the page before when it has one (keyset, not offset)', () => {
    const state = parseGridState('?sort=serialNumber');
    expect(pageQuery(state, {}, 500, 100, 'eyJzIjoiYSJ9')).toEqual({ sort: 'serialNumber', 'page[number]': 500, 'page[size]': 100, 'page[after]': 'eyJzIjoiYSJ9' });
    expect(pageQuery(state, {}, 500, 100)).not.toHaveProperty('page[after]');
  });

  it('cycles a header sort ascending → descending → default', () => {
    expect(toggleSort([], 'code')).toEqual(['code']);
    expect(toggleSort(['code'], 'code')).toEqual(['-code']);
    expect(toggleSort(['-code'], 'code')).toEqual([]);
    expect(toggleSort(['code'], 'date', true)).toEqual(['code', 'date']);
  });
});

import { findKind } from '../../domain/kinds.ts';
import { defaultColumnIds, kindColumns } from './columns.ts';

describe('grid columns from the kind', () => {
  it('derives columns with value kinds and picks readable defaults', () => {
    const quotations = findKind('quotations')!;
    const columns = kindColumns(quotations);
    expect(columns.find((c) => c.id === 'totalNetPrice')).toMatchObject({ kind: 'money', sortable: true, range: true });
    expect(columns.find((c) => c.id === 'status')).toMatchObject({ kind: 'enum', stateLabels: expect.objectContaining({ draft: 'Bozza' }) });
    expect(columns.find((c) => c.id === 'customerId')).toMatchObject({ kind: 'reference', target: 'customers' });
    expect(defaultColumnIds(quotations)).toEqual(['title', 'code', 'status', 'date', 'expiryDate', 'totalNetPrice', 'customerName', 'lastUpdatedDateTime']);
  });
});
