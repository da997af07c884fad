// Rectifications (issue 26 §4), keyboard only: cliente1, on a 360 px wide screen, opens «Anomalie
// aperte» in its portal, finds an open anomaly of its own, «Segnala la risoluzione» with a note and a
// photo (uploaded by the upload path, attached to the proof); the proof reads «In verifica
// dall’ufficio». The administrator, signed in beside it, finds the proof waiting on the anomaly's page
// with its file and a link to it, opens the proofs' list from the palette, the proof from its row, and
// «Accetta» it from the palette: the anomaly is resolved, and cliente1 reads «Accettata il …» under
// «Risolte con le vostre segnalazioni».
// Under the journey guard: axe clean, no console error, no refused request, Italian only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { apiData, DEMO, launchBrowser, openFromPalette, pressUntil, signedInSession, signIn, storedUser, type SignedInSession, type TestServer, type Entity } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let officeBrowser: Browser | undefined;

beforeAll(async () => {
  // A server of its own: the customer's anomalies as seeded.
  session = await signedInSession({ email: DEMO.customer1, viewport: { width: 360, height: 800 }, server: { own: true } });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
});
afterAll(async () => {
  await officeBrowser?.close();
  await session?.close();
});

const focused = (locator: ReturnType<Page['locator']>) => () => locator.evaluate((element) => element === document.activeElement);
const romeDay = (instant: string) => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(instant));

describe('a customer resolves an anomaly itself', () => {
  it('cliente1 sends a note and a photo, the office accepts it, the anomaly is resolved and cliente1 reads «Accettata»', async () => {
    // The office, signed in beside: records an open anomaly on an equipment of cliente1's customer.
    const customers = await apiData<Entity[]>(server, token, '/customers?page[size]=50');
    const customer = customers.find((row) => !row.attributes.parentId)!;
    const [equipment] = await apiData<Entity[]>(server, token, `/equipments?filter[customerId]=${customer.id}&page[size]=1`);
    expect(equipment, 'an equipment of the demo customer').toBeDefined();
    officeBrowser = await launchBrowser();
    const office = await (await officeBrowser.newContext({ locale: 'it-IT' })).newPage();
    // The office's page is not under the guard: an error there fails the test by name.
    const officeErrors: string[] = [];
    office.on('pageerror', (error) => officeErrors.push(error.message));
    await office.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(office, server, DEMO.admin);
    const officeToken = (await storedUser(office))!.user.access_token;
    const what = `Cartello dell’estintore mancante (prova ${Date.now()})`;
    const made = await server.api('/anomalies', {
      method: 'POST', token: officeToken, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ attributes: { description: what, risk: 'medium', detectedDateTime: new Date(Date.now() - 86_400_000).toISOString() }, relationships: { customerId: customer.id, equipmentId: equipment!.id } }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const anomaly = ((await made.json()) as { data: Entity }).data;

    // Portal → «Anomalie aperte»: the anomaly with what, where, when and its risk.
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Anomalie aperte' });
    await pressUntil(page, 'Tab', focused(link));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/anomalies`, { timeout: 30_000 });
    const card = page.locator('.portal-anomalies:visible .portal-anomaly', { hasText: what });
    await card.waitFor({ timeout: 30_000 });
    const facts = card.locator('.portal-anomaly-facts');
    await expect.poll(() => facts.textContent(), { timeout: 15_000 }).toContain(String(equipment!.attributes.equipmentId));
    expect(await facts.textContent()).toContain(romeDay(anomaly.attributes.detectedDateTime));
    expect(await facts.textContent()).toContain('Medio');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await guard.expectAccessible('open anomalies');

    // «Segnala la risoluzione»: the note (the form opens on it), a photo, «Invia la segnalazione».
    const open = card.getByRole('button', { name: 'Segnala la risoluzione' });
    await pressUntil(page, 'Tab', focused(open));
    await page.keyboard.press('Enter');
    const note = card.getByLabel('Cosa avete fatto');
    await expect.poll(focused(note), { timeout: 10_000 }).toBe(true);
    const said = 'Abbiamo rimesso il cartello sopra l’estintore';
    await page.keyboard.type(said);
    // Sent without a file: it says what is missing.
    const send = card.getByRole('button', { name: 'Invia la segnalazione' });
    await pressUntil(page, 'Tab', focused(send));
    await page.keyboard.press('Enter');
    await card.locator('[role=alert]', { hasText: 'Allegate almeno una foto' }).waitFor({ timeout: 10_000 });
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 160, b: 40 } } }).png().toBuffer();
    const choose = card.getByRole('button', { name: 'Scegli foto o documenti' });
    // A file the server refuses (named .png, not a picture): the proof is kept, the form stays and says why.
    await pressUntil(page, 'Shift+Tab', focused(choose));
    const refusedChooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await refusedChooser).setFiles({ name: 'Rotto.png', mimeType: 'image/png', buffer: Buffer.from('non è una foto') });
    await guard.expectRefusal(/^\/api\/media\/[^/]+\/content/, 415, async () => {
      await pressUntil(page, 'Tab', focused(send));
      await page.keyboard.press('Enter');
    });
    await card.locator('[role=alert]', { hasText: 'non è completa' }).waitFor({ timeout: 30_000 });
    const drop = card.getByRole('button', { name: 'Togli Rotto.png' });
    await pressUntil(page, 'Shift+Tab', focused(drop));
    await page.keyboard.press('Enter');
    await pressUntil(page, 'Shift+Tab', focused(choose));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'Cartello.png', mimeType: 'image/png', buffer: picture });
    await card.locator('.portal-proof-chosen', { hasText: 'Cartello.png' }).waitFor({ timeout: 10_000 });
    await guard.expectAccessible('proof form');
    await pressUntil(page, 'Tab', focused(send));
    await page.keyboard.press('Enter');
    await expect.poll(() => card.locator('.portal-proof').first().textContent(), { timeout: 30_000 }).toContain('In verifica dall’ufficio');
    await expect.poll(() => card.locator('.portal-proof-files').textContent(), { timeout: 15_000 }).toContain('Cartello.png');
    // While it waits, no second proof is offered.
    expect(await card.getByRole('button', { name: 'Segnala la risoluzione' }).count()).toBe(0);

    const mine = await apiData<Entity[]>(server, token, `/rectifications?filter[anomalyId]=${anomaly.id}`);
    expect(mine).toHaveLength(1);
    const proof = mine[0]!;
    expect(proof.attributes).toMatchObject({ state: 'submitted', note: said });
    expect(proof.attributes.evidenceMediaIds).toHaveLength(1);

    // The office: the anomaly's page lists the proof, waiting, with its file; its link opens the proof.
    await office.goto(`${server.url}/preview/anomalies/${anomaly.id}`, { waitUntil: 'commit', timeout: 60_000 });
    const listed = office.locator('.anomaly-rectifications:visible .portal-proof').first();
    await expect.poll(() => listed.textContent(), { timeout: 60_000 }).toContain('In verifica dall’ufficio');
    await expect.poll(() => listed.textContent(), { timeout: 15_000 }).toContain('Cartello.png');
    expect(await listed.getByRole('link', { name: /per accettarla o rifiutarla/ }).count()).toBe(1);
    // Its commands are there too (the same as on the proof's own page).
    for (const command of ['Accetta', 'Rifiuta']) expect(await listed.getByRole('button', { name: command }).count(), command).toBe(1);
    // From the palette, the office's list of proofs; the new one opens by the keyboard.
    await openFromPalette(office, 'Risoluzioni segnalate dai clienti', 'Risoluzioni segnalate dai clienti', { title: true });
    await office.waitForURL((url) => url.pathname === '/planning/rectifications', { timeout: 30_000 });
    const grid = office.locator('.data-grid:visible [role=grid]');
    await grid.locator('[role=row]').nth(1).waitFor({ timeout: 30_000 });
    await pressUntil(office, 'Tab', () => grid.evaluate((element) => element === document.activeElement));
    const activeRow = () => grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await pressUntil(office, 'ArrowDown', async () => (await activeRow()).includes(said), 200);
    await office.keyboard.press('Enter');
    await office.waitForURL((url) => url.pathname === `/planning/rectifications/${proof.id}`, { timeout: 30_000 });
    await office.locator('.entity-form:visible').waitFor({ timeout: 60_000 });
    // «Accetta» from the palette.
    await openFromPalette(office, 'Accetta');
    await expect.poll(async () => (await apiData<Entity>(server, officeToken, `/rectifications/${proof.id}`)).attributes.state, { timeout: 30_000 }).toBe('accepted');
    const resolved = await apiData<Entity>(server, officeToken, `/anomalies/${anomaly.id}`);
    expect(resolved.attributes.state).toBe('resolved');
    expect(resolved.attributes.resolutionNotes).toContain(said);
    expect(officeErrors).toEqual([]);

    // cliente1 reads the outcome: the anomaly among those resolved by its proofs, «Accettata il …».
    const decided = await apiData<Entity>(server, token, `/rectifications/${proof.id}`);
    const closed = page.locator('.portal-anomalies:visible ul[aria-labelledby=portal-anomalies-closed] .portal-anomaly', { hasText: what });
    await expect.poll(() => closed.locator('.portal-proof').first().textContent(), { timeout: 30_000 }).toContain(`Accettata il ${romeDay(decided.attributes.decidedDateTime)}`);
    expect(await page.locator('.portal-anomalies:visible ul[aria-labelledby=portal-anomalies-open] .portal-anomaly', { hasText: what }).count()).toBe(0);
    await guard.expectAccessible('accepted proof');
    guard.expectClean();
  });
});
