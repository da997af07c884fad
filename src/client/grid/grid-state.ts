/**
 * The whole view of a grid as data, kept in the tab URL's query in the SPEC §7 list language
 * itself (`sort=-date`, `filter[status]=draft`, `from[date]=…`, `filter[fullText]=…`), so a
 * shared link reproduces the view and the API query is the URL query plus paging. Only `cols`
 * (visible columns) is ours.
 */

export type ArchivedFilter = 'false' | 'true' | 'all';

export interface GridState {
  /** Sort keys, `-` for descending, first is primary. Empty: the server default. */
  sort: string[];
  /** `filter[field]` values (comma-separated = one of). */
  filter: Record<string, string>;
  from: Record<string, string>;
  to: Record<string, string>;
  has: Record<string, string>;
  /** Customers' `have[commercialOffer]`, `have[priceList]` (SPEC §7). */
  have: Record<string, string>;
  /** `filter[fullText]`. */
  q: string;
  /** `filter[isDeleted]=true`: the deleted rows instead of the live ones. */
  deleted: boolean;
  archived: ArchivedFilter;
  /** Visible columns in order; undefined = the user's remembered choice or the default. */
  cols?: string[];
}

export const emptyGridState = (): GridState => ({ sort: [], filter: {}, from: {}, to: {}, has: {}, have: {}, q: '', deleted: false, archived: 'false' });

const BRACKET = /^(filter|from|to|has|have)\[([^\]]+)\]$/;

/** Reads a grid state out of a URL query (`?a=b&…` or the whole URL). Unknown keys are ignored. */
export function parseGridState(urlOrSearch: string): GridState {
  const at = urlOrSearch.indexOf('?');
  const search = at >= 0 ? urlOrSearch.slice(at + 1).split('#')[0]! : urlOrSearch.includes('=') ? urlOrSearch : '';
  const params = new URLSearchParams(search);
  const state = emptyGridState();
  for (const [key, value] of params) {
    if (key === 'sort') state.sort = value.split(',').map((s) => s.trim()).filter(Boolean);
    else if (key === 'cols') state.cols = value.split(',').filter(Boolean);
    else {
      const m = BRACKET.exec(key);
      if (!m) continue;
      const [, group, field] = m as unknown as [string, keyof Pick<GridState, 'filter' | 'from' | 'to' | 'has' | 'have'>, string];
      if (group === 'filter' && field === 'fullText') state.q = value;
      else if (group === 'filter' && field === 'isDeleted') state.deleted = value === 'true';
      else if (group === 'filter' && field === 'isArchived') state.archived = value === 'true' || value === 'all' ? value : 'false';
      else if (value !== '') state[group][field] = value;
    }
  }
  return state;
}

/** The list query of a state (without paging), in a stable order; defaults are left out. */
export function gridQuery(state: GridState): [string, string][] {
  const out: [string, string][] = [];
  const sorted = (o: Record<string, string>) => Object.entries(o).filter(([, v]) => v !== '').sort(([a], [b]) => a.localeCompare(b));
  for (const [k, v] of sorted(state.filter)) out.push([`filter[${k}]`, v]);
  for (const [k, v] of sorted(state.from)) out.push([`from[${k}]`, v]);
  for (const [k, v] of sorted(state.to)) out.push([`to[${k}]`, v]);
  for (const [k, v] of sorted(state.has)) out.push([`has[${k}]`, v]);
  for (const [k, v] of sorted(state.have)) out.push([`have[${k}]`, v]);
  if (state.q.trim()) out.push(['filter[fullText]', state.q.trim()]);
  if (state.deleted) out.push(['filter[isDeleted]', 'true']);
  if (state.archived !== 'false') out.push(['filter[isArchived]', state.archived]);
  if (state.sort.length) out.push(['sort', state.sort.join(',')]);
  return out;
}

/** `?…` for the tab URL (brackets kept readable), or '' for the default view. */
export function serializeGridState(state: GridState): string {
  const pairs = gridQuery(state);
  if (state.cols) pairs.push(['cols', state.cols.join(',')]);
  if (pairs.length === 0) return '';
  // Brackets and commas stay as typed: the SPEC language is readable in the address bar.
  const enc = (s: string) => encodeURIComponent(s).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
  return `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
}

/** The tab URL for a state: same path, new query. */
export function gridUrl(url: string, state: GridState): string {
  const path = url.split(/[?#]/)[0] ?? '/';
  return `${path}${serializeGridState(state)}`;
}

/**
 * The API query of one page: the state, the screen's fixed filters (from the path) win, then paging.
 * `after`: the keyset cursor of the page before (`meta.page.next`), read instead of an offset.
 */
export function pageQuery(state: GridState, fixed: Record<string, string>, page: number, size: number, after?: string): Record<string, string | number> {
  const query: Record<string, string | number> = Object.fromEntries(gridQuery(state));
  Object.assign(query, fixed);
  query['page[number]'] = page;
  query['page[size]'] = size;
  if (after) query['page[after]'] = after;
  return query;
}

/** Clicking a column header: ascending, then descending, then back to the default order. */
export function toggleSort(sort: string[], field: string, additive = false): string[] {
  const current = sort.find((s) => s === field || s === `-${field}`);
  const next = current === undefined ? field : current === field ? `-${field}` : undefined;
  const rest = additive ? sort.filter((s) => s !== current) : [];
  return next === undefined ? rest : additive ? [...rest, next] : [next];
}

export function sortDirection(sort: string[], field: string): 'ascending' | 'descending' | 'none' {
  if (sort.includes(field)) return 'ascending';
  if (sort.includes(`-${field}`)) return 'descending';
  return 'none';
}
