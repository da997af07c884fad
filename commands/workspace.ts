/**
 * Workspace commands: palette, shortcut help, tabs (next/previous, 1–9, close, reopen, move, the
 * tab list), split view, sidebar and theme. Tab keys avoid what the browser keeps (Ctrl+W/T/N/Tab).
 * They act through `ctx.workspace`, so they run the same against the real shell or a test double.
 */
import type { Availability, Command, CommandContext } from './types.ts';
import { formatText } from './text.ts';

const tabs = { id: 'workspace.group.tabs' };
const general = { id: 'workspace.group.general' };
const m = (id: string) => ({ id });
const disabled = (ctx: CommandContext, id: string): Availability => ({ disabled: ctx.ui.t(id) });
const severalTabs = (ctx: CommandContext) => ctx.workspace.tabCount() > 1;

const gotoCommands: Command[] = Array.from({ length: 9 }, (_, i) => ({
  id: `tab.goto.${i + 1}`,
  get title() {
    return formatText({ id: i === 8 ? 'workspace.cmd.tabGotoLast' : 'workspace.cmd.tabGoto', values: { n: i + 1 } });
  },
  group: tabs,
  keys: [`Alt+${i + 1}`],
  when: (ctx) => ctx.workspace.tabCount() > (i === 8 ? 0 : i),
  run: (ctx) => ctx.workspace.gotoTab(i + 1),
}));

/** The tab list's keys, as data its footer and the shortcut help show: Alt+W closes there the highlighted tab, as it closes the active one outside. */
export const tabListKeys = { open: 'Alt+l', close: 'Alt+w' } as const;

/** What the open tab list lets its keys do (the dialog keeps it current). */
export interface TabListTarget {
  /** Closes the highlighted tab (asking first when it has unsaved changes). */
  closeHighlighted(): void;
}

/** The tab list's own commands, in the dialog scope while it is open. */
export function tabListCommands(live: { readonly current: TabListTarget }): Command[] {
  return [
    {
      id: 'tabList.close',
      title: m('workspace.cmd.tabListClose'),
      group: tabs,
      scope: 'dialog',
      keys: [tabListKeys.close],
      run: () => live.current.closeHighlighted(),
    },
  ];
}

export const workspaceCommands: Command[] = [
  {
    id: 'palette.open',
    title: m('workspace.cmd.paletteOpen'),
    group: general,
    keys: ['$mod+k'],
    run: (ctx) => ctx.workspace.togglePalette(),
  },
  {
    id: 'help.shortcuts',
    title: m('workspace.cmd.shortcuts'),
    group: general,
    keys: ['?'],
    run: (ctx) => ctx.workspace.openShortcutHelp(),
  },
  {
    id: 'sidebar.toggle',
    title: m('workspace.cmd.sidebarToggle'),
    group: general,
    keys: ['$mod+b'],
    run: (ctx) => ctx.workspace.toggleSidebar(),
  },
  {
    id: 'theme.toggle',
    title: m('workspace.cmd.themeToggle'),
    group: general,
    keywords: ['tema', 'scuro', 'chiaro', 'dark', 'light'],
    run: (ctx) => ctx.workspace.toggleTheme(),
  },
  {
    id: 'tab.next',
    title: m('workspace.cmd.tabNext'),
    group: tabs,
    keys: ['Alt+PageDown'],
    when: severalTabs,
    run: (ctx) => ctx.workspace.cycleTab(1),
  },
  {
    id: 'tab.previous',
    title: m('workspace.cmd.tabPrevious'),
    group: tabs,
    keys: ['Alt+PageUp'],
    when: severalTabs,
    run: (ctx) => ctx.workspace.cycleTab(-1),
  },
  ...gotoCommands,
  {
    id: 'tab.close',
    title: m('workspace.cmd.tabClose'),
    group: tabs,
    keys: ['Alt+w'],
    when: (ctx) => ctx.workspace.tabCount() > 0,
    run: (ctx) => ctx.workspace.closeActiveTab(),
  },
  {
    id: 'tab.reopen',
    title: m('workspace.cmd.tabReopen'),
    group: tabs,
    keys: ['Alt+Shift+t'],
    when: (ctx) => (ctx.workspace.closedTabCount() > 0 ? true : disabled(ctx, 'workspace.reason.noClosedTabs')),
    run: (ctx) => ctx.workspace.reopenTab(),
  },
  {
    id: 'tab.list',
    title: m('workspace.cmd.tabList'),
    group: tabs,
    keys: [tabListKeys.open],
    keywords: ['elenco', 'schede aperte', 'cerca scheda', 'chiudi schede'],
    when: (ctx) => ctx.workspace.tabCount() > 0,
    run: (ctx) => ctx.workspace.openTabList(),
  },
  {
    id: 'tab.moveRight',
    title: m('workspace.cmd.tabMoveRight'),
    group: tabs,
    keys: ['Alt+Shift+PageDown'],
    when: severalTabs,
    run: (ctx) => ctx.workspace.moveActiveTab(1),
  },
  {
    id: 'tab.moveLeft',
    title: m('workspace.cmd.tabMoveLeft'),
    group: tabs,
    keys: ['Alt+Shift+PageUp'],
    when: severalTabs,
    run: (ctx) => ctx.workspace.moveActiveTab(-1),
  },
  {
    id: 'split.toggle',
    title: m('workspace.cmd.splitToggle'),
    group: tabs,
    keys: ['Alt+s'],
    when: (ctx) => (ctx.workspace.isSplit() || severalTabs(ctx) ? true : disabled(ctx, 'workspace.reason.oneTab')),
    run: (ctx) => ctx.workspace.toggleSplit(),
  },
  {
    id: 'split.focusOther',
    title: m('workspace.cmd.splitFocusOther'),
    group: tabs,
    keys: ['Alt+o'],
    when: (ctx) => (ctx.workspace.isSplit() ? true : disabled(ctx, 'workspace.reason.noSplit')),
    run: (ctx) => ctx.workspace.focusOtherPane(),
  },
];
