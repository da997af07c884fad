/**
 * The deadlines worklist step of issue 11's "Done when", shared by the worklist e2e and the planning
 * board e2e (which goes on from the intervention it makes): as the signed-in planner, keyboard only,
 * find a customer's overdue deadlines by full-text search, keep the "Scadute" window, select three
 * with x and create their intervention with i ("Crea intervento").
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { pressKeys, focusOutOfFields, type TestServer } from './harness.ts';

export interface Deadline { id: string; attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> }

export async function listOf<T = Deadline>(server: TestServer, token: string, type: string, query: string): Promise<T[]> {
  const response = await server.api(`/${type}?${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: T[] }).data;
}

/** Presses `key` until `reached` says the focus is where it should be (at most `limit` times). */
export async function tabUntil(page: Page, key: 'Tab' | 'Shift+Tab', reached: () => Promise<boolean>, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await reached()) return;
    await page.keyboard.press(key);
  }
  expect(await reached()).toBe(true);
}

/** A check on `document.activeElement` (as `el`), written as a JavaScript expression. */
export const focusedIs = (page: Page, check: string) => () => page.evaluate((source) => new Function('el', `return ${source}`)(document.activeElement) as boolean, check);

/** Creates the intervention of three overdue deadlines of one customer by keys; answers its id and the deadlines chosen. */
export async function createInterventionFromOverdueDeadlines(page: Page, server: TestServer, token: string): Promise<{ assignmentId: string; selectedIds: string[] }> {
  const list = <T = Deadline>(type: string, query: string) => listOf<T>(server, token, type, query);
  const press = (...keys: string[]) => pressKeys(page, ...keys);
  // A customer whose overdue deadlines, still to plan, are at one site and found by its name alone.
  const overdue = await list('physicalActivities', 'filter[due]=expired&page[size]=500&sort=deadlineDate');
  const byCustomer = new Map<string, Deadline[]>();
  for (const d of overdue) {
    if (!d.relationships.activityId || d.relationships.assignmentActivityId) continue;
    const key = String(d.relationships.customerId);
    byCustomer.set(key, [...(byCustomer.get(key) ?? []), d]);
  }
  let chosen: { name: string; rows: Deadline[] } | undefined;
  for (const rows of byCustomer.values()) {
    const name = String(rows[0]!.metadata.customerName ?? '');
    if (rows.length < 3 || !name || new Set(rows.map((d) => String(d.metadata.customerLocationId ?? ''))).size !== 1) continue;
    const found = await list('physicalActivities', `filter[due]=expired&filter[fullText]=${encodeURIComponent(name)}&page[size]=50`);
    if (found.every((d) => d.relationships.customerId === rows[0]!.relationships.customerId && d.relationships.activityId && !d.relationships.assignmentActivityId)) {
      chosen = { name, rows: found };
      break;
    }
  }
  expect(chosen, 'a demo customer with three overdue deadlines at one site').toBeDefined();

  await focusOutOfFields(page);
  await press('g', 's');
  await page.waitForURL((url) => url.pathname === '/planning/physicalActivities');
  const grid = page.locator('[role=grid]:visible');
  await grid.waitFor();
  // To the search box (before the grid), type the customer's name.
  await tabUntil(page, 'Shift+Tab', focusedIs(page, "el?.type === 'search'"));
  await page.keyboard.type(chosen!.name);
  await page.waitForURL((url) => url.searchParams.get('filter[fullText]') === chosen!.name.trim());
  // Filters → the "Scadenza" window → "Scadute".
  await press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
  await press('Enter');
  await tabUntil(page, 'Tab', focusedIs(page, "el?.tagName === 'SELECT' && el.closest('label')?.textContent?.startsWith('Scadenza')"));
  await press('ArrowDown');
  await page.waitForURL((url) => url.searchParams.get('filter[due]') === 'expired');
  await tabUntil(page, 'Tab', focusedIs(page, "el?.getAttribute('role') === 'grid'"));
  await expect.poll(() => page.locator('.data-grid-count:visible').textContent()).toContain(String(chosen!.rows.length));
  // Overdue rows say so.
  await expect.poll(() => grid.locator('[role=row].is-overdue').count()).toBeGreaterThanOrEqual(3);

  await press('Home', 'x', 'j', 'x', 'j', 'x');
  await expect.poll(() => grid.locator('[role=row][aria-selected=true]').count()).toBe(3);
  const selectedIds = await grid.locator('[role=row][aria-selected=true] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('/').pop()!));
  await press('i');
  await page.waitForURL((url) => /^\/planning\/assignments\/[0-9a-f-]{36}/.test(url.pathname), { timeout: 15_000 });
  const assignmentId = /\/planning\/assignments\/([0-9a-f-]{36})/.exec(new URL(page.url()).pathname)![1]!;
  return { assignmentId, selectedIds };
}
