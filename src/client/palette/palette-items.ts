/**
 * What the palette shows, as plain data, and how it ranks it: cmdk's own fuzzy score
 * (`defaultFilter`, DESIGN §6.10) over title and keywords, best first, only the first `limit`
 * rendered so a registry of any size stays fast.
 */
import { defaultFilter } from 'cmdk';

export interface PaletteItem {
  /** Unique within the palette (cmdk value). */
  id: string;
  title: string;
  group: string;
  keywords?: string[];
  /** Shortcut text shown at the end (`G Q`). */
  shortcut?: string;
  /** Secondary text (record kind, customer). */
  detail?: string;
  /** Shown but not runnable, with the reason (DESIGN §1). */
  disabledReason?: string;
  /** Kept first whatever the search (the active tab's commands). */
  pinned?: boolean;
  /** Already filtered by the server (record search): shown as it came. */
  prefiltered?: boolean;
  run(options: { side?: 'left' | 'right' }): void;
}

export const DEFAULT_RENDER_LIMIT = 60;

/** Items matching `search`, pinned and server-filtered first, then by cmdk score; at most `limit`. */
export function rankItems(items: readonly PaletteItem[], search: string, limit = DEFAULT_RENDER_LIMIT): PaletteItem[] {
  const term = search.trim();
  if (!term) return items.slice(0, limit);
  const scored: { item: PaletteItem; score: number; order: number }[] = [];
  items.forEach((item, order) => {
    const score = item.prefiltered ? 1 : defaultFilter(item.title, term, item.keywords);
    if (score > 0) scored.push({ item, score: item.pinned ? 2 + score : score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((entry) => entry.item);
}

/** Groups in order of their first item, keeping the ranked order inside each group. */
export function groupItems(items: readonly PaletteItem[]): [group: string, items: PaletteItem[]][] {
  const groups = new Map<string, PaletteItem[]>();
  for (const item of items) {
    const list = groups.get(item.group) ?? [];
    list.push(item);
    groups.set(item.group, list);
  }
  return [...groups];
}
