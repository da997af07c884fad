/**
 * Steps of the technician's and the Operatore's journeys (issue 22) on the intervention screen:
 * which of today's interventions to work on (from the API, as the test's preparation), opening it
 * from the palette, and moving the checklist's cursor with the keys a user presses.
 */
import { expect } from 'vitest';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { controlsForActivity } from '../../../src/domain/rules/intervention.ts';
import { apiData, chooseFilesByKey, openFromPalette, pressWhenOffered, type Entity, type TestServer } from '../harness.ts';

export type { Entity };

/** One checklist row as the screen lists it: `activityId:controlId`, in the screen's order. */
export interface PlannedRow { key: string; activityId: string; mandatory: boolean }

/** An intervention with its checklist rows (activities still open, with controls), in the screen's order. */
export interface Workable { assignment: Entity; rows: PlannedRow[] }

/** The checklist rows of an intervention, as the screen orders them (activities by date, controls by code). */
export async function checklistRows(server: Pick<TestServer, 'api'>, token: string, assignment: Entity): Promise<PlannedRow[]> {
  const get = <T>(path: string) => apiData<T>(server, token, path);
  const activities = await get<Entity[]>(`/assignmentActivities?filter[assignmentId]=${assignment.id}&sort=scheduledDate&page[size]=500`);
  const rows: PlannedRow[] = [];
  for (const activity of activities) {
    if (typeof activity.relationships.equipmentId !== 'string') continue;
    const equipment = await get<Entity>(`/equipments/${activity.relationships.equipmentId}`);
    const family = equipment.relationships.equipmentFamilyId;
    if (typeof family !== 'string') continue;
    const controls = await get<Entity[]>(`/controls?filter[equipmentFamilyId]=${family}&sort=code&page[size]=500`);
    const own = controlsForActivity(controls.map((c) => ({ id: c.id, code: String(c.attributes.code ?? ''), activityId: (c.relationships.activityId as string | null | undefined) ?? null, mandatory: c.attributes.isMandatory !== false })), activity.relationships.activityId as string);
    if (activity.attributes.state !== 'open') continue;
    rows.push(...own.map((c) => ({ key: `${activity.id}:${c.id}`, activityId: activity.id, mandatory: c.mandatory })));
  }
  return rows;
}

/** Opens the intervention from the palette's record search by its code, and waits for its checklist. */
export async function openIntervention(page: Page, assignment: Entity): Promise<void> {
  const code = String(assignment.attributes.code);
  await openFromPalette(page, code, code);
  await page.waitForURL((url) => url.pathname.startsWith(`/planning/assignments/${assignment.id}`));
  await page.locator('.intervention-checklist:visible').waitFor({ timeout: 30_000 });
}

export const stateBadge = (page: Page) => page.locator('.entity-state strong:visible');

/** Starts (t i a) a scheduled intervention, resumes (t i r) a paused one: checks are recorded while it runs. */
export async function startIfNeeded(page: Page, assignment: Entity, runningLabel: string): Promise<void> {
  const action = ({ scheduled: 'start', paused: 'resume' } as Record<string, string>)[String(assignment.attributes.state)];
  if (!action) return;
  await pressWhenOffered(page, `transition.assignments.${action}`, 't', 'i', action === 'start' ? 'a' : 'r');
  await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(runningLabel);
}

const focusedRow = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row ?? null);

/** Tab until the checklist has the focus, then Home: the cursor on the first control. */
export async function tabIntoChecklist(page: Page): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 200 && (await focusedRow(page)) === null; i++) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => { const el = document.activeElement as HTMLElement | null; return el ? `${el.tagName}.${el.className}#${el.id}:${(el.textContent ?? '').slice(0, 30)}` : 'none'; }));
  }
  expect(await focusedRow(page), seen.slice(-30).join('\n')).not.toBeNull();
  await page.keyboard.press('Home');
}

/** Shift+Tab back to the control's row from inside it (its note, its photo's buttons): the row precedes what it holds. */
export async function backToRow(page: Page): Promise<void> {
  for (let i = 0; i < 12 && (await focusedRow(page)) === null; i++) await page.keyboard.press('Shift+Tab');
  expect(await focusedRow(page)).not.toBeNull();
}

/** ↓ / ↑ until the cursor is on `key` (the rows' order is the screen's). */
export async function cursorTo(page: Page, key: string): Promise<void> {
  const keys = await page.locator('.intervention-checklist:visible [data-row]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.row!));
  const target = keys.indexOf(key);
  expect(target, `row ${key} on the screen`).toBeGreaterThanOrEqual(0);
  // One key at a time, each waited for: a press that lands while the rows re-render is not counted twice.
  for (let i = 0; i < 2 * keys.length + 4; i++) {
    const before = (await focusedRow(page)) ?? '';
    const at = keys.indexOf(before);
    if (at === target) return;
    await page.keyboard.press(at < target ? 'ArrowDown' : 'ArrowUp');
    await expect.poll(() => focusedRow(page), { timeout: 2_000 }).not.toBe(before).catch(() => undefined);
  }
  expect(await focusedRow(page)).toBe(key);
}

/** c (conforme) or n (non conforme) on the row under the cursor, and waits for the outcome shown. */
export async function recordOutcome(page: Page, key: string, passed: boolean): Promise<void> {
  const row = page.locator(`.intervention-checklist:visible [data-row="${key}"]`);
  await page.keyboard.press(passed ? 'c' : 'n');
  await expect.poll(() => row.getAttribute('data-outcome'), { timeout: 15_000 }).toBe(passed ? 'passed' : 'failed');
}

/**
 * Ctrl+U on the control row under the cursor opens its file picker; a small PNG named `name` is chosen
 * and waited for in the row's files.
 */
export async function attachPhoto(page: Page, row: Locator, name: string): Promise<void> {
  await row.getByRole('button', { name: 'Scegli file' }).waitFor({ timeout: 15_000 });
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer();
  await chooseFilesByKey(page, 'Control+u', { name, mimeType: 'image/png', buffer: png });
  await row.locator('.files-name', { hasText: name }).waitFor({ timeout: 15_000 });
}
