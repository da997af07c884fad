// Training end to end (issue 12 "Done when"), keyboard only, as the demo administrator: a course
// edition is created from the editions grid (n), gets two sessions (e s) and three of the
// customer's employees (e p), is started (t e a), their attendance is recorded in the grid (arrows,
// Space), it is closed (t e c), the outcomes are recorded (Space on the outcome), certificates are
// issued (r b); then an employee's page shows the course with its certificate and the next refresher.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiData, chooseSuggestion, DEMO, downloadedBytes, focusOutOfFields, openFromPalette, pressKeys, pressWhenOffered, signedInSession, type SignedInSession, type TestServer, settledAxe, type Entity } from './harness.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { addMonths } from '../../src/domain/rules/calendar.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);
const press = (...keys: string[]) => pressKeys(page, ...keys);
const screen = () => page.locator('.course-edition-detail:visible');
const today = businessDay();
const italian = (day: string) => day.split('-').reverse().join('/');

let course: Entity;
let customer: Entity;
let employees: Entity[];
let room: Entity;
let editionId = '';

/** Types part of a name in the focused reference picker and takes the suggestion carrying `title`. */
async function pick(combobox: Locator, typed: string, title: string) {
  await combobox.focus();
  await page.keyboard.type(typed, { delay: 20 });
  const listbox = page.locator(`#${await combobox.getAttribute('aria-controls')}`);
  const containing = listbox.locator('[role=option]', { hasText: title });
  await containing.first().waitFor({ timeout: 15_000 });
  // The exact title first: an office location's title contains its customer's name.
  const exact = listbox.getByRole('option', { name: title, exact: true });
  await chooseSuggestion(page, ((await exact.count()) > 0 ? exact : containing).first());
}

/** Presses Tab until the focused element is named `name` (its label or aria-label). */
async function tabTo(name: string | RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      return element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null) ?? element.textContent ?? '';
    });
    if (typeof name === 'string' ? focused?.trim().startsWith(name) : name.test(focused ?? '')) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** Types a day into a date field by keyboard, as gg/mm/aaaa whatever the browser's language (issue 23). */
async function typeDate(input: Locator, iso: string) {
  const [year, month, day] = iso.split('-') as [string, string, string];
  await input.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`${day}/${month}/${year}`);
  expect(await input.inputValue()).toBe(`${day}/${month}/${year}`);
}

/** Ctrl+S, then the record is no longer dirty (an earlier «Salvataggio completato» may still be on screen). */
async function save() {
  await expect.poll(() => page.locator('.entity-form:visible .entity-form-dirty').count()).toBe(1);
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.locator('.entity-form:visible .entity-form-dirty').count(), { timeout: 15_000 }).toBe(0);
}

const edition = () => api<Entity>(`/courseEditions/${editionId}`);

beforeAll(async () => {
  // A server of its own: the administrator's workspace as seeded (others leave tabs and a split view open).
  session = await signedInSession({ email: DEMO.admin, server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  course = (await api<Entity[]>('/courses?filter[code]=AI-L2'))[0]!;
  // A customer with at least three employees, and a room with the seats for them.
  const staff = await api<Entity[]>('/employees?page[size]=500&sort=lastName');
  const byCustomer = new Map<string, Entity[]>();
  for (const employee of staff) byCustomer.set(employee.relationships.customerId, [...(byCustomer.get(employee.relationships.customerId) ?? []), employee]);
  const [customerId, list] = [...byCustomer].find(([, people]) => people.length >= 3)!;
  customer = await api<Entity>(`/customers/${customerId}`);
  // Three with distinct surnames, so that typing one finds one.
  employees = list.filter((e, i, all) => all.findIndex((o) => o.attributes.lastName === e.attributes.lastName) === i).slice(0, 3);
  room = (await api<Entity[]>('/trainingRooms?from[capacity]=5&page[size]=1&sort=name'))[0]!;
});

afterAll(() => session?.close());
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${context.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`, fullPage: true });
});

describe('course edition from creation to certificates', () => {
  it('creates an edition from the editions grid with n, keyboard only', async () => {
    expect(course && customer && room && employees.length === 3).toBeTruthy();
    await openFromPalette(page, 'Edizioni dei corsi');
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('n');
    const form = page.locator('.entity-form:visible');
    await form.waitFor({ timeout: 30_000 });
    await pick(form.getByRole('combobox', { name: 'Corso' }), 'AI-L2', `AI-L2 – ${String(course.attributes.title)}`);
    await pick(form.getByRole('combobox', { name: 'Cliente' }), String(customer.metadata.displayName).slice(0, 12), String(customer.metadata.displayName));
    await typeDate(form.getByLabel('Data di inizio'), today);
    await typeDate(form.getByLabel('Data di fine'), today);
    await tabTo('Capienza');
    await page.keyboard.type('5');
    await pick(form.getByRole('combobox', { name: 'Aula', exact: true }), String(room.attributes.name), String(room.attributes.name));
    await page.keyboard.press('Control+s');
    await page.getByText('Creazione completata').last().waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => /^\/courseEditions\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 15_000 });
    editionId = new URL(page.url()).pathname.split('/').pop()!;
    await screen().waitFor({ timeout: 30_000 });
    const stored = await edition();
    expect(stored.attributes).toMatchObject({ state: 'planned', startDate: today, endDate: today, capacity: 5 });
    expect(stored.relationships).toMatchObject({ courseId: course.id, customerId: customer.id });
    // Rooms of several sites share a name: the one picked gives the edition its site.
    const picked = await api<Entity>(`/trainingRooms/${stored.relationships.trainingRoomId}`);
    expect(picked.attributes.name).toBe(room.attributes.name);
    expect(stored.relationships.trainingSiteId).toBe(picked.relationships.trainingSiteId);
  });

  it('adds two sessions (e s) and three employees (e p), then starts the edition (t e a)', async () => {
    await focusOutOfFields(page);
    await press('e', 's');
    await screen().getByLabel('Data della sessione 1').waitFor();
    await page.keyboard.press('Escape');
    await press('e', 's');
    await screen().getByLabel('Data della sessione 2').waitFor();
    await page.keyboard.press('Escape');
    for (const employee of employees) {
      await focusOutOfFields(page);
      await press('e', 'p');
      const picker = screen().getByRole('combobox', { name: 'Dipendente da iscrivere' });
      await expect.poll(() => picker.evaluate((element) => element === document.activeElement)).toBe(true);
      await pick(picker, String(employee.attributes.lastName), `${employee.attributes.lastName} ${employee.attributes.firstName}`);
    }
    await expect.poll(() => screen().locator('tr[data-employee]').count()).toBe(3);
    await save();
    await expect.poll(async () => (await edition()).attributes.participants.length).toBe(3);
    const saved = await edition();
    expect(saved.attributes.sessions.map((s: any) => [s.date, s.startTime, s.endTime])).toEqual([[today, '09:00', '13:00'], [today, '14:00', '18:00']]);
    expect(saved.attributes.participants.map((p: any) => p.employeeId)).toEqual(employees.map((e) => e.id));
    await pressWhenOffered(page, 'transition.courseEditions.start', 't', 'e', 'a');
    await expect.poll(async () => (await edition()).attributes.state, { timeout: 10_000 }).toBe('in-progress');
  });

  it('records the attendance in the grid with the arrows and Space, and closes the edition (t e c)', async () => {
    await screen().locator('.entity-state[data-state="in-progress"]').waitFor();
    await focusOutOfFields(page);
    await press('e', 'g');
    const presence = (row: number, n: number) => screen().getByRole('checkbox', { name: `${employees[row]!.attributes.lastName} ${employees[row]!.attributes.firstName}, sessione ${n}` });
    await expect.poll(() => presence(0, 1).evaluate((element) => element === document.activeElement)).toBe(true);
    // A snake through the grid: every participant present at both sessions.
    for (const key of ['Space', 'ArrowRight', 'Space', 'ArrowDown', 'Space', 'ArrowLeft', 'Space', 'ArrowDown', 'Space', 'ArrowRight', 'Space']) await page.keyboard.press(key);
    for (let row = 0; row < 3; row++) for (const n of [1, 2]) await expect.poll(() => presence(row, n).isChecked()).toBe(true);
    await save();
    const sessionIds = (await edition()).attributes.sessions.map((s: any) => s.id).sort();
    await expect.poll(async () => (await edition()).attributes.participants.map((p: any) => [...p.presentSessionIds].sort())).toEqual([sessionIds, sessionIds, sessionIds]);
    // The screen with its grid passes axe without a serious or critical finding.
    const result = await (await settledAxe(page)).include('.course-edition-detail').analyze();
    const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
    await pressWhenOffered(page, 'transition.courseEditions.close', 't', 'e', 'c');
    await expect.poll(async () => (await edition()).attributes.state, { timeout: 10_000 }).toBe('closed');
  });

  it('records the outcomes with Space and issues the certificates (r b)', async () => {
    await screen().locator('.entity-state[data-state="closed"]').waitFor();
    await focusOutOfFields(page);
    await press('e', 'g');
    // From the last presence to the outcomes column, then up the rows: everybody passed.
    await page.keyboard.press('ArrowRight');
    for (const key of ['Space', 'ArrowUp', 'Space', 'ArrowUp', 'Space']) await page.keyboard.press(key);
    await expect.poll(() => screen().locator('.course-edition-outcome[data-outcome="passed"]').count()).toBe(3);
    await save();
    await expect.poll(async () => (await edition()).attributes.participants.map((p: any) => p.outcome)).toEqual(['passed', 'passed', 'passed']);
    await focusOutOfFields(page);
    await press('r', 'b');
    await expect.poll(async () => (await edition()).attributes.participants.filter((p: any) => p.certificateMediaId).length, { timeout: 20_000 }).toBe(3);
    await expect.poll(() => screen().getByRole('button', { name: /^Scarica l’attestato di / }).count()).toBe(3);
    const first = (await edition()).attributes.participants[0];
    const media = await api<Entity>(`/media/${first.certificateMediaId}`);
    expect(media.relationships).toMatchObject({ ownerType: 'employees', ownerId: employees[0]!.id });
    expect(media.attributes.meta).toMatchObject({ courseEditionId: editionId, templateVersion: expect.any(String) });
  });

  it('shows the certificate and the next refresher on the employee’s page', async () => {
    const employee = employees[0]!;
    const name = `${employee.attributes.lastName} ${employee.attributes.firstName}`;
    const link = screen().getByRole('link', { name, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/employees/${employee.id}/${customer.id}`, { timeout: 15_000 });
    const record = page.locator('.training-record:visible');
    await record.waitFor({ timeout: 30_000 });
    const row = record.locator(`tr[data-edition="${editionId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.locator('th').textContent()).toContain('AI-L2');
    const refresher = addMonths(today, 12 * Number(course.attributes.validityYears));
    await expect.poll(() => row.locator('.training-refresher').textContent()).toContain(`entro il ${italian(refresher)}`);
    expect(await row.locator('.training-refresher').textContent()).toContain('AGG-AI-L2');
    expect(await row.locator('.training-refresher').getAttribute('data-status')).toBe('valid');
    // The certificate downloads as a PDF.
    const button = row.getByRole('button', { name: /^Scarica l’attestato di / });
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.keyboard.press('Enter')]);
    expect((await downloadedBytes(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
