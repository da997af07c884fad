import { describe, expect, it } from 'vitest';
import { tabListCommands, tabListKeys, workspaceCommands } from './workspace.ts';
import { navigationCommands, routeTitle } from './navigation.ts';
import { availability } from './registry.ts';
import { fakeContext } from './testing.ts';
import { installMessageFormatter } from './text.ts';
import { routeByName } from '../src/domain/routes.ts';

const command = (id: string) => [...workspaceCommands, ...navigationCommands].find((c) => c.id === id)!;

describe('workspace and navigation commands', () => {
  it('act through ctx.workspace', async () => {
    const fake = fakeContext({ tabs: 3 });
    for (const id of ['palette.open', 'help.shortcuts', 'sidebar.toggle', 'theme.toggle', 'tab.next', 'tab.goto.9', 'tab.moveLeft', 'tab.close', 'tab.list']) await command(id).run(fake.ctx);
    expect(fake.workspaceCalls).toEqual(['togglePalette', 'openShortcutHelp', 'toggleSidebar', 'toggleTheme', 'cycleTab 1', 'gotoTab 9', 'moveActiveTab -1', 'closeActiveTab', 'openTabList']);
    await command('nav.MarketingQuotations').run(fake.ctx);
    expect(fake.opened).toEqual(['/marketing/quotations']);
  });

  it('say why a tab command cannot run, from the workspace state', () => {
    const one = fakeContext({ tabs: 1 }).ctx;
    expect(availability(command('tab.reopen'), one)).toEqual({ disabled: 'workspace.reason.noClosedTabs' });
    expect(availability(command('split.toggle'), one)).toEqual({ disabled: 'workspace.reason.oneTab' });
    expect(availability(command('tab.next'), one)).toBe(false);
    expect(availability(command('tab.goto.2'), one)).toBe(false);
    expect(availability(command('tab.goto.2'), fakeContext({ tabs: 2 }).ctx)).toBe(true);
  });

  it('the tab list: offered while a tab is open; inside it Alt+W closes the highlighted tab, the same key as closing the active one', async () => {
    expect(availability(command('tab.list'), fakeContext({ tabs: 0 }).ctx)).toBe(false);
    expect(command('tab.list').keys).toEqual([tabListKeys.open]);
    const closed: string[] = [];
    const [close] = tabListCommands({ current: { closeHighlighted: () => void closed.push('highlighted') } });
    expect(close).toMatchObject({ scope: 'dialog', keys: command('tab.close').keys });
    await close!.run(fakeContext({ tabs: 2 }).ctx);
    expect(closed).toEqual(['highlighted']);
  });

  it('spell route variant titles with the installed messages (ids without them)', () => {
    const calendar = routeByName('Calendar');
    expect(routeTitle(calendar, { moduleName: 'fire' })).toBe('nav.calendar');
    installMessageFormatter((id, values) => `${id}(${Object.values(values ?? {}).join(',')})`);
    expect(routeTitle(calendar, { moduleName: 'fire' })).toBe('nav.calendar(nav.param.moduleName.fire())');
    expect(command('nav.Calendar.fire').title).toBe('nav.calendar(nav.param.moduleName.fire())');
  });
});
