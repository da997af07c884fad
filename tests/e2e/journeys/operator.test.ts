// The Operatore's day (issue 22 "Every role's day works end to end"), keyboard only, as the demo
// Operatore, under the journey guard (no console error, no refused answer it did not ask for, axe):
//  - the planner put the Operatore on one of today's interventions with the demo technician (the
//    test's preparation, through the API as the administrator);
//  - opened from the palette, the intervention names both operators: the technician by name, never
//    the placeholder «Operatore» (the staff names read, GET /api/users/names);
//  - a control recorded with c: the check is the Operatore's; checked again with n, it raises the
//    anomaly of its failed check in the form that opens, and attaches a photo to it (Ctrl+U);
//  - «Chiudi con anomalie» is disabled with the server's reason while a mandatory control is unrecorded;
//    the rest recorded (c) or marked «non eseguibile» (x), t i k closes the intervention;
//  - on an intervention it is not an operator of, the checklist says it may not record, and c sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineStateLabels } from '../../../src/domain/machines/index.ts';
import { businessDay } from '../../../src/domain/business-day.ts';
import { apiData, DEMO, pressKeys, signedInSession, signIn, storedUser, type SignedInSession } from '../harness.ts';
import { guardJourney } from './guard.ts';
import { attachPhoto, backToRow, checklistRows, cursorTo, openIntervention, recordOutcome, stateBadge, tabIntoChecklist, type Entity, type Workable } from './intervention-steps.ts';

let session: SignedInSession;
let adminToken: string;

beforeAll(async () => {
  // A server of its own: the operator's two interventions of today, as seeded.
  session = await signedInSession({ email: DEMO.operator, server: { own: true } });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  // The administrator, in a context of its own, prepares what the planner would have done.
  const context = await session.browser.newContext({ locale: 'it-IT' });
  const adminPage = await context.newPage();
  await adminPage.goto(`${session.server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
  await signIn(adminPage, session.server, DEMO.admin);
  adminToken = (await storedUser(adminPage))!.user.access_token;
  await context.close();
});

afterAll(() => session?.close());

const labels = machineStateLabels.assignments;

async function idOf(token: string): Promise<{ id: string; displayName: string }> {
  const [me] = (await (await session.server.api('/identity/authorization', { token })).json()) as { id: string; displayName: string }[];
  return me!;
}

/** Runs `action` on the intervention as the administrator (the planner's work). */
async function adminWrite(path: string, method: 'POST' | 'PATCH', entity: Entity, body: Record<string, unknown>): Promise<Entity> {
  const response = await session.server.api(path, {
    method,
    token: adminToken,
    headers: { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json', 'if-match': `"${String(entity.metadata.lastUpdatedDateTime)}"` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: Entity };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

/** Two of the demo technician's interventions of today with controls to check: one for the Operatore, one to leave alone. */
async function twoOfToday(technicianId: string): Promise<[Workable, Entity]> {
  const today = businessDay();
  const assignments = await apiData<Entity[]>(session.server, adminToken, `/assignments?filter[operatorIds]=${technicianId}&filter[state]=scheduled,running,paused&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  let workable: Workable | undefined;
  for (const assignment of assignments) {
    const rows = await checklistRows(session.server, adminToken, assignment);
    // A mandatory control beyond the first, so that closing is refused while it is unrecorded.
    if (rows.slice(1).some((row) => row.mandatory)) {
      workable = { assignment, rows };
      break;
    }
  }
  expect(workable, 'the demo data has an intervention of today with two controls to check, one mandatory after the first').toBeDefined();
  const other = assignments.find((a) => a.id !== workable!.assignment.id);
  expect(other, 'the demo technician has a second intervention today').toBeDefined();
  return [workable!, other!];
}

describe('Operatore: checks, anomaly, photo, close refused while a mandatory control is open, then closed, on its own intervention', () => {
  it('records checks with c on the intervention it is an operator of, raises an anomaly with a photo and closes it with t i k, keyboard only', async () => {
    const { page, server, token } = session;
    const guard = guardJourney(page);
    const me = await idOf(token);
    const technician = (await apiData<Entity[]>(server, adminToken, '/users?page[size]=500')).find((user) => user.attributes.email === DEMO.maintainer)!;
    const technicianName = String(technician.attributes.displayName);
    const [{ assignment: planned, rows }, other] = await twoOfToday(technician.id);

    // The planner's part: the Operatore joins the technician, and the intervention is under way.
    let assignment = await adminWrite(`/assignments/${planned.id}`, 'PATCH', planned, { relationships: { operatorIds: [...(planned.relationships.operatorIds as string[]), me.id] } });
    if (assignment.attributes.state === 'scheduled') assignment = await adminWrite(`/assignments/${planned.id}/actions/start`, 'POST', assignment, {});
    if (assignment.attributes.state === 'paused') assignment = await adminWrite(`/assignments/${planned.id}/actions/resume`, 'POST', assignment, {});
    expect(assignment.attributes.state).toBe('running');

    await openIntervention(page, assignment);
    expect(await page.locator('.entity-state strong:visible').textContent()).toBe(labels.running);
    // Both operators by name: the colleague's is read from the staff names, the Operatore's own from its identity.
    const chips = page.locator('.intervention-operators:visible .form-chips li');
    await expect.poll(() => chips.allTextContents(), { timeout: 15_000 }).toEqual(expect.arrayContaining([technicianName, me.displayName]));
    expect(await chips.allTextContents()).not.toContain('Operatore');
    await guard.expectAccessible('the intervention, as the Operatore');

    // c on the first control: recorded, and the check is the Operatore's.
    const [first] = rows;
    await tabIntoChecklist(page);
    await cursorTo(page, first!.key);
    await recordOutcome(page, first!.key, true);
    const [activityId, controlId] = first!.key.split(':');
    const checks = await apiData<Entity[]>(server, token, `/checks?filter[assignmentActivityId]=${activityId}&filter[controlId]=${controlId}&sort=-checkedDateTime&page[size]=5`);
    expect(checks[0]!.attributes.passed).toBe(true);
    expect(checks[0]!.metadata.createdBy).toBe(me.id);
    // Checked again, not compliant (n): recorded, and the anomaly form opens on its description, empty;
    // the Operatore raises the anomaly of its failed check (Tab to the risk, Tab to «Registra anomalia»).
    await recordOutcome(page, first!.key, false);
    const row = page.locator(`.intervention-checklist:visible [data-row="${first!.key}"]`);
    const form = row.locator('.intervention-anomaly-form');
    await form.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    const description = 'Sigillo rotto, spina di sicurezza mancante';
    await page.keyboard.type(description, { delay: 5 });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await row.locator('.intervention-anomaly').waitFor({ timeout: 15_000 });
    const raised = (await apiData<Entity[]>(server, token, `/anomalies?filter[assignmentActivityId]=${activityId}&page[size]=50`)).find((a) => a.attributes.description === description);
    expect(raised?.metadata.createdBy).toBe(me.id);
    // A photo of its failed control (Ctrl+U on the row): the check is its own, so its photos are its to add.
    await attachPhoto(page, row, 'sigillo.png');

    // It does the intervention's work: while a mandatory control is unrecorded «Chiudi con anomalie» is disabled
    // with the server's reason; the rest recorded (c) or marked «non eseguibile» (x) with a reason, t i k closes it.
    const close = page.locator('[data-command="transition.assignments.closeWithAnomalies"]:visible').first();
    const activityOfFirst = first!.activityId;
    await expect.poll(() => close.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('true');
    expect(await close.textContent()).toContain('Controlli obbligatori non registrati');
    const marked: string[] = [];
    for (const next of rows.slice(1)) {
      if (next.activityId === activityOfFirst) {
        await cursorTo(page, next.key);
        await recordOutcome(page, next.key, true);
      } else if (!marked.includes(next.activityId)) {
        await cursorTo(page, next.key);
        await page.keyboard.press('x');
        await page.locator(`.intervention-checklist:visible [data-activity="${next.activityId}"] .intervention-not-executable-form`).waitFor({ timeout: 10_000 });
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
        await page.keyboard.type('Quadro elettrico non accessibile', { delay: 5 });
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await page.locator(`.intervention-checklist:visible [data-not-executable="${next.activityId}"]`).waitFor({ timeout: 15_000 });
        marked.push(next.activityId);
      }
    }
    await expect.poll(() => close.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe(null);
    await backToRow(page);
    await pressKeys(page, 't', 'i', 'k');
    await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(labels['closed-with-anomalies']);

    // Another of today's interventions, not its own: the checklist says why nothing can be recorded, and c sends nothing.
    await openIntervention(page, other);
    const hint = page.locator('.intervention-activities:visible .form-hint').first();
    await expect.poll(() => hint.textContent(), { timeout: 15_000 }).toContain('Non hai il permesso di registrare controlli');
    await guard.expectItalian('an intervention it is not an operator of');
    guard.expectClean();
  });
});
