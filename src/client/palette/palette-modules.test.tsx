// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';
import { queryClient } from '../api/query-client.ts';
import { paletteOpenAtom } from '../shell/ui-state.ts';
import { store } from '../store.ts';
import '../test-support/cmdk-jsdom.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { recentItemsAtom } from '../workspace/recent.ts';
import Palette from './palette.tsx';


afterEach(() => {
  cleanup();
  store.set(paletteOpenAtom, false);
  store.set(recentItemsAtom, []);
  queryClient.clear();
});

const operatore = roleDefinitions.find((role) => role.name === 'Operatore')!.permissions;

describe('the palette of a user limited to the fire module', () => {
  it('offers again only the recent pages it may open now, and no screen of another module', async () => {
    store.set(recentItemsAtom, [
      { url: '/users', title: 'Utenti' },
      { url: '/mail/outbox', title: 'Posta in uscita' },
      { url: '/planning/calendar/equip', title: 'Calendario – Attrezzature' },
      { url: '/trainingPlans/p1', title: 'Piano formativo' },
      { url: '/planning/calendar/fire', title: 'Calendario – Antincendio' },
    ]);
    store.set(paletteOpenAtom, true);
    renderSignedIn({ ...testIdentity, allowedModules: ['fire'], permissions: operatore }, <Palette />);
    await screen.findAllByRole('option');
    const titles = screen.getAllByRole('option').map((option) => option.querySelector('.palette-item-title')?.textContent);
    expect(titles).toContain('Calendario – Antincendio');
    for (const refused of ['Utenti', 'Posta in uscita', 'Calendario – Attrezzature', 'Piano formativo', 'Corsi', 'Edizioni dei corsi']) expect(titles, refused).not.toContain(refused);
  });
});
