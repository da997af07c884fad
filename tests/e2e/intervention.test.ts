// The intervention end to end (issue 11), keyboard only, as the demo technician: open one of today's
// interventions from the palette, start it if it is only scheduled, Tab into the checklist, fail a
// control with its key, raise its anomaly (risk chosen with the arrows, description typed), see the
// plain close refused and close with anomalies (t i k), then preview the report (r s). The API then
// has the failed check, the anomaly with its risk linked to the check, the intervention and its
// activity closed with anomalies, and the report lists the anomaly and the customer's report addresses.
// On the way, a photo of the failed control is attached to its check (the technician has no right on customers).
// Last, the anomalies' grid opens from the palette, and the anomaly, opened from its link, is resolved (t n r).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { machineStateLabels } from '../../src/domain/machines/index.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { pdfText } from '../support/pdf-text.ts';
import { apiData, DEMO, openFromPalette, pressOnRecord, pressWhenOffered, signedInSession, type SignedInSession, settledAxe } from './harness.ts';
import { attachPhoto, backToRow, checklistRows, cursorTo, recordOutcome } from './journeys/intervention-steps.ts';

interface Entity {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

let session: SignedInSession;
let page: Page;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.maintainer });
  page = session.page;
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

const labels = machineStateLabels.assignments;
const stateBadge = () => page.locator('.entity-state strong:visible');
const get = <T>(pathAndQuery: string) => apiData<T>(session.server, session.token, pathAndQuery);

/** One of the technician's interventions of today, under way or about to start, with an open activity on an equipment whose family has controls. */
async function interventionOfToday(): Promise<{ assignment: Entity; activity: Entity; control: Entity }> {
  const identity = await session.server.api('/identity/authorization', { token: session.token });
  expect(identity.status).toBe(200);
  const [me] = (await identity.json()) as { id: string }[];
  const today = businessDay();
  const assignments = await get<Entity[]>(`/assignments?filter[operatorIds]=${me!.id}&filter[state]=scheduled,running,paused&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  for (const assignment of assignments) {
    const activities = await get<Entity[]>(`/assignmentActivities?filter[assignmentId]=${assignment.id}&filter[state]=open&page[size]=50`);
    for (const activity of activities) {
      if (typeof activity.relationships.equipmentId !== 'string') continue;
      const equipment = await get<Entity>(`/equipments/${activity.relationships.equipmentId}`);
      const family = equipment.relationships.equipmentFamilyId;
      if (typeof family !== 'string') continue;
      const controls = await get<Entity[]>(`/controls?filter[equipmentFamilyId]=${family}&sort=code&page[size]=50`);
      const own = controls.filter((c) => !c.relationships.activityId || c.relationships.activityId === activity.relationships.activityId);
      if (own.length > 0) return { assignment, activity, control: own[0]! };
    }
  }
  throw new Error('The demo data has no intervention of today for the technician with a control to check');
}

describe('the intervention', () => {
  it('fails a control, raises its anomaly, closes with anomalies and previews the report, keyboard only', async () => {
    const { assignment, activity } = await interventionOfToday();
    const code = String(assignment.attributes.code);

    // Opened from the palette's record search, by its code.
    await openFromPalette(page, code, code);
    await page.waitForURL((url) => url.pathname.startsWith(`/planning/assignments/${assignment.id}`));
    await page.getByRole('heading', { name: new RegExp(code) }).first().waitFor({ timeout: 30_000 });
    const checklist = page.locator('.intervention-checklist:visible');
    await checklist.waitFor({ timeout: 30_000 });
    if (assignment.attributes.state === 'scheduled') {
      await pressWhenOffered(page, 'transition.assignments.start', 't', 'i', 'a');
      await expect.poll(() => stateBadge().textContent(), { timeout: 15_000 }).toBe(labels.running);
    }
    if (assignment.attributes.state === 'paused') {
      await pressWhenOffered(page, 'transition.assignments.resume', 't', 'i', 'r');
      await expect.poll(() => stateBadge().textContent(), { timeout: 15_000 }).toBe(labels.running);
    }

    // No serious or critical accessibility violation on the screen.
    const axe = await (await settledAxe(page)).include('.intervention-detail').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Tab reaches the checklist; ↓ moves to the first control of the chosen activity.
    const focusedRow = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row ?? null);
    for (let i = 0; i < 200 && (await focusedRow()) === null; i++) await page.keyboard.press('Tab');
    expect(await focusedRow()).not.toBeNull();
    const rowKeys = await checklist.locator('[data-row]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.row!));
    const target = rowKeys.findIndex((key) => key.startsWith(`${activity.id}:`));
    expect(target).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Home');
    const rowKey = rowKeys[target]!;
    await cursorTo(page, rowKey);
    const controlId = rowKey.split(':')[1]!;
    const row = checklist.locator(`[data-row="${rowKey}"]`);

    const closeButton = page.locator('[data-command="transition.assignments.close"]:visible').first();
    const closeWithAnomalies = page.locator('[data-command="transition.assignments.closeWithAnomalies"]:visible').first();

    // n: not compliant. The anomaly's form opens on its description, empty (issue 22: the technician's own text).
    await page.keyboard.press('n');
    await expect.poll(() => row.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('failed');
    const form = row.locator('.intervention-anomaly-form');
    await form.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('Manometro in zona rossa', { delay: 10 });
    // Tab to the risk: Medio (a mandatory control) → Alto with the arrow; Tab to «Registra anomalia».
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => form.locator('select').inputValue()).toBe('high');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await row.locator('.intervention-anomaly').waitFor({ timeout: 15_000 });
    expect(await row.locator('.intervention-anomaly').textContent()).toContain('rischio Alto');

    // The check and the anomaly, linked, as the API has them.
    const checks = await get<Entity[]>(`/checks?filter[assignmentActivityId]=${activity.id}&filter[controlId]=${controlId}&sort=-checkedDateTime&page[size]=5`);
    expect(checks[0]!.attributes.passed).toBe(false);
    const anomalies = await get<Entity[]>(`/anomalies?filter[assignmentActivityId]=${activity.id}&page[size]=50`);
    const raised = anomalies.find((a) => a.relationships.checkId === checks[0]!.id);
    expect(raised?.attributes).toMatchObject({ risk: 'high', state: 'unresolved' });
    expect(raised?.attributes.description).toBe('Manometro in zona rossa');

    // A photo of the failed control, by keyboard: Ctrl+U on the intervention opens the photo picker of
    // the control under the cursor, then a picture. The technician may not create customers; the photo
    // is the check's file (written through the check).
    await attachPhoto(page, row, 'manometro.png');
    await expect.poll(async () => ((await get<Entity[]>(`/checks?ids=${checks[0]!.id}`))[0]?.attributes.photos as string[] | undefined)?.length ?? 0, { timeout: 30_000 }).toBe(1);
    await row.locator('.files-name', { hasText: 'manometro.png' }).waitFor({ timeout: 15_000 });

    // Issue 22: the other mandatory controls are recorded first (c), or their activity marked «non eseguibile» (x) with its reason.
    await backToRow(page);
    const marked = new Set<string>([activity.id]);
    for (const next of (await checklistRows(session.server, session.token, assignment)).filter((r) => r.key !== rowKey)) {
      if (next.activityId === activity.id) {
        await cursorTo(page, next.key);
        await recordOutcome(page, next.key, true);
      } else if (!marked.has(next.activityId)) {
        await cursorTo(page, next.key);
        await page.keyboard.press('x');
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
        await page.keyboard.type('Quadro elettrico non raggiungibile', { delay: 5 });
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await checklist.locator(`[data-not-executable="${next.activityId}"]`).waitFor({ timeout: 15_000 });
        marked.add(next.activityId);
      }
    }

    // Now the plain close is refused with the reason, closing with anomalies is offered: t i k.
    await expect.poll(() => closeButton.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => closeButton.textContent(), { timeout: 15_000 }).toContain('chiudere l’intervento con anomalie');
    await expect.poll(() => closeWithAnomalies.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe(null);
    await pressOnRecord(page, `assignments/${assignment.id}`, 't', 'i', 'k');
    await expect.poll(() => stateBadge().textContent(), { timeout: 15_000 }).toBe(labels['closed-with-anomalies']);
    const closedActivity = await get<Entity>(`/assignmentActivities/${activity.id}`);
    expect(closedActivity.attributes.state).toBe('closed-with-anomalies');

    // r s: the report's preview, a real PDF.
    await pressOnRecord(page, `assignments/${assignment.id}`, 'r', 's');
    await page.waitForURL((url) => url.pathname === `/preview/assignments/${assignment.id}`);
    const frame = page.locator('iframe.document-frame:visible');
    await frame.waitFor({ timeout: 30_000 });
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^blob:/);
    const head = await page.evaluate(async (url) => String.fromCharCode(...new Uint8Array(await (await fetch(url)).arrayBuffer()).slice(0, 5)), src!);
    expect(head).toBe('%PDF-');

    // The same report, as the server renders it: the anomaly and the customer's report addresses.
    const response = await session.server.api(`/assignments/${assignment.id}/document`, { token: session.token });
    expect(response.status).toBe(200);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`Rapporto di intervento ${code}`);
    expect(text).toContain('Manometro in zona rossa');
    expect(text).toContain('Chiuso con anomalie');
    const customer = await get<Entity>(`/customers/${String(assignment.relationships.customerId)}`);
    const emails = ((customer.attributes.additionalInformations as { emailsForInterventionReports?: string[] } | undefined)?.emailsForInterventionReports) ?? [];
    if (emails.length > 0) expect(text).toContain(`Rapporto inviato a: ${emails.join(', ')}`);
    else expect(text).not.toContain('Rapporto inviato a');

    // The anomalies' grid, from the palette, lists the anomalies the technician may read.
    await openFromPalette(page, 'Anomalie', 'Anomalie', { title: true });
    await page.waitForURL((url) => url.pathname === '/planning/anomalies');
    const grid = page.locator('.data-grid:visible');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.locator('.data-grid-count').textContent(), { timeout: 30_000 }).toMatch(/\d+ rig[ah]e?/);

    // Back on the intervention, the anomaly's link opens it; its transitions are there: t n r resolves it.
    // (From the palette, by its code: its tab among the recent ones, or the record itself; both open it.)
    await openFromPalette(page, code, code);
    await page.waitForURL((url) => url.pathname.startsWith(`/planning/assignments/${assignment.id}`), { timeout: 30_000 });
    await checklist.waitFor({ timeout: 30_000 });
    const anomalyHref = `/preview/anomalies/${raised!.id}`;
    const onLink = () => page.evaluate((href) => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href') === href, anomalyHref);
    for (let i = 0; i < 300 && !(await onLink()); i++) await page.keyboard.press('Tab');
    expect(await onLink()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === anomalyHref);
    await expect.poll(() => stateBadge().textContent(), { timeout: 30_000 }).toBe(machineStateLabels.anomalies.unresolved);
    await pressWhenOffered(page, 'transition.anomalies.resolve', 't', 'n', 'r');
    await expect.poll(() => stateBadge().textContent(), { timeout: 15_000 }).toBe(machineStateLabels.anomalies.resolved);
    expect((await get<Entity>(`/anomalies/${raised!.id}`)).attributes.state).toBe('resolved');
  });
});
