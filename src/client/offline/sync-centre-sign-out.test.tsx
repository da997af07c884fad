// @vitest-environment jsdom
// The sign-out guard (issue 25): «Esci» signs out at once with nothing unsent; with unsent changes it
// asks instead («Annulla» keeps the session); «Esporta e scarta» saves the user's outbox, inbox,
// conflicts and photo metadata as JSON, deletes the offline database, and only then signs out.
// Before Dexie loads: it takes the IndexedDB it finds then.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { testIdentity } from '../../../commands/testing.ts';
import { buildAbility, type Identity } from '../../domain/ability.ts';
import { messages } from '../i18n/index.ts';
import { closeDialog, dialogAtom } from '../shell/dialog.tsx';
import { store } from '../store.ts';
import { takePasswordNextTime } from '../auth/auth-base.ts';
import { rememberIdentity, savedIdentity } from '../auth/offline-start.ts';
import { storePhoto } from './db.ts';
import type { UnsentExport } from './export-unsent.ts';
import { fakeDevice } from './fake-device.test-support.ts';
import { currentOfflineRuntime, startOfflineRuntime, type OfflineRuntime } from './runtime.ts';
import { signOutGuarded } from './sync-centre-header.tsx';
import { askBeforeSignOut } from './sync-centre-sign-out.tsx';

const technician: Identity = { ...testIdentity, id: 'tecnico-sign-out', permissions: [{ action: ['create', 'read', 'update'], subject: 'checks' }] };

const device = fakeDevice(() => {
  cleanup();
  store.set(dialogAtom, null);
});

async function technicianRuntime(): Promise<OfflineRuntime> {
  const runtime = (await startOfflineRuntime(technician, buildAbility(technician.permissions), { locks: null }))!;
  runtime.outbox.stop();
  return runtime;
}

/** One change the device.server never got (no network). */
async function unsentChange(runtime: OfflineRuntime): Promise<void> {
  device.server.intercept = () => 'before';
  await runtime.outbox.prime('checks', device.server.seed('checks', 'c1', { notes: '' }));
  await runtime.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'verificato offline' } });
}

/** Renders the body of the dialog the guard opened, as the shell's dialog host does. */
function showDialog() {
  const state = store.get(dialogAtom)!;
  render(<IntlProvider locale="it" messages={messages}>{state.request.render(closeDialog)}</IntlProvider>);
  return state;
}

const readBlob = (blob: Blob) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error as Error);
  reader.readAsText(blob);
});

// jsdom, fake-indexeddb and React together: several seconds on a busy two-core machine.
describe('the sign-out guard', { timeout: 30_000 }, () => {
  it('signs out at once when nothing is unsent', async () => {
    await technicianRuntime();
    const signOut = vi.fn(async () => undefined);
    await signOutGuarded(signOut);
    expect(signOut).toHaveBeenCalledOnce();
    expect(store.get(dialogAtom)).toBeNull();
  });

  it('blocks sign-out while changes are unsent; «Annulla» keeps the session and the queue', async () => {
    const runtime = await technicianRuntime();
    await unsentChange(runtime);
    const signOut = vi.fn(async () => undefined);
    const guarded = signOutGuarded(signOut);
    await waitFor(() => expect(store.get(dialogAtom)?.open).toBe(true));
    const state = showDialog();
    expect(state.request.title).toBe('Modifiche non inviate');
    expect(screen.getByText(/1 modifica non è ancora stata inviata/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apri la sincronizzazione' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await guarded;
    expect(signOut).not.toHaveBeenCalled();
    expect(await runtime.db.outbox.count()).toBe(1);
    expect(currentOfflineRuntime()).toBe(runtime);
  });

  it('«Esporta e scarta» downloads the unsent work, then deletes the offline database, then signs out', async () => {
    const runtime = await technicianRuntime();
    await unsentChange(runtime);
    await storePhoto(runtime.db, { id: 'p1', type: 'checks', recordId: 'c1', mediaType: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]).buffer });
    const order: string[] = [];
    let file: { name: string; data: UnsentExport } | undefined;
    const download = vi.fn((blob: Blob, name: string) => {
      order.push('download');
      void readBlob(blob).then((text) => (file = { name, data: JSON.parse(text) as UnsentExport }));
    });
    const signOut = vi.fn(async () => {
      order.push('signOut');
      // Signing out happens once the database is gone.
      expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('backoffice-offline-tecnico-sign-out');
    });
    const asked = askBeforeSignOut(runtime, 1, signOut, { download, now: () => new Date(2026, 10, 29, 9, 5) });
    showDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Esporta e scarta' }));
    await asked;

    expect(order).toEqual(['download', 'signOut']);
    await waitFor(() => expect(file).toBeDefined());
    expect(file!.name).toBe('modifiche-non-inviate-2026-11-29-0905.json');
    expect(file!.data).toMatchObject({ format: 'backoffice-offline-unsent', userId: 'tecnico-sign-out', inbox: [], conflicts: [] });
    expect(file!.data.outbox).toHaveLength(1);
    expect(file!.data.outbox[0]).toMatchObject({ type: 'checks', recordId: 'c1', body: { attributes: { notes: 'verificato offline' } } });
    // The photo's bytes go with it (base64 of 1, 2, 3): deleted with the database, they would be lost.
    expect(file!.data.photos).toEqual([expect.objectContaining({ id: 'p1', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), size: 3, base64: 'AQID' })]);
    expect(file!.data.photos[0]).not.toHaveProperty('bytes');
    expect(currentOfflineRuntime()).toBeNull();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('backoffice-offline-tecnico-sign-out');
  });

  describe('without a network', () => {
    const oidcKey = 'oidc.user:https://accesso.example:backoffice';
    const storedUser = JSON.stringify({ id_token: 'id-token', refresh_token: 'refresh-token', profile: { sub: 'sub-tecnico' } });
    let online = true;
    beforeEach(() => {
      online = false;
      vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
      localStorage.setItem(oidcKey, storedUser);
      rememberIdentity('sub-tecnico', technician);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      document.body.replaceChildren();
    });

    it('«Esporta e scarta» ends the session on the device, shows the Italian signed-out screen, and ends the provider\'s once online', async () => {
      const runtime = await technicianRuntime();
      await unsentChange(runtime);
      const download = vi.fn();
      let userWhenSignedOut: string | null | undefined;
      const signOut = vi.fn(async () => {
        userWhenSignedOut = localStorage.getItem(oidcKey);
      });
      const asked = askBeforeSignOut(runtime, 1, signOut, { download });
      showDialog();
      fireEvent.click(screen.getByRole('button', { name: 'Esporta e scarta' }));
      await asked;

      expect(download).toHaveBeenCalledOnce();
      // No navigation to the unreachable provider (the browser's error page), and nothing of the session left.
      expect(signOut).not.toHaveBeenCalled();
      expect(localStorage.getItem(oidcKey) ?? null).toBeNull();
      // Even if the tab is closed before the network is back, the next sign-in asks the password (prompt=login), once.
      expect(takePasswordNextTime()).toBe(true);
      expect(takePasswordNextTime()).toBe(false);
      expect(savedIdentity('sub-tecnico')).toBeNull();
      expect(currentOfflineRuntime()).toBeNull();
      expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('backoffice-offline-tecnico-sign-out');
      await waitFor(() => expect(document.querySelector('[data-auth-screen="logged-out"]')?.textContent).toContain('Sei uscito'));
      expect(document.body.textContent).toContain('Senza rete non si può accedere di nuovo');

      // The network is back: the provider's session ends through the normal sign-out, with the id token's hint.
      online = true;
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
      expect(userWhenSignedOut).toBe(storedUser);
      window.dispatchEvent(new Event('online'));
      expect(signOut).toHaveBeenCalledOnce();
    });

    it('«Esci» with nothing unsent signs out on the device too, keeping the offline store', async () => {
      await technicianRuntime();
      const signOut = vi.fn(async () => undefined);
      await signOutGuarded(signOut);
      expect(signOut).not.toHaveBeenCalled();
      expect(store.get(dialogAtom)).toBeNull();
      expect(localStorage.getItem(oidcKey) ?? null).toBeNull();
      expect(currentOfflineRuntime()).toBeNull();
      expect((await indexedDB.databases()).map((db) => db.name)).toContain('backoffice-offline-tecnico-sign-out');
      await waitFor(() => expect(document.querySelector('[data-auth-screen="logged-out"]')?.textContent).toContain('Sei uscito'));
    });
  });
});
