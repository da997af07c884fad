/**
 * The workspace and the world around it: restores the tabs after sign-in, opens the deep link the page was loaded with, keeps the address bar
 * on the active tab's URL (history entries per tab change, back/forward reopen), saves the tabs,
 * remembers recent items and asks before leaving with unsaved changes. The tabs, the active one and
 * the split are saved in the user settings, so they follow the user to another machine.
 */
import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { intl } from '../i18n/index.ts';
import { matchRoute } from '../../domain/routes.ts';
import { loadUserSettings, updateUserSettings, userSettingsAtom } from '../settings/user-settings.ts';
import { store } from '../store.ts';
import { loadRecent, rememberRecent } from './recent.ts';
import { openTab } from './tab-context.ts';
import { activeTab, dispatchWorkspace, workspaceAtom, type Workspace } from './workspace-state.ts';
import { tabLabel } from './tab-label.ts';

/** The page URL as the app sees it (path, query, hash). */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
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
