// Enrolment requests (issue 26 §6), keyboard only: cliente1 opens «Formazione» in its portal, the
// matrix, and on an employee's missing (or expired, expiring) training «Chiedi l’iscrizione»: the
// dialog offers the course's next editions open to it (days, place, places left) or «la prossima
// disponibile»; it picks the edition the office just planned and sends. The cell reads «iscrizione
// richiesta», the employee's row «In attesa». The administrator (the training office), signed in beside
// it, finds the request in «Richieste di iscrizione» from the palette, opens it from its row and
// «Accetta» it from the palette: the employee is a participant of that edition, and cliente1 reads
// «Iscritto all’edizione del …». Under the journey guard: axe clean, no console error, no refused
// request, Italian only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, DEMO, launchBrowser, openFromPalette, pressUntil, settledAxe, signedInSession, signIn, storedUser, type SignedInSession, type TestServer, type Entity, isFocused } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';
import { numericFiscalCode } from '../support/fiscal-code.ts';

interface ComplianceAnswer {
  data: { employeeId: string; employeeName: string; rows: { status: string; courseIds: string[]; nextCourseId: string }[] }[];
  meta: { today: string; courses: Record<string, { code: string; title: string }> };
}

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let officeBrowser: Browser | undefined;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
});
afterAll(async () => {
  await officeBrowser?.close();
  await session?.close();
});

/** The serious or critical axe violations of the office's page (not under the journey guard). */
async function officeViolations(office: Page): Promise<string[]> {
  const result = await (await settledAxe(office)).analyze();
  return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

const italian = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const fiscalCode = (n: number): string => numericFiscalCode(30_000_000 + n);
const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('an enrolment request from the portal’s training matrix', () => {
  it('cliente1 asks an edition for its employee, the training office accepts it, and cliente1 sees the employee enrolled', async () => {
    const customers = await apiData<Entity[]>(server, token, '/customers?page[size]=50');
    const customer = customers.find((row) => !row.attributes.parentId)!;

    // The training office, signed in beside: hires an employee of cliente1's customer into a safety role
    // that requires a course (so the matrix has a training to do), and plans an edition of that course.
    officeBrowser = await launchBrowser();
    const office = await (await officeBrowser.newContext({ locale: 'it-IT' })).newPage();
    // The office's page is not under the guard: an error there fails the test by name.
    const officeErrors: string[] = [];
    office.on('pageerror', (error) => officeErrors.push(error.message));
    await office.goto(`${server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(office, server, DEMO.admin);
    const officeToken = (await storedUser(office))!.user.access_token;
    const post = async (type: string, body: unknown) => {
      const answer = await server.api(`/${type}`, { method: 'POST', token: officeToken, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(answer.status, await answer.clone().text()).toBe(201);
      return ((await answer.json()) as { data: Entity }).data;
    };
    const roles = await apiData<Entity[]>(server, officeToken, '/safetyRoles?page[size]=100');
    const role = roles.find((row) => (row.attributes.requirements ?? []).length > 0);
    expect(role, 'a safety role of the demo data that requires a course').toBeDefined();
    const lastName = `Nuovoassunto${String(Date.now()).slice(-6)}`;
    const hired = await post('employees', { attributes: { firstName: 'Ettore', lastName, fiscalCode: fiscalCode(Date.now() % 10_000_000) }, relationships: { customerId: customer.id, safetyRoleIds: [role!.id] } });
    const compliance = (await (await server.api(`/customers/${customer.id}/compliance`, { token })).json()) as ComplianceAnswer;
    const employee = compliance.data.find((row) => row.employeeId === hired.id)!;
    expect(employee, 'the employee just hired, with its safety role').toBeDefined();
    const training = employee.rows.find((row) => row.status === 'missing')!;
    expect(training, 'a training the role requires, missing').toBeDefined();
    const courseId = training.nextCourseId;
    const startDate = daysAfter(businessDay(), 40);
    const edition = await post('courseEditions', { attributes: { startDate, endDate: startDate, capacity: 12 }, relationships: { courseId } });

    // Portal → «Formazione» → «Matrice».
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Formazione' });
    await pressUntil(page, 'Tab', isFocused(link));
    await page.keyboard.press('Enter');
    const section = page.locator('.portal-training:visible .customer-compliance');
    await section.waitFor({ timeout: 30_000 });
    const matrixView = section.getByRole('button', { name: 'Matrice' });
    await pressUntil(page, 'Tab', isFocused(matrixView));
    await page.keyboard.press('Enter');
    const matrix = section.locator('table.training-matrix');
    await matrix.waitFor({ timeout: 15_000 });

    // The employee's cell: the arrows reach its status, Tab «Chiedi l’iscrizione».
    const employeeRow = matrix.locator(`tr[data-employee="${employee.employeeId}"]`);
    const columnKey = [...new Set(training.courseIds)].sort().join(' ');
    const cell = employeeRow.locator(`td[data-column="${columnKey}"]`);
    const target = String(await cell.locator('[data-cell]').getAttribute('data-cell'));
    const [targetRow, targetColumn] = target.split(':').map(Number) as [number, number];
    await pressUntil(page, 'Tab', () => matrix.evaluate((table) => table.contains(document.activeElement)));
    const at = () => page.evaluate(() => (document.activeElement?.getAttribute('data-cell') ?? '0:0').split(':').map(Number));
    await pressUntil(page, 'ArrowDown', async () => (await at())[0]! >= targetRow);
    await pressUntil(page, 'ArrowRight', async () => (await at())[1]! >= targetColumn);
    expect(await at()).toEqual([targetRow, targetColumn]);
    const ask = cell.getByRole('button', { name: /Chiedi l’iscrizione/ });
    await page.keyboard.press('Tab');
    await expect.poll(isFocused(ask), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Enter');

    // The dialog: «la prossima disponibile» or one of the next editions; the one just planned, by the arrows.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    const choice = dialog.getByRole('radio', { name: /La prossima disponibile/ });
    await expect.poll(() => choice.isChecked(), { timeout: 10_000 }).toBe(true);
    const ours = dialog.locator(`input[type=radio][value="${edition.id}"]`);
    await ours.waitFor({ timeout: 30_000 });
    expect(await ours.locator('xpath=ancestor::label[1]').textContent()).toContain(`il ${italian(startDate)} – sede da definire – 12 posti liberi`);
    await pressUntil(page, 'Tab', isFocused(choice));
    await pressUntil(page, 'ArrowDown', () => ours.isChecked(), 20);
    await guard.expectAccessible('enrolment request dialog');
    const note = dialog.getByLabel('Nota per l’ufficio formazione (facoltativa)');
    await pressUntil(page, 'Tab', isFocused(note));
    const said = `Appena assunto in magazzino (prova ${Date.now()})`;
    await page.keyboard.type(said);
    const send = dialog.getByRole('button', { name: 'Invia la richiesta' });
    await pressUntil(page, 'Tab', isFocused(send));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    // The cell reads «iscrizione richiesta», the row «In attesa»; no second ask is offered.
    await expect.poll(() => cell.textContent(), { timeout: 30_000 }).toContain('iscrizione richiesta');
    expect(await cell.getByRole('button', { name: /Chiedi l’iscrizione/ }).count()).toBe(0);
    const code = compliance.meta.courses[courseId]?.code ?? '';
    await expect.poll(() => employeeRow.locator('ul.enrolment-requests').textContent(), { timeout: 15_000 }).toContain(`${code}: In attesa`);
    const mine = await apiData<Entity[]>(server, token, `/enrolmentRequests?filter[customerId]=${customer.id}&page[size]=200`);
    const request = mine.find((row) => row.attributes.note === said);
    expect(request, 'the request just sent').toBeDefined();
    expect(request!.attributes.state).toBe('requested');
    expect(request!.relationships).toMatchObject({ employeeId: employee.employeeId, courseId, courseEditionId: edition.id });
    await guard.expectAccessible('enrolment requested');

    // The office: «Richieste di iscrizione» from the palette, the request from its row, «Accetta» from the palette.
    await openFromPalette(office, 'Richieste di iscrizione', 'Richieste di iscrizione', { title: true });
    await office.waitForURL((url) => url.pathname === '/enrolmentRequests', { timeout: 30_000 });
    const grid = office.locator('.data-grid:visible [role=grid]');
    await grid.locator('[role=row]').nth(1).waitFor({ timeout: 30_000 });
    // The employee's name comes with the row's references.
    await expect.poll(() => grid.textContent(), { timeout: 30_000 }).toContain(lastName);
    expect(await officeViolations(office)).toEqual([]);
    await pressUntil(office, 'Tab', () => grid.evaluate((element) => element === document.activeElement));
    const activeRow = () => grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    // The newest first: the request just sent, with its employee and its state in words.
    await pressUntil(office, 'ArrowDown', async () => (await activeRow()).includes(lastName), 50);
    await office.keyboard.press('Enter');
    await office.waitForURL((url) => url.pathname === `/enrolmentRequests/${request!.id}`, { timeout: 30_000 });
    await office.locator('.entity-form:visible').waitFor({ timeout: 60_000 });
    expect(await officeViolations(office)).toEqual([]);
    await openFromPalette(office, 'Accetta');
    await expect.poll(async () => (await apiData<Entity>(server, officeToken, `/enrolmentRequests/${request!.id}`)).attributes.state, { timeout: 30_000 }).toBe('accepted');
    const accepted = await apiData<Entity>(server, officeToken, `/enrolmentRequests/${request!.id}`);
    expect(accepted.relationships.enrolledEditionId).toBe(edition.id);
    expect(accepted.attributes.enrolledStartDate).toBe(startDate);
    const joined = await apiData<Entity>(server, officeToken, `/courseEditions/${edition.id}`);
    expect((joined.attributes.participants as { employeeId: string }[]).map((participant) => participant.employeeId)).toEqual([employee.employeeId]);
    expect(officeErrors).toEqual([]);

    // cliente1 sees the employee enrolled, on the row and in the cell.
    await expect.poll(() => employeeRow.locator('ul.enrolment-requests').textContent(), { timeout: 30_000 }).toContain(`${code}: Iscritto all’edizione del ${italian(startDate)}`);
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).toContain(`iscritto all’edizione del ${italian(startDate)}`);
    await guard.expectAccessible('employee enrolled');
    guard.expectClean();
  });
});
