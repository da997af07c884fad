// The impersonation audit end to end (security issue): what an administrator reads while acting as a
// customer user is listed, newest first, on «Registro impersonificazioni», opened from the palette;
// the list is read-only (no «Nuovo»), and staff who are not administrators have no such screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, signIn, signedInSession, type SignedInSession, type TestServer } from './harness.ts';
import { typeInPalette } from './settle-steps.ts';

interface Row { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

beforeAll(async () => {
  // A server of its own: an audit log and screens no other file added to (with others before it, a third grid was open).
  session = await signedInSession({ server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('impersonation audit', () => {
  it('lists what an administrator read as a customer user, newest first, read-only', async () => {
    const [customerUser] = await apiData<Row[]>(server, token, `/users?filter[email]=${encodeURIComponent(DEMO.customer1)}`);
    expect(customerUser).toBeDefined();
    // A read made as the customer user (as the header's «Opera come» would send it).
    const read = await server.api(`/equipments?page[size]=3&sort=-lastUpdatedDateTime`, { token, headers: { 'X-Impersonation': JSON.stringify({ userId: customerUser!.id }) } });
    expect(read.status).toBe(200);
    await expect
      .poll(async () => (await apiData<Row[]>(server, token, `/impersonationAudit?filter[userId]=${customerUser!.id}&sort=-at&page[size]=1`))[0]?.attributes.path, { timeout: 10_000 })
      .toBe('/api/equipments?page[size]=3&sort=-lastUpdatedDateTime');

    await openFromPalette(page, 'Registro impersonificazioni');
    await page.waitForURL((url) => url.pathname === '/impersonationAudit');
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    // The newest request first, with both users by name and the answer's status.
    const first = grid.locator('[role=row][aria-rowindex="2"]:not([aria-busy])');
    await first.waitFor({ timeout: 15_000 });
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toContain('/api/equipments?page[size]=3&sort=-lastUpdatedDateTime');
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toContain(String(customerUser!.attributes.displayName));
    await expect.poll(() => first.textContent()).toContain('Amministratore di sistema');
    await expect.poll(() => first.textContent()).toContain('200');
    expect(await grid.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Quando'), expect.stringContaining('Amministratore'), expect.stringContaining('Utente'), expect.stringContaining('Esito HTTP')]));
    // Nothing to create: no «Nuovo», and `n` opens nothing.
    expect(await page.getByRole('button', { name: /^Nuovo/ }).count()).toBe(0);
    // `n` is the grid's key, heard while the grid has the keyboard.
    await expect.poll(() => grid.evaluate((element) => element.contains(document.activeElement)), { timeout: 10_000 }).toBe(true);
    const tabCount = await page.locator('.tab-strip [role=tab]').count();
    await page.keyboard.press('n');
    // `?` right after: keys are handled in order, so once its overlay shows, `n` has been handled and
    // what it did drawn.
    await page.keyboard.press('?');
    const help = page.locator('dialog.shortcut-help');
    await help.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/impersonationAudit');
    expect(await page.locator('.tab-strip [role=tab]').count()).toBe(tabCount);
  });

  it('is not offered to staff who are not administrators', async () => {
    const context = await session.browser.newContext({ locale: 'it-IT' });
    const other = await context.newPage();
    try {
      await other.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
      await signIn(other, server, DEMO.salesManager);
      await other.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
      const palette = other.locator('[cmdk-dialog]');
      await other.keyboard.press('Control+k');
      await palette.waitFor({ state: 'visible' });
      // The palette searched (its record search answered) and found nothing of the kind.
      await typeInPalette(other, 'Registro impersonificazioni');
      expect(await palette.locator('[cmdk-item]', { hasText: 'Registro impersonificazioni' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
