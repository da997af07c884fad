/** Recently shown tabs (palette "Recenti"), newest first, per user in localStorage. */
import { atom } from 'jotai';
import { routeTitle } from '../../../commands/navigation.ts';
import { matchRoute } from '../../domain/routes.ts';
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

/**
 * What a recent entry says beside its title: the Italian title of its screen from the route table
 * («Preventivo» beside «PRV-2026-…»), never its path; nothing when the title already says its words (a list).
 */
export function recentDetail(item: RecentItem): string | undefined {
  const match = matchRoute(item.url);
  if (!match || match.route.name === 'NotFound') return undefined;
  const screen = routeTitle(match.route, match.params);
  const said = new Set(wordsOf(item.title));
  return wordsOf(screen).every((word) => said.has(word)) ? undefined : screen;
}

const wordsOf = (text: string): string[] => text.toLocaleLowerCase('it-IT').match(/[\p{L}\p{N}]+/gu) ?? [];
