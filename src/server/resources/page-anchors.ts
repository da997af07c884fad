/**
 * Keyset anchors for deep pages by number (`page[number]`). A page far down a list costs an OFFSET
 * that steps over every row before it (50,000 index entries for page 2,000 of 25). The first such
 * request of a list also notes the keyset cursor after every `ANCHOR_EVERY`-th row on its way;
 * later pages of the same list (same conditions, scope and order) start from the nearest anchor and
 * step over fewer than `ANCHOR_EVERY` rows. An API client paging through a list by number pays one
 * walk, not one per page.
 *
 * The anchors of a kind are dropped on any change notice of that kind (every process's committed
 * writes reach the change bus), so a page by number stays the page an OFFSET would give.
 */
import type { ChangeBus } from '../events/bus.ts';

/** Rows between two anchors: at most this many are stepped over with OFFSET. */
export const ANCHOR_EVERY = 1000;
/** Lists remembered (least recently used dropped first). */
const MAX_LISTS = 500;

interface ListAnchors {
  type: string;
  /** `cursors[i]`: the cursor after row `(i + 1) · ANCHOR_EVERY` of the list. */
  cursors: string[];
}

export class PageAnchors {
  private readonly lists = new Map<string, ListAnchors>();
  /** Bumped per kind on every change: anchors walked before it are not stored. */
  private readonly generations = new Map<string, number>();

  /** Drops a kind's anchors on each of its change notices, and all of them when notices may have been missed. */
  follow(bus: ChangeBus): void {
    bus.subscribe((notices) => {
      for (const type of new Set(notices.map((notice) => notice.type))) this.invalidate(type);
    });
    bus.onResync(() => this.clear());
  }

  invalidate(type: string): void {
    this.generations.set(type, this.generation(type) + 1);
    for (const [key, list] of this.lists) if (list.type === type) this.lists.delete(key);
  }

  clear(): void {
    for (const type of new Set([...this.lists.values()].map((list) => list.type))) this.invalidate(type);
  }

  generation(type: string): number {
    return this.generations.get(type) ?? 0;
  }

  /** The nearest anchor at or before row `offset` (0-based): its cursor and the rows left to step over. */
  nearest(key: string, offset: number): { cursor: string; skip: number; anchored: number } | undefined {
    const list = this.lists.get(key);
    if (!list) return undefined;
    // Most recently used last.
    this.lists.delete(key);
    this.lists.set(key, list);
    const index = Math.min(Math.floor(offset / ANCHOR_EVERY), list.cursors.length);
    if (index === 0) return undefined;
    return { cursor: list.cursors[index - 1]!, skip: offset - index * ANCHOR_EVERY, anchored: index };
  }

  /** Adds the anchors walked (continuing the list's) when nothing of the kind changed since `generation`. */
  store(key: string, type: string, generation: number, from: number, cursors: readonly string[]): void {
    if (cursors.length === 0 || this.generation(type) !== generation) return;
    const list = this.lists.get(key) ?? { type, cursors: [] };
    if (list.cursors.length !== from) return;
    list.cursors.push(...cursors);
    this.lists.delete(key);
    this.lists.set(key, list);
    while (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
  }
}
