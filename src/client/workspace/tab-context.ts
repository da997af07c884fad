/**
 * What a screen calls inside its tab: its title, its unsaved-changes marker, the document its
 * commands act on, opening other tabs, and its own URL (a grid keeps its view in the query, so
 * the address bar and a shared link reproduce it).
 */
import { createContext, useCallback, useContext, useEffect } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { ActiveDocument } from '../../../commands/types.ts';
import { formatSequence } from '../../../commands/keys.ts';
import { workspaceCommands } from '../../../commands/workspace.ts';
import { redirectCustomerType } from '../../domain/routes.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { intl } from '../i18n/index.ts';
import { store } from '../store.ts';
import { userSettingsAtom } from '../settings/user-settings.ts';
import { activeTab, dispatchWorkspace, tabLimitOf, workspaceAtom, type Side } from './workspace-state.ts';
import { tabLabel } from './tab-label.ts';

/** The id of the tab a component renders in (`<TabPanel>` provides it). */
export const TabIdContext = createContext<string | undefined>(undefined);

export function useTabId(): string {
  const id = useContext(TabIdContext);
  if (id === undefined) throw new Error('Tab hooks must be used inside a tab');
  return id;
}

/** Documents published by tabs (tab id → document); the focused tab's feeds `CommandContext.activeDocument`. */
export const tabDocumentsAtom = atom<Readonly<Record<string, ActiveDocument>>>({});

export const activeDocumentAtom = atom((get) => {
  const tab = activeTab(get(workspaceAtom));
  return tab ? get(tabDocumentsAtom)[tab.id] : undefined;
});

export interface OpenTabOptions {
  /** Open without focusing it. */
  background?: boolean;
  /** Show it in this pane of the split view (opens the split when needed). */
  side?: Side;
  /** Title to show until the screen sets its own (e.g. the record's name from search). */
  title?: string;
}

/** The key that reopens a closed tab, from the registry. */
const reopenKey = () => workspaceCommands.find((command) => command.id === 'tab.reopen')?.keys?.[0] ?? '';

/** Opens (or focuses) the tab of an app URL, applying the SPEC §2 company/person redirect and the user's tab limit. */
export function openTab(url: string, options: OpenTabOptions = {}): void {
  const before = store.get(workspaceAtom);
  const from = activeTab(before)?.url;
  const limit = tabLimitOf(store.get(userSettingsAtom).tabLimit);
  dispatchWorkspace({ type: 'open', url: redirectCustomerType(from, url), ...options, ...(limit === undefined ? {} : { limit }) });
  // Tabs the limit closed: say which, and how to get them back.
  const open = new Set(store.get(workspaceAtom).tabs.map((tab) => tab.id));
  const closed = before.tabs.filter((tab) => !open.has(tab.id));
  if (closed.length > 0 && limit !== undefined) {
    pushAlert({
      id: 'workspace-tab-limit',
      content: intl.formatMessage(
        { id: 'workspace.tabs.limitClosed' },
        { limit, count: closed.length, titles: closed.map(tabLabel).join(', '), keys: formatSequence(reopenKey()) },
      ),
    });
  }
}

/** Sets the tab's title (shown on the tab, in the window title and in recent items). */
export function useTabTitle(title: string | undefined): void {
  const id = useTabId();
  useEffect(() => {
    if (title) dispatchWorkspace({ type: 'setTitle', id, title });
  }, [id, title]);
}

/** Marks the tab as having unsaved changes: a marker on the tab, a confirmation on close or page leave. */
export function useTabDirty(dirty: boolean): void {
  const id = useTabId();
  useEffect(() => {
    dispatchWorkspace({ type: 'setDirty', id, dirty });
    return () => dispatchWorkspace({ type: 'setDirty', id, dirty: false });
  }, [id, dirty]);
}

/** Publishes the record this tab shows, so the palette and shortcuts offer its commands when the tab is focused. */
export function usePublishDocument(doc: ActiveDocument | undefined): void {
  const id = useTabId();
  useEffect(() => {
    store.set(tabDocumentsAtom, (docs) => {
      if (doc === undefined) {
        if (!(id in docs)) return docs;
        const { [id]: _removed, ...rest } = docs;
        return rest;
      }
      return docs[id] === doc ? docs : { ...docs, [id]: doc };
    });
  }, [id, doc]);
  useEffect(
    () => () =>
      store.set(tabDocumentsAtom, (docs) => {
        const { [id]: _removed, ...rest } = docs;
        return rest;
      }),
    [id],
  );
}

/** `(url, { background?, side? })` opening or focusing that tab. */
export function useOpenTab(): (url: string, options?: OpenTabOptions) => void {
  return openTab;
}

/** This tab's URL and a function replacing it (no new tab, no history entry of its own). */
export function useTabUrl(): [url: string, replaceUrl: (url: string) => void] {
  const id = useTabId();
  const url = useAtomValue(workspaceAtom).tabs.find((tab) => tab.id === id)?.url ?? '/';
  const replaceUrl = useCallback((next: string) => dispatchWorkspace({ type: 'setUrl', id, url: next }), [id]);
  return [url, replaceUrl];
}

/** Whether this tab is the focused one (its pane has the keyboard). */
export function useIsActiveTab(): boolean {
  const id = useTabId();
  return activeTab(useAtomValue(workspaceAtom))?.id === id;
}
