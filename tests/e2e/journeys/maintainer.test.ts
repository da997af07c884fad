// The technician's day (issue 22 "Every role's day works end to end"), keyboard only, as the demo
// Manutentore, under the journey guard (no console error, no refused answer it did not ask for, axe):
//  - one of today's interventions, opened from the palette and started (t i a);
//  - a control failed (n): the anomaly's description starts empty with the caret in it, the control's
//    reference beside it, and the text saved is the technician's own; a photo of it (Ctrl+U);
//  - while a mandatory control is unrecorded, «Chiudi con anomalie» is disabled with the server's
//    reason listing what is missing, and t i k says it without sending anything;
//  - the rest recorded (c), another activity marked «non eseguibile» with its reason (x), then t i k
//    closes the intervention with anomalies; the report prints «Non eseguibile: <motivo>»;
//  - closed, the intervention opens read-only: its title can no longer be typed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineStateLabels } from '../../../src/domain/machines/index.ts';
import { businessDay } from '../../../src/domain/business-day.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { apiData, DEMO, pressKeys, signedInSession, type SignedInSession } from '../harness.ts';
import { guardJourney } from './guard.ts';
import { attachPhoto, backToRow, checklistRows, cursorTo, openIntervention, recordOutcome, startIfNeeded, stateBadge, tabIntoChecklist, type Entity, type Workable } from './intervention-steps.ts';

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.maintainer });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

const labels = machineStateLabels.assignments;

/**
 * One of the technician's interventions of today, to do: the one with the fewest controls that still
 * has two activities with controls, or one with at least two mandatory controls (so that something
 * is still missing after the first check).
 */
async function workableOfToday(): Promise<Workable> {
  const { server, token } = session;
  const identity = await server.api('/identity/authorization', { token });
  const [me] = (await identity.json()) as { id: string }[];
  const today = businessDay();
  const assignments = await apiData<Entity[]>(server, token, `/assignments?filter[operatorIds]=${me!.id}&filter[state]=scheduled,running,paused&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  const candidates: Workable[] = [];
  for (const assignment of assignments) {
    const rows = await checklistRows(server, token, assignment);
    if (rows.length > 0 && rows.filter((row) => row.mandatory).length >= 2) candidates.push({ assignment, rows });
  }
  expect(candidates.length, 'the demo data has an intervention of today for the technician with controls to check').toBeGreaterThan(0);
  const activitiesOf = (w: Workable) => new Set(w.rows.map((row) => row.activityId)).size;
  return candidates.toSorted((a, b) => Number(activitiesOf(b) >= 2) - Number(activitiesOf(a) >= 2) || a.rows.length - b.rows.length)[0]!;
}

describe('Manutentore: checks, anomaly, photo, close refused while a mandatory control is open, then closed', () => {
  it('works one of today’s interventions to its close, keyboard only', async () => {
    const { page, server, token } = session;
    const guard = guardJourney(page);
    const { assignment, rows } = await workableOfToday();
    const get = <T>(path: string) => apiData<T>(server, token, path);

    await openIntervention(page, assignment);
    await startIfNeeded(page, assignment, labels.running!);
    await guard.expectAccessible('the intervention under way');

    // The first control of the first activity fails (n): the anomaly form opens on the description, empty.
    const [first] = rows;
    const activityId = first!.activityId;
    await tabIntoChecklist(page);
    await cursorTo(page, first!.key);
    await recordOutcome(page, first!.key, false);
    const row = page.locator(`.intervention-checklist:visible [data-row="${first!.key}"]`);
    const form = row.locator('.intervention-anomaly-form');
    await form.waitFor({ timeout: 10_000 });
    await guard.expectItalian('the anomaly form');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await form.locator('textarea').inputValue()).toBe('');
    expect(await form.locator('.intervention-anomaly-reference').textContent()).toMatch(/^Controllo .+ non superato$/);
    const description = 'Manometro in zona rossa, estintore scarico';
    await page.keyboard.type(description, { delay: 5 });
    // Tab: the risk (Medio for a mandatory control) → Alto with ↓; Tab: «Registra anomalia».
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await row.locator('.intervention-anomaly').waitFor({ timeout: 15_000 });
    const anomalies = await get<Entity[]>(`/anomalies?filter[assignmentActivityId]=${activityId}&page[size]=50`);
    const raised = anomalies.find((a) => a.attributes.description === description);
    expect(raised?.attributes, 'the anomaly holds the technician’s own text, nothing glued to it').toMatchObject({ description, risk: 'high', state: 'unresolved' });

    // A photo of the failed control (Ctrl+U opens the picker of the control under the cursor).
    await attachPhoto(page, row, 'manometro.png');
    await guard.expectItalian('the check with its photo');

    // A mandatory control is still unrecorded: closing is disabled with the server's reason, before any attempt.
    const closeWithAnomalies = page.locator('[data-command="transition.assignments.closeWithAnomalies"]:visible').first();
    await expect.poll(() => closeWithAnomalies.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('true');
    expect(await closeWithAnomalies.textContent()).toContain('Controlli obbligatori non registrati');
    // (The keys are pressed on the control's row: back to it from the photo's buttons.)
    await backToRow(page);
    await pressKeys(page, 't', 'i', 'k');
    await page.locator('.alert-stack .alert', { hasText: 'Controlli obbligatori non registrati' }).waitFor({ timeout: 10_000 });
    expect(await stateBadge(page).textContent()).toBe(labels.running);

    // The rest of the first activity recorded (c); each other activity marked «non eseguibile» (x) with its reason.
    const reason = 'Locale chiuso a chiave, referente assente';
    const marked: string[] = [];
    for (const next of rows.slice(1)) {
      if (next.activityId === activityId) {
        await cursorTo(page, next.key);
        await recordOutcome(page, next.key, true);
      } else if (!marked.includes(next.activityId)) {
        await cursorTo(page, next.key);
        await page.keyboard.press('x');
        const notExecutable = page.locator(`.intervention-checklist:visible [data-activity="${next.activityId}"] .intervention-not-executable-form`);
        await notExecutable.waitFor({ timeout: 10_000 });
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
        await page.keyboard.type(reason, { delay: 5 });
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await page.locator(`.intervention-checklist:visible [data-not-executable="${next.activityId}"]`).waitFor({ timeout: 15_000 });
        marked.push(next.activityId);
      }
    }

    // Every other activity with controls was marked (the demo data gives the technician interventions of several activities).
    expect(marked).toEqual([...new Set(rows.map((r) => r.activityId))].filter((id) => id !== activityId));

    // Now t i k closes it with anomalies.
    await expect.poll(() => closeWithAnomalies.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe(null);
    await backToRow(page);
    await pressKeys(page, 't', 'i', 'k');
    await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(labels['closed-with-anomalies']);
    await guard.expectAccessible('the intervention closed');

    // Closed, it opens read-only: its title is no longer typed in.
    const title = page.getByLabel('Titolo', { exact: true }).first();
    await expect.poll(async () => (await title.isEditable().catch(() => false)), { timeout: 10_000 }).toBe(false);

    // The report: the technician's anomaly, and «Non eseguibile» with its reason for what was not done.
    const response = await server.api(`/assignments/${assignment.id}/document`, { token });
    expect(response.status).toBe(200);
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(description);
    if (marked.length > 0) expect(text).toContain(`Non eseguibile: ${reason}`);
    guard.expectClean();
  });
});
