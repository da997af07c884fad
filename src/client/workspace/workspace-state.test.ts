import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB_LIMIT as SCHEMA_DEFAULT_TAB_LIMIT, MAX_OPEN_TABS, TAB_LIMIT_CHOICES as SCHEMA_TAB_LIMIT_CHOICES, userSettingsAttributes } from '../../domain/entities/user-settings.ts';
import { activeTab, DEFAULT_TAB_LIMIT, emptyWorkspace, TAB_LIMIT_CHOICES, tabLimitOf, workspaceReducer, type Workspace, type WorkspaceAction } from './workspace-state.ts';

const run = (...actions: WorkspaceAction[]): Workspace => actions.reduce(workspaceReducer, emptyWorkspace);
const urls = (ws: Workspace) => ws.tabs.map((tab) => tab.url);
const active = (ws: Workspace) => activeTab(ws)?.url;
const open = (url: string, extra: Partial<Extract<WorkspaceAction, { type: 'open' }>> = {}): WorkspaceAction => ({ type: 'open', url, ...extra });

describe('tab state', () => {
  it('opens a tab per page and focuses an open one instead of duplicating it', () => {
    const ws = run(open('/dashboard'), open('/marketing/quotations'), open('/dashboard'));
    expect(urls(ws)).toEqual(['/dashboard', '/marketing/quotations']);
    expect(active(ws)).toBe('/dashboard');
  });

  it('inserts a new tab after the active one', () => {
    const ws = run(open('/a'), open('/b'), { type: 'goto', index: 1 }, open('/c'));
    expect(urls(ws)).toEqual(['/a', '/c', '/b']);
  });

  it('a link with a query replaces the view of the open tab; a bare path keeps it', () => {
    let ws = run(open('/marketing/quotations?sort=-date'));
    ws = workspaceReducer(ws, open('/marketing/quotations'));
    expect(urls(ws)).toEqual(['/marketing/quotations?sort=-date']);
    ws = workspaceReducer(ws, open('/marketing/quotations?sort=code'));
    expect(urls(ws)).toEqual(['/marketing/quotations?sort=code']);
  });

  it('background opens do not move the focus', () => {
    const ws = run(open('/a'), open('/b', { background: true }));
    expect(active(ws)).toBe('/a');
    expect(urls(ws)).toEqual(['/a', '/b']);
  });

  it('closing the active tab shows its right neighbour, else the left one, and can be reopened in place', () => {
    let ws = run(open('/a'), open('/b'), open('/c'), { type: 'goto', index: 2 });
    ws = workspaceReducer(ws, { type: 'close', id: activeTab(ws)!.id });
    expect(urls(ws)).toEqual(['/a', '/c']);
    expect(active(ws)).toBe('/c');
    ws = workspaceReducer(ws, { type: 'close', id: activeTab(ws)!.id });
    expect(active(ws)).toBe('/a');
    ws = workspaceReducer(ws, { type: 'reopen' });
    expect(urls(ws)).toEqual(['/a', '/c']);
    ws = workspaceReducer(ws, { type: 'reopen' });
    expect(urls(ws)).toEqual(['/a', '/b', '/c']);
    expect(active(ws)).toBe('/b');
    expect(workspaceReducer(ws, { type: 'reopen' })).toBe(ws);
  });

  it('cycles, goes to 1–9 (9 = last) and moves tabs', () => {
    let ws = run(open('/a'), open('/b'), open('/c'));
    ws = workspaceReducer(ws, { type: 'cycle', delta: 1 });
    expect(active(ws)).toBe('/a');
    ws = workspaceReducer(ws, { type: 'cycle', delta: -1 });
    expect(active(ws)).toBe('/c');
    ws = workspaceReducer(ws, { type: 'goto', index: 9 });
    expect(active(ws)).toBe('/c');
    ws = workspaceReducer(ws, { type: 'goto', index: 2 });
    expect(active(ws)).toBe('/b');
    ws = workspaceReducer(ws, { type: 'move', id: activeTab(ws)!.id, delta: -1 });
    expect(urls(ws)).toEqual(['/b', '/a', '/c']);
    ws = workspaceReducer(ws, { type: 'move', id: activeTab(ws)!.id, delta: -1 });
    expect(urls(ws)).toEqual(['/b', '/a', '/c']);
  });

  it('split view: a tab opened on the right side, each side focused on its own, the focused side gets the next open', () => {
    let ws = run(open('/q/1'), open('/q/2', { side: 'right' }));
    expect(ws.panes.map((id) => ws.tabs.find((t) => t.id === id)?.url)).toEqual(['/q/1', '/q/2']);
    expect(active(ws)).toBe('/q/2');
    ws = workspaceReducer(ws, { type: 'focusPane', pane: 0 });
    expect(active(ws)).toBe('/q/1');
    ws = workspaceReducer(ws, open('/q/3'));
    expect(ws.panes.map((id) => ws.tabs.find((t) => t.id === id)?.url)).toEqual(['/q/3', '/q/2']);
    // Cycling on one side skips the tab shown on the other.
    ws = workspaceReducer(ws, { type: 'cycle', delta: 1 });
    expect(active(ws)).not.toBe('/q/2');
    ws = workspaceReducer(ws, { type: 'toggleSplit' });
    expect(ws.panes[1]).toBeUndefined();
  });

  it('closing the tab of the right pane with nothing else to show ends the split', () => {
    let ws = run(open('/a'), open('/b', { side: 'right' }));
    ws = workspaceReducer(ws, { type: 'close', id: activeTab(ws)!.id });
    expect(ws.panes[1]).toBeUndefined();
    expect(active(ws)).toBe('/a');
  });

  it('tracks title, URL and unsaved changes per tab without touching the state when nothing changes', () => {
    let ws = run(open('/a'));
    const id = ws.tabs[0]!.id;
    ws = workspaceReducer(ws, { type: 'setTitle', id, title: 'Preventivo 1' });
    ws = workspaceReducer(ws, { type: 'setDirty', id, dirty: true });
    ws = workspaceReducer(ws, { type: 'setUrl', id, url: '/a?x=1' });
    expect(ws.tabs[0]).toMatchObject({ title: 'Preventivo 1', dirty: true, url: '/a?x=1' });
    expect(workspaceReducer(ws, { type: 'setDirty', id, dirty: true })).toBe(ws);
  });

  it('a tab sent to an address another tab has gives way to it: one tab per address, as the saved workspace requires', () => {
    let ws = run(open('/portal/q/1'), open('/b'), open('/marketing/q/1'));
    const redirected = activeTab(ws)!.id;
    ws = workspaceReducer(ws, { type: 'setUrl', id: redirected, url: '/portal/q/1' });
    expect(urls(ws)).toEqual(['/portal/q/1', '/b']);
    expect(active(ws)).toBe('/portal/q/1');
    expect(ws.closed).toEqual([]);
    expect(userSettingsAttributes.safeParse({ openTabs: ws.tabs.map(({ url }) => ({ url })) }).success).toBe(true);
  });

  it('restores saved tabs in order with the active one and the split, dropping duplicates', () => {
    const ws = run({ type: 'restore', tabs: [{ url: '/a' }, { url: '/b', title: 'B' }, { url: '/a' }, { url: '/c' }], activeUrl: '/b', splitUrl: '/c' });
    expect(urls(ws)).toEqual(['/a', '/b', '/c']);
    expect(active(ws)).toBe('/b');
    expect(ws.tabs.find((tab) => tab.id === ws.panes[1])?.url).toBe('/c');
  });
});

describe('tab limit', () => {
  const limited = (url: string, extra: Partial<Extract<WorkspaceAction, { type: 'open' }>> = {}) => open(url, { limit: 3, ...extra });
  const idOf = (ws: Workspace, url: string) => ws.tabs.find((tab) => tab.url === url)!.id;

  it('remembers the order of use: the shown tabs last, the focused one at the end', () => {
    let ws = run(open('/a'), open('/b'), open('/c'), { type: 'goto', index: 1 });
    expect(ws.usage.map((id) => ws.tabs.find((tab) => tab.id === id)!.url)).toEqual(['/b', '/c', '/a']);
    ws = workspaceReducer(ws, open('/d', { background: true }));
    expect(ws.usage.map((id) => ws.tabs.find((tab) => tab.id === id)!.url)).toEqual(['/b', '/c', '/d', '/a']);
    const closing = idOf(ws, '/c');
    ws = workspaceReducer(ws, { type: 'close', id: closing });
    expect(ws.usage).not.toContain(closing);
    expect(ws.usage).toHaveLength(3);
  });

  it('opening one tab over the limit closes the least recently used one, which can be reopened', () => {
    let ws = run(limited('/a'), limited('/b'), limited('/c'), { type: 'goto', index: 1 });
    ws = workspaceReducer(ws, limited('/d'));
    expect(urls(ws)).toEqual(['/a', '/d', '/c']);
    expect(active(ws)).toBe('/d');
    expect(ws.closed.at(-1)?.url).toBe('/b');
    // Without a limit nothing is closed.
    expect(urls(workspaceReducer(ws, open('/e')))).toHaveLength(4);
  });

  it('never closes a tab with unsaved changes nor a shown one; with nothing to close the limit is exceeded', () => {
    let ws = run(limited('/a'), limited('/b'), limited('/c', { side: 'right' }));
    // /c on the right; /b gets unsaved changes and /a is shown on the left.
    ws = workspaceReducer(ws, { type: 'setDirty', id: idOf(ws, '/b'), dirty: true });
    ws = workspaceReducer(ws, { type: 'focusPane', pane: 0 });
    ws = workspaceReducer(ws, { type: 'activate', id: idOf(ws, '/a') });
    ws = workspaceReducer(ws, limited('/d', { background: true }));
    // /a and /c are shown, /b is dirty, /d was just opened: over the limit, nothing closed.
    expect(urls(ws).sort()).toEqual(['/a', '/b', '/c', '/d']);
    expect(ws.closed).toEqual([]);
    // Once /b is saved it is the least recently used tab that may go.
    ws = workspaceReducer(ws, { type: 'setDirty', id: idOf(ws, '/b'), dirty: false });
    ws = workspaceReducer(ws, limited('/e', { background: true }));
    expect(urls(ws)).not.toContain('/b');
    expect(urls(ws)).toEqual(expect.arrayContaining(['/a', '/c', '/e']));
  });

  it('restored tabs never shown since count as the least recently used', () => {
    let ws = run({ type: 'restore', tabs: [{ url: '/a' }, { url: '/b' }, { url: '/c' }], activeUrl: '/c' });
    ws = workspaceReducer(ws, limited('/d'));
    expect(urls(ws)).toEqual(['/b', '/c', '/d']);
  });
});

describe('tab limit from the user settings («Schede aperte al massimo»)', () => {
  const openMany = (count: number, setting: number | undefined) => {
    const limit = tabLimitOf(setting);
    return run(...Array.from({ length: count }, (_, i) => open(`/page-${i}`, limit === undefined ? {} : { limit })));
  };

  it('offers the schema’s choices, none above the tabs the settings save, 50 by default as before', () => {
    expect(TAB_LIMIT_CHOICES).toEqual(SCHEMA_TAB_LIMIT_CHOICES);
    expect(DEFAULT_TAB_LIMIT).toBe(SCHEMA_DEFAULT_TAB_LIMIT);
    expect(Math.max(...TAB_LIMIT_CHOICES)).toBeLessThanOrEqual(MAX_OPEN_TABS);
    expect(userSettingsAttributes.parse({}).tabLimit).toBe(50);
    for (const choice of TAB_LIMIT_CHOICES) expect(userSettingsAttributes.parse({ tabLimit: choice }).tabLimit).toBe(choice);
    for (const wrong of [25, -1, 51, '20', null]) expect(userSettingsAttributes.safeParse({ tabLimit: wrong }).success).toBe(false);
  });

  it('maps the setting to the reducer’s limit: 0 is none, absent the default', () => {
    expect(tabLimitOf(undefined)).toBe(50);
    expect(tabLimitOf(0)).toBeUndefined();
    expect(tabLimitOf(20)).toBe(20);
  });

  it('keeps at most the chosen number of tabs, the least recently used closed first', () => {
    const twenty = openMany(25, 20);
    expect(twenty.tabs).toHaveLength(20);
    expect(urls(twenty)).not.toContain('/page-0');
    expect(twenty.closed.map((tab) => tab.url)).toEqual(['/page-0', '/page-1', '/page-2', '/page-3', '/page-4']);
    expect(active(twenty)).toBe('/page-24');
    expect(openMany(35, 30).tabs).toHaveLength(30);
    expect(openMany(60, undefined).tabs).toHaveLength(50);
  });

  it('«Nessun limite» closes nothing', () => {
    const ws = openMany(60, 0);
    expect(ws.tabs).toHaveLength(60);
    expect(ws.closed).toEqual([]);
  });

  it('a tab with unsaved changes outlives the limit', () => {
    let ws = openMany(1, 20);
    ws = workspaceReducer(ws, { type: 'setDirty', id: ws.tabs[0]!.id, dirty: true });
    for (let i = 1; i < 30; i++) ws = workspaceReducer(ws, open(`/page-${i}`, { limit: 20 }));
    expect(ws.tabs).toHaveLength(20);
    expect(urls(ws)).toContain('/page-0');
  });
});
