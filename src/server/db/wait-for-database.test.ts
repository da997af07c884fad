import { describe, expect, it } from 'vitest';
import { waitForDatabase } from './wait-for-database.ts';

/** A fake clock the sleeps advance, and a database that answers from the n-th ping on. */
function setup(upFromPing: number) {
  let clock = 0;
  let pings = 0;
  const lines: string[] = [];
  const database = { ping: async () => ++pings >= upFromPing };
  const options = { log: (line: string) => lines.push(line), now: () => clock, sleep: async (ms: number) => void (clock += ms), retryEveryMs: 2000 };
  return { database, options, lines, pings: () => pings, clock: () => clock };
}

describe('waitForDatabase', () => {
  it('returns at once when the database answers', async () => {
    const s = setup(1);
    await waitForDatabase(s.database, { ...s.options, waitMs: 60_000 });
    expect(s.lines).toEqual([]);
  });

  it('retries, saying so, until the database answers', async () => {
    const s = setup(4);
    await waitForDatabase(s.database, { ...s.options, waitMs: 60_000 });
    expect(s.pings()).toBe(4);
    expect(s.lines).toEqual(Array(3).fill('Database non raggiungibile, nuovo tentativo tra 2 s…'));
  });

  it('gives up after the bound with the reason', async () => {
    const s = setup(Infinity);
    await expect(waitForDatabase(s.database, { ...s.options, waitMs: 5_000 })).rejects.toThrow(/non raggiungibile dopo 5 s \(4 tentativi\).*DATABASE_URL/);
    expect(s.clock()).toBe(5_000);
  });

  it('with no wait configured, fails on the first refusal', async () => {
    const s = setup(Infinity);
    await expect(waitForDatabase(s.database, { ...s.options, waitMs: 0 })).rejects.toThrow(/1 tentativo\)/);
  });
});
