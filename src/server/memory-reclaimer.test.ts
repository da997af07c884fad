import { describe, expect, it } from 'vitest';
import { memoryReclaimer, type MemoryReclaimerOptions } from './memory-reclaimer.ts';

const MB = 1048576;

/** A process whose resident set, clock and last request the test sets; a collection leaves `floor`. */
function aProcess(start: { rss: number; floor: number }, overrides: Partial<MemoryReclaimerOptions> = {}) {
  const state = { rss: start.rss * MB, floor: start.floor * MB, now: 0, lastRequestAt: 0, collections: 0, lines: [] as string[] };
  const reclaimer = memoryReclaimer({
    budgetBytes: 200 * MB,
    idleMs: 10_000,
    minIntervalMs: 5_000,
    growthBytes: 32 * MB,
    rss: () => state.rss,
    collect: () => {
      state.collections++;
      state.rss = state.floor;
    },
    now: () => state.now,
    lastRequestAt: () => state.lastRequestAt,
    log: (line) => state.lines.push(line),
    ...overrides,
  });
  return { state, reclaimer, at: (ms: number, rss?: number) => ((state.now = ms), rss !== undefined && (state.rss = rss * MB), reclaimer.check()) };
}

describe('memory reclaimer', () => {
  it('collects when the budget is passed, then not again before the interval', () => {
    const { state, at } = aProcess({ rss: 140, floor: 130 });
    state.lastRequestAt = 0;
    expect(at(1_000, 190)).toBe(false);
    expect(at(2_000, 260)).toBe(true);
    expect(state.rss).toBe(130 * MB);
    expect(state.lines[0]).toMatch(/memoria: 260 → 130 MB \(oltre il limite/);
    expect(at(4_000, 270)).toBe(false);
    expect(at(7_000)).toBe(true);
    expect(state.collections).toBe(2);
  });

  it('collects once when the process is quiet after growing, and not while requests arrive or when it has not grown', () => {
    const { state, at } = aProcess({ rss: 140, floor: 128 });
    state.lastRequestAt = 0;
    expect(at(5_000, 185)).toBe(false);
    state.lastRequestAt = 6_000;
    expect(at(12_000)).toBe(false);
    expect(at(16_000)).toBe(true);
    expect(state.lines[0]).toMatch(/a riposo/);
    // Quiet, and nothing grew since: no more collections.
    expect(at(30_000, 135)).toBe(false);
    expect(state.collections).toBe(1);
  });

  it('never collects in a loop a process whose live memory is above the budget', () => {
    const { state, at } = aProcess({ rss: 340, floor: 335 });
    state.lastRequestAt = 1e9;
    // Its start leaves 340 MB: passing the budget is not enough, it must have grown since.
    expect(at(10_000, 350)).toBe(false);
    expect(at(20_000, 380)).toBe(true);
    expect(at(30_000, 350)).toBe(false);
    expect(at(40_000, 369)).toBe(true);
    expect(state.collections).toBe(2);
  });

  it('does nothing with a budget of 0', () => {
    const { state, at } = aProcess({ rss: 140, floor: 130 }, { budgetBytes: 0 });
    expect(at(60_000, 900)).toBe(false);
    expect(state.collections).toBe(0);
  });
});
