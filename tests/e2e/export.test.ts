// «Esporta» (issue 27), as the planner, keyboard only: the deadlines worklist filtered on one
// customer's overdue deadlines (a shared link to exactly that view) is exported with Alt+E to Excel;
// the downloaded .xlsx holds the grid's rows in the grid's order and visible columns, with Italian
// headers, dates as dates and the header row frozen, and the app says how many rows it wrote.
// Then a grid inside a record: the customer's «Scadenze» section (s c) exports the same way, and on
// the «Attrezzature» section, with two grids, Alt+E exports the one the user is working in.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { DEMO, downloadedBytes, focusOutOfFields, openFromPalette, pressKeys, signedInSession, type SignedInSession, type TestServer , isCustomerSection, pressKeysUntil } from './harness.ts';
import { listOf, tabUntil, focusedIs, type Deadline } from './deadline-steps.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;

async function readBook(download: Download): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.planner, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.tab-strip [role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('export', () => {
  it('exports one customer’s overdue deadlines to Excel with Alt+E, as the grid shows them', async () => {
    const overdue = await listOf<Deadline>(server, token, 'physicalActivities', 'filter[due]=expired&page[size]=500');
    const counts = new Map<string, number>();
    for (const d of overdue) counts.set(String(d.relationships.customerId), (counts.get(String(d.relationships.customerId)) ?? 0) + 1);
    const customerId = [...counts].find(([, n]) => n >= 2 && n <= 30)?.[0];
    expect(customerId, 'a demo customer with a few overdue deadlines').toBeDefined();
    const expected = await listOf<Deadline>(server, token, 'physicalActivities', `filter[due]=expired&filter[customerId]=${customerId}&page[size]=100`);

    await page.goto(`${server.url}/planning/physicalActivities?filter[due]=expired&filter[customerId]=${customerId}`);
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    const headers = await grid.locator('[role=columnheader]').allTextContents();
    // Each row's title is the link in its «Nome» cell (other cells link too: «Intervento» shows where a
    // deadline is planned, filled in a moment later), read by the column's index.
    const nameIndex = headers.findIndex((h) => h.replace(/[ ▲▼]+$/, '') === 'Nome') + 1;
    expect(nameIndex, 'the worklist shows «Nome»').toBeGreaterThan(0);
    const titleLinks = grid.locator(`[role=row] [role=gridcell][aria-colindex="${nameIndex}"] a`);
    await expect.poll(() => titleLinks.count(), { timeout: 20_000 }).toBe(expected.length);
    const shown = await titleLinks.allTextContents();

    await grid.focus();
    await page.keyboard.press('Alt+e');
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('Formato').waitFor();
    await guard.expectAccessible('export dialog');
    // Excel is the first choice and has the focus; on to «Esporta».
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('xlsx');
    await tabUntil(page, 'Tab', focusedIs(page, "el?.textContent === 'Esporta'"), 5);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^scadenze-\d{4}-\d{2}-\d{2}\.xlsx$|\.xlsx$/);
    await page.getByText(new RegExp(`Esportate ${expected.length} righe in`)).waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'hidden' });

    const sheet = await readBook(download);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const fileHeaders = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    // The grid's visible columns, in its order (headers carry the sort arrows on screen).
    expect(fileHeaders).toEqual(headers.map((h) => h.replace(/[ ▲▼]+$/, '')).filter((h) => fileHeaders.includes(h)));
    expect(fileHeaders.length).toBeGreaterThanOrEqual(3);
    expect(sheet.rowCount).toBe(expected.length + 1);
    // The rows in the grid's order: the title column (after the columns the worklist groups by) holds what each row's link says.
    const titleColumn = fileHeaders.indexOf('Nome') + 1;
    const titles = Array.from({ length: expected.length }, (_, i) => String(sheet.getRow(i + 2).getCell(titleColumn).value));
    expect(titles).toEqual(shown);
    // A deadline's date is a date in the file, not text.
    const dateColumn = fileHeaders.indexOf('Scadenza') + 1;
    if (dateColumn > 0) expect(sheet.getRow(2).getCell(dateColumn).value).toBeInstanceOf(Date);
  });

  it('exports a grid inside the customer page: its deadlines (s c), and of its equipment the grid the user is in', async () => {
    const customers = await listOf<{ id: string; metadata: Record<string, unknown> }>(server, token, 'customers', 'filter[isPerson]=false&page[size]=50');
    let customer: (typeof customers)[number] | undefined;
    let deadlines: Deadline[] = [];
    for (const candidate of customers) {
      deadlines = await listOf<Deadline>(server, token, 'physicalActivities', `filter[customerId]=${candidate.id}&page[size]=200`);
      if (deadlines.length >= 3 && deadlines.length <= 25) {
        customer = candidate;
        break;
      }
    }
    expect(customer, 'a demo customer with a few deadlines').toBeDefined();
    const name = String(customer!.metadata.displayName);
    await openFromPalette(page, name.slice(0, 20), name);
    await page.waitForURL((url) => url.pathname === `/customers/${customer!.id}`, { timeout: 15_000 });
    await page.locator('.customer-page:visible').waitFor({ timeout: 30_000 });
    // The overview has no grid: nothing to export there.
    await pressKeysUntil(page, ['s', 'c'], isCustomerSection(page, 'c'));
    const grid = page.locator('.customer-page:visible [role=grid]');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.getAttribute('aria-rowcount'), { timeout: 20_000 }).toBe(String(deadlines.length + 1));
    const headers = (await grid.locator('[role=columnheader]').allTextContents()).map((h) => h.replace(/[ ▲▼]+$/, ''));
    const titleLinks = grid.locator(`[role=row] [role=gridcell][aria-colindex="${headers.indexOf('Nome') + 1}"] a`);
    await expect.poll(() => titleLinks.count(), { timeout: 20_000 }).toBe(deadlines.length);
    const shown = await titleLinks.allTextContents();
    await grid.focus();
    await page.keyboard.press('Alt+e');
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('Formato').waitFor();
    expect(await dialog.textContent()).toContain(`le ${deadlines.length} righe della vista`);
    await tabUntil(page, 'Tab', focusedIs(page, "el?.textContent === 'Esporta'"), 5);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    await page.getByText(new RegExp(`Esportate ${deadlines.length} righe in`)).waitFor({ timeout: 15_000 });
    const sheet = await readBook(download);
    expect(sheet.rowCount).toBe(deadlines.length + 1);
    // Only this customer's deadlines, as the section's grid lists them.
    const fileHeaders = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const titleColumn = fileHeaders.indexOf('Nome') + 1;
    expect(titleColumn).toBeGreaterThan(0);
    expect(Array.from({ length: deadlines.length }, (_, i) => String(sheet.getRow(i + 2).getCell(titleColumn).value))).toEqual(shown);

    // «Attrezzature» shows equipment and installations: Alt+E exports the equipment until the user moves to the installations.
    await focusOutOfFields(page);
    await pressKeys(page, 's', 't');
    const grids = page.locator('.customer-page:visible [role=grid]');
    await expect.poll(() => grids.count(), { timeout: 30_000 }).toBe(2);
    // Both have loaded their rows (an empty grid has nothing to export).
    await expect.poll(async () => [await grids.first().getAttribute('aria-busy'), await grids.nth(1).getAttribute('aria-busy')], { timeout: 20_000 }).toEqual(['false', 'false']);
    await grids.first().focus();
    await page.keyboard.press('Alt+e');
    await dialog.getByText('Formato').waitFor();
    expect(await dialog.locator('h2').textContent()).toContain('Attrezzature');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await grids.nth(1).focus();
    await page.keyboard.press('Alt+e');
    if ((await grids.nth(1).getAttribute('aria-rowcount')) === '1') {
      // No installations in this module: nothing to export from that grid, and the key says why instead of
      // opening the dialog (the command is there, not possible now: its reason is the alert).
      await page.locator('.alert-stack .alert', { hasText: 'Nessuna riga da esportare' }).waitFor({ timeout: 10_000 });
      expect(await dialog.count()).toBe(0);
    } else {
      await dialog.getByText('Formato').waitFor();
      expect(await dialog.locator('h2').textContent()).toContain('Impianti');
      await page.keyboard.press('Escape');
    }
    guard.expectClean();
  });
});
