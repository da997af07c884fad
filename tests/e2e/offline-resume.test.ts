/**
 * Issue 25, the technician in the basement (scenario 3): the browser killed with the queue half sent.
 * Signed in as the demo Manutentore in a Chromium with a profile on disk, the day's intervention is
 * prepared for offline use, the network is cut (page and service worker, as in scenario 1) and every
 * control is recorded by keys. Back online, the outbox's first two writes are answered; the third
 * reaches the server, which commits it, and its answer never comes back to the page; the later ones
 * hang without reaching the server. The browser is then killed (SIGKILL to its whole process group,
 * as the system kills it), relaunched on the same profile, and the app opened with the stored session:
 * the queue resumes by itself. The third write is sent again under its own Idempotency-Key and the
 * server replays its first answer; the others are sent once. The server has exactly one check per
 * control, none lost, none twice, each dated by the device while it was offline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page, type Request, type Route } from 'playwright-core';
import { machineStateLabels } from '../../src/domain/machines/index.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/records.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';
import { apiData, DEMO, signIn, startServer, storedUser, type TestServer } from './harness.ts';
import { smallestOfToday, waitForWorker, waitReadyOffline } from './offline-steps.ts';
import { cursorTo, openIntervention, recordOutcome, startIfNeeded, tabIntoChecklist, type Entity } from './journeys/intervention-steps.ts';

let server: TestServer;
let profile: string;
let context: BrowserContext | undefined;

beforeAll(async () => {
  // Today only (and what is under way): priming the demo technician's whole week takes minutes on a busy machine.
  server = await startServer({ env: { FIELD_PRIME_DAYS: '0' } });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-profile-'));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await server?.stop();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/** Chromium on the test's profile directory: what it stores (IndexedDB, localStorage, the worker) outlives the process. */
async function launchOnProfile(): Promise<{ context: BrowserContext; page: Page }> {
  const launched = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    locale: 'it-IT',
    viewport: { width: 1400, height: 900 },
  });
  return { context: launched, page: launched.pages()[0] ?? (await launched.newPage()) };
}

/**
 * Kills the profile's browser as the system would: SIGKILL to its process group (Playwright starts it
 * detached, so the group is the browser with its renderers and its network service), nothing flushed.
 */
async function killBrowser(closed: Promise<unknown>): Promise<void> {
  const flag = `--user-data-dir=${profile}`;
  const browsers = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args.includes(flag) && !args.some((arg) => arg.startsWith('--type='));
    } catch {
      return false; // gone meanwhile
    }
  });
  expect(browsers, 'one browser process on the test profile').toHaveLength(1);
  process.kill(-Number(browsers[0]), 'SIGKILL');
  await closed;
}

/** A queued write of the outbox: a PUT, PATCH or POST to the API with its Idempotency-Key. */
function outboxWrite(request: Request): { method: string; path: string; key: string } | null {
  const key = request.headers()[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const url = new URL(request.url());
  if (!key || !['PUT', 'PATCH', 'POST'].includes(request.method()) || !url.pathname.startsWith('/api/')) return null;
  return { method: request.method(), path: url.pathname, key };
}

const pendingOf = async (page: Page) => Number(await page.locator('.sync-indicator').getAttribute('data-pending'));
const keyOf = (check: Entity) => `${String(check.relationships.assignmentActivityId)}:${String(check.relationships.controlId)}`;

describe('the queue across a killed browser', () => {
  it('resumes after the browser is killed with the third write in flight: no loss, no duplicate, the lost answer replayed to one row', async () => {
    const testStart = new Date().toISOString();
    const launched = await launchOnProfile();
    const first = launched.context;
    let page = launched.page;
    context = first;
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(page, server, DEMO.maintainer);
    const token = (await storedUser(page))!.user.access_token;
    await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
    const { assignment, rows } = await smallestOfToday(server, token, { min: 5, max: 20 });

    // Online: opened, started, and prepared by itself for offline use.
    await openIntervention(page, assignment);
    await startIfNeeded(page, assignment, machineStateLabels.assignments.running!);
    await waitReadyOffline(page);
    await waitForWorker(page);

    // Offline (page and worker): every control recorded by keys, kept on the device.
    const abort = (route: Route) => route.abort('internetdisconnected');
    await first.route('**/*', abort);
    await first.setOffline(true);
    const offlineFrom = new Date().toISOString();
    await tabIntoChecklist(page);
    for (const row of rows) {
      for (let i = 0; i < 12 && !(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row !== undefined)); i++) await page.keyboard.press('Shift+Tab');
      await cursorTo(page, row.key);
      await recordOutcome(page, row.key, true);
    }
    await expect.poll(() => pendingOf(page), { timeout: 15_000 }).toBe(rows.length);

    // Back online, with the third write committed by the server and its answer lost, and the later ones hanging.
    const sent: { method: string; path: string; key: string }[] = [];
    let lost: { path: string; key: string; status: number } | undefined;
    const hold = async (route: Route) => {
      const write = outboxWrite(route.request());
      if (!write) return route.continue();
      sent.push(write);
      if (sent.length < 3) return route.continue();
      if (sent.length === 3) {
        const answer = await route.fetch();
        lost = { path: write.path, key: write.key, status: answer.status() };
      }
      // Never answered: the page waits until the browser dies.
    };
    await first.route('**/api/**', hold);
    await first.unroute('**/*', abort);
    const backOnline = new Date().toISOString();
    await first.setOffline(false);
    await expect.poll(() => lost?.status, { timeout: 60_000, interval: 250 }).toBe(201);
    // Two answered; the lost one and the two sent after it (three at a time) wait for answers that never come; any others wait their turn.
    await expect.poll(() => sent.length, { timeout: 30_000, interval: 250 }).toBe(5);
    await expect.poll(() => pendingOf(page), { timeout: 30_000, interval: 250 }).toBe(rows.length - 2);
    const answered = new Set(sent.slice(0, 2).map((write) => write.path));
    // The lost write is already a row on the server.
    const lostId = lost!.path.split('/').at(-1)!;
    expect((await apiData<Entity>(server, token, `/checks/${lostId}`)).id).toBe(lostId);

    await killBrowser(new Promise((resolve) => first.once('close', resolve)));

    // Relaunched on the same profile: the stored session opens the app (or the technician signs in again).
    ({ context, page } = await launchOnProfile());
    const resent: { method: string; path: string; key: string; status: number; replayed: boolean }[] = [];
    await context.route('**/api/**', async (route) => {
      const write = outboxWrite(route.request());
      if (!write) return route.continue();
      const answer = await route.fetch();
      resent.push({ ...write, status: answer.status(), replayed: answer.headers()['idempotent-replayed'] === 'true' });
      await route.fulfill({ response: answer });
    });
    await page.goto(`${server.url}/planning/assignments/${assignment.id}`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(page, server, DEMO.maintainer);
    // Everything not answered before the kill is sent again, by itself; then nothing waits. (The
    // indicator shows 0 until the device's count is read: its 0 alone does not say the queue was sent.)
    const expected = rows.length - 2;
    await expect.poll(() => new Set(resent.map((write) => write.path)).size, { timeout: 120_000, interval: 1_000 }).toBe(expected);
    await expect.poll(() => page.locator('.sync-indicator').getAttribute('data-pending'), { timeout: 60_000, interval: 1_000 }).toBe('0');

    // Each under the key it was first sent with (the ones that never left too); the lost one replayed by the server.
    expect(resent.filter((write) => answered.has(write.path))).toEqual([]);
    const firstKeys = new Map(sent.map((write) => [write.path, write.key]));
    for (const write of resent) if (firstKeys.has(write.path)) expect(write.key, write.path).toBe(firstKeys.get(write.path));
    const replay = resent.filter((write) => write.path === lost!.path);
    expect(replay.length).toBeGreaterThan(0);
    expect(replay.every((write) => write.key === lost!.key && write.replayed && write.status === 201)).toBe(true);

    // The server: exactly one check per control, none lost, none twice, each dated by the device while offline.
    const activityIds = [...new Set(rows.map((row) => row.activityId))];
    const checks = await apiData<Entity[]>(server, token, `/checks?filter[assignmentActivityId]=${activityIds.join(',')}&page[size]=500`);
    const made = checks.filter((check) => String(check.metadata.createdDateTime) >= testStart);
    expect(made.map(keyOf).toSorted()).toEqual(rows.map((row) => row.key).toSorted());
    for (const check of made) {
      const checked = String(check.attributes.checkedDateTime);
      expect(checked >= offlineFrom && checked < backOnline, `${keyOf(check)} checked at ${checked}, offline from ${offlineFrom} to ${backOnline}`).toBe(true);
    }
    expect(made.some((check) => check.id === lostId)).toBe(true);
  }, 300_000);
});
