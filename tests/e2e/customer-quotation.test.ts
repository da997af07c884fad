// A customer’s user (demo «Cliente» cliente1) opens one of its customer’s issued quotations from its
// portal’s «Preventivi», by keyboard, on the portal's own page for it (issue 26): the lines are there (no 403 on
// quotationProducts, no request refused at all), without cost, margin or supplier columns, the totals show no
// margin, and nothing of the office's editor shows. The office's address of the quotation leads there too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, pressUntil, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';
import { watchApi } from './settle-steps.ts';

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
  it('opens an issued quotation of its customer on the portal’s page and reads its lines without cost and margin', async () => {
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

    // From the portal's «Preventivi»: its quotations' table, Tab to the quotation's link, Enter.
    await page.locator('.portal-app').waitFor({ timeout: 30_000 });
    const requests = watchApi(page);
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Preventivi' });
    await pressUntil(page, 'Tab', () => link.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    const list = page.locator('.portal-quotations:visible table');
    await list.waitFor({ timeout: 30_000 });
    expect(await list.locator('thead th').allTextContents()).toEqual(['Preventivo', 'Data', 'Valido fino al', 'Stato', 'Totale imponibile']);
    const code = String(quotation!.attributes.code);
    const open = list.getByRole('link', { name: new RegExp(`^${code}`) });
    await pressUntil(page, 'Tab', () => open.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');

    // The quotation's own page in the portal: a document, not the office's editor.
    const view = page.locator('.portal-quotation:visible');
    await view.locator('h1', { hasText: `Preventivo ${code}` }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/customers/${String(quotation!.relationships.customerId)}/portal/quotations/${quotation!.id}`);
    expect(await page.locator('.portal-app .portal-nav a[aria-current=page]').textContent()).toBe('Preventivi');
    const table = view.locator('table.portal-quotation-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(lines.length);
    // No request of the page is refused: once every one it made has been answered (and what came back
    // drawn), none was refused and no alert says one was.
    await requests.settled();
    expect(requests.refused).toEqual([]);
    expect(await page.locator('.alert-danger:visible').allTextContents()).toEqual([]);
    // The PDF's columns, no cost, margin or supplier; totals as printed, no margin; no staff form or vocabulary.
    expect(await table.locator('thead th').allTextContents()).toEqual(['N.', 'Descrizione', 'Q.tà', 'U.m.', 'Prezzo unitario', 'Sconto %', 'Importo']);
    expect(await view.locator('.portal-quotation-totals [data-total]').evaluateAll((items) => items.map((item) => item.getAttribute('data-total')))).toEqual(['list', 'discount', 'net']);
    expect(await view.locator('.portal-quotation-totals [data-total=net]').textContent()).toMatch(/Totale imponibile.*€ \+ IVA$/);
    // The document has nothing to type in (the signature, below, has its own fields).
    expect(await view.locator('.portal-quotation-facts, .portal-quotation-lines').locator('input, select, textarea, [role=grid]').count()).toBe(0);
    expect(await view.locator('[role=grid]').count()).toBe(0);
    expect(await view.getByRole('button', { name: 'Scarica il PDF' }).count()).toBe(1);
    const text = (await view.textContent()) ?? '';
    for (const staff of ['non visibile', 'Revisione', 'Pianificazione', 'Cronologia', 'non modificabile', 'Margine', 'Costo']) expect(text).not.toContain(staff);

    // An address of the office's editor (an e-mail of before, a bookmark) opens the portal's page instead.
    await page.goto(`${server.url}/marketing/quotations/detail/${quotation!.id}`);
    await page.locator('.portal-quotation:visible h1', { hasText: `Preventivo ${code}` }).waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(`/customers/${String(quotation!.relationships.customerId)}/portal/quotations/${quotation!.id}`);
    expect(await page.locator('.quotation-editor').count()).toBe(0);
  });
});
