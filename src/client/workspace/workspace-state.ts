/**
 * The tabs of the workspace as one pure reducer (unit-tested) over one jotai atom. A tab is a route
 * URL; one or two panes (split view) each show one tab, and the focused pane's tab is the active
 * tab whose URL the address bar shows. Opening a URL whose page is already open focuses that tab.
 */
import { atom } from 'jotai';
import { store } from '../store.ts';

export interface Tab {
  /** Stable while the tab lives (its URL changes when a grid writes its state into the query). */
  id: string;
  url: string;
  /** Set by the screen (`useTabTitle`); the route title is shown until then. */
  title?: string;
  dirty?: boolean;
}

export type PaneIndex = 0 | 1;
export type Side = 'left' | 'right';

export interface Workspace {
  tabs: Tab[];
  /** Tab id shown in the left and right pane; right undefined = no split. */
  panes: [string | undefined, string | undefined];
  focusedPane: PaneIndex;
  /** Closed tabs, most recent last (reopen closed tab). */
  closed: { url: string; title?: string; index: number }[];
  /** Tab ids by last use, least recent first: the tab limit closes from the front. */
  usage: string[];
}

export type WorkspaceAction =
  | { type: 'open'; url: string; background?: boolean; side?: Side; id?: string; title?: string; limit?: number }
  | { type: 'close'; id: string }
  | { type: 'activate'; id: string }
  | { type: 'cycle'; delta: 1 | -1 }
  | { type: 'goto'; index: number }
  | { type: 'move'; id: string; delta: number }
  | { type: 'reopen' }
  | { type: 'setUrl'; id: string; url: string }
  | { type: 'setTitle'; id: string; title: string }
  | { type: 'setDirty'; id: string; dirty: boolean }
  | { type: 'toggleSplit' }
  | { type: 'focusPane'; pane: PaneIndex }
  | { type: 'restore'; tabs: { url: string; title?: string }[]; activeUrl?: string; splitUrl?: string };

export const MAX_CLOSED_TABS = 20;

/**
 * The user's «Schede aperte al massimo» (user settings `tabLimit`, DESIGN §4): most tabs open at once.
 * Opening one more closes the least recently used tabs without unsaved changes, never a shown one
 * (they stay reopenable). The choices are the schema's `TAB_LIMIT_CHOICES` (not imported: it would
 * bring zod into the initial bundle; a test checks), none above what the settings save
 * (`MAX_OPEN_TABS`), 0 meaning no limit.
 */
export const TAB_LIMIT_CHOICES = [0, 20, 30, 50] as const;
export const DEFAULT_TAB_LIMIT = 50;

/** The limit the reducer applies for a saved setting: 0 is none (`undefined`), an absent one the default. */
export function tabLimitOf(setting: number | undefined): number | undefined {
  if (setting === undefined) return DEFAULT_TAB_LIMIT;
  return setting > 0 ? setting : undefined;
}

export const emptyWorkspace: Workspace = { tabs: [], panes: [undefined, undefined], focusedPane: 0, closed: [], usage: [] };

let tabCounter = 0;
export function newTabId(): string {
  return `tab-${++tabCounter}`;
}

/** Path of a URL without query and hash: two URLs of the same page share a tab. */
export function pagePath(url: string): string {
  return url.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
}

export function activeTab(ws: Workspace): Tab | undefined {
  const id = ws.panes[ws.focusedPane];
  return ws.tabs.find((tab) => tab.id === id);
}

export function isSplit(ws: Workspace): boolean {
  return ws.panes[1] !== undefined;
}

function paneOf(ws: Workspace, id: string): PaneIndex | undefined {
  if (ws.panes[0] === id) return 0;
  if (ws.panes[1] === id) return 1;
  return undefined;
}

/** Shows tab `id` in the focused pane, or focuses the pane already showing it. */
function show(ws: Workspace, id: string, pane: PaneIndex = ws.focusedPane): Workspace {
  const already = paneOf(ws, id);
  if (already !== undefined) return { ...ws, focusedPane: already };
  const panes: Workspace['panes'] = [...ws.panes];
  panes[pane] = id;
  if (panes[0] === undefined) {
    // A right pane alone becomes the left one.
    return { ...ws, panes: [panes[1], undefined], focusedPane: 0 };
  }
  return { ...ws, panes, focusedPane: pane };
}

/** A tab to show instead of `id` in a pane: the next one, else the previous one, not shown in the other pane. */
function neighbour(ws: Workspace, id: string, other: string | undefined): string | undefined {
  const index = ws.tabs.findIndex((tab) => tab.id === id);
  const candidates = [...ws.tabs.slice(index + 1), ...ws.tabs.slice(0, index).reverse()];
  return candidates.find((tab) => tab.id !== id && tab.id !== other)?.id;
}

function reduce(ws: Workspace, action: WorkspaceAction): Workspace {
  switch (action.type) {
    case 'open': {
      const existing = ws.tabs.find((tab) => pagePath(tab.url) === pagePath(action.url));
      let next = ws;
      let id: string;
      if (existing) {
        id = existing.id;
        // A URL with a query (a shared grid view) replaces the tab's view; a bare path keeps it.
        if (action.url !== existing.url && action.url !== pagePath(action.url)) {
          next = { ...ws, tabs: ws.tabs.map((tab) => (tab.id === id ? { ...tab, url: action.url } : tab)) };
        }
      } else {
        id = action.id ?? newTabId();
        const current = activeTab(ws);
        const at = current ? ws.tabs.indexOf(current) + 1 : ws.tabs.length;
        const tabs = [...ws.tabs];
        tabs.splice(at, 0, action.title ? { id, url: action.url, title: action.title } : { id, url: action.url });
        next = { ...ws, tabs };
      }
      if (next.panes[0] === undefined) return { ...next, panes: [id, undefined], focusedPane: 0 };
      if (action.background) return next;
      if (action.side) {
        const pane: PaneIndex = action.side === 'right' ? 1 : 0;
        const other = next.panes[pane === 1 ? 0 : 1];
        if (other === id) {
          // Moving a tab to the other side: the side it leaves shows a neighbour.
          const panes: Workspace['panes'] = [...next.panes];
          panes[pane === 1 ? 0 : 1] = neighbour(next, id, undefined);
          panes[pane] = id;
          if (panes[0] === undefined) return { ...next, panes: [id, undefined], focusedPane: 0 };
          return { ...next, panes, focusedPane: pane };
        }
        return show(next, id, pane);
      }
      return show(next, id);
    }
    case 'close': {
      const index = ws.tabs.findIndex((tab) => tab.id === action.id);
      if (index < 0) return ws;
      const tab = ws.tabs[index]!;
      const closedEntry: Workspace['closed'][number] = { url: tab.url, index };
      if (tab.title !== undefined) closedEntry.title = tab.title;
      const closed = [...ws.closed, closedEntry].slice(-MAX_CLOSED_TABS);
      const pane = paneOf(ws, tab.id);
      const panes: Workspace['panes'] = [...ws.panes];
      let focusedPane = ws.focusedPane;
      if (pane !== undefined) {
        const other = ws.panes[pane === 0 ? 1 : 0];
        const replacement = neighbour(ws, tab.id, other);
        if (replacement !== undefined) panes[pane] = replacement;
        else if (pane === 1) {
          panes[1] = undefined;
          focusedPane = 0;
        } else {
          // The left pane has nothing else to show: the right one moves left.
          panes[0] = other;
          panes[1] = undefined;
          focusedPane = 0;
        }
      }
      return { ...ws, tabs: ws.tabs.filter((t) => t.id !== tab.id), panes, focusedPane, closed };
    }
    case 'activate':
      return ws.tabs.some((tab) => tab.id === action.id) ? show(ws, action.id) : ws;
    case 'cycle': {
      if (ws.tabs.length === 0) return ws;
      const current = activeTab(ws);
      const index = current ? ws.tabs.indexOf(current) : 0;
      const other = ws.panes[ws.focusedPane === 0 ? 1 : 0];
      // Skip the tab the other pane shows, so the focus stays on this side.
      for (let step = 1; step <= ws.tabs.length; step++) {
        const candidate = ws.tabs[(index + action.delta * step + ws.tabs.length * step) % ws.tabs.length]!;
        if (candidate.id !== other) return show(ws, candidate.id);
      }
      return ws;
    }
    case 'goto': {
      // Like browsers: 9 is the last tab.
      const tab = action.index >= 9 ? ws.tabs.at(-1) : ws.tabs[action.index - 1];
      return tab ? show(ws, tab.id) : ws;
    }
    case 'move': {
      const index = ws.tabs.findIndex((tab) => tab.id === action.id);
      const to = Math.max(0, Math.min(ws.tabs.length - 1, index + action.delta));
      if (index < 0 || to === index) return ws;
      const tabs = [...ws.tabs];
      const [tab] = tabs.splice(index, 1);
      tabs.splice(to, 0, tab!);
      return { ...ws, tabs };
    }
    case 'reopen': {
      const last = ws.closed.at(-1);
      if (!last) return ws;
      const rest = { ...ws, closed: ws.closed.slice(0, -1) };
      if (ws.tabs.some((tab) => pagePath(tab.url) === pagePath(last.url))) return reduce(rest, { type: 'open', url: last.url });
      const id = newTabId();
      const tabs = [...rest.tabs];
      const reopened: Tab = { id, url: last.url };
      if (last.title !== undefined) reopened.title = last.title;
      tabs.splice(Math.min(last.index, tabs.length), 0, reopened);
      const next = { ...rest, tabs };
      return next.panes[0] === undefined ? { ...next, panes: [id, undefined], focusedPane: 0 } : show(next, id);
    }
    case 'setUrl':
    case 'setTitle':
    case 'setDirty': {
      const tab = ws.tabs.find((t) => t.id === action.id);
      if (!tab) return ws;
      // An address has one tab (DESIGN §4): a tab sent to one already open (a redirect to a page open in
      // another tab) gives way to that tab, shown in its place, and is not offered for reopening.
      const twin = action.type === 'setUrl' ? ws.tabs.find((t) => t.id !== tab.id && t.url === action.url) : undefined;
      if (twin) return { ...reduce(reduce(ws, { type: 'activate', id: twin.id }), { type: 'close', id: tab.id }), closed: ws.closed };
      const patch = action.type === 'setUrl' ? { url: action.url } : action.type === 'setTitle' ? { title: action.title } : { dirty: action.dirty };
      if (Object.entries(patch).every(([key, value]) => tab[key as keyof Tab] === value)) return ws;
      return { ...ws, tabs: ws.tabs.map((t) => (t.id === action.id ? { ...t, ...patch } : t)) };
    }
    case 'toggleSplit': {
      if (isSplit(ws)) {
        // The focused side stays.
        return { ...ws, panes: [ws.panes[ws.focusedPane], undefined], focusedPane: 0 };
      }
      const left = ws.panes[0];
      const right = left === undefined ? undefined : neighbour(ws, left, undefined);
      if (right === undefined) return ws;
      return { ...ws, panes: [left, right], focusedPane: 1 };
    }
    case 'focusPane':
      return ws.panes[action.pane] === undefined ? ws : { ...ws, focusedPane: action.pane };
    case 'restore': {
      let next: Workspace = { ...emptyWorkspace, closed: ws.closed };
      for (const saved of action.tabs) {
        if (next.tabs.some((tab) => pagePath(tab.url) === pagePath(saved.url))) continue;
        const tab: Tab = { id: newTabId(), url: saved.url };
        if (saved.title) tab.title = saved.title;
        next = { ...next, tabs: [...next.tabs, tab] };
      }
      const find = (url: string | undefined) => (url === undefined ? undefined : next.tabs.find((tab) => tab.url === url)?.id);
      const left = find(action.activeUrl) ?? next.tabs[0]?.id;
      const right = find(action.splitUrl);
      return { ...next, panes: [left, right !== left ? right : undefined], focusedPane: 0 };
    }
  }
}

/** `usage` after a change: closed tabs leave it, the shown ones (and a tab just opened) move to its end, the focused one last. */
function trackUsage(after: Workspace, opened: string | undefined): Workspace {
  const open = new Set(after.tabs.map((tab) => tab.id));
  const shown = [after.panes[after.focusedPane === 0 ? 1 : 0], opened, after.panes[after.focusedPane]].filter((id): id is string => id !== undefined && open.has(id));
  const usage = [...after.usage.filter((id) => open.has(id) && !shown.includes(id)), ...new Set(shown)];
  return usage.length === after.usage.length && usage.every((id, i) => id === after.usage[i]) ? after : { ...after, usage };
}

/**
 * Over `limit`, closes the least recently used tabs that have no unsaved changes and are not shown
 * (nor `keep`, the tab just opened), as the close action does: each stays reopenable.
 */
export function closeOverLimit(ws: Workspace, limit: number | undefined, keep?: string): Workspace {
  if (limit === undefined || ws.tabs.length <= limit) return ws;
  const byId = new Map(ws.tabs.map((tab) => [tab.id, tab]));
  const used = new Set(ws.usage);
  // Tabs never shown since the restore count as the least recently used, in strip order.
  const order = [...ws.tabs.filter((tab) => !used.has(tab.id)).map((tab) => tab.id), ...ws.usage];
  let next = ws;
  for (const id of order) {
    if (next.tabs.length <= limit) break;
    const tab = byId.get(id);
    if (!tab || tab.dirty || id === keep || next.panes.includes(id)) continue;
    next = reduce(next, { type: 'close', id });
  }
  return { ...next, usage: next.usage.filter((id) => next.tabs.some((tab) => tab.id === id)) };
}

export function workspaceReducer(ws: Workspace, action: WorkspaceAction): Workspace {
  let next = reduce(ws, action);
  if (next === ws) return ws;
  const opened = action.type === 'open' ? next.tabs.find((tab) => pagePath(tab.url) === pagePath(action.url))?.id : undefined;
  next = trackUsage(next, opened);
  if (action.type === 'open' && next.tabs.length > ws.tabs.length) next = closeOverLimit(next, action.limit, opened);
  return next;
}

/** The list of open tabs (Alt+L) is shown. */
export const tabListOpenAtom = atom(false);

/** The whole workspace; change it only through `dispatchWorkspace`. */
export const workspaceAtom = atom<Workspace>(emptyWorkspace);

export const activeTabAtom = atom((get) => activeTab(get(workspaceAtom)));

export function dispatchWorkspace(action: WorkspaceAction): void {
  store.set(workspaceAtom, (ws) => workspaceReducer(ws, action));
}
