// @vitest-environment jsdom
// The offline readiness badge (issue 25, priming): live over the store, in Italian, naming what is missing.
// Dexie's liveQuery runs only where the page has an IndexedDB (`indexedDB` global): fake-indexeddb's.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { messages } from '../i18n/index.ts';
import { openOfflineDb, type OfflineDb, type ReadinessRow } from './db.ts';
import { setPrimingDb } from './prime-registry.ts';
import { OfflineReadinessBadge } from './readiness.tsx';
import { OfflineReadinessSlot } from './readiness-slot.tsx';

const opened: OfflineDb[] = [];
afterEach(() => {
  cleanup();
  setPrimingDb(null);
  for (const db of opened.splice(0)) db.close();
});

async function store(): Promise<OfflineDb> {
  const db = await openOfflineDb('u-me', { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  return db;
}

const row = (over: Partial<ReadinessRow> = {}): ReadinessRow => ({
  assignmentId: 'a1', primedAt: '2026-12-04T10:05:00.000Z', day: '2026-12-04', ready: true,
  missing: { kinds: [], thumbnails: 0, thumbnailsOverBudget: 0, overBudget: false }, ...over,
});

const renderIt = (node: React.ReactNode) => render(<IntlProvider locale="it" messages={messages}>{node}</IntlProvider>);

describe('OfflineReadinessBadge', () => {
  it('says «Pronto offline» with the time it was prepared, and follows the store as it changes', async () => {
    const db = await store();
    await db.readiness.put(row());
    renderIt(<OfflineReadinessBadge assignmentId="a1" db={db} />);
    const badge = await screen.findByRole('status');
    expect(badge.textContent).toBe('Pronto offline');
    expect(badge.title).toBe('Preparato per il lavoro senza rete il 04/12/26, 11:05');
    await act(async () => {
      await db.readiness.put(row({ ready: false, missing: { kinds: ['physicalActivities'], thumbnails: 2, thumbnailsOverBudget: 1, overBudget: false } }));
    });
    await screen.findByText(/^Non pronto offline/);
    expect(screen.getByRole('status').textContent).toBe(
      'Non pronto offline: mancano scadenze (non consultabili con il tuo ruolo), 2 anteprime di foto e 1 anteprima di foto lasciata fuori per lo spazio',
    );
  });

  it('says what is missing for an intervention not prepared or over the budget', async () => {
    const db = await store();
    await db.readiness.put(row({ assignmentId: 'a2', ready: false, missing: { kinds: [], thumbnails: 0, thumbnailsOverBudget: 0, overBudget: true } }));
    renderIt(<><OfflineReadinessBadge assignmentId="a2" db={db} /><OfflineReadinessBadge assignmentId="a3" db={db} /></>);
    // Each badge reads its own row: the two answers may come in separate renders.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual([
        'Non pronto offline: mancano i dati dell’intervento (oltre lo spazio riservato sul dispositivo)',
        'Non pronto offline: mancano i dati dell’intervento (non è fra gli interventi preparati su questo dispositivo)',
      ]),
    );
  });

  it('the slot shows nothing without an offline store, and the badge once priming keeps one', async () => {
    const db = await store();
    await db.readiness.put(row());
    const { container } = renderIt(<OfflineReadinessSlot assignmentId="a1" />);
    expect(container.textContent).toBe('');
    act(() => setPrimingDb(db));
    expect((await screen.findByRole('status')).textContent).toBe('Pronto offline');
    act(() => setPrimingDb(null));
    expect(container.textContent).toBe('');
  });
});
