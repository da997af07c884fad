// A customer’s user (demo «Cliente» cliente1) opens one of its customer’s issued quotations from its
// portal’s «Preventivi», by keyboard: the lines are there (no 403 on quotationProducts, no request refused at all),
// without cost, margin or supplier columns, and the totals show no margin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, pressUntil, signedInSession, type SignedInSession, type TestServer } from './harness.ts';

interface Entity { id: string; attributes: Record<string, any>; metadata: Record<string, any>; relationships: Record<string, any> }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  ({ server, page, token } = session);
  await page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
});
afterAll(() => session?.close());

describe('a customer’s user and its quotations', () => {
  it('opens an issued quotation of its customer and reads its lines without cost and margin', async () => {
    // What the API lets this user read: its customer's issued quotations, and their lines.
    const quotations = await apiData<Entity[]>(server, token, '/quotations?page[size]=50&sort=-date');
    let quotation: Entity | undefined;
    let lines: Entity[] = [];
    for (const candidate of quotations) {
      lines = await apiData<Entity[]>(server, token, `/quotationProducts?filter[quotationId]=${candidate.id}&page[size]=100`);
      if (lines.some((line) => line.attributes.kind === 'product')) {
        quotation = candidate;
        break;
      }
    }
    expect(quotation, 'an issued quotation of the customer, with lines').toBeDefined();
    expect(lines.every((line) => line.attributes.costPrice === undefined && line.metadata.margin === undefined)).toBe(true);

    // From the portal's «Preventivi»: its quotations' grid, ↓ to the one, Enter.
    await page.locator('.portal-app').waitFor({ timeout: 30_000 });
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Preventivi' });
    await pressUntil(page, 'Tab', () => link.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    const list = page.locator('.portal-quotations:visible [role=grid]');
    await list.locator('[role=row]').nth(1).waitFor({ timeout: 30_000 });
    await pressUntil(page, 'Tab', () => list.evaluate((element) => element === document.activeElement));
    const activeRow = () => list.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await pressUntil(page, 'ArrowDown', async () => (await activeRow()).includes(String(quotation!.attributes.code)), 200);
    await page.keyboard.press('Enter');
    const grid = page.locator('.quotation-lines:visible [role=grid]');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.locator('[role=row][id^="quotation-line-"]').count(), { timeout: 15_000 }).toBe(lines.length);
    // No request of the screen is refused (lines, revisions, titles): an absence needs a moment to be sure of.
    await page.waitForTimeout(2000);
    expect(await page.locator('.alert-danger:visible').allTextContents()).toEqual([]);
    // Net amounts are there; the grid has no cost, margin or supplier column, and the totals have no margin.
    const headers = await grid.locator('[role=columnheader]').allTextContents();
    expect(headers.some((text) => /Netto/.test(text))).toBe(true);
    expect(headers.filter((text) => /Costo|Margine|Fornitore/.test(text))).toEqual([]);
    expect(await grid.locator('[data-column=costPrice], [data-column=margin], [data-column=marginPercent], [data-column=supplier]').count()).toBe(0);
    expect(await page.locator('.quotation-totals:visible [data-total=margin]').count()).toBe(0);
    expect(await page.locator('.quotation-totals:visible [data-total=net]').count()).toBe(1);
  });
});
