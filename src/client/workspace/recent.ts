/** Recently shown tabs (palette "Recenti"), newest first, per user in localStorage. */
import { atom } from 'jotai';
import { store } from '../store.ts';

export interface RecentItem {
  url: string;
  title: string;
}

export const MAX_RECENT = 12;
export const recentItemsAtom = atom<RecentItem[]>([]);

let storageKey: string | undefined;

export function loadRecent(userId: string): void {
  storageKey = `backoffice.recent.${userId}`;
  try {
    const raw = localStorage.getItem(storageKey);
    const list = raw ? (JSON.parse(raw) as RecentItem[]) : [];
    store.set(recentItemsAtom, Array.isArray(list) ? list.filter((item) => typeof item?.url === 'string' && typeof item.title === 'string').slice(0, MAX_RECENT) : []);
  } catch {
    store.set(recentItemsAtom, []);
  }
}

/** Puts `item` first (one entry per URL). */
export function pushRecent(list: readonly RecentItem[], item: RecentItem): RecentItem[] {
  return [item, ...list.filter((existing) => existing.url !== item.url)].slice(0, MAX_RECENT);
}

export function rememberRecent(item: RecentItem): void {
  const next = pushRecent(store.get(recentItemsAtom), item);
  store.set(recentItemsAtom, next);
  if (storageKey) {
    try {
      localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Recent items are a convenience.
    }
  }
}
