/**
 * Workspace commands: palette, shortcut help, tabs (next/previous, 1–9, close, reopen, move),
 * split view, sidebar and theme. Tab keys avoid what the browser keeps (Ctrl+W/T/N/Tab).
 */
import type { Command } from './types.ts';
import { intl } from '../src/client/i18n/index.ts';
import { store } from '../src/client/store.ts';
import { paletteOpenAtom, shortcutHelpOpenAtom } from '../src/client/shell/ui-state.ts';
import { toggleSidebar } from '../src/client/shell/sidebar-state.ts';
import { toggleTheme } from '../src/client/settings/theme.ts';
import { activeTab, dispatchWorkspace, isSplit, workspaceAtom } from '../src/client/workspace/workspace-state.ts';
import { closeTab } from '../src/client/workspace/close-tab.ts';

const tabs = { id: 'workspace.group.tabs' };
const general = { id: 'workspace.group.general' };
const t = (id: string) => ({ id });
const disabled = (id: string) => ({ disabled: intl.formatMessage({ id }) });

const hasTabs = () => store.get(workspaceAtom).tabs.length > 0;
const current = () => activeTab(store.get(workspaceAtom));

const gotoCommands: Command[] = Array.from({ length: 9 }, (_, i) => ({
  id: `tab.goto.${i + 1}`,
  title: intl.formatMessage({ id: i === 8 ? 'workspace.cmd.tabGotoLast' : 'workspace.cmd.tabGoto' }, { n: i + 1 }),
  group: tabs,
  keys: [`Alt+${i + 1}`],
  when: () => store.get(workspaceAtom).tabs.length > (i === 8 ? 0 : i),
  run: () => dispatchWorkspace({ type: 'goto', index: i + 1 }),
}));

export const workspaceCommands: Command[] = [
  {
    id: 'palette.open',
    title: t('workspace.cmd.paletteOpen'),
    group: general,
    keys: ['$mod+k'],
    run: () => store.set(paletteOpenAtom, (open) => !open),
  },
  {
    id: 'help.shortcuts',
    title: t('workspace.cmd.shortcuts'),
    group: general,
    keys: ['?'],
    run: () => store.set(shortcutHelpOpenAtom, true),
  },
  {
    id: 'sidebar.toggle',
    title: t('workspace.cmd.sidebarToggle'),
    group: general,
    keys: ['$mod+b'],
    run: () => toggleSidebar(),
  },
  {
    id: 'theme.toggle',
    title: t('workspace.cmd.themeToggle'),
    group: general,
    keywords: ['tema', 'scuro', 'chiaro', 'dark', 'light'],
    run: () => toggleTheme(),
  },
  {
    id: 'tab.next',
    title: t('workspace.cmd.tabNext'),
    group: tabs,
    keys: ['Alt+PageDown'],
    when: () => store.get(workspaceAtom).tabs.length > 1,
    run: () => dispatchWorkspace({ type: 'cycle', delta: 1 }),
  },
  {
    id: 'tab.previous',
    title: t('workspace.cmd.tabPrevious'),
    group: tabs,
    keys: ['Alt+PageUp'],
    when: () => store.get(workspaceAtom).tabs.length > 1,
    run: () => dispatchWorkspace({ type: 'cycle', delta: -1 }),
  },
  ...gotoCommands,
  {
    id: 'tab.close',
    title: t('workspace.cmd.tabClose'),
    group: tabs,
    keys: ['Alt+w'],
    when: hasTabs,
    run: () => {
      const tab = current();
      if (tab) void closeTab(tab.id);
    },
  },
  {
    id: 'tab.reopen',
    title: t('workspace.cmd.tabReopen'),
    group: tabs,
    keys: ['Alt+Shift+t'],
    when: () => (store.get(workspaceAtom).closed.length > 0 ? true : disabled('workspace.reason.noClosedTabs')),
    run: () => dispatchWorkspace({ type: 'reopen' }),
  },
  {
    id: 'tab.moveRight',
    title: t('workspace.cmd.tabMoveRight'),
    group: tabs,
    keys: ['Alt+Shift+PageDown'],
    when: () => store.get(workspaceAtom).tabs.length > 1,
    run: () => {
      const tab = current();
      if (tab) dispatchWorkspace({ type: 'move', id: tab.id, delta: 1 });
    },
  },
  {
    id: 'tab.moveLeft',
    title: t('workspace.cmd.tabMoveLeft'),
    group: tabs,
    keys: ['Alt+Shift+PageUp'],
    when: () => store.get(workspaceAtom).tabs.length > 1,
    run: () => {
      const tab = current();
      if (tab) dispatchWorkspace({ type: 'move', id: tab.id, delta: -1 });
    },
  },
  {
    id: 'split.toggle',
    title: t('workspace.cmd.splitToggle'),
    group: tabs,
    keys: ['Alt+s'],
    when: () => (isSplit(store.get(workspaceAtom)) || store.get(workspaceAtom).tabs.length > 1 ? true : disabled('workspace.reason.oneTab')),
    run: () => dispatchWorkspace({ type: 'toggleSplit' }),
  },
  {
    id: 'split.focusOther',
    title: t('workspace.cmd.splitFocusOther'),
    group: tabs,
    keys: ['Alt+o'],
    when: () => (isSplit(store.get(workspaceAtom)) ? true : disabled('workspace.reason.noSplit')),
    run: () => dispatchWorkspace({ type: 'focusPane', pane: store.get(workspaceAtom).focusedPane === 0 ? 1 : 0 }),
  },
];
