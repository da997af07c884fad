/**
 * Issue 25, the technician in the basement (scenarios 1 and 2): signed in as the demo Manutentore, the
 * day's interventions are prepared for offline use by themselves («Pronto offline»); then the network
 * is cut for the page AND the service worker (setOffline plus every request of the context aborted:
 * setOffline alone does not stop the worker's own fetches), the app is reloaded, and the intervention
 * opens from the device. Offline, by keys: started, every control recorded (the first failed, with its
 * anomaly), closed with anomalies — each shown at once, kept on the device, counted by the sync
 * indicator. Back online the queue drains by itself: the server has exactly those checks (one per
 * control, none twice), the anomaly linked to its check, the intervention closed with anomalies, and
 * each check dated by the device when it was recorded, before the network came back. Then, offline
 * again, a serial number read on site is proposed from the checklist (`r q`): the change request is
 * kept on the device and reaches the office once back online, with the intervention it came from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { machineStateLabels } from '../../src/domain/machines/index.ts';
import { apiData, DEMO, focusOutOfFields, pressKeys, pressWhenOffered, signedInSession, type SignedInSession } from './harness.ts';
import { cutNetwork, restoreNetwork, smallestOfToday, waitForWorker, waitReadyOffline } from './offline-steps.ts';
import { cursorTo, openIntervention, recordOutcome, stateBadge, tabIntoChecklist, type Entity, type Workable } from './journeys/intervention-steps.ts';

const labels = machineStateLabels.assignments;
let session: SignedInSession;
let page: Page;
/** The intervention the first scenario worked offline, for the next one. */
let worked: Workable | undefined;

beforeAll(async () => {
  // Today only (and what is under way): priming the demo technician's whole week takes minutes on a busy machine.
  session = await signedInSession({ email: DEMO.maintainer, server: { env: { FIELD_PRIME_DAYS: '0' } } });
  page = session.page;
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('the intervention offline', () => {
  it('prepared, offline and reloaded, is recorded and closed by keys; back online the server has exactly that, with the device times', async () => {
    const { server, token, context } = session;
    const get = <T>(path: string) => apiData<T>(server, token, path);
    worked = await smallestOfToday(server, token, { min: 2, max: 20 });
    const { assignment, rows } = worked;
    const code = String(assignment.attributes.code);

    // Online: opened once, and prepared by itself for offline use.
    await openIntervention(page, assignment);
    await waitReadyOffline(page);
    await waitForWorker(page);
    const checklistOnline = await page.locator('.intervention-checklist:visible [data-row]').evaluateAll((found) => found.map((row) => (row as HTMLElement).dataset.row!));
    expect(checklistOnline).toEqual(expect.arrayContaining(rows.map((row) => row.key)));

    // The network cut for the page and for the worker; the app reloaded on the intervention's address.
    await cutNetwork(context);
    await page.reload({ waitUntil: 'commit', timeout: 30_000 });
    const checklist = page.locator('.intervention-checklist:visible');
    await checklist.waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: new RegExp(code) }).first().waitFor({ timeout: 30_000 });
    // The same checklist as online, from the device.
    await expect.poll(() => checklist.locator('[data-row]').evaluateAll((found) => found.map((row) => (row as HTMLElement).dataset.row!)), { timeout: 30_000 }).toEqual(checklistOnline);

    // Started (t i a) offline: shown at once from the device.
    if (assignment.attributes.state === 'scheduled') {
      await pressWhenOffered(page, 'transition.assignments.start', 't', 'i', 'a');
      await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(labels.running);
    }

    // Every control recorded: the first not compliant with its anomaly, the others compliant.
    await tabIntoChecklist(page);
    const [first, ...others] = rows;
    await cursorTo(page, first!.key);
    await recordOutcome(page, first!.key, false);
    const firstRow = checklist.locator(`[data-row="${first!.key}"]`);
    const form = firstRow.locator('.intervention-anomaly-form');
    await form.waitFor({ timeout: 10_000 });
    await page.keyboard.type('Cartello mancante, rilevato offline', { delay: 5 });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await firstRow.locator('.intervention-anomaly').waitFor({ timeout: 15_000 });
    for (const row of others) {
      for (let i = 0; i < 12 && !(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row !== undefined)); i++) await page.keyboard.press('Shift+Tab');
      await cursorTo(page, row.key);
      await recordOutcome(page, row.key, true);
    }

    // Closed with anomalies (t i k), on the device.
    await focusOutOfFields(page);
    await pressKeys(page, 't', 'i', 'k');
    await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(labels['closed-with-anomalies']);
    // The sync indicator counts what waits: the start, the checks, the anomaly, the close.
    const indicator = page.locator('.sync-indicator');
    await expect.poll(async () => Number(await indicator.getAttribute('data-pending')), { timeout: 15_000 }).toBeGreaterThanOrEqual(rows.length + 2);

    // Back online: the queue drains by itself.
    const backOnline = new Date().toISOString();
    await restoreNetwork(context);
    await expect.poll(() => indicator.getAttribute('data-pending'), { timeout: 120_000, interval: 1_000 }).toBe('0');

    const activityIds = [...new Set(rows.map((row) => row.activityId))];
    const checks = await get<Entity[]>(`/checks?filter[assignmentActivityId]=${activityIds.join(',')}&page[size]=500`);
    const recorded = checks.filter((check) => rows.some((row) => row.key === `${String(check.relationships.assignmentActivityId)}:${String(check.relationships.controlId)}`) && String(check.attributes.checkedDateTime) < backOnline);
    // One check per control, none twice, each dated by the device while offline.
    expect(recorded.map((check) => `${String(check.relationships.assignmentActivityId)}:${String(check.relationships.controlId)}`).toSorted()).toEqual(rows.map((row) => row.key).toSorted());
    const failed = recorded.filter((check) => check.attributes.passed === false);
    expect(failed).toHaveLength(1);
    const anomalies = await get<Entity[]>(`/anomalies?filter[assignmentActivityId]=${first!.activityId}&page[size]=50`);
    const raised = anomalies.filter((anomaly) => anomaly.attributes.description === 'Cartello mancante, rilevato offline');
    expect(raised).toHaveLength(1);
    expect(raised[0]!.relationships.checkId).toBe(failed[0]!.id);
    const closed = await get<Entity>(`/assignments/${assignment.id}`);
    expect(closed.attributes.state).toBe('closed-with-anomalies');
    // Its actual end (and start, when started here) are the device's, before the network came back, not the sync's —
    // or its start's, when the demo's running intervention was started later in the day than the device closed it.
    const { actualStartDateTime: start, actualEndDateTime: end } = closed.attributes as Record<string, string>;
    expect(end! < backOnline || end === start, `closed at ${end}, started at ${start}, back online at ${backOnline}`).toBe(true);
    if (assignment.attributes.state === 'scheduled') expect(start! < end!).toBe(true);
  }, 420_000);

  it('offline, a wrong serial number read on site is proposed from the checklist (r q) and reaches the office once back online', async () => {
    const { server, token, context } = session;
    expect(worked, 'the first scenario worked an intervention').toBeDefined();
    const { assignment, rows } = worked!;
    const [first] = rows;
    const activity = await apiData<Entity>(server, token, `/assignmentActivities/${first!.activityId}`);
    const equipmentId = String(activity.relationships.equipmentId);
    const corrected = `MATR-OFF-${Date.now().toString(36).toUpperCase()}`;

    await cutNetwork(context);
    await page.reload({ waitUntil: 'commit', timeout: 30_000 });
    await page.locator('.intervention-checklist:visible').waitFor({ timeout: 60_000 });
    await tabIntoChecklist(page);
    await cursorTo(page, first!.key);
    await pressKeys(page, 'r', 'q');
    await page.waitForURL((url) => url.pathname === '/equipmentChangeRequests/new', { timeout: 30_000 });
    const draft = page.locator('.change-request-new:visible');
    await draft.waitFor({ timeout: 30_000 });
    // The values seen now come from the device.
    await expect.poll(() => draft.locator('.change-request-values').textContent(), { timeout: 30_000 }).toContain('Attuale');
    await draft.getByLabel('Matricola', { exact: true }).fill(corrected);
    await draft.getByLabel('Nota', { exact: true }).fill('Matricola letta sulla targhetta, in cantina');
    await page.keyboard.press('Control+s');
    // Saved on the device under its own id, and waiting to be sent.
    await page.waitForURL((url) => /^\/equipmentChangeRequests\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });
    const requestId = new URL(page.url()).pathname.split('/').at(-1)!;
    const indicator = page.locator('.sync-indicator');
    await expect.poll(async () => Number(await indicator.getAttribute('data-pending')), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    await restoreNetwork(context);
    await expect.poll(() => indicator.getAttribute('data-pending'), { timeout: 120_000, interval: 1_000 }).toBe('0');
    const sent = await apiData<Entity>(server, token, `/equipmentChangeRequests/${requestId}`);
    expect(sent.attributes).toMatchObject({ state: 'pending', proposed: { serialNumber: corrected } });
    expect(sent.relationships).toMatchObject({ equipmentId, assignmentId: assignment.id });
    // The equipment itself waits for the office.
    expect((await apiData<Entity>(server, token, `/equipments/${equipmentId}`)).attributes.serialNumber).not.toBe(corrected);
  }, 240_000);
});
