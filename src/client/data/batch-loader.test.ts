import { describe, expect, it, vi } from 'vitest';
import { batchLoader } from './batch-loader.ts';

describe('batch loader', () => {
  it('resolves the keys asked in one tick with one call; unknown keys and failures give null', async () => {
    const resolve = vi.fn(async (keys: string[]) => new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()])));
    const load = batchLoader(resolve);
    await expect(Promise.all([load('a'), load('b'), load('a'), load('missing')])).resolves.toEqual(['A', 'B', 'A', null]);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve.mock.calls[0]![0]).toEqual(['a', 'b', 'missing']);
    await expect(load('c')).resolves.toBe('C');
    expect(resolve).toHaveBeenCalledTimes(2);
    const failing = batchLoader(async () => { throw new Error('offline'); });
    await expect(failing('x')).resolves.toBeNull();
  });
});
