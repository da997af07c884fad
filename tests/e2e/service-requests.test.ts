// Service requests (issue 26 §7), keyboard only: cliente1 opens a request from its portal's «Richieste
// di intervento» (what is wrong, two preferred slots), attaches a photo by the upload path; the planner,
// signed in beside it, opens the request and «Conferma» the second slot with a technician, which plans
// the intervention; cliente1 then reads the planned visit's day and time. Under the journey guard: axe
// clean, no console error, no refused request, Italian only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { businessDay } from '../../src/domain/business-day.ts';
import { workingDaysAfter } from '../../src/domain/rules/calendar.ts';
import { apiData, DEMO, launchBrowser, openFromPalette, pressUntil, signedInSession, signIn, storedUser, type SignedInSession, type TestServer, type Entity } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let plannerBrowser: Browser | undefined;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
});
afterAll(async () => {
  await plannerBrowser?.close();
  await session?.close();
});

const focused = (locator: ReturnType<Page['locator']>) => () => locator.evaluate((element) => element === document.activeElement);
const italian = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

describe('a service request from the portal', () => {
  it('cliente1 asks for a visit with a photo and two slots, the planner confirms one, and cliente1 sees the planned visit', async () => {
    // The next two working days (the server's today is the real one here).
    const [first, second] = workingDaysAfter(businessDay(), 2) as [string, string];
    const what = `Estintore scarico all’ingresso (prova ${Date.now()})`;

    // Portal → «Richieste di intervento».
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Richieste di intervento' });
    await pressUntil(page, 'Tab', focused(link));
    await page.keyboard.press('Enter');
    const form = page.locator('.portal-requests:visible form');
    await form.waitFor({ timeout: 30_000 });
    await guard.expectAccessible('service request form');

    // What is wrong, and two preferred slots (the second in the afternoon).
    const description = form.getByLabel('Che cosa non va');
    await pressUntil(page, 'Tab', focused(description));
    await page.keyboard.type(what);
    const slot = (n: number) => form.locator('fieldset', { hasText: `Fascia preferita ${n}` });
    await pressUntil(page, 'Tab', focused(slot(1).getByLabel('Giorno')));
    await page.keyboard.type(italian(first));
    await pressUntil(page, 'Tab', focused(slot(2).getByLabel('Giorno')));
    await page.keyboard.type(italian(second));
    const secondPeriod = slot(2).getByLabel('Fascia', { exact: true });
    await pressUntil(page, 'Tab', focused(secondPeriod));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => secondPeriod.inputValue(), { timeout: 5_000 }).toBe('afternoon');
    const send = form.getByRole('button', { name: 'Invia la richiesta' });
    await pressUntil(page, 'Tab', focused(send));
    await page.keyboard.press('Enter');
    await page.locator('.portal-requests [role=status]', { hasText: 'Richiesta inviata' }).waitFor({ timeout: 30_000 });

    const mine = await apiData<Entity[]>(server, token, '/serviceRequests?sort=-createdDateTime&page[size]=10');
    const request = mine.find((row) => row.attributes.description === what);
    expect(request, 'the request just sent').toBeDefined();
    expect(request!.attributes.preferredSlots).toEqual([{ date: first, period: 'morning' }, { date: second, period: 'afternoon' }]);

    // A photo, by the upload path (files attached to the request).
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const choose = page.locator('.portal-request-photos').getByRole('button', { name: 'Scegli file' });
    await pressUntil(page, 'Tab', focused(choose));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'Estintore.png', mimeType: 'image/png', buffer: picture });
    await page.locator('.portal-request-photos .files-item', { hasText: 'Estintore.png' }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => ((await apiData<Entity>(server, token, `/serviceRequests/${request!.id}`)).attributes.photoMediaIds ?? []).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('.portal-requests table tr', { hasText: what }).textContent(), { timeout: 15_000 }).toContain('In attesa di conferma');

    // The planner, signed in beside: opens the request, «Conferma» the second slot with a technician.
    plannerBrowser = await launchBrowser();
    const planner = await (await plannerBrowser.newContext({ locale: 'it-IT' })).newPage();
    // The planner's page is not under the guard: an error there fails the test by name.
    const plannerErrors: string[] = [];
    planner.on('pageerror', (error) => plannerErrors.push(error.message));
    await planner.goto(`${server.url}/planning/serviceRequests/${request!.id}`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(planner, server, DEMO.planner);
    const plannerToken = (await storedUser(planner))!.user.access_token;
    const technicians = await apiData<Entity[]>(server, plannerToken, '/users?filter[userType]=siv,external&filter[moduleName]=fire&page[size]=20');
    const technician = technicians.find((user) => user.attributes.userType === 'siv') ?? technicians[0];
    expect(technician, 'a fire technician in the demo data').toBeDefined();
    const name = String(technician!.attributes.displayName);
    await planner.locator('.entity-form:visible').waitFor({ timeout: 60_000 });
    await openFromPalette(planner, 'Conferma');
    const dialog = planner.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    const slotChoice = dialog.getByLabel('Fascia', { exact: true });
    await expect.poll(() => slotChoice.evaluate((element) => element === document.activeElement), { timeout: 5_000 }).toBe(true);
    await planner.keyboard.press('ArrowDown');
    await expect.poll(() => slotChoice.inputValue(), { timeout: 5_000 }).toBe('1');
    await planner.keyboard.press('Tab');
    await planner.keyboard.type(name.split(' ')[0]!, { delay: 20 });
    const option = dialog.getByRole('option', { name });
    await option.first().waitFor({ timeout: 15_000 });
    await pressUntil(planner, 'ArrowDown', async () => (await option.first().getAttribute('aria-selected')) === 'true', 20);
    await planner.keyboard.press('Enter');
    await planner.keyboard.press('Control+Enter');
    await expect.poll(async () => (await apiData<Entity>(server, plannerToken, `/serviceRequests/${request!.id}`)).attributes.status, { timeout: 30_000 }).toBe('confirmed');
    const confirmed = await apiData<Entity>(server, plannerToken, `/serviceRequests/${request!.id}`);
    expect(confirmed.attributes).toMatchObject({ confirmedDate: second, confirmedPeriod: 'afternoon' });
    const intervention = await apiData<Entity>(server, plannerToken, `/assignments/${confirmed.relationships.assignmentId}`);
    expect(intervention.attributes).toMatchObject({ state: 'scheduled', description: what });
    expect(intervention.relationships.operatorInChargeId).toBe(technician!.id);
    expect(plannerErrors).toEqual([]);

    // cliente1 reads the planned visit: the day and the time (Rome) of the intervention.
    const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(intervention.attributes.plannedStartDateTime));
    await expect.poll(() => page.locator('.portal-requests table tr', { hasText: what }).textContent(), { timeout: 30_000 }).toContain(`Visita pianificata il ${day} alle 14:00`);
    await guard.expectAccessible('confirmed service request');
    guard.expectClean();
  });
});
