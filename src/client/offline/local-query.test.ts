// The device's answer to a list query offline (issue 25) means what the server's does: found
// offline, the dashboard's «Miei interventi di oggi» (to[plannedStartDateTime]=<today>) listed
// nothing, because a calendar day as upper bound was compared as text with 08:00 of that day.
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { answerLocally } from './local-query.ts';

const assignment = (id: string, plannedStartDateTime: string): Entity => ({
  id, attributes: { plannedStartDateTime, state: 'scheduled' }, relationships: {}, metadata: {},
} as unknown as Entity);

const held = [
  assignment('a', '2026-11-28T17:00:00.000Z'),
  assignment('b', '2026-11-29T08:00:00.000Z'),
  assignment('c', '2026-11-29T16:30:00.000Z'),
  assignment('d', '2026-11-30T07:00:00.000Z'),
];
const ids = (params: Record<string, string>) => answerLocally('assignments', held, { sort: 'plannedStartDateTime', 'page[size]': '50', ...params })?.data.map((row) => row.id);

describe('a date range answered on the device', () => {
  it('takes a calendar day as upper bound for the whole day, as the server does', () => {
    expect(ids({ 'from[plannedStartDateTime]': '2026-11-29', 'to[plannedStartDateTime]': '2026-11-29' })).toEqual(['b', 'c']);
    expect(ids({ 'to[plannedStartDateTime]': '2026-11-28' })).toEqual(['a']);
  });

  it('takes a point in time as it is, normalised to UTC', () => {
    expect(ids({ 'to[plannedStartDateTime]': '2026-11-29T08:00:00.000Z' })).toEqual(['a', 'b']);
    expect(ids({ 'from[plannedStartDateTime]': '2026-11-29T17:00:00+01:00' })).toEqual(['c', 'd']);
  });

  it('leaves to the server what it cannot read', () => {
    expect(ids({ 'to[plannedStartDateTime]': 'domani' })).toBeUndefined();
    expect(ids({ 'to[unknownField]': '2026-11-29' })).toBeUndefined();
  });
});
