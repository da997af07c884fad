// The customer portal's compliance (issue 26 §1), keyboard only, as the demo «Cliente» (cliente1):
// it lands on the portal, sees every site with its deadlines by state
// per module (each figure equal to the API's own list count for that window), the 12-month chart's
// table behind Alt+T, then a site's deadlines with the norm behind each date, its employees' training
// and the register of checks as a PDF. Another customer's portal is refused, each of its pages; the office's
// screens are no part of the portal (their `g` keys open nothing, their addresses are refused with a way back). Under the journey guard: no console error, axe without serious findings, Italian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, DEMO, pressUntil, signedInSession, signedInToken, type SignedInSession, type Entity } from './harness.ts';
import { guardJourney } from './journeys/guard.ts';
import { nextFrames } from './settle-steps.ts';
import { addDays, businessDay } from '../../src/domain/business-day.ts';
import { addMonths } from '../../src/domain/rules/calendar.ts';

let session: SignedInSession;
let customer: Entity;
let sites: Entity[];

beforeAll(async () => {
  // A server of its own: the customer's sites and deadlines as seeded.
  session = await signedInSession({ email: DEMO.customer1, server: { own: true } });
  const { server, token } = session;
  await session.page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
  const readable = await apiData<Entity[]>(server, token, '/customers?page[size]=50');
  customer = readable.find((row) => !row.attributes.parentId)!;
  sites = readable.filter((row) => row.attributes.parentId === customer.id);
  expect(sites.length, 'the demo customer has office locations').toBeGreaterThan(0);
});

afterAll(() => session?.close());

/** How many deadlines the API lists for a site and module under `filter` (its own list, not the aggregate the portal reads). */
async function listed(siteId: string, module: string, filter: string): Promise<number> {
  const site = siteId === customer.id ? 'has[customerLocationId]=false' : `filter[customerLocationId]=${siteId}`;
  const response = await session.server.api(`/physicalActivities?filter[customerId]=${customer.id}&filter[module]=${module}&${site}&${filter}&page[size]=1`, { token: session.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

const PENDING = 'filter[isExecuted]=false&filter[isEnded]=false';

describe('the portal’s compliance', () => {
  it('shows each site’s deadlines by state as the API counts them, the chart’s table, and a site’s norms', async () => {
    const { page, server } = session;
    const guard = guardJourney(page);
    // It lands on its customer's address, which for it is the portal's home.
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`, { timeout: 30_000 });
    const portal = page.locator('.portal-compliance:visible');
    await portal.waitFor({ timeout: 30_000 });

    // One card per site, the head office first; its figures per module are the API's list counts.
    const cards = portal.locator('.portal-site');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(sites.length + 1);
    const checked = { rows: 0, nonZero: 0 };
    for (const site of [customer, ...sites]) {
      const card = portal.locator('.portal-site', { has: page.locator(`a[href$="/sites/${site.id}"]`) });
      for (const row of await card.locator('tbody tr').all()) {
        const module = String(await row.getAttribute('data-module'));
        const cell = async (state: string) => Number(await row.locator(`td[data-count=${state}]`).textContent());
        const [expired, next30, next90, pending] = await Promise.all([
          listed(site.id, module, 'filter[due]=expired'), listed(site.id, module, 'filter[due]=next30'),
          listed(site.id, module, 'filter[due]=next90'), listed(site.id, module, PENDING),
        ]);
        expect(await cell('expired'), `${site.id} ${module} scadute`).toBe(expired);
        expect(await cell('within30'), `${site.id} ${module} entro 30`).toBe(next30);
        expect(await cell('ok'), `${site.id} ${module} in regola`).toBe(pending - expired - next90);
        checked.rows += 1;
        if (expired + pending > 0) checked.nonZero += 1;
      }
      const state = await card.locator('.portal-state').getAttribute('data-state');
      expect(['expired', 'expiring', 'ok', 'none']).toContain(state);
    }
    expect(checked.nonZero, 'the demo customer has deadlines to show').toBeGreaterThan(0);
    // Module med: its employees' next visits (D.Lgs. 81/2008 art. 41) are a row of their own.
    expect(await portal.locator('.portal-site tbody tr[data-module=med] th').first().textContent()).toBe('Sorveglianza sanitaria');
    await guard.expectAccessible('portal, compliance per site');

    // Alt+T: the chart's table, whose total is every deadline still to do in the next 12 months.
    await page.keyboard.press('Alt+t');
    const table = portal.locator('table[data-chart-table=portalDueByMonth]');
    await table.waitFor({ timeout: 15_000 });
    const totals = (await table.locator('tbody tr td:last-child').allTextContents()).map((text) => Number(text.replace(/\./g, '')));
    expect(totals).toHaveLength(12);
    const today = businessDay();
    const last = addDays(addMonths(addMonths(`${today.slice(0, 7)}-01`, 11), 1), -1);
    const modules = await portal.locator('.portal-site tbody tr').evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-module')))].join(','));
    const due = await server.api(`/physicalActivities?filter[customerId]=${customer.id}&filter[module]=${modules}&${PENDING}&from[deadlineDate]=${today}&to[deadlineDate]=${last}&page[size]=1`, { token: session.token });
    expect(totals.reduce((a, b) => a + b, 0)).toBe(((await due.json()) as { meta: { total: number } }).meta.total);
    await guard.expectAccessible('portal, chart as a table');

    // Its private calendar: made with the keyboard, its address read as a calendar app reads it, without signing in.
    const makeFeed = portal.getByRole('button', { name: 'Crea l’indirizzo del calendario' });
    await pressUntil(page, 'Tab', () => makeFeed.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    const address = portal.getByLabel('Indirizzo del calendario (iCalendar)');
    await address.waitFor({ timeout: 15_000 });
    const feedUrl = await address.inputValue();
    expect(feedUrl).toMatch(new RegExp(`/api/calendar/[0-9a-f-]{36}/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await server.api(new URL(feedUrl).pathname.replace(/^\/api/, ''));
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await guard.expectAccessible('portal, calendar feed');

    // A site's page, opened with the keyboard: its deadlines nearest first, each with the norm behind its date.
    const withFire = sites.find(() => true)!;
    const siteLink = portal.locator(`a[href$="/sites/${withFire.id}"]`);
    await pressUntil(page, 'Tab', () => siteLink.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/sites/${withFire.id}`, { timeout: 15_000 });
    const sitePage = page.locator('.portal-site-page:visible');
    const fire = sitePage.locator('.portal-module[data-module=fire] tbody tr');
    await expect.poll(() => fire.count(), { timeout: 20_000 }).toBe(await listed(withFire.id, 'fire', PENDING));
    const norms = await sitePage.locator('.portal-module[data-module=fire] td.portal-norm').allTextContents();
    expect(norms.some((text) => /^revisione: UNI 9994-1:\d{4}, \d+ anni dalla produzione$/.test(text)), norms.join('\n')).toBe(true);
    expect(norms.some((text) => /^controllo periodico: UNI [\d-]+:\d{4}, ogni 6 mesi dall’ultima esecuzione, del \d{2}\/\d{2}\/\d{2,4}$/.test(text)), norms.join('\n')).toBe(true);
    // Nearest first, the state in words.
    const first = await sitePage.locator('.portal-module[data-module=fire] tbody tr').first().locator('td').first().textContent();
    expect(first).toMatch(/^(Scaduta da \d+ giorn[oi]|Entro (30|60|90) giorni|Scade oggi|In regola)$/);
    await guard.expectAccessible('portal, a site');
    await guard.expectItalian('portal, a site');

    // The portal's own navigation: «Formazione», its employees' training by safety role.
    const training = page.locator('.portal-app .portal-nav a', { hasText: 'Formazione' });
    await pressUntil(page, 'Shift+Tab', () => training.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/training`, { timeout: 15_000 });
    await page.locator('.portal-training:visible .customer-compliance').waitFor({ timeout: 30_000 });
    expect(await page.locator('.portal-app .portal-nav a[aria-current=page]').textContent()).toBe('Formazione');
    await guard.expectAccessible('portal, training');

    // Walk 26: an employee opens its own page in the portal, not the office's record form (Tab to it, Enter).
    const employeeLink = page.locator('.portal-training:visible .customer-compliance tbody th a').first();
    const employeeName = String(await employeeLink.textContent());
    const employeePath = String(await employeeLink.getAttribute('href'));
    expect(employeePath).toMatch(new RegExp(`^/customers/${customer.id}/portal/employees/[^/]+$`));
    await pressUntil(page, 'Tab', () => employeeLink.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === employeePath, { timeout: 15_000 });
    const employeePage = page.locator('.portal-employee:visible');
    await employeePage.locator('h1').waitFor({ timeout: 30_000 });
    expect(await employeePage.locator('h1').textContent()).toBe(employeeName);
    await employeePage.locator('.portal-employee-roles').waitFor({ timeout: 30_000 });
    expect(await page.locator('.portal-app .portal-nav a[aria-current=page]').textContent()).toBe('Formazione');
    // No staff screen or word: no grid, no form field, no history, no «non visibile», no deleted rows.
    expect(await page.locator('.portal-app [role=grid]').count()).toBe(0);
    expect(await employeePage.locator('input, select, textarea').count()).toBe(0);
    expect(await employeePage.textContent()).not.toMatch(/Cronologia|non visibile|Eliminati|Colonne/);
    await guard.expectAccessible('portal, an employee');
    // The office's record of that employee, reached by its old address, is the employee's page in the portal.
    const employeeId = employeePath.split('/').at(-1)!;
    await page.goto(`${server.url}/customers/employees/${employeeId}/${customer.id}`);
    await page.waitForURL((url) => url.pathname === employeePath, { timeout: 30_000 });
    await page.locator('.portal-employee:visible h1').waitFor({ timeout: 30_000 });
    expect(await page.locator('.pane:not([hidden]) .employee-compliance').count()).toBe(0);

    // «Documenti»: the register of checks an inspector asks for, printed now and downloaded with the keyboard.
    const documents = page.locator('.portal-app .portal-nav a', { hasText: 'Documenti' });
    await pressUntil(page, 'Shift+Tab', () => documents.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/documents`, { timeout: 15_000 });
    const register = page.locator('.portal-documents:visible [data-documents=register] button');
    await register.waitFor({ timeout: 30_000 });
    await pressUntil(page, 'Tab', () => register.evaluate((element) => element === document.activeElement));
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe('Registro dei controlli (D.M. 1 settembre 2021).pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await guard.expectAccessible('portal, documents');

    // Another customer's portal: its data is never shown, the refusal said in Italian.
    const others = await apiData<Entity[]>(server, await signedInToken(session, DEMO.customer2), '/customers?page[size]=50');
    const other = others.find((row) => !row.attributes.parentId)!;
    await guard.expectRefusal(/\/api\/customers\//, 403, async () => {
      await page.goto(`${server.url}/customers/${other.id}/portal`);
      await page.locator('.pane:not([hidden]) [role=alert]').waitFor({ timeout: 30_000 });
    });
    expect(await page.locator('.portal-site').count()).toBe(0);

    // Walk 26: none of another customer's portal pages either, each refused as its home is (one check for
    // every page), before any of them asks for that customer's data; and a way back to its own portal.
    await guard.expectRefusal(/\/api\/customers\//, 403, async () => {
      await page.goto(`${server.url}/customers/${other.id}/portal/documents`);
      await page.locator('.pane:not([hidden]) .portal-refused [role=alert]').waitFor({ timeout: 30_000 });
    });
    expect(await page.locator('.pane:not([hidden]) .portal-refused [role=alert]').textContent()).toBe('Impossibile aprire questa pagina del portale: Non sei autorizzato a visualizzare i dati.');
    expect(await page.locator('[data-documents]').count()).toBe(0);
    await guard.expectAccessible('portal, another customer’s documents refused');

    // Walk 26: the staff screens are no part of the portal. The office's `g o` opens nothing…
    await page.goto(`${server.url}/customers/${customer.id}`);
    await page.locator('.portal-compliance:visible .portal-site').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    // The keys are handled in their keydown, and what a navigation would change (the tab, then the
    // address in the effect after its drawing) is drawn before the next frames.
    await nextFrames(page);
    expect(new URL(page.url()).pathname).toBe(`/customers/${customer.id}`);
    expect(await page.locator('.portal-app [role=grid]').count()).toBe(0);
    // …and the orders grid's address is refused, with the way back to the portal's home.
    await page.goto(`${server.url}/marketing/orders`);
    const refusal = page.locator('.pane:not([hidden]) .screen-denied');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.locator('[role=note]').textContent()).toBe('Il tuo profilo non ha accesso a «Ordini»: è una pagina riservata al personale dell’ufficio, non fa parte del portale clienti.');
    expect(await page.locator('.portal-app [role=grid]').count()).toBe(0);
    await guard.expectAccessible('portal, a staff page refused');
    const home = refusal.getByRole('link', { name: 'Torna alla home del portale' });
    await pressUntil(page, 'Tab', () => home.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`, { timeout: 15_000 });
    await page.locator('.portal-compliance:visible').waitFor({ timeout: 30_000 });
    // A path of no page: the catch-all leads to the portal's home, not to the office's dashboard.
    await page.goto(`${server.url}/planning`);
    const notFound = page.locator('.pane:not([hidden]) .not-found');
    await notFound.waitFor({ timeout: 30_000 });
    expect(await notFound.getByRole('link').getAttribute('href')).toBe(`/customers/${customer.id}`);
    expect(await notFound.getByRole('link').textContent()).toBe('Vai alla home del portale');
    guard.expectClean();
    // Each module row of each site is checked against four API counts (med added a row per site): more than the default 2 minutes on a busy machine.
  }, 240_000);
});
