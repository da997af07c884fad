import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARGE_ESTIMATE_TTL_MS, plannedEstimate, UNCOUNTED_ABOVE } from './repository.ts';

const planOf = (rows: number) => [{ Plan: { 'Plan Rows': rows } }];

describe('plannedEstimate', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the planner again for a small list, and reuses a large list’s estimate for a minute, per database and statement', async () => {
    vi.useFakeTimers();
    const db = {};
    const statement = { sql: 'EXPLAIN (FORMAT JSON) SELECT 1 FROM zones WHERE x = $1', parameters: ['a'] };
    const small = vi.fn(async () => planOf(UNCOUNTED_ABOVE));
    await plannedEstimate(db, statement, small);
    await plannedEstimate(db, statement, small);
    expect(small).toHaveBeenCalledTimes(2);

    const large = vi.fn(async () => planOf(UNCOUNTED_ABOVE + 1));
    expect(await plannedEstimate(db, statement, large)).toEqual(planOf(UNCOUNTED_ABOVE + 1));
    expect(await plannedEstimate(db, statement, large)).toEqual(planOf(UNCOUNTED_ABOVE + 1));
    expect(large).toHaveBeenCalledTimes(1);
    // Another statement (other parameters) and another database ask for their own.
    await plannedEstimate(db, { ...statement, parameters: ['b'] }, large);
    await plannedEstimate({}, statement, large);
    expect(large).toHaveBeenCalledTimes(3);
    // A minute later the planner is asked again, and a list that became small is no longer remembered.
    vi.advanceTimersByTime(LARGE_ESTIMATE_TTL_MS + 1);
    await plannedEstimate(db, statement, small);
    await plannedEstimate(db, statement, large);
    expect(small).toHaveBeenCalledTimes(3);
    expect(large).toHaveBeenCalledTimes(4);
  });
});
