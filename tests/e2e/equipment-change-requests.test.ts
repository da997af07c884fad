// Equipment change requests (issue 25), keyboard only: the demo Manutentore opens an extinguisher, whose
// serial number it may not change there (read-only: the data that drives legal deadlines), proposes the
// correction with `r q` (the new request: the values it sees now, «Matricola» typed, Ctrl+S). The
// administrator, signed in beside it, opens «Richieste di modifica in attesa» from the palette, the
// request from its row (base, proposed and current values side by side), and approves it with `t m a`:
// the equipment's page shows the new serial number, and its history names the administrator.
// Under the journey guard (the technician's page): axe clean, no console error, no refused request, Italian only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiData, DEMO, launchBrowser, openFromPalette, pressWhenOffered, pressUntil, signedInSession, signIn, storedUser, type SignedInSession, type TestServer, type Entity, isFocused , isAtPath, pressKeysUntil } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let officeBrowser: Browser | undefined;

beforeAll(async () => {
  // A server of its own: the maintainer's screens as seeded (with other files before it, a second grid was open).
  session = await signedInSession({ email: DEMO.maintainer, server: { own: true } });
  ({ server, page, token } = session);
  guard = guardJourney(page);
});
afterAll(async () => {
  await officeBrowser?.close();
  await session?.close();
});

describe('a technician proposes a correction of an equipment’s legal data', () => {
  it('the Manutentore proposes a new serial number by keys, the administrator approves it by keys, the equipment shows it', async () => {
    const [equipment] = await apiData<Entity[]>(server, token, '/equipments?filter[module]=fire&filter[state]=active&sort=equipmentId&page[size]=1');
    expect(equipment, 'a fire equipment the technician reads').toBeDefined();
    const before = String(equipment!.attributes.serialNumber ?? '');
    const corrected = `MATR-${Date.now().toString(36).toUpperCase()}`;

    // The equipment's page: its serial number is not the technician's to change there.
    await page.goto(`${server.url}/equipments/${equipment!.id}`, { waitUntil: 'commit', timeout: 60_000 });
    const form = page.locator('.entity-form:visible');
    await form.waitFor({ timeout: 60_000 });
    const serialField = form.getByLabel('Matricola', { exact: true });
    await serialField.waitFor({ timeout: 30_000 });
    expect(await serialField.isEditable()).toBe(false);

    // `r q`: the new request, on this equipment, showing its values now.
    await pressKeysUntil(page, ['r', 'q'], isAtPath(page, '/equipmentChangeRequests/new'));
    const draft = page.locator('.change-request-new:visible');
    await draft.waitFor({ timeout: 30_000 });
    await expect.poll(() => draft.locator('.change-request-values').textContent(), { timeout: 30_000 }).toContain('Attuale');
    const proposedSerial = draft.getByLabel('Matricola', { exact: true });
    await pressUntil(page, 'Tab', isFocused(proposedSerial));
    await page.keyboard.type(corrected);
    const note = draft.getByLabel('Nota', { exact: true });
    await pressUntil(page, 'Tab', isFocused(note));
    await page.keyboard.type('Matricola letta sulla targhetta del serbatoio');
    await guard.expectAccessible('new change request');
    await page.keyboard.press('Control+s');
    await page.waitForURL((url) => /^\/equipmentChangeRequests\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });
    const requestId = new URL(page.url()).pathname.split('/').at(-1)!;
    const sent = await apiData<Entity>(server, token, `/equipmentChangeRequests/${requestId}`);
    expect(sent.attributes).toMatchObject({ state: 'pending', proposed: { serialNumber: corrected }, base: { serialNumber: before || null } });
    expect(sent.relationships.equipmentId).toBe(equipment!.id);
    // Nothing changed on the equipment yet.
    expect((await apiData<Entity>(server, token, `/equipments/${equipment!.id}`)).attributes.serialNumber ?? '').toBe(before);

    // The office: the waiting requests from the palette, this one from its row, «Approva» by its keys.
    officeBrowser = await launchBrowser();
    const office = await (await officeBrowser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } })).newPage();
    const officeErrors: string[] = [];
    office.on('pageerror', (error) => officeErrors.push(error.message));
    await office.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(office, server, DEMO.admin);
    const officeToken = (await storedUser(office))!.user.access_token;
    // The workspace is up (its dashboard) before the palette is asked for.
    await office.locator('.screen:visible').first().waitFor({ timeout: 60_000 });
    await openFromPalette(office, 'Richieste di modifica in attesa', 'Richieste di modifica in attesa', { title: true });
    await office.waitForURL((url) => url.pathname === '/equipmentChangeRequests', { timeout: 30_000 });
    const grid = office.locator('.data-grid:visible [role=grid]');
    await grid.locator('[role=row]').nth(1).waitFor({ timeout: 30_000 });
    await pressUntil(office, 'Tab', () => grid.evaluate((element) => element === document.activeElement));
    const activeRow = () => grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await pressUntil(office, 'ArrowDown', async () => (await activeRow()).includes(String(equipment!.attributes.equipmentId)), 50);
    await office.keyboard.press('Enter');
    await office.waitForURL((url) => url.pathname === `/equipmentChangeRequests/${requestId}`, { timeout: 30_000 });
    const values = office.locator('.change-request-values:visible');
    await expect.poll(() => values.textContent(), { timeout: 60_000 }).toContain(corrected);
    const serialRow = values.locator('tr', { hasText: 'Matricola' });
    expect(await serialRow.textContent()).toContain(corrected);
    if (before) expect(await serialRow.textContent()).toContain(before);
    expect(await values.locator('thead').textContent()).toMatch(/Visto alla proposta.*Proposto.*Attuale/);
    await pressWhenOffered(office, 'transition.equipmentChangeRequests.approve', 't', 'm', 'a');
    await expect.poll(async () => (await apiData<Entity>(server, officeToken, `/equipmentChangeRequests/${requestId}`)).attributes.state, { timeout: 30_000 }).toBe('approved');

    // The equipment now holds it: on its page, and in its history by the administrator.
    await office.goto(`${server.url}/equipments/${equipment!.id}`, { waitUntil: 'commit', timeout: 60_000 });
    const officeSerial = office.locator('.entity-form:visible').getByLabel('Matricola', { exact: true });
    await expect.poll(() => officeSerial.inputValue(), { timeout: 60_000 }).toBe(corrected);
    const history = await apiData<{ by: unknown; changes: { pointer: string; to: unknown }[] }[]>(server, officeToken, `/equipments/${equipment!.id}/history`);
    expect(history[0]!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/attributes/serialNumber', to: corrected })]));
    expect(officeErrors).toEqual([]);
    guard.expectClean();
  });

  it('on a phone (360 px, touch) the new request and the saved one fit the screen, with 44 px calendar buttons and no device bookkeeping', async () => {
    const [equipment] = await apiData<Entity[]>(server, token, '/equipments?filter[module]=fire&filter[state]=active&sort=equipmentId&page[size]=1');
    const context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    try {
      const phone = await context.newPage();
      await phone.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
      await signIn(phone, server, DEMO.maintainer);
      await phone.goto(`${server.url}/equipmentChangeRequests/new?relationships.equipmentId=${equipment!.id}`, { waitUntil: 'commit', timeout: 60_000 });
      const draft = phone.locator('.change-request-new:visible');
      await expect.poll(() => draft.locator('.change-request-values').textContent(), { timeout: 60_000 }).toContain('Attuale');
      // No keyboard: the hint names the button, not Ctrl+S.
      expect(await draft.locator('.form-hint').textContent()).toContain('tocca «Salva»');
      const calendars = await draft.locator('.date-input-calendar').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
      expect(calendars.length).toBeGreaterThan(0);
      for (const side of calendars) expect(side).toBeGreaterThanOrEqual(44);
      // The form stays within the screen, and so does the page once it has unsaved changes (the tab's
      // hidden «Modifiche non salvate» stays inside the tab strip's own scroll).
      expect(await draft.evaluate((form) => ({ right: form.getBoundingClientRect().right <= 360, fits: form.scrollWidth <= form.clientWidth }))).toEqual({ right: true, fits: true });
      await draft.getByLabel('Matricola', { exact: true }).fill(`MATR-PHONE-${Date.now().toString(36).toUpperCase()}`);
      await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(360);
      await phone.getByRole('button', { name: 'Salva' }).first().tap();
      await phone.waitForURL((url) => /^\/equipmentChangeRequests\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });
      const values = phone.locator('.change-request-values:visible');
      await values.waitFor({ timeout: 60_000 });
      const saved = await phone.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        table: document.querySelector('.change-request-values table')!.getBoundingClientRect().width,
        box: document.querySelector('.change-request-values')!.getBoundingClientRect().width,
        meta: document.querySelector('.entity-form-meta')?.textContent ?? '',
        summary: document.querySelector('.entity-summary')?.textContent ?? '',
      }));
      expect(saved.scrollWidth).toBeLessThanOrEqual(360);
      expect(saved.table).toBeLessThanOrEqual(saved.box);
      expect(saved.summary).not.toMatch(/unsent|localSeq/);
      expect(saved.meta).not.toMatch(/ultima modifica il\s*$/);
    } finally {
      await context.close();
    }
  });
});
