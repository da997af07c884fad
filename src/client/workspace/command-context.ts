/**
 * The `CommandContext` of now (DESIGN §4, §6.12): the session, the focused tab and its document, and
 * the services commands act through — the workspace (tabs, split, palette, help, sidebar, theme),
 * the ui (Italian messages, alerts, dialogs, the pending undo) and the records provider. `commands/`
 * never imports the client; everything it may do is here.
 */
import { atom } from 'jotai';
import type { ActionBodyRequest, AdminService, CommandContext, UiService, UndoOffer, WorkspaceService } from '../../../commands/types.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { ApiProblem } from '../api/http.ts';
import { api } from '../api/client.ts';
import { showProblemAlert } from '../api/problem-alert.ts';
import { records } from '../data/records.ts';
import { intl } from '../i18n/index.ts';
import { lazyModule } from '../lazy-component.ts';
import { sessionAtom } from '../session/session.tsx';
import { toggleTheme } from '../settings/theme.ts';
import { confirmDelete, confirmDialog } from '../shell/dialog.tsx';
import { toggleSidebar } from '../shell/sidebar-state.ts';
import { paletteOpenAtom, shortcutHelpOpenAtom } from '../shell/ui-state.ts';
import { store } from '../store.ts';
import { closeTab } from './close-tab.ts';
import { activeDocumentAtom, openTab } from './tab-context.ts';
import { activeTab, dispatchWorkspace, isSplit, tabListOpenAtom, workspaceAtom } from './workspace-state.ts';

/** The undo still offered (one at a time); the record's bar shows its button until `until`. */
export const undoOfferAtom = atom<UndoOffer | null>(null);

const workspace = (): WorkspaceService => {
  const ws = store.get(workspaceAtom);
  return {
    activeUrl: activeTab(ws)?.url,
    openTab: (url, options) => openTab(url, options),
    tabCount: () => store.get(workspaceAtom).tabs.length,
    closedTabCount: () => store.get(workspaceAtom).closed.length,
    isSplit: () => isSplit(store.get(workspaceAtom)),
    closeActiveTab: async () => {
      const tab = activeTab(store.get(workspaceAtom));
      if (tab) await closeTab(tab.id);
    },
    reopenTab: () => dispatchWorkspace({ type: 'reopen' }),
    gotoTab: (index) => dispatchWorkspace({ type: 'goto', index }),
    cycleTab: (delta) => dispatchWorkspace({ type: 'cycle', delta }),
    moveActiveTab: (delta) => {
      const tab = activeTab(store.get(workspaceAtom));
      if (tab) dispatchWorkspace({ type: 'move', id: tab.id, delta });
    },
    toggleSplit: () => dispatchWorkspace({ type: 'toggleSplit' }),
    focusOtherPane: () => dispatchWorkspace({ type: 'focusPane', pane: store.get(workspaceAtom).focusedPane === 0 ? 1 : 0 }),
    togglePalette: () => store.set(paletteOpenAtom, (open) => !open),
    openTabList: () => {
      // One dialog at a time: the list replaces the palette it was chosen from.
      store.set(paletteOpenAtom, false);
      store.set(tabListOpenAtom, true);
    },
    openShortcutHelp: () => store.set(shortcutHelpOpenAtom, true),
    toggleSidebar,
    toggleTheme,
  };
};

/** Shows a failed request's problem as the HTTP client would (SPEC §8), or a generic error. */
export function showError(error: unknown): void {
  if (error instanceof ApiProblem) showProblemAlert(error);
  else {
    console.error(error);
    pushAlert({ type: 'danger', title: intl.formatMessage({ id: 'problems.generic.title' }), content: intl.formatMessage({ id: 'problems.generic.content' }) });
  }
}

/** The action body forms load with the dialog they live in (not in the initial bundle; on first use or once the browser is idle). */
const actionBodyDialog = lazyModule(() => import('../shell/action-body-dialog.tsx'));
const askActionBody = async (request: ActionBodyRequest): Promise<unknown> => (await actionBodyDialog()).askActionBody(request);

export const ui: UiService = {
  t: (id, values) => intl.formatMessage({ id }, values),
  notify: (message, type) => void pushAlert({ content: message, type: type ?? 'info' }),
  showError,
  confirmDelete,
  confirm: (options) => confirmDialog(options),
  offerUndo: (offer) => store.set(undoOfferAtom, offer),
  pendingUndo: () => {
    const offer = store.get(undoOfferAtom);
    return offer && offer.until > Date.now() ? offer : undefined;
  },
  takeUndo: () => {
    const offer = store.get(undoOfferAtom);
    store.set(undoOfferAtom, null);
    return offer && offer.until > Date.now() ? offer : undefined;
  },
  askActionBody,
};

/** Impersonation and the maintenance switch (`PUT /api/maintenance`), for the administrators' commands. */
const admin: AdminService = {
  actAs: (userId) => store.get(sessionAtom)?.startImpersonation(userId),
  maintenance: async () => (await api.get<{ data: { enabled: boolean } }>('/maintenance', { silent: true })).data.enabled,
  setMaintenance: async (enabled) => void (await api.put('/maintenance', { enabled }, { silent: true })),
};

/**
 * The context now, or undefined before sign-in. `overrides` let a button act on its own tab's
 * document (a form in the unfocused side of a split view).
 */
export function getCommandContext(overrides: Partial<Pick<CommandContext, 'activeDocument'>> = {}): CommandContext | undefined {
  const session = store.get(sessionAtom);
  if (!session) return undefined;
  const ctx: CommandContext = { identity: session.identity, ability: session.ability, workspace: workspace(), ui, records, admin };
  const doc = overrides.activeDocument ?? store.get(activeDocumentAtom);
  if (doc) ctx.activeDocument = doc;
  return ctx;
}
