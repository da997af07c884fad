import { describe, expect, it } from 'vitest';
import { inProcessChangeBus } from '../events/bus.ts';
import { ANCHOR_EVERY, PageAnchors } from './page-anchors.ts';

describe('page anchors', () => {
  it('answer the nearest anchor before a row and the rows left to step over', () => {
    const anchors = new PageAnchors();
    expect(anchors.nearest('zones\nq', 5 * ANCHOR_EVERY)).toBeUndefined();
    anchors.store('zones\nq', 'zones', anchors.generation('zones'), 0, ['c1', 'c2', 'c3']);
    expect(anchors.nearest('zones\nq', ANCHOR_EVERY - 1)).toBeUndefined();
    expect(anchors.nearest('zones\nq', 2 * ANCHOR_EVERY + 7)).toEqual({ cursor: 'c2', skip: 7, anchored: 2 });
    // Past the anchors known: the last one, and more to step over (the caller walks on from it).
    expect(anchors.nearest('zones\nq', 5 * ANCHOR_EVERY)).toEqual({ cursor: 'c3', skip: 2 * ANCHOR_EVERY, anchored: 3 });
    // Continuing from the third anchor only.
    anchors.store('zones\nq', 'zones', anchors.generation('zones'), 2, ['x']);
    anchors.store('zones\nq', 'zones', anchors.generation('zones'), 3, ['c4']);
    expect(anchors.nearest('zones\nq', 4 * ANCHOR_EVERY)?.cursor).toBe('c4');
  });

  it('drop a kind\'s anchors on its change notices, and never store a walk that a change overtook', () => {
    const bus = inProcessChangeBus();
    const anchors = new PageAnchors();
    anchors.follow(bus);
    anchors.store('zones\nq', 'zones', 0, 0, ['c1']);
    anchors.store('roles\nq', 'roles', 0, 0, ['r1']);
    const before = anchors.generation('zones');
    anchors.invalidate('zones');
    expect(anchors.nearest('zones\nq', ANCHOR_EVERY)).toBeUndefined();
    expect(anchors.nearest('roles\nq', ANCHOR_EVERY)?.cursor).toBe('r1');
    anchors.store('zones\nq', 'zones', before, 0, ['stale']);
    expect(anchors.nearest('zones\nq', ANCHOR_EVERY)).toBeUndefined();
  });
});
