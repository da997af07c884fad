import { describe, expect, it } from 'vitest';
import { activeGroupFields, effectiveSort, startsGroup } from './grid-groups.ts';

describe('grid groups', () => {
  it('groups only when the sort starts with the group fields, in either direction', () => {
    const groupBy = ['customerName', 'customerLocationId'];
    expect(activeGroupFields(['customerName', '-customerLocationId', 'deadlineDate'], groupBy)).toEqual(groupBy);
    expect(activeGroupFields(['deadlineDate', 'customerName', 'customerLocationId'], groupBy)).toEqual([]);
    expect(activeGroupFields(['customerName'], groupBy)).toEqual([]);
    expect(activeGroupFields(['customerName'], undefined)).toEqual([]);
  });

  it('reads with the kind default order only when the URL names none', () => {
    expect(effectiveSort([], ['customerName', 'deadlineDate'])).toEqual(['customerName', 'deadlineDate']);
    expect(effectiveSort(['-deadlineDate'], ['customerName'])).toEqual(['-deadlineDate']);
    expect(effectiveSort([], undefined)).toEqual([]);
  });

  it('starts a group at the first row, where the key changes, and after a row not loaded yet', () => {
    const keys = ['a', 'a', 'b', undefined, 'b', 'b'];
    const at = (i: number) => keys[i];
    expect([0, 1, 2, 3, 4, 5].map((i) => startsGroup(at, i))).toEqual([true, false, true, true, true, false]);
  });
});
