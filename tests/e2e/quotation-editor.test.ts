// Quotation editor end to end (issue 9), keyboard only, as the demo salesman on the demo data: a draft
// quotation opened from the palette; lines added by typing product codes (Ctrl+Enter, code, Enter,
// quantity, Enter); a discount above the customer's maximum shows "needs approval" while it is typed;
// Ctrl+S saves header and lines in one write; after a reload the editor and the quotations grid show
// the same totals to the cent as the server stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addQuotationLineByCode, apiData, DEMO, euro, focusOutOfFields, openFromPalette, plainSpaces, pressKeys, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);

const press = (...keys: string[]) => pressKeys(page, ...keys);

const spaces = plainSpaces;
const editor = () => page.locator('.quotation-editor:visible');
const grid = () => editor().getByRole('grid', { name: 'Righe del preventivo' });
const netTotal = () => editor().locator('[data-total="net"] dd');
const approval = () => editor().locator('.quotation-approval');

let quotation: Entity;
let products: Entity[] = [];
let linesBefore = 0;

beforeAll(async () => {
  // A server of its own: the salesman's seeded drafts, none moved on by other files.
  session = await signedInSession({ email: DEMO.salesman, path: '/marketing/quotations', server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const drafts = await api<Entity[]>('/quotations?filter[status]=draft&page[size]=50&sort=-date');
  const editable = [];
  for (const draft of drafts) {
    // One the salesman may change (their own: readArea shows others' read-only).
    const actions = await api<{ action: string; allowed?: boolean }[]>(`/quotations/${draft.id}/actions`);
    if (actions.some((a) => a.action === 'requestApproval' && a.allowed)) editable.push(draft);
    if (editable.length > 0) break;
  }
  quotation = editable[0]!;
  expect(quotation, 'a draft quotation of the salesman in the demo data').toBeTruthy();
  linesBefore = (await api<Entity[]>(`/quotationProducts?filter[quotationId]=${quotation.id}&page[size]=500`)).length;
  products = (await api<Entity[]>('/products?page[size]=50&sort=code')).filter((p) => typeof p.attributes.listPrice === 'number' && Number(p.attributes.listPrice) > 0 && typeof p.attributes.code === 'string').slice(0, 3);
  expect(products.length).toBe(3);
});

afterAll(() => session?.close());

describe('quotation editor, keyboard only', () => {
  it('opens the draft from the palette in the editor', async () => {
    const code = String(quotation.attributes.code);
    await openFromPalette(page, code);
    await page.waitForURL((url) => url.pathname === `/marketing/quotations/detail/${quotation.id}`);
    await editor().locator('h1', { hasText: code }).waitFor({ timeout: 15_000 });
    await expect.poll(() => grid().locator('[role=row][data-line]').count()).toBe(Math.min(linesBefore, 20));
  });

  it('adds lines by typing product codes; each is priced at once', async () => {
    await focusOutOfFields(page);
    await press('Alt+r');
    await expect.poll(() => grid().evaluate((element) => element === document.activeElement)).toBe(true);
    // New lines go below the last one.
    await press('End');
    for (const [i, product] of products.entries()) await addQuotationLineByCode(page, grid(), String(product.attributes.code), i + 2, linesBefore + i);
    expect(await editor().locator('.entity-form-dirty').count()).toBe(1);
  });

  it('shows "needs approval" while a discount above the customer’s maximum is typed', async () => {
    await expect.poll(() => approval().getAttribute('data-needs-approval')).toBe(null);
    // From the quantity cell of the last line to its discount: list price, unit price, discount.
    await press('ArrowRight', 'ArrowRight', 'ArrowRight');
    await press('Enter');
    const discount = grid().getByRole('textbox', { name: /^Sconto % della riga/ });
    await discount.waitFor();
    await page.keyboard.type('9');
    await page.keyboard.type('5');
    // Before Enter: the flag follows the keystrokes.
    await expect.poll(() => approval().getAttribute('data-needs-approval'), { timeout: 10_000 }).toBe('true');
    expect(spaces(await approval().textContent())).toMatch(/Richiede approvazione/);
    await press('Enter');
  });

  it('saves header and lines with Ctrl+S; the server stores the totals the editor showed', async () => {
    const shown = spaces(await netTotal().textContent());
    await press('Control+s');
    await expect.poll(async () => (await api<Entity[]>(`/quotationProducts?filter[quotationId]=${quotation.id}&page[size]=500`)).length, { timeout: 10_000 }).toBe(linesBefore + 3);
    await expect.poll(() => editor().locator('.entity-form-dirty').count()).toBe(0);
    const stored = await api<Entity>(`/quotations/${quotation.id}`);
    expect(shown).toBe(euro(Number(stored.metadata.totalNetPrice)));
  });

  it('after a reload shows the same totals to the cent as the quotations grid', async () => {
    const stored = await api<Entity>(`/quotations/${quotation.id}`);
    const expected = euro(Number(stored.metadata.totalNetPrice));
    await page.reload();
    await editor().locator('h1', { hasText: String(quotation.attributes.code) }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => spaces(await netTotal().textContent())).toBe(expected);
    await expect.poll(() => approval().getAttribute('data-needs-approval')).toBe('true');
    // The grid's row of the quotation, filtered by its code through the URL the grid keeps.
    await page.goto(`${server.url}/marketing/quotations?filter[fullText]=${encodeURIComponent(String(quotation.attributes.code))}`);
    const row = page.locator('[role=row]', { hasText: String(quotation.attributes.code) }).first();
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(async () => spaces(await row.textContent())).toContain(expected);
  });
});
