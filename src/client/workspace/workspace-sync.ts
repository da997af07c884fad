/**
 * The workspace and the world around it: restores the tabs after sign-in, opens the deep link the page was loaded with, keeps the address bar
 * on the active tab's URL (history entries per tab change, back/forward reopen), saves the tabs,
 * remembers recent items and asks before leaving with unsaved changes. The tabs, the active one and
 * the split are saved in the user settings, so they follow the user to another machine.
 */
import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { intl } from '../i18n/index.ts';
import { entityUrl, matchRoute, type RouteDef } from '../../domain/routes.ts';
import { loadUserSettings, updateUserSettings, userSettingsAtom } from '../settings/user-settings.ts';
import { store } from '../store.ts';
import { routePageTitle, routeTitle } from '../../../commands/navigation.ts';
import { loadRecent, rememberRecent } from './recent.ts';
import { openTab } from './tab-context.ts';
import { activeTab, dispatchWorkspace, workspaceAtom, type Tab, type Workspace } from './workspace-state.ts';

/** The page URL as the app sees it (path, query, hash). */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** The labels of the enumerated params of a route variant («Aziende», «Antincendio»), or undefined. */
function variantLabel(route: RouteDef, params: Record<string, string>): string | undefined {
  const labels = Object.entries(params)
    .filter(([name]) => route.params?.[name])
    .map(([name, value]) => intl.formatMessage({ id: `nav.param.${name}.${value}` }));
  return labels.length > 0 ? labels.join(' · ') : undefined;
}

/** The words of a text, lower case (what "the same word" means in a title). */
const wordsOf = (text: string): string[] => text.toLocaleLowerCase('it-IT').match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A title from a name and what the route says around it, joined by « · » with no word said twice:
 * the name (the record's, or the screen's title) stays whole; a part from the route keeps only the
 * words not said before it or in the name, and is left out when none is left («Calendario –
 * Antincendio» and its module «Antincendio»; «Attrezzature {moduleName}» of the module Attrezzature).
 */
export function joinTitle(before: readonly string[], name: string, after: readonly string[] = []): string {
  const said = new Set(wordsOf(name));
  const sayOnce = (part: string): string => {
    const tokens = part.split(/\s+/).filter((token) => {
      const words = wordsOf(token);
      if (words.length > 0 && words.every((word) => said.has(word))) return false;
      for (const word of words) said.add(word);
      return true;
    });
    // A dash or a dot left at an end belonged to a word left out.
    while (tokens.length > 0 && wordsOf(tokens[0]!).length === 0) tokens.shift();
    while (tokens.length > 0 && wordsOf(tokens[tokens.length - 1]!).length === 0) tokens.pop();
    return tokens.join(' ');
  };
  return [...before.map(sayOnce), name, ...after.map(sayOnce)].filter(Boolean).join(' · ');
}

/**
 * A tab's label: the screen's title, else the route's, saying what the tab is:
 * - a page about a record that is not its own page says which page before the record's name
 *   («Anagrafica · Officine…», «Scadenze Antincendio · Officine…», the route's `page`);
 * - a route variant adds its label («Clienti · Aziende», «Scadenze · Antincendio»), unless the
 *   title says it already («Calendario – Antincendio»);
 * - a list whose route title says more takes it («Clienti marketing»);
 * - the printed document of a record that has its own tab is «Anteprima PRV-…».
 * No word is said twice.
 */
export function tabLabel(tab: Pick<Tab, 'url' | 'title'>): string {
  const match = matchRoute(tab.url);
  if (!tab.title) return match ? routeTitle(match.route, match.params) : tab.url;
  if (!match) return tab.title;
  const { entity, id } = match.params;
  if (match.route.name === 'Preview' && entity && id && entityUrl(entity, id)) return intl.formatMessage({ id: 'workspace.tabs.previewTitle' }, { title: tab.title });
  const page = routePageTitle(match.route, match.params);
  if (page) return joinTitle([page], tab.title);
  const variant = variantLabel(match.route, match.params);
  if (variant) return joinTitle([], tab.title, [variant]);
  // A list screen titled by its kind («Clienti») on a route whose own title says more («Clienti marketing»).
  const own = match.route.needsId ? undefined : routeTitle(match.route, match.params);
  return own && own !== tab.title && own.startsWith(`${tab.title} `) ? own : tab.title;
}

/** `MAX_OPEN_TABS` of the userSettings kind (not imported: it would bring zod into the initial bundle; a test checks). */
export const MAX_SAVED_TABS = 50;

const SAVE_DELAY_MS = 400;

/** A URL the saved settings accept (same-origin path, no spaces). */
function savable(url: string): boolean {
  return /^\/(?![/\\])\S*$/.test(url) && url.length <= 2000;
}

/** The tabs as saved in the user settings; `activeTabUrl`/`splitTabUrl` always present (undefined removes them). */
export function savedTabs(ws: Workspace): { openTabs: { url: string; title?: string }[]; activeTabUrl: string | undefined; splitTabUrl: string | undefined } {
  const openTabs = ws.tabs
    .filter((tab) => savable(tab.url) && matchRoute(tab.url)?.route.name !== 'NotFound')
    .slice(0, MAX_SAVED_TABS)
    .map((tab) => (tab.title ? { url: tab.url, title: tab.title.slice(0, 200) } : { url: tab.url }));
  const saved = (url: string | undefined) => (url !== undefined && openTabs.some((tab) => tab.url === url) ? url : undefined);
  const urlOf = (id: string | undefined) => ws.tabs.find((tab) => tab.id === id)?.url;
  const left = saved(urlOf(ws.panes[0]));
  const right = saved(urlOf(ws.panes[1]));
  // The focused tab first (the address bar shows it); the other shown one stays beside it.
  const activeTabUrl = saved(activeTab(ws)?.url);
  return { openTabs, activeTabUrl, splitTabUrl: activeTabUrl === right ? left : right };
}

/** Restores the user's tabs, then opens the URL the page was loaded with (a deep link or the landing route). */
export async function restoreWorkspace(userId: string, initialUrl: string): Promise<void> {
  loadRecent(userId);
  await loadUserSettings(userId);
  const settings = store.get(userSettingsAtom);
  const restore: Parameters<typeof dispatchWorkspace>[0] = { type: 'restore', tabs: settings.openTabs };
  if (settings.activeTabUrl) restore.activeUrl = settings.activeTabUrl;
  if (settings.splitTabUrl) restore.splitUrl = settings.splitTabUrl;
  dispatchWorkspace(restore);
  const initial = matchRoute(initialUrl);
  if (initial && initial.route.name !== 'Root' && initial.route.layout !== 'empty') openTab(initialUrl);
  else if (store.get(workspaceAtom).tabs.length === 0) openTab('/dashboard');
}

/** Installs the synchronisation while the shell is mounted. */
export function useWorkspaceSync(userId: string): void {
  const ws = useAtomValue(workspaceAtom);
  const [restored, setRestored] = useState(false);
  const lastActive = useRef<string | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void restoreWorkspace(userId, currentLocation()).finally(() => {
      if (!cancelled) setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  // Address bar, window title, recent items.
  const tab = activeTab(ws);
  const label = tab ? tabLabel(tab) : undefined;
  const empty = restored && ws.tabs.length === 0;
  useEffect(() => {
    // No tab left: the address is the root (a reload lands on the default route).
    if (empty && currentLocation() !== '/') window.history.replaceState(null, '', '/');
  }, [empty]);
  useEffect(() => {
    if (!tab) return;
    const url = tab.url;
    if (url !== currentLocation()) {
      // Another tab: a history entry (Back returns to it); the same tab's new URL: replace.
      if (lastActive.current !== tab.id) window.history.pushState({ tab: tab.id }, '', url);
      else window.history.replaceState({ tab: tab.id }, '', url);
    }
    lastActive.current = tab.id;
    document.title = `${label} – ${intl.formatMessage({ id: 'workspace.appName' })}`;
    if (label) rememberRecent({ url, title: label });
  }, [tab, tab?.id, tab?.url, label]);

  // Back/forward: the URL the browser went to opens (or focuses) its tab.
  useEffect(() => {
    const onPopState = () => {
      const url = currentLocation();
      if (matchRoute(url)?.route.layout !== 'empty') openTab(url);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // Saving: the tab list on the server (every machine), the split locally.
  useEffect(() => {
    if (!restored) return;
    const timer = setTimeout(() => updateUserSettings(savedTabs(ws)), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ws, userId, restored]);

  // Leaving the page with unsaved changes asks first.
  const dirty = ws.tabs.some((t) => t.dirty);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
