/**
 * Issue 25, the technician in the basement (scenarios 4 and 5): signed in as the demo Manutentore, the
 * day's intervention prepared for offline use and started; the network cut for the pages and the
 * service worker (setOffline plus every request of the context aborted, as in scenario 1).
 *
 * 4. Two tabs of the same browser, one queue: checks recorded offline in one tab; back online both tabs
 *    see the network return, and only one sends — each queued write exactly once, all from one tab.
 * 5. Meanwhile the office (the demo administrator, through the API with If-Match) changes the same
 *    intervention:
 *    a. another field (its description) than the technician's (its notes): merged without a word,
 *       the server has both;
 *    b. the same field: «Da risolvere» in the sync centre shows before, mine and theirs with who changed
 *       it when; «Mantieni il mio», by keys, and the server has the technician's notes;
 *    c. the intervention paused and cancelled while the technician recorded checks and closed it
 *       offline: the close is refused into «Da risolvere» with the server's reason, and the checks
 *       are kept — the server has each of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Response } from 'playwright-core';
import { machineStateLabels } from '../../src/domain/machines/index.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/records.ts';
import { apiData, DEMO, focusOutOfFields, openFromPalette, pressKeys, pressUntil, signedInSession, signedInToken, type SignedInSession } from './harness.ts';
import { cutNetwork, restoreNetwork, smallestOfToday, waitForWorker, waitReadyOffline } from './offline-steps.ts';
import { cursorTo, openIntervention, recordOutcome, startIfNeeded, stateBadge, tabIntoChecklist, type Entity, type Workable } from './journeys/intervention-steps.ts';

const labels = machineStateLabels.assignments;
let session: SignedInSession;
let page: Page;
let officeToken: string;
let work: Workable;

beforeAll(async () => {
  // Today only (and what is under way): priming the demo technician's whole week takes minutes on a busy machine.
  session = await signedInSession({ email: DEMO.maintainer, server: { env: { FIELD_PRIME_DAYS: '0' } } });
  page = session.page;
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  officeToken = await signedInToken(session, DEMO.admin);
}, 180_000);

afterAll(() => session?.close());

const asOffice = <T>(path: string) => apiData<T>(session.server, officeToken, path);

/** The office's change of the intervention, on the version it reads (If-Match), as a merge patch. */
async function officePatch(id: string, attributes: Record<string, unknown>): Promise<Entity> {
  const current = await asOffice<Entity>(`/assignments/${id}`);
  const response = await session.server.api(`/assignments/${id}`, {
    token: officeToken,
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json', 'if-match': `"${String(current.metadata.lastUpdatedDateTime)}"` },
    body: JSON.stringify({ attributes }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Entity }).data;
}

/** A state change of the intervention by the office, on the version it reads. */
async function officeAction(id: string, action: string): Promise<Entity> {
  const current = await asOffice<Entity>(`/assignments/${id}`);
  const response = await session.server.api(`/assignments/${id}/actions/${action}`, {
    token: officeToken,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'if-match': `"${String(current.metadata.lastUpdatedDateTime)}"` },
    body: '{}',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Entity }).data;
}

const pendingOf = (tab: Page) => tab.locator('.app-header .sync-indicator').getAttribute('data-pending');

/** Waits until the header's indicator counts `count` unsent changes. */
async function expectPending(tab: Page, count: number, timeout = 90_000): Promise<void> {
  await expect.poll(() => pendingOf(tab), { timeout, interval: 500 }).toBe(String(count));
}

/** The queue's writes a tab sends, by Idempotency-Key: each request's method, path and answer (a status, or «failed»). */
function writesOf(tab: Page): Map<string, string[]> {
  const writes = new Map<string, string[]>();
  const note = (request: Request, answer: string) => {
    const key = request.headers()[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (!key || !new URL(request.url()).pathname.startsWith('/api/')) return;
    writes.set(key, [...(writes.get(key) ?? []), `${request.method()} ${new URL(request.url()).pathname} ${answer}`]);
  };
  tab.on('response', (response) => note(response.request(), String(response.status())));
  tab.on('requestfailed', (request) => note(request, 'failed'));
  return writes;
}

/** The intervention's header field `label` (Note, Descrizione), focused with Tab from the top of the page. */
async function focusHeaderField(label: string): Promise<void> {
  const field = page.locator('.intervention-detail:visible').getByLabel(label, { exact: true });
  await field.waitFor({ timeout: 15_000 });
  await focusOutOfFields(page);
  await pressUntil(page, 'Tab', () => field.evaluate((element) => element === document.activeElement), 120);
}

/** Types `text` over the header's «Note» and saves with Ctrl+S (offline: kept on the device and queued). */
async function writeNotes(text: string): Promise<void> {
  await focusHeaderField('Note');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Control+s');
  const field = page.locator('.intervention-detail:visible').getByLabel('Note', { exact: true });
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(text);
}

/** The sync centre, opened from the palette by keys. */
async function openSyncCentre() {
  await focusOutOfFields(page);
  await openFromPalette(page, 'Sincronizza', 'Sincronizzazione');
  await page.waitForURL((url) => url.pathname === '/sync');
  const centre = page.locator('.sync-centre:visible');
  await centre.locator('[data-count="pending"]').waitFor({ timeout: 30_000 });
  return centre;
}

describe('offline conflicts', () => {
  it('prepared and started online; two tabs, checks recorded offline in one: back online only one tab sends, each write once', async () => {
    work = await smallestOfToday(session.server, session.token, { min: 3, max: 12 });
    const { assignment, rows } = work;
    await openIntervention(page, assignment);
    await waitReadyOffline(page);
    await waitForWorker(page);
    await startIfNeeded(page, assignment, labels.running!);
    await expectPending(page, 0);

    // A second tab of the same browser: the sync centre, with the same user's store and its own outbox.
    const other = await session.context.newPage();
    try {
      await other.goto(`${session.server.url}/sync`, { waitUntil: 'commit', timeout: 60_000 });
      const otherCentre = other.locator('.sync-centre:visible');
      await otherCentre.locator('[data-count="pending"]').waitFor({ timeout: 60_000 });
      await expectPending(other, 0);

      await cutNetwork(session.context);
      await tabIntoChecklist(page);
      const recorded = rows.slice(0, 2);
      for (const row of recorded) {
        for (let i = 0; i < 12 && !(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row !== undefined)); i++) await page.keyboard.press('Shift+Tab');
        await cursorTo(page, row.key);
        await recordOutcome(page, row.key, true);
      }
      await expectPending(page, recorded.length, 15_000);
      // The other tab reads the same queue.
      await expect.poll(() => otherCentre.locator('[data-count="pending"]').textContent(), { timeout: 15_000 }).toBe(String(recorded.length));

      const sentBy = { first: writesOf(page), second: writesOf(other) };
      await restoreNetwork(session.context);
      await expectPending(page, 0);
      await expectPending(other, 0);
      const seen = JSON.stringify(Object.fromEntries(Object.entries(sentBy).map(([tab, writes]) => [tab, [...writes]])));
      const senders = Object.entries(sentBy).filter(([, writes]) => writes.size > 0);
      expect(senders.map(([tab]) => tab), seen).toHaveLength(1);
      const [, writes] = senders[0]!;
      // One write per check (a PUT under the check's own id), answered once: a repeat under the same key
      // (the API client's one token refresh after a 401) is the same request, which the server replays.
      expect(writes.size, seen).toBe(recorded.length);
      for (const [key, sent] of writes) {
        expect(sent.every((write) => /^PUT \/api\/checks\//.test(write)), seen).toBe(true);
        expect(sent.filter((write) => / 20\d$/.test(write)), `${key}: ${seen}`).toHaveLength(1);
      }

      const activityIds = [...new Set(recorded.map((row) => row.activityId))];
      const checks = await asOffice<Entity[]>(`/checks?filter[assignmentActivityId]=${activityIds.join(',')}&page[size]=500`);
      const keys = checks.map((check) => `${String(check.relationships.assignmentActivityId)}:${String(check.relationships.controlId)}`).filter((key) => recorded.some((row) => row.key === key));
      expect(keys.toSorted()).toEqual(recorded.map((row) => row.key).toSorted());
    } finally {
      await other.close();
    }
  }, 360_000);

  it('the office changes another field meanwhile: merged without asking, the server has both', async () => {
    const { assignment } = work;
    await cutNetwork(session.context);
    const mine = 'Estintori nel locale caldaia, chiave dal custode';
    await writeNotes(mine);
    await expectPending(page, 1, 15_000);
    const theirs = 'Accesso dal cortile interno, citofonare alla portineria';
    await officePatch(assignment.id, { description: theirs });

    // The queued patch meets the office's version (409) and is sent again on it, merged (200).
    const answers: number[] = [];
    const onResponse = (response: Response) => {
      if (response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/assignments/${assignment.id}`) answers.push(response.status());
    };
    page.on('response', onResponse);
    await restoreNetwork(session.context);
    await expectPending(page, 0);
    page.off('response', onResponse);
    expect(answers).toEqual([409, 200]);
    const merged = await asOffice<Entity>(`/assignments/${assignment.id}`);
    expect(merged.attributes.notes).toBe(mine);
    expect(merged.attributes.description).toBe(theirs);
  }, 180_000);

  it('the office changes the same field: «Da risolvere» shows both, and «Mantieni il mio» wins', async () => {
    const { assignment } = work;
    const before = String((await asOffice<Entity>(`/assignments/${assignment.id}`)).attributes.notes);
    await cutNetwork(session.context);
    const mine = 'Sostituito il cartello dell’estintore al piano interrato';
    await writeNotes(mine);
    await expectPending(page, 1, 15_000);
    const theirs = 'Intervento da completare entro venerdì';
    await officePatch(assignment.id, { notes: theirs });

    await restoreNetwork(session.context);
    const centre = await openSyncCentre();
    await expect.poll(() => centre.locator('[data-count="conflicts"]').textContent(), { timeout: 90_000, interval: 500 }).toBe('1');
    const card = centre.locator('[data-conflict]');
    const table = card.getByRole('table', { name: /Campi in conflitto/ });
    const row = table.locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('th').textContent()).toBe('Note');
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual([before, mine, theirs]);
    // Who changed it and when, from the record's history: the office's change, by name.
    const [change] = await asOffice<{ byName?: string; at: string }[]>(`/assignments/${assignment.id}/history`);
    expect(change?.byName).toBeTruthy();
    expect(cells[3]).toContain(`${change!.byName!}, `);
    expect(cells[3]).toMatch(/\d{2}\/\d{2}\/\d{2}/);
    // The server still has theirs until the technician chooses.
    expect((await asOffice<Entity>(`/assignments/${assignment.id}`)).attributes.notes).toBe(theirs);

    const keep = card.getByRole('button', { name: /^Mantieni il mio/ });
    await focusOutOfFields(page);
    await pressUntil(page, 'Tab', () => keep.evaluate((element) => element === document.activeElement), 200);
    await page.keyboard.press('Enter');
    await expect.poll(() => centre.locator('[data-count="conflicts"]').textContent(), { timeout: 30_000 }).toBe('0');
    await expectPending(page, 0, 60_000);
    const kept = await asOffice<Entity>(`/assignments/${assignment.id}`);
    expect(kept.attributes.notes).toBe(mine);
  }, 180_000);

  it('the office cancels the intervention: the close is refused into «Da risolvere», and the checks are kept', async () => {
    const { assignment, rows } = work;
    await openIntervention(page, assignment);
    await cutNetwork(session.context);
    const recorded = rows.slice(2);
    // The cursor is still on the last row recorded: Shift+Tab from the page's end reaches it sooner.
    await focusOutOfFields(page);
    await pressUntil(page, 'Shift+Tab', () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row !== undefined), 200);
    for (const row of recorded) {
      for (let i = 0; i < 12 && !(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row !== undefined)); i++) await page.keyboard.press('Shift+Tab');
      await cursorTo(page, row.key);
      await recordOutcome(page, row.key, true);
    }
    // Closed on the device: with anomalies (t i k) when the demo data left some unresolved on it, else plainly (t i c).
    const activities = await asOffice<Entity[]>(`/assignmentActivities?filter[assignmentId]=${assignment.id}&page[size]=500`);
    const anomalies = await asOffice<Entity[]>(`/anomalies?filter[assignmentActivityId]=${activities.map((activity) => activity.id).join(',')}&page[size]=500`);
    const withAnomalies = anomalies.some((anomaly) => anomaly.attributes.state === 'unresolved');
    await focusOutOfFields(page);
    await pressKeys(page, 't', 'i', withAnomalies ? 'k' : 'c');
    await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(withAnomalies ? labels['closed-with-anomalies'] : labels.closed);
    await expectPending(page, recorded.length + 1, 15_000);

    // The office pauses the running intervention and cancels it.
    await officeAction(assignment.id, 'pause');
    const cancelled = await officeAction(assignment.id, 'cancel');
    expect(cancelled.attributes.state).toBe('canceled');

    await restoreNetwork(session.context);
    // The checks are sent; the close waits in «Da risolvere».
    await expectPending(page, 1);
    const centre = await openSyncCentre();
    await expect.poll(() => centre.locator('[data-count="conflicts"]').textContent(), { timeout: 30_000 }).toBe('1');
    expect(await centre.locator('[data-count="failed"]').textContent()).toBe('0');
    const card = centre.locator('[data-conflict]');
    // The server's reason, in the words of the screens.
    const closing = withAnomalies ? 'Chiudi con anomalie' : 'Chiudi';
    expect(await card.textContent()).toContain(`L’ufficio ha cambiato il record e la modifica non si può applicare così: Azione «${closing}» non consentita nello stato «${labels.canceled!}»`);
    await card.getByRole('button', { name: /^Mantieni il mio/ }).waitFor();
    await card.getByRole('button', { name: /^Accetta il loro/ }).waitFor();

    // The checks recorded under it are on the server, each once.
    const activityIds = [...new Set(recorded.map((row) => row.activityId))];
    const checks = await asOffice<Entity[]>(`/checks?filter[assignmentActivityId]=${activityIds.join(',')}&page[size]=500`);
    const keys = checks.map((check) => `${String(check.relationships.assignmentActivityId)}:${String(check.relationships.controlId)}`).filter((key) => recorded.some((row) => row.key === key));
    expect(keys.toSorted()).toEqual(recorded.map((row) => row.key).toSorted());
    expect((await asOffice<Entity>(`/assignments/${assignment.id}`)).attributes.state).toBe('canceled');
    // And on the screen: the intervention as the office left it, each check recorded offline still shown with its outcome.
    await openIntervention(page, assignment);
    await expect.poll(() => stateBadge(page).textContent(), { timeout: 30_000 }).toBe(labels.canceled);
    for (const row of recorded) {
      // Drawn from the device's copy first, then from the server's answer.
      await expect.poll(() => page.locator(`.intervention-checklist:visible [data-row="${row.key}"]`).getAttribute('data-outcome'), { message: row.key }).toBe('passed');
    }
  }, 240_000);
});
