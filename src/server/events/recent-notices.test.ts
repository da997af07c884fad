import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../../domain/records.ts';
import { RecentNotices } from './recent-notices.ts';

const notice = (id: string): ChangeNotice => ({ type: 'customers', id, version: '1', action: 'update', by: null });

describe('RecentNotices', () => {
  it('covers nothing until it starts hearing, then replays what came at or after a time', () => {
    let now = 1_000;
    const recent = new RecentNotices(() => now);
    recent.add([notice('before')]);
    expect(recent.since(0)).toBeUndefined();
    recent.startCovering();
    expect(recent.since(999)).toBeUndefined();
    expect(recent.since(1_000)).toEqual([]);
    now = 1_500;
    recent.add([notice('a'), notice('b')]);
    now = 2_000;
    recent.add([notice('c')]);
    expect(recent.since(1_000)?.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(recent.since(1_501)?.map((n) => n.id)).toEqual(['c']);
    expect(recent.since(5_000)).toEqual([]);
  });

  it('drops old notices and too many, and then no longer covers their time', () => {
    let now = 0;
    const recent = new RecentNotices(() => now, 1_000, 3);
    recent.startCovering();
    now = 100;
    recent.add([notice('old')]);
    now = 1_200;
    expect(recent.since(0)).toBeUndefined();
    expect(recent.since(101)).toEqual([]);
    recent.add([notice('x'), notice('y'), notice('z'), notice('w')]);
    // Four of the same instant, three kept: that instant is no longer covered.
    expect(recent.since(1_200)).toBeUndefined();
    expect(recent.since(1_201)).toEqual([]);
  });

  it('starts again after a lost connection: what came before is not known', () => {
    let now = 0;
    const recent = new RecentNotices(() => now);
    recent.startCovering();
    now = 10;
    recent.add([notice('a')]);
    now = 20;
    recent.startCovering();
    expect(recent.since(5)).toBeUndefined();
    expect(recent.since(20)).toEqual([]);
  });
});
