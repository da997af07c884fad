import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster.ts';

describe('restartDelay', () => {
  it('doubles from 1 s on each quick death and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(restartDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
