// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_OPEN_TABS } from '../../domain/entities/user-settings.ts';
import { records } from '../data/records.ts';
import { store } from '../store.ts';
import { MAX_SAVED_TABS, restoreWorkspace, savedTabs } from './workspace-sync.ts';
import { dispatchWorkspace, emptyWorkspace, workspaceAtom, workspaceReducer } from './workspace-state.ts';

describe('saved tabs', () => {
  it('keep at most what the userSettings kind accepts', () => {
    expect(MAX_SAVED_TABS).toBe(MAX_OPEN_TABS);
  });

  it('save URL, title and the active tab, leaving out catch-all pages', () => {
    let ws = workspaceReducer(emptyWorkspace, { type: 'open', url: '/marketing/quotations?sort=code' });
    ws = workspaceReducer(ws, { type: 'open', url: '/nessuna/pagina' });
    ws = workspaceReducer(ws, { type: 'open', url: '/marketing/quotations/detail/q1', title: 'PRV-1' });
    expect(savedTabs(ws)).toEqual({
      openTabs: [{ url: '/marketing/quotations?sort=code' }, { url: '/marketing/quotations/detail/q1', title: 'PRV-1' }],
      activeTabUrl: '/marketing/quotations/detail/q1',
      splitTabUrl: undefined,
    });
    ws = workspaceReducer(ws, { type: 'open', url: '/marketing/orders', side: 'right' });
    expect(savedTabs(ws)).toMatchObject({ activeTabUrl: '/marketing/orders', splitTabUrl: '/marketing/quotations/detail/q1' });
  });
});

describe('restoring the tabs after sign-in', () => {
  const stored = (urls: string[]) => ({ openTabs: urls.map((url) => ({ url })), activeTabUrl: urls[0] });
  const serverAnswer = (urls: string[]) => ({ data: [{ id: 's1', type: 'userSettings', attributes: stored(urls), metadata: { lastUpdatedDateTime: '2026-11-30T06:00:00.000Z' }, relationships: {} }], meta: {} });
  const urls = () => store.get(workspaceAtom).tabs.map((tab) => tab.url);

  function serverWillAnswer(): (urls: string[]) => void {
    type Answer = Awaited<ReturnType<typeof records.list>>;
    let answer: (value: Answer) => void = () => undefined;
    vi.spyOn(records, 'list').mockReturnValue(new Promise<Answer>((resolve) => (answer = resolve)));
    return (saved) => answer(serverAnswer(saved) as unknown as Answer);
  }

  beforeEach(() => {
    localStorage.clear();
    store.set(workspaceAtom, emptyWorkspace);
  });
  afterEach(() => vi.restoreAllMocks());

  it("opens this browser's copy and the landing tab before the server answers, then the server's copy when it differs", async () => {
    localStorage.setItem('backoffice.userSettings.u1', JSON.stringify(stored(['/marketing/quotations'])));
    const answer = serverWillAnswer();
    const restoring = restoreWorkspace('u1', '/dashboard');
    expect(urls()).toEqual(['/marketing/quotations', '/dashboard']);
    answer(['/maintenance/equipments']);
    await restoring;
    expect(urls()).toEqual(['/maintenance/equipments', '/dashboard']);
  });

  it('keeps the tabs it opened when both copies agree (the landing screen is not opened twice)', async () => {
    localStorage.setItem('backoffice.userSettings.u2', JSON.stringify(stored(['/marketing/quotations'])));
    const answer = serverWillAnswer();
    const restoring = restoreWorkspace('u2', '/dashboard');
    const opened = store.get(workspaceAtom).tabs.map((tab) => tab.id);
    answer(['/marketing/quotations']);
    await restoring;
    expect(store.get(workspaceAtom).tabs.map((tab) => tab.id)).toEqual(opened);
  });

  it('keeps what the user did before the server answered', async () => {
    const answer = serverWillAnswer();
    const restoring = restoreWorkspace('u3', '/dashboard');
    expect(urls()).toEqual(['/dashboard']);
    dispatchWorkspace({ type: 'open', url: '/marketing/orders' });
    answer(['/maintenance/equipments']);
    await restoring;
    expect(urls()).toEqual(['/dashboard', '/marketing/orders']);
  });
});
