/**
 * What the palette shows, as plain data, and how it ranks it: cmdk's own fuzzy score
 * (`defaultFilter`, DESIGN §6.10) over title and keywords for the best candidates of a cheap first
 * pass, best first, only the first `limit` rendered so a registry of any size stays fast.
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

export const DEFAULT_RENDER_LIMIT = 40;
/** Without a search only the top of the list is seen: fewer rows make the palette open faster. */
export const EMPTY_SEARCH_LIMIT = 25;

const haystacks = new WeakMap<PaletteItem, string>();

/** Title and keywords in lower case, computed once per item. */
function haystackOf(item: PaletteItem): string {
  let haystack = haystacks.get(item);
  if (haystack === undefined) {
    haystack = [item.title, ...(item.keywords ?? [])].join(' ').toLocaleLowerCase('it');
    haystacks.set(item, haystack);
  }
  return haystack;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let at = 0;
  for (const char of needle) {
    at = haystack.indexOf(char, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** A cheap first pass: words found at a word start (3) or inside (2), else the letters in order (1), else 0. */
export function quickScore(term: string, haystack: string, words: readonly string[] = term.split(/\s+/).filter(Boolean)): number {
  let score = 0;
  for (const word of words) {
    const at = haystack.indexOf(word);
    if (at < 0) return isSubsequence(term, haystack) ? 1 : 0;
    score += at === 0 || haystack[at - 1] === ' ' ? 3 : 2;
  }
  return score;
}

/**
 * A record found by the server, by how closely its title is what was typed: the title itself first
 * («Agripack Srl» before its sites «Agripack Srl – Filiale di Rho»), then titles that begin with it,
 * shorter first, then the rest in the server's order.
 */
function recordCloseness(title: string, term: string): number {
  const lower = title.trim().toLocaleLowerCase('it');
  if (lower === term) return 3;
  if (lower.startsWith(term)) return 2 + 1 / (1 + lower.length);
  return 1;
}

/**
 * Below this cmdk score, letters merely found in order far apart are no match: «Anomalie» is not
 * «cAleNdariO Medicina del lavoro» (about 0.0001), while an abbreviation such as «cln» for
 * «Calendario» scores about 0.03.
 */
const MIN_FUZZY_SCORE = 0.001;

/** How many of the best first-pass candidates cmdk's score then orders (it is precise but slow on 10,000 items). */
const REFINE = 100;

/**
 * Items matching `search`, pinned and server-filtered first, then by cmdk's score; at most `limit`.
 * A cheap first pass keeps each keystroke fast with any number of commands.
 */
export function rankItems(items: readonly PaletteItem[], search: string, limit = DEFAULT_RENDER_LIMIT): PaletteItem[] {
  const term = search.trim().toLocaleLowerCase('it');
  if (!term) return items.slice(0, Math.min(limit, EMPTY_SEARCH_LIMIT));
  const words = term.split(/\s+/).filter(Boolean);
  const candidates: { item: PaletteItem; quick: number; score: number; order: number }[] = [];
  items.forEach((item, order) => {
    const quick = item.prefiltered ? 100 : quickScore(term, haystackOf(item), words);
    if (quick > 0) candidates.push({ item, quick, score: 0, order });
  });
  // The active document's commands are refined first; being pinned never makes a weak match one.
  candidates.sort((a, b) => Number(Boolean(b.item.pinned)) - Number(Boolean(a.item.pinned)) || b.quick - a.quick || a.order - b.order);
  const refined = candidates.slice(0, Math.max(REFINE, limit));
  for (const entry of refined) entry.score = entry.item.prefiltered ? recordCloseness(entry.item.title, term) : defaultFilter(entry.item.title, search.trim(), entry.item.keywords);
  return refined
    .filter((entry) => entry.score > MIN_FUZZY_SCORE || entry.quick >= 2 || (entry.item.prefiltered && entry.score > 0))
    .sort((a, b) => Number(Boolean(b.item.pinned)) - Number(Boolean(a.item.pinned)) || Number(Boolean(b.item.prefiltered)) - Number(Boolean(a.item.prefiltered)) || b.score - a.score || b.quick - a.quick || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.item);
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
