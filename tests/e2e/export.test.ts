// «Esporta» (issue 27), as the planner, keyboard only: the deadlines worklist filtered on one
// customer's overdue deadlines (a shared link to exactly that view) is exported with Alt+E to Excel;
// the downloaded .xlsx holds the grid's rows in the grid's order and visible columns, with Italian
// headers, dates as dates and the header row frozen, and the app says how many rows it wrote.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, signedInSession, type SignedInSession, type TestServer } from './harness.ts';
import { listOf, tabUntil, focusedIs, type Deadline } from './deadline-steps.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;

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

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
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
});
