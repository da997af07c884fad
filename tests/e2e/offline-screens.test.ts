/**
 * Issue 25, scenario 1 on both screens a technician uses: prepared for offline use, the network cut
 * for the page and the worker, the app reloaded — and then every screen of the intervention opens
 * from the device, reached the way a user reaches it: the dashboard's «Miei interventi di oggi», the
 * intervention from its row, its activity and its equipment from the checklist's links, back, and the
 * sync centre from the header's indicator. On a desktop (1400×900, clicks) and on a phone (360×740,
 * touch, taps). No screen may say it cannot reach the server, none may stay on «Caricamento».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, DEMO, launchBrowser, signIn, startServer, storedUser, type TestServer } from './harness.ts';
import { checklistRows, type Entity } from './journeys/intervention-steps.ts';
import { cutNetwork, restoreNetwork, waitForWorker, waitReadyOffline } from './offline-steps.ts';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1400, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // Today only (and what is under way): priming the demo technician's whole week takes minutes on a busy machine.
  server = await startServer({ env: { FIELD_PRIME_DAYS: '0' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The technician's intervention of today with an equipment activity still open (the checklist's links). */
async function interventionOfToday(token: string): Promise<{ assignment: Entity; activityId: string; equipmentId: string }> {
  const identity = await server.api('/identity/authorization', { token });
  const [me] = (await identity.json()) as { id: string }[];
  const today = businessDay();
  const assignments = await apiData<Entity[]>(server, token, `/assignments?filter[operatorIds]=${me!.id}&filter[state]=scheduled,running,paused&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  for (const assignment of assignments) {
    const [row] = await checklistRows(server, token, assignment);
    if (!row) continue;
    const activity = await apiData<Entity>(server, token, `/assignmentActivities/${row.activityId}`);
    return { assignment, activityId: row.activityId, equipmentId: String(activity.relationships.equipmentId) };
  }
  throw new Error('The demo data has no intervention of today for the technician with an equipment to check');
}

/** The screen shown in the active tab opened: its content is there, no «Caricamento», no failure to reach the server. */
async function expectOpened(page: Page, screen: string, content: Locator): Promise<void> {
  await content.first().waitFor({ state: 'visible', timeout: 30_000 });
  const pane = page.locator('.pane:not([hidden])');
  await expect.poll(() => pane.locator('[role=status]', { hasText: /Caricamento/ }).count(), { timeout: 15_000, message: `${screen}: still loading` }).toBe(0);
  // Neither in the page nor as a toast: a read the device could not answer says so in one of the two.
  const alerts = [...await pane.locator('[role=alert]').allTextContents(), ...await page.locator('.alert-stack .alert-danger').allTextContents()];
  expect({ screen, alerts: alerts.filter((text) => text.trim() !== '') }).toEqual({ screen, alerts: [] });
}

describe.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('offline on a %s', (viewport, options) => {
  it('prepared, offline and reloaded: today’s interventions, the intervention, its activity, its equipment and the sync centre open from the device', async () => {
    const context = await browser.newContext({ locale: 'it-IT', ...options });
    try {
      const page = await context.newPage();
      const press = (target: Locator) => (viewport === 'phone' ? target.tap() : target.click());
      await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
      await signIn(page, server, DEMO.maintainer);
      const token = (await storedUser(page))!.user.access_token;
      const { assignment, activityId, equipmentId } = await interventionOfToday(token);
      const code = String(assignment.attributes.code);

      // Online, once: the intervention opened and prepared by itself; the worker's precache complete.
      await page.goto(`${server.url}/planning/assignments/${assignment.id}/detail`, { waitUntil: 'commit', timeout: 60_000 });
      await page.locator('.intervention-checklist:visible').waitFor({ timeout: 60_000 });
      await waitReadyOffline(page);
      await waitForWorker(page);

      // Offline, the app reloaded where it starts: the dashboard.
      await cutNetwork(context);
      await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 30_000 });
      const card = page.locator('.dashboard-card', { hasText: 'Miei interventi di oggi' });
      await card.waitFor({ timeout: 60_000 });

      // Today's interventions, from the card.
      await press(card);
      const row = page.locator('.pane:not([hidden]) .data-grid-row a', { hasText: code }).first();
      await expectOpened(page, 'today’s interventions', row);

      // The intervention, from its row: its heading and its checklist.
      await press(row);
      await page.waitForURL((url) => url.pathname.startsWith(`/planning/assignments/${assignment.id}`), { timeout: 30_000 });
      const checklist = page.locator('.intervention-checklist:visible');
      await expectOpened(page, 'the intervention', checklist.locator('[data-row]'));
      await page.getByRole('heading', { name: new RegExp(code) }).first().waitFor({ timeout: 30_000 });

      // Its activity, from the checklist's link; back.
      await press(checklist.locator(`a[href*="${activityId}"]`).first());
      await page.waitForURL((url) => url.pathname.includes(activityId), { timeout: 30_000 });
      await expectOpened(page, 'the activity', page.locator('.pane:not([hidden]) h1'));
      await page.goBack();
      await checklist.locator('[data-row]').first().waitFor({ timeout: 30_000 });

      // Its equipment, from the checklist's link.
      await press(checklist.locator(`a[href*="${equipmentId}"]`).first());
      await page.waitForURL((url) => url.pathname.includes(equipmentId), { timeout: 30_000 });
      await expectOpened(page, 'the equipment', page.locator('.pane:not([hidden]) h1'));

      // The sync centre, from the header's indicator: offline, the changes waiting (none yet).
      await press(page.locator('.app-header .sync-indicator'));
      const centre = page.locator('.pane:not([hidden]) .sync-centre');
      await expectOpened(page, 'the sync centre', centre);
      expect(await centre.locator('.sync-connection').textContent()).toBe('Non in linea');
      await restoreNetwork(context);
    } finally {
      await context.close();
    }
  }, 420_000);
});
