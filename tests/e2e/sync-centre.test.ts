// The sync centre end to end (issue 25), what only a browser shows: a field user (the demo Manutentore)
// has the header's sync indicator (online, nothing to send) and opens «Sincronizzazione» from the palette
// by keys: online, 0 pending, the storage facts, accessible and in Italian, and at 360 px nothing
// scrolls sideways. The demo Commerciale records no checks: no indicator, no palette entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, openFromPalette, signIn, signedInSession, type SignedInSession } from './harness.ts';
import { guardJourney } from './journeys/guard.ts';
import { typeInPalette } from './settle-steps.ts';

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.maintainer });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await session?.close();
});

describe('the sync centre', () => {
  it('is in the header and the palette of a field user: online, nothing pending', async () => {
    const { page } = session;
    const guard = guardJourney(page);
    const indicator = page.locator('.app-header .sync-indicator');
    await indicator.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await indicator.getAttribute('aria-label')).toBe('Sincronizzazione: in linea, tutto inviato');
    expect(await indicator.getAttribute('data-pending')).toBe('0');

    await openFromPalette(page, 'Sincronizza', 'Sincronizzazione');
    await page.waitForURL((url) => url.pathname === '/sync');
    const centre = page.locator('.sync-centre:visible');
    await centre.getByRole('heading', { level: 1, name: 'Sincronizzazione' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => centre.locator('[data-count="pending"]').textContent(), { timeout: 15_000 }).toBe('0');
    expect(await centre.locator('[data-count="failed"]').textContent()).toBe('0');
    expect(await centre.locator('[data-count="conflicts"]').textContent()).toBe('0');
    expect(await centre.locator('.sync-connection').textContent()).toBe('In linea');
    expect(await centre.getByText('Nessuna modifica da inviare.').count()).toBe(1);
    // Chromium answers the storage estimate: used of quota, in MB or GB.
    await expect.poll(() => centre.locator('dd', { hasText: / di / }).first().textContent(), { timeout: 10_000 }).toMatch(/\d.*(MB|GB).* di .*(MB|GB)/);
    await centre.getByRole('button', { name: 'Sincronizza ora' }).click();
    await expect.poll(() => centre.locator('.sync-centre-result').textContent(), { timeout: 15_000 }).toContain('Inviate: 0.');
    await guard.expectAccessible('sync centre');

    // The indicator opens the same tab (one tab per address).
    await page.keyboard.press('Escape');
    await indicator.click();
    expect(new URL(page.url()).pathname).toBe('/sync');

    // A phone's width: nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 5_000 }).toBeLessThanOrEqual(0);
    expect(await centre.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1400, height: 900 });
    guard.expectClean();
  });

  it('on a 360×740 touch screen: a refusal and a conflict as cards, 44 px targets, nothing scrolls sideways', async () => {
    const context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    try {
      await phone.goto(`${session.server.url}/sync`, { waitUntil: 'commit', timeout: 60_000 });
      await signIn(phone, session.server, DEMO.maintainer);
      const centre = phone.locator('.sync-centre:visible');
      await centre.locator('[data-count="pending"]').waitFor({ timeout: 30_000 });
      const guard = guardJourney(phone);
      expect(await phone.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      // What a day offline may leave, written into the user's store as the outbox writes it: a change the
      // server refused (with a field error) and one in «Da risolvere»; the page reads the store again.
      await phone.evaluate(async () => {
        const name = (await indexedDB.databases()).map((db) => db.name).find((db) => db?.startsWith('backoffice-offline-'))!;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error as Error);
        });
        const at = new Date().toISOString();
        const entry = { id: 'e2e-refused', idempotencyKey: 'k1', method: 'PATCH', path: '/checks/c1', kind: 'update', type: 'checks', recordId: 'c1', body: { attributes: { notes: 'Estintore con la spina di sicurezza mancante e il manometro fuori scala' } }, base: null, baseVersion: null, deviceTime: at, dependsOn: [], attempts: 1, nextAttemptAt: 0, state: 'pending', rebases: 0 };
        const tx = db.transaction(['inbox', 'conflicts'], 'readwrite');
        tx.objectStore('inbox').put({ id: entry.id, entry, status: 422, code: 'VALIDATION_ERROR', message: 'I dati inviati non sono validi', errors: [{ pointer: '/attributes/notes', code: 'too_big', message: 'Il testo è troppo lungo' }], at });
        tx.objectStore('conflicts').put({
          id: 'e2e-conflict', entryId: 'e2e-entry', type: 'checks', recordId: 'c2', reason: 'fields', at, theirs: { attributes: {}, relationships: {} }, theirsVersion: at,
          fields: [{ path: ['attributes', 'notes'], pointer: '/attributes/notes', base: 'Da verificare', mine: 'Sostituito il manometro dell’estintore al piano interrato', theirs: 'Estintore da sostituire entro fine mese', changedByName: 'Paola Pianificatrice', changedAt: at }],
        });
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error as Error);
        });
        db.close();
      });
      await phone.reload();
      await expect.poll(() => centre.locator('[data-count="failed"]').textContent(), { timeout: 30_000 }).toBe('1');
      expect(await centre.locator('[data-count="conflicts"]').textContent()).toBe('1');
      expect(await centre.locator('[data-inbox]').textContent()).toContain('Il testo è troppo lungo');
      expect(await centre.getByRole('table', { name: /Campi in conflitto/ }).textContent()).toContain('Estintore da sostituire entro fine mese');
      for (const name of ['Sincronizza ora', /^Riprova:/, /^Scarta:/, /^Mantieni il mio/, /^Accetta il loro/]) {
        const box = await centre.getByRole('button', { name }).boundingBox();
        expect(box?.height, String(name)).toBeGreaterThanOrEqual(44);
      }
      expect((await phone.locator('.app-header .sync-indicator').boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await centre.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      await guard.expectAccessible('sync centre on a phone');
      guard.expectClean();
    } finally {
      await context.close();
    }
  });

  it('is neither in the header nor in the palette of a user who records no checks', async () => {
    const context = await session.browser.newContext({ locale: 'it-IT' });
    const other = await context.newPage();
    try {
      await other.goto(`${session.server.url}/dashboard`, { waitUntil: 'commit' });
      await signIn(other, session.server, DEMO.salesman);
      await other.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
      const palette = other.locator('[cmdk-dialog]');
      await other.keyboard.press('Control+k');
      await palette.waitFor({ state: 'visible' });
      // Its list for «Sincronizza» (the record search for it answered) has no such screen.
      await typeInPalette(other, 'Sincronizza');
      expect(await palette.locator('[cmdk-item]', { hasText: 'Sincronizzazione' }).count()).toBe(0);
      await other.keyboard.press('Escape');
      expect(await other.locator('.sync-indicator').count()).toBe(0);
      // No offline store was opened for this user.
      expect(await other.evaluate(async () => (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith('backoffice-offline-')))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
