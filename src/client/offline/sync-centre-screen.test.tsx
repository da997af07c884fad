// @vitest-environment jsdom
// The sync centre (issue 25) over a real runtime on fake-indexeddb and the app's HTTP client behind a
// fake fetch: the counts, a conflict resolved with «Mantieni il mio» (mine reaches the server), a
// refused change discarded after its confirmation, and the screen of a user without a runtime.
// Before Dexie loads: it takes the IndexedDB it finds then.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { buildAbility, type Identity } from '../../domain/ability.ts';
import { closeDialog, dialogAtom } from '../shell/dialog.tsx';
import { store } from '../store.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { unsentWorkCount } from '../shell/unsent-work.ts';
import { problem } from './fake-api.test-support.ts';
import { fakeDevice } from './fake-device.test-support.ts';
import { queuePhoto } from './photos.ts';
import { startOfflineRuntime, type OfflineRuntime } from './runtime.ts';
import SyncIndicator from './sync-centre-indicator.tsx';
import SyncCentreScreen from './sync-centre-screen.tsx';

const technician: Identity = { ...testIdentity, id: 'tecnico-sync-centre', permissions: [{ action: ['create', 'read', 'update'], subject: 'checks' }] };
const salesman: Identity = { ...testIdentity, id: 'commerciale-sync-centre', permissions: [{ action: 'read', subject: 'customer' }] };

const device = fakeDevice(() => {
  cleanup();
  store.set(dialogAtom, null);
});

/** A queue with one change waiting (no network for it), one refused by the device.server, one in «Da risolvere». */
async function queueWithEverything(runtime: OfflineRuntime): Promise<void> {
  const { outbox } = runtime;
  await outbox.prime('checks', device.server.seed('checks', 'c-conflict', { notes: 'da vedere', code: 'VER-1' }));
  await outbox.prime('checks', device.server.seed('checks', 'c-refused', { notes: '', code: 'VER-2' }));
  await outbox.prime('checks', device.server.seed('checks', 'c-waiting', { notes: '', code: 'VER-3' }));
  device.server.intercept = () => 'before';
  await outbox.enqueueEdit('checks', 'c-conflict', { attributes: { notes: 'estintore scarico', code: 'VER-1' } });
  await outbox.enqueueEdit('checks', 'c-refused', { attributes: { notes: 'x'.repeat(10), code: 'VER-2' } });
  await outbox.enqueueEdit('checks', 'c-waiting', { attributes: { notes: 'in attesa', code: 'VER-3' } });
  await outbox.drain();
  // The office changed the same note meanwhile; the device.server refuses the second change; the third has no network.
  device.server.officeEdit('checks', 'c-conflict', { attributes: { notes: 'sostituito dall’ufficio' } });
  device.server.intercept = (request) => {
    if (request.path.endsWith('/c-refused')) return problem(422, 'VALIDATION_ERROR', 'Dati non validi', { errors: [{ pointer: '/attributes/notes', code: 'too_big', message: 'Troppo lungo' }] });
    if (request.path.endsWith('/c-waiting')) return 'before';
    return undefined;
  };
  await runtime.db.outbox.toCollection().modify({ nextAttemptAt: 0 });
  await outbox.drain();
}

const count = (name: string) => document.querySelector(`[data-count="${name}"]`)?.textContent;

// jsdom, fake-indexeddb and React together: several seconds on a busy two-core machine.
describe('the sync centre', { timeout: 30_000 }, () => {
  it('shows the counts, resolves a conflict with «Mantieni il mio» and discards a refused change', async () => {
    const runtime = (await startOfflineRuntime(technician, buildAbility(technician.permissions), { locks: null }))!;
    runtime.outbox.stop(); // the test drains by itself
    await queueWithEverything(runtime);
    renderSignedIn(technician, <SyncCentreScreen />);

    await screen.findByRole('heading', { level: 1, name: 'Sincronizzazione' });
    // «Da inviare» is what the queue lists: the waiting change and the one held in «Da risolvere».
    await waitFor(() => expect([count('pending'), count('failed'), count('conflicts')]).toEqual(['2', '1', '1']));
    expect(screen.getByText('In linea')).toBeTruthy();
    expect(screen.getByText('Ultima sincronizzazione')).toBeTruthy();

    // The queue lists the waiting change with its attempts and the network error.
    const queue = screen.getByRole('table', { name: 'Coda di invio' });
    const waitingRow = within(queue).getAllByRole('row').find((row) => row.textContent?.includes('VER-3'))!;
    expect(waitingRow.textContent).toContain('Rete non raggiungibile');
    expect(within(waitingRow).getByRole('button', { name: /^Riprova ora/ })).toBeTruthy();

    // The refusal, with the server's Italian message and its field error.
    const refused = document.querySelector('[data-inbox]') as HTMLElement;
    expect(refused.textContent).toContain('Dati non validi');
    expect(refused.textContent).toContain('Troppo lungo');

    // «Da risolvere»: base, mine, theirs and who changed it.
    const conflictTable = screen.getByRole('table', { name: /Campi in conflitto/ });
    const [, fieldRow] = within(conflictTable).getAllByRole('row');
    expect(within(fieldRow!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['da vedere', 'estintore scarico', 'sostituito dall’ufficio', expect.stringContaining('Paola Pianificatrice')]);

    device.server.intercept = (request) => (request.path.endsWith('/c-waiting') ? 'before' : undefined);
    fireEvent.click(screen.getByRole('button', { name: /^Mantieni il mio/ }));
    await waitFor(() => expect(count('conflicts')).toBe('0'));
    await runtime.outbox.drain();
    await waitFor(() => expect(device.server.get('checks', 'c-conflict')?.attributes.notes).toBe('estintore scarico'));

    fireEvent.click(screen.getByRole('button', { name: /^Scarta/ }));
    await waitFor(() => expect(store.get(dialogAtom)?.request.title).toBe('Scartare la modifica?'));
    act(() => closeDialog(true));
    await waitFor(() => expect(count('failed')).toBe('0'));
    expect(await runtime.db.inbox.count()).toBe(0);
    // The refused change was never written.
    expect(device.server.get('checks', 'c-refused')?.attributes.notes).toBe('');
    expect(count('pending')).toBe('1');
  });

  it('asks to sign in again when the session expired with changes in the queue (the outbox waits on a 401)', async () => {
    const expired: Identity = { ...technician, id: 'tecnico-sync-expired' };
    const runtime = (await startOfflineRuntime(expired, buildAbility(expired.permissions), { locks: null }))!;
    runtime.outbox.stop();
    await runtime.outbox.prime('checks', device.server.seed('checks', 'c-expired', { notes: '' }));
    await runtime.outbox.enqueueEdit('checks', 'c-expired', { attributes: { notes: 'dopo la scadenza' } });
    device.server.intercept = () => problem(401, 'UNAUTHORIZED', 'Sessione scaduta');
    await runtime.outbox.drain();
    expect((await runtime.db.outbox.toArray())[0]?.lastError?.status).toBe(401);
    renderSignedIn(expired, <SyncCentreScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Accedi di nuovo per inviare le modifiche');
    expect(screen.getByRole('button', { name: 'Accedi di nuovo' })).toBeTruthy();
    expect(count('pending')).toBe('1');
  });

  it('counts a photo waiting to upload once, the same in the indicator, «Da inviare» and «Esci», lists it with «Riprova» and «Scarta», and names records as the device knows them', async () => {
    const runtime = (await startOfflineRuntime(technician, buildAbility(technician.permissions), { locks: null }))!;
    runtime.outbox.stop();
    const { outbox } = runtime;
    await outbox.prime('controls', device.server.seed('controls', 'ctrl-1', { code: 'SEM', name: 'Controllo semestrale' }));
    await outbox.prime('equipments', device.server.seed('equipments', 'eq-1', { equipmentId: 'EST-0042', builder: 'Brand', model: 'P6' }));
    await outbox.prime('checks', device.server.seed('checks', '02861706-aaaa-bbbb-cccc-000000000001', { notes: '', passed: true }, { controlId: 'ctrl-1', equipmentId: 'eq-1' }));
    device.server.intercept = () => 'before';
    await outbox.enqueueEdit('checks', '02861706-aaaa-bbbb-cccc-000000000001', { attributes: { notes: 'verificato', passed: true } });
    await queuePhoto(runtime, { owner: { type: 'checks', id: '02861706-aaaa-bbbb-cccc-000000000001' }, file: new Blob([new Uint8Array([1, 2, 3])]), name: 'estintore' }, {
      prepare: async () => ({ bytes: new Uint8Array([1, 2, 3]).buffer, mediaType: 'image/jpeg', width: 1, height: 1 }),
      objectUrl: () => 'blob:foto',
    });
    renderSignedIn(technician, <><SyncIndicator runtime={runtime} /><SyncCentreScreen /></>);

    // One count of unsent work: the change and the photo.
    await waitFor(() => expect(count('pending')).toBe('2'));
    await waitFor(() => expect(document.querySelector('.sync-indicator')?.getAttribute('data-pending')).toBe('2'));
    expect(await unsentWorkCount()).toBe(2);

    const queue = screen.getByRole('table', { name: 'Coda di invio' });
    const photoRow = queue.querySelector('[data-photo]') as HTMLElement;
    expect(within(photoRow).getByRole('rowheader').textContent).toBe('Foto: estintore.jpg');
    // Named by its control and its equipment, not by its id.
    const label = 'Verifica SEM – Controllo semestrale · EST-0042 – Brand P6';
    expect(photoRow.textContent).toContain(label);
    const entryRow = queue.querySelector('[data-entry]') as HTMLElement;
    expect(entryRow.textContent).toContain(label);
    expect(entryRow.textContent).not.toContain('02861706');
    // The change's cell is the card's title on a phone: no «Modifica:» label before «Modifica: Note».
    const what = within(entryRow).getByRole('rowheader');
    expect(what.textContent).toBe('Modifica: Note');
    expect(what.hasAttribute('data-label')).toBe(false);
    expect(within(queue).getAllByRole('columnheader')[0]!.textContent).not.toBe('Modifica');

    expect(within(photoRow).getByRole('button', { name: `Riprova: Foto: estintore.jpg · ${label}` })).toBeTruthy();
    fireEvent.click(within(photoRow).getByRole('button', { name: `Scarta: Foto: estintore.jpg · ${label}` }));
    await waitFor(() => expect(store.get(dialogAtom)?.request.title).toBe('Scartare la foto?'));
    act(() => closeDialog(true));
    await waitFor(() => expect(count('pending')).toBe('1'));
    await waitFor(() => expect(document.querySelector('.sync-indicator')?.getAttribute('data-pending')).toBe('1'));
    expect(await runtime.db.photos.count()).toBe(0);
    expect(await unsentWorkCount()).toBe(1);
  });

  it('says so to a user who keeps no offline data', async () => {
    renderSignedIn(salesman, <SyncCentreScreen />);
    expect((await screen.findByRole('note')).textContent).toContain('non ci sono dati offline per te');
  });
});
