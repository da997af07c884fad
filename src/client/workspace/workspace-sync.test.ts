import { describe, expect, it } from 'vitest';
import { MAX_OPEN_TABS } from '../../domain/entities/user-settings.ts';
import { MAX_SAVED_TABS, savedTabs, tabLabel } from './workspace-sync.ts';
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

  it('label a tab with its title, else its route title', () => {
    expect(tabLabel({ url: '/planning/calendar/fire' })).toBe('Calendario Antincendio');
    expect(tabLabel({ url: '/x', title: 'Mio' })).toBe('Mio');
  });

  it('say which variant of a route a screen title is, and that a record\'s PDF is its preview', () => {
    expect(tabLabel({ url: '/customers/company', title: 'Clienti' })).toBe('Clienti · Aziende');
    expect(tabLabel({ url: '/customers/person?sort=name', title: 'Clienti' })).toBe('Clienti · Privati');
    expect(tabLabel({ url: '/planning/physicalActivities/fire/c1', title: 'Scadenze' })).toBe('Scadenze · Antincendio');
    expect(tabLabel({ url: '/planning/physicalActivities/equip/c1', title: 'Scadenze' })).toBe('Scadenze · Attrezzature');
    expect(tabLabel({ url: '/planning/physicalActivities', title: 'Scadenze' })).toBe('Scadenze');
    // A list titled by its kind takes its route's more specific title.
    expect(tabLabel({ url: '/marketing/customers', title: 'Clienti' })).toBe('Clienti marketing');
    // A title that already names its variant is left as it is.
    expect(tabLabel({ url: '/planning/calendar/fire', title: 'Calendario Antincendio' })).toBe('Calendario Antincendio');
    expect(tabLabel({ url: '/preview/quotations/q1', title: 'PRV-2026-02374 – Mario Rossi' })).toBe('Anteprima PRV-2026-02374 – Mario Rossi');
    expect(tabLabel({ url: '/marketing/quotations/detail/q1', title: 'PRV-2026-02374 – Mario Rossi' })).toBe('PRV-2026-02374 – Mario Rossi');
    // A record whose only tab is the preview route (a role) keeps its own title.
    expect(tabLabel({ url: '/preview/roles/r1', title: 'Amministrazione' })).toBe('Amministrazione');
  });
});
