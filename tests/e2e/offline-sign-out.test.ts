/**
 * Issue 25, signing out offline: the demo Manutentore on a phone, with one change still unsent, presses
 * «Esci» without a network and chooses «Esporta e scarta». The unsent work is downloaded, the session
 * ends on the device (no stored user, no device database) and the app shows its own Italian «Sei uscito»,
 * never the browser's error page of the unreachable provider. Back online with the page open, the
 * provider's session ends too; reloaded still offline, the app says the sign-in waits for the network (not
 * the browser's error page) and goes on by itself once it is back; another tab open meanwhile says «Sei
 * uscito» in place and shows the signed-out page once online; with the tab closed before the network
 * came back, the next opening asks the password anyway (prompt=login).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, launchBrowser, signIn, startServer, type TestServer } from './harness.ts';
import { cutNetwork, restoreNetwork, waitForWorker } from './offline-steps.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ env: { FIELD_PRIME_DAYS: '0' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signed in on a phone, offline with one unsent change, «Esci» → «Esporta e scarta»: the device's own signed-out screen. */
async function signOutOffline(options: { otherTab?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; other?: Page }> {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
  await signIn(page, server, DEMO.maintainer);
  await page.locator('.app-header .sync-indicator').waitFor({ timeout: 60_000 });
  await waitForWorker(page);
  // Another tab of the same device, open on the workspace while it happens.
  const other = options.otherTab ? await context.newPage() : undefined;
  if (other) {
    await other.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await other.locator('.app-header').waitFor({ timeout: 60_000 });
  }
  await cutNetwork(context);
  // One change in the device's queue, held back (its next attempt an hour away).
  await page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((db) => db.name).find((db) => db?.startsWith('backoffice-offline-'))!;
    const db = await new Promise<IDBDatabase>((resolve, reject) => { const r = indexedDB.open(name); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error as Error); });
    const tx = db.transaction(['outbox'], 'readwrite');
    tx.objectStore('outbox').put({ id: 'e2e-x', idempotencyKey: 'k1', method: 'PATCH', path: '/checks/c1', kind: 'update', type: 'checks', recordId: 'c1', body: { attributes: { notes: 'x' } }, base: null, baseVersion: null, deviceTime: new Date().toISOString(), dependsOn: [], attempts: 1, nextAttemptAt: Date.now() + 3_600_000, state: 'pending', rebases: 0 });
    await new Promise<void>((resolve) => { tx.oncomplete = () => resolve(); });
    db.close();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => page.locator('.app-header .sync-indicator').getAttribute('data-pending'), { timeout: 60_000 }).toBe('1');
  await page.getByRole('button', { name: 'Esci' }).first().tap();
  await page.getByText(/1 modifica non è ancora stata inviata/).waitFor({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta e scarta' }).tap();
  await download;
  await page.locator('[data-signed-out-offline]').waitFor({ timeout: 15_000 });
  expect(await page.locator('h1').first().textContent()).toBe('Sei uscito');
  expect(page.url().startsWith(server.url)).toBe(true);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('oidc.user:')))).toEqual([]);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name).filter((n) => n?.startsWith('backoffice-offline-')))).toEqual([]);
  return { context, page, ...(other ? { other } : {}) };
}

describe('signing out offline', () => {
  it('«Esporta e scarta»: the Italian signed-out screen, nothing of the session left; back online the provider\'s session ends and the password is asked', async () => {
    const { context, page } = await signOutOffline();
    await restoreNetwork(context);
    await page.waitForURL((url) => url.pathname === '/auth/logged-out', { timeout: 30_000 });
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await page.locator('input#login').waitFor({ state: 'visible', timeout: 30_000 });
    await context.close();
  }, 240_000);

  // These two once failed 4 of 4 alone on a quiet machine (the reload got chrome-error:// from a page the
  // service worker controlled); not reproduced since (Chromium 156). If it returns, log the reload's
  // responses and their fromServiceWorker() first.
  it('reloaded still without a network: the app\'s «Nessuna connessione», never the browser\'s error page; back online, the password is asked', async () => {
    const { context, page } = await signOutOffline();
    await page.reload({ waitUntil: 'commit' });
    const offline = page.locator('[data-auth-screen=offline]');
    await offline.waitFor({ timeout: 30_000 });
    expect(await offline.locator('h1').textContent()).toBe('Nessuna connessione');
    expect(await offline.textContent()).toContain('L’accesso riprende da solo appena torna la connessione.');
    expect(page.url().startsWith(server.url)).toBe(true);
    // The network back, with nothing pressed: the provider's page, asking the password (prompt=login).
    await restoreNetwork(context);
    await page.locator('input#login').waitFor({ state: 'visible', timeout: 30_000 });
    await context.close();
  }, 240_000);

  it('another tab open meanwhile: «Sei uscito» in place, not the browser\'s error page; back online, the signed-out page', async () => {
    const { context, other } = await signOutOffline({ otherTab: true });
    await other!.locator('[data-signed-out-offline]').waitFor({ timeout: 15_000 });
    expect(await other!.locator('h1').first().textContent()).toBe('Sei uscito');
    expect(other!.url().startsWith(server.url)).toBe(true);
    await restoreNetwork(context);
    await other!.waitForURL((url) => url.pathname === '/auth/logged-out', { timeout: 30_000 });
    await other!.locator('[data-auth-screen=logged-out]').waitFor({ timeout: 30_000 });
    await context.close();
  }, 240_000);

  it('closed before the network came back: the next opening online asks the password', async () => {
    const { context, page } = await signOutOffline();
    const next = await context.newPage();
    await page.close();
    await restoreNetwork(context);
    await next.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    const outcome = await Promise.race([
      next.locator('input#login').waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'password asked'),
      next.locator('.app-header').waitFor({ timeout: 30_000 }).then(() => 'signed in without a password'),
    ]);
    expect(outcome).toBe('password asked');
    await context.close();
  }, 240_000);
});
