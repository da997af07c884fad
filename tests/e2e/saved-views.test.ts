// Saved views and the pages of an open record (issue 7), keyboard only in a real Chromium against the
// real server: a filtered grid saved as a view (Alt+V, name, shared with a role), found in the palette
// and in the sidebar, opened at the same URL with the same rows, seen by a user of the shared role;
// an open customer lists "Anagrafica" in the palette, which opens /customers/{id}/detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, businessDay } from '../../src/domain/business-day.ts';
import { DEMO, openFromPalette, type SignedInSession, signedInSession, signIn, type TestServer } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let quotation: { id: string; code: string };

const VIEW_NAME = 'Vista e2e del preventivo';

const pathAndQuery = (p: Page) => {
  const url = new URL(p.url());
  return decodeURIComponent(`${url.pathname}${url.search}`);
};

async function waitForShell(p: Page) {
  await p.locator('[role=tablist]').waitFor({ state: 'visible', timeout: 30_000 });
  await p.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Presses `key` (Tab by default) until the focused element matches `test`; fails after `max` presses. */
async function pressUntilFocused(p: Page, test: (element: Element) => boolean, key = 'Tab', max = 80) {
  const source = `(${test.toString()})(document.activeElement)`;
  for (let i = 0; i < max; i++) {
    if (await p.evaluate((code) => Boolean(document.activeElement && (0, eval)(code)), source)) return;
    await p.keyboard.press(key);
  }
  const focused = await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 300));
  throw new Error(`Nothing matching ${test.toString()} got the focus with ${key} (focused: ${focused})`);
}

async function gridRowTexts(p: Page): Promise<string[]> {
  const grid = p.locator('.pane:not([hidden]) [role=tabpanel]:not([hidden]) [role=grid]').first();
  await grid.waitFor({ state: 'visible', timeout: 15_000 });
  // Loaded: the grid is no longer busy with its first page, and no row waits for its own.
  await expect.poll(async () => (await grid.getAttribute('aria-busy')) !== 'true' && (await grid.locator('[role=row][aria-busy=true]').count()) === 0, { timeout: 15_000 }).toBe(true);
  return grid.locator('[role=row]:not(.data-grid-header)').allTextContents();
}

beforeAll(async () => {
  // A server of its own: no saved view but the seeded ones.
  session = await signedInSession({ server: { own: true } });
  ({ server, browser, page, token } = session);
  await waitForShell(page);
  const answer = await (await server.api('/quotations?page[size]=1&sort=code', { token })).json();
  quotation = { id: answer.data[0].id, code: answer.data[0].attributes.code };
});

afterAll(() => session?.close());

describe('saved views', () => {
  let savedUrl: string;

  it('saves a filtered grid as a view under a name, shared with a role (Alt+V)', async () => {
    await openFromPalette(page, 'Preventivi', /^Preventivi$/, { title: true });
    await page.waitForURL(/\/marketing\/quotations$/);
    // From the rows up to the grid's search box, then the code of one quotation.
    await pressUntilFocused(page, (element) => element.classList.contains('data-grid-search'), 'Shift+Tab');
    await page.keyboard.type(quotation.code, { delay: 10 });
    await page.waitForURL((url) => url.searchParams.get('filter[fullText]') === quotation.code);
    savedUrl = pathAndQuery(page);
    expect(await gridRowTexts(page)).toEqual([expect.stringContaining(quotation.code)]);

    await page.keyboard.press('Alt+v');
    const dialog = page.locator('dialog[open]').filter({ hasText: 'Salva la vista' });
    await dialog.waitFor({ state: 'visible' });
    await expect(dialog.locator('code').textContent()).resolves.toBe(savedUrl);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.keyboard.type(VIEW_NAME);
    await pressUntilFocused(page, (element) => element.closest('label')?.textContent?.trim() === 'Responsabile commerciale');
    await page.keyboard.press('Space');
    await pressUntilFocused(page, (element) => element.getAttribute('type') === 'submit');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.alert', { hasText: `Vista «${VIEW_NAME}» salvata` }).waitFor({ state: 'visible' });

    const stored = await (await server.api(`/savedViews?filter[fullText]=${encodeURIComponent('e2e')}`, { token })).json();
    expect(stored.data).toHaveLength(1);
    const roles = await (await server.api('/roles?page[size]=50', { token })).json();
    const manager = roles.data.find((role: { attributes: { name: string } }) => role.attributes.name === 'Responsabile commerciale');
    expect(stored.data[0].attributes).toMatchObject({ name: VIEW_NAME, path: '/marketing/quotations', query: `filter[fullText]=${quotation.code}` });
    expect(stored.data[0].relationships.sharedRoleIds).toEqual([manager.id]);
  });

  it('finds the view in the palette and opens it at the same URL, with the same rows', async () => {
    // Close the grid's tab: the view must bring it back by itself.
    await page.keyboard.press('Alt+w');
    await page.waitForURL((url) => url.pathname !== '/marketing/quotations');
    await openFromPalette(page, 'Vista e2e', `Vista: ${VIEW_NAME}`, { title: true });
    await page.waitForURL((url) => url.searchParams.get('filter[fullText]') === quotation.code);
    expect(pathAndQuery(page)).toBe(savedUrl);
    expect(await gridRowTexts(page)).toEqual([expect.stringContaining(quotation.code)]);
  });

  it('lists the view in the sidebar under its area and opens it from there', async () => {
    await page.keyboard.press('Alt+w');
    await page.waitForURL((url) => url.search === '');
    const sidebar = page.locator('nav.sidebar');
    const link = sidebar.locator('a.sidebar-view', { hasText: VIEW_NAME });
    await expect(link.getAttribute('href')).resolves.toBe(savedUrl);
    // Keyboard: to the Marketing group, open it if closed, on to the view's link.
    await page.locator('body').focus();
    await pressUntilFocused(page, (element) => element.classList.contains('sidebar-group-button') && element.textContent?.includes('Marketing') === true);
    if ((await sidebar.getByRole('button', { name: 'Marketing' }).getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
    await pressUntilFocused(page, (element) => element.classList.contains('sidebar-view') && element.textContent?.includes('Vista e2e') === true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('filter[fullText]') === quotation.code);
    expect(pathAndQuery(page)).toBe(savedUrl);
    expect(await gridRowTexts(page)).toEqual([expect.stringContaining(quotation.code)]);
  });

  it('is shared with the users of the chosen role, next to the seeded approval queue', async () => {
    const other = await browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
    try {
      const managerPage = await other.newPage();
      await managerPage.goto(`${server.url}/dashboard`);
      await signIn(managerPage, server, DEMO.salesManager);
      await waitForShell(managerPage);
      await openFromPalette(managerPage, 'da approvare', 'Vista: Preventivi da approvare', { title: true });
      await managerPage.waitForURL((url) => url.pathname === '/marketing/quotations' && url.searchParams.get('filter[status]') === 'to-be-approved');
      await openFromPalette(managerPage, 'Vista e2e', `Vista: ${VIEW_NAME}`, { title: true });
      await managerPage.waitForURL((url) => url.searchParams.get('filter[fullText]') === quotation.code);
      expect(pathAndQuery(managerPage)).toBe(savedUrl);
    } finally {
      await other.close();
    }
  });

  it('opens the seeded overdue deadlines with "today" resolved to the business day', async () => {
    await openFromPalette(page, 'Scadenze superate', 'Vista: Scadenze superate', { title: true });
    const yesterday = addDays(businessDay(), -1);
    await page.waitForURL((url) => url.pathname === '/planning/physicalActivities' && url.searchParams.get('to[deadlineDate]') === yesterday);
    expect(pathAndQuery(page)).toBe(`/planning/physicalActivities?filter[isExecuted]=false&to[deadlineDate]=${yesterday}&sort=deadlineDate`);
    const rows = await gridRowTexts(page);
    expect(rows.length).toBeGreaterThan(0);
    await expect(page.locator('.pane:not([hidden]) [role=tabpanel]:not([hidden]) .data-grid-empty').count()).resolves.toBe(0);
  });
});

describe('pages of the open record', () => {
  it('an open customer lists "Anagrafica" in the palette, which opens /customers/{id}/detail', async () => {
    const answer = await (await server.api('/customers?page[size]=1&sort=displayName&filter[type]=active', { token })).json();
    const customer = { id: answer.data[0].id as string, name: answer.data[0].metadata.displayName as string };
    const exactly = new RegExp(`^${customer.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    await openFromPalette(page, customer.name, exactly, { title: true });
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`);
    // Its sections are in the palette by their Italian names (s v, s n…), never as message ids.
    await page.locator('.customer-page:visible').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+k');
    const items = page.locator('[cmdk-dialog] [cmdk-item]');
    await items.first().waitFor();
    const texts = await items.allTextContents();
    expect(texts.filter((text) => /\b[a-z]+\.[a-z]+\.[a-zA-Z]+/.test(text))).toEqual([]);
    expect(texts.some((text) => text.startsWith('Cliente: sezione Anagrafica'))).toBe(true);
    await page.keyboard.press('Escape');
    await openFromPalette(page, 'Anagrafica', /^Anagrafica$/, { title: true });
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/detail`);

    // From the registry, the palette offers the customer's other pages, an alias among them.
    await openFromPalette(page, 'Impostazioni del cliente', /^Impostazioni del cliente$/, { title: true });
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/settings`);
    // And the same pages are links under its form.
    const links = page.locator('.pane:not([hidden]) [role=tabpanel]:not([hidden]) nav.record-links');
    await expect(links.locator(`a[href="/customers/${customer.id}/detail"]`).count()).resolves.toBe(1);
  });
});
