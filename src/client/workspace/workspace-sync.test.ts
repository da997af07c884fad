import { describe, expect, it } from 'vitest';
import { MAX_OPEN_TABS } from '../../domain/entities/user-settings.ts';
import { MAX_SAVED_TABS, savedTabs } from './workspace-sync.ts';
import { emptyWorkspace, workspaceReducer } from './workspace-state.ts';

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
