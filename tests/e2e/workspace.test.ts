// The workspace end to end (issue 4), pressing real keys in a real Chromium against the real server
// with real sign-in: palette, route commands by Italian name, record search into tabs, split view,
// reload, deep link, g-sequences, tab keys, shortcut overlay, theme persisted per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, type SignedInSession, signedInSession, signIn, type TestServer } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let userId: string;
let quotations: { id: string; code: string }[] = [];

const palette = () => page.locator('[cmdk-dialog]');
const tabs = () => page.locator('[role=tab]');
const selectedTab = () => page.locator('[role=tab][aria-selected=true]');
const path = () => new URL(page.url()).pathname;

async function openPalette() {
  await page.keyboard.press('Control+k');
  await palette().waitFor({ state: 'visible' });
}

/** Opens the palette, types, waits for `option` to be offered, presses Enter (or Shift+Enter). */
async function runFromPalette(text: string, option: string | RegExp, key = 'Enter') {
  await openPalette();
  await page.keyboard.type(text, { delay: 20 });
  const item = palette().locator('[cmdk-item]', { hasText: option }).first();
  await item.waitFor({ state: 'visible', timeout: 15_000 });
  // Highlight the wanted option with the arrow keys, as a user would.
  for (let i = 0; i < 30 && (await item.getAttribute('data-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press(key);
  await palette().waitFor({ state: 'hidden' });
}

async function waitForShell(p: Page = page) {
  await p.locator('[role=tablist]').waitFor({ state: 'visible', timeout: 30_000 });
  await p.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
}

beforeAll(async () => {
  session = await signedInSession();
  ({ server, browser, page, token } = session);
  await waitForShell();
  userId = (await (await server.api('/identity/authorization', { token })).json())[0].id;
  const answer = await (await server.api('/quotations?page[size]=2&sort=code', { token })).json();
  quotations = answer.data.map((q: { id: string; attributes: { code: string } }) => ({ id: q.id, code: q.attributes.code }));
  expect(quotations).toHaveLength(2);
});

afterAll(() => session?.close());

describe('workspace', () => {
  it('Ctrl+K opens the palette as a dialog with a combobox; a route opens by its Italian name', async () => {
    await openPalette();
    await expect(palette().getAttribute('role')).resolves.toBe('dialog');
    await expect(palette().locator('input[role=combobox]').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'hidden' });

    await runFromPalette('Preventivi', /^Preventivi/);
    await page.waitForURL(/\/marketing\/quotations$/);
    await expect(selectedTab().getAttribute('href')).resolves.toBe('/marketing/quotations');

    // A variant of a parametrised route: one command per module.
    await runFromPalette('Calendario Antincendio', 'Calendario Antincendio');
    await page.waitForURL(/\/planning\/calendar\/fire$/);
  });

  it('finds a record and opens it as a tab, a second one beside it in split view', async () => {
    const [first, second] = quotations;
    await runFromPalette(first!.code, first!.code);
    await page.waitForURL(new RegExp(`/marketing/quotations/detail/${first!.id}$`));
    await expect(selectedTab().getAttribute('href')).resolves.toBe(`/marketing/quotations/detail/${first!.id}`);

    await runFromPalette(second!.code, second!.code, 'Shift+Enter');
    await page.waitForURL(new RegExp(`/marketing/quotations/detail/${second!.id}$`));
    await expect(page.locator('.panes.is-split').count()).resolves.toBe(1);
    await expect(page.locator('.pane:not([hidden]) [role=tabpanel]').count()).resolves.toBe(2);

    // Each side has its own focus: Alt+O goes to the other side, and the address bar follows.
    await page.keyboard.press('Alt+o');
    await page.waitForURL(new RegExp(`/marketing/quotations/detail/${first!.id}$`));
  });

  it('finds both quotation tabs and the split after a reload', async () => {
    const [first, second] = quotations;
    // The tabs are saved shortly after each change.
    await page.waitForTimeout(1500);
    await page.reload();
    await waitForShell();
    const hrefs = await tabs().evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
    expect(hrefs).toContain(`/marketing/quotations/detail/${first!.id}`);
    expect(hrefs).toContain(`/marketing/quotations/detail/${second!.id}`);
    expect(hrefs).toContain('/marketing/quotations');
    await expect(page.locator('.panes.is-split').count()).resolves.toBe(1);
  });

  it('tab keys: go to tab 1, next, close and reopen', async () => {
    const count = await tabs().count();
    await page.locator('body').click({ position: { x: 700, y: 5 } });
    await page.keyboard.press('Alt+1');
    await expect(selectedTab().getAttribute('href')).resolves.toBe(await tabs().first().getAttribute('href'));
    const closing = await selectedTab().getAttribute('href');
    await page.keyboard.press('Alt+w');
    await expect.poll(() => tabs().count()).toBe(count - 1);
    await page.keyboard.press('Alt+Shift+t');
    await expect.poll(() => tabs().count()).toBe(count);
    await expect(selectedTab().getAttribute('href')).resolves.toBe(closing);
  });

  it('g-sequences navigate; keys do not fire while typing in a field', async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await page.waitForURL(/\/customers\/company$/);
    await openPalette();
    // Typing "g q" in the palette's field is text, not a navigation.
    await page.keyboard.type('g q');
    await page.waitForTimeout(300);
    expect(path()).toBe('/customers/company');
    await page.keyboard.press('Escape');
  });

  it('? lists the shortcuts available here', async () => {
    await page.keyboard.press('?');
    const help = page.locator('dialog.shortcut-help');
    await help.waitFor({ state: 'visible' });
    await expect(help.locator('[data-command="palette.open"] kbd').first().textContent()).resolves.toMatch(/K/);
    await expect(help.locator('[data-command="nav.MarketingQuotations"]').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });

  it('switches the theme from the palette and keeps it per user across a reload', async () => {
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await runFromPalette('tema', 'Cambia tema');
    const after = before === 'dark' ? 'light' : 'dark';
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
    // Saved on the server for this user.
    await expect
      .poll(async () => (await (await server.api(`/userSettings?filter[userId]=${userId}`, { token })).json()).data[0]?.attributes.hasDarkTheme, { timeout: 10_000 })
      .toBe(after === 'dark');
    await page.reload();
    await waitForShell();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(after);
  });

  it('on a small screen the sidebar is a drawer that closes on route change; links get selected/current', async () => {
    await page.setViewportSize({ width: 600, height: 800 });
    try {
      const sidebar = page.locator('nav.sidebar');
      await page.getByRole('button', { name: 'Apri il menu' }).click();
      await expect.poll(() => sidebar.getAttribute('class')).toContain('is-drawer-open');
      const group = sidebar.getByRole('button', { name: 'Marketing' });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await sidebar.locator('a.sidebar-link[href="/marketing/orders"]').click();
      await page.waitForURL(/\/marketing\/orders$/);
      await expect.poll(() => sidebar.getAttribute('class')).not.toContain('is-drawer-open');
      await expect(sidebar.locator('a.sidebar-link[href="/marketing/orders"]').getAttribute('class')).resolves.toBe('sidebar-link selected current');
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('a tab with unsaved changes shows a marker and asks before closing', async () => {
    const [first] = quotations;
    await runFromPalette(first!.code, first!.code);
    const field = page.locator('.pane:not([hidden]) [role=tabpanel] textarea:not([readonly]):not([disabled])').first();
    await field.waitFor({ state: 'visible', timeout: 15_000 });
    await field.focus();
    await page.keyboard.type(' modifica e2e');
    await page.locator('.tab-item.is-active.is-dirty').waitFor({ state: 'visible' });
    const count = await tabs().count();

    // Alt+W works while typing (it has a modifier) and asks first; Escape keeps the tab.
    await page.keyboard.press('Alt+w');
    const confirm = page.locator('dialog[open][role=alertdialog]');
    await confirm.waitFor({ state: 'visible' });
    await expect(confirm.textContent()).resolves.toContain('Modifiche non salvate');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await tabs().count()).toBe(count);

    await page.keyboard.press('Alt+w');
    await confirm.waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: 'Chiudi senza salvare' }).click();
    await expect.poll(() => tabs().count()).toBe(count - 1);
    const hrefs = await tabs().evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
    expect(hrefs).not.toContain(`/marketing/quotations/detail/${first!.id}`);
  });

  it('a deep link opens its tab after sign-in in a fresh browser', async () => {
    const [first] = quotations;
    const other = await browser.newContext({ locale: 'it-IT' });
    const fresh = await other.newPage();
    try {
      await fresh.goto(`${server.url}/marketing/quotations/detail/${first!.id}`);
      await signIn(fresh, server, DEMO.admin);
      await waitForShell(fresh);
      await fresh.waitForURL(new RegExp(`/marketing/quotations/detail/${first!.id}$`));
      await expect(fresh.locator('[role=tab][aria-selected=true]').getAttribute('href')).resolves.toBe(`/marketing/quotations/detail/${first!.id}`);
    } finally {
      await other.close();
    }
  });

  it('a customer user lands on their own customer and the palette offers only what they may open', async () => {
    const other = await browser.newContext({ locale: 'it-IT' });
    const customer = await other.newPage();
    try {
      await customer.goto(`${server.url}/dashboard`);
      await signIn(customer, server, DEMO.customer1);
      await waitForShell(customer);
      await customer.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
      await customer.keyboard.press('Control+k');
      await customer.locator('[cmdk-dialog]').waitFor({ state: 'visible' });
      await customer.keyboard.type('Utenti');
      await customer.waitForTimeout(400);
      await expect(customer.locator('[cmdk-item]', { hasText: /^Utenti/ }).count()).resolves.toBe(0);
      await expect(customer.locator('.sidebar-link', { hasText: /^Utenti$/ }).count()).resolves.toBe(0);
    } finally {
      await other.close();
    }
  });

  it('service worker: a waiting update shows the notice; Aggiorna reloads once the new worker controls the page', async () => {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    // A new version of the worker (what a new build's registration URL does).
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=e2e-update', { scope: '/' }));
    const notice = page.locator('.notification-update');
    await notice.waitFor({ state: 'visible', timeout: 20_000 });
    await expect(notice.textContent()).resolves.toContain("È disponibile un nuovo aggiornamento. Vuoi procedere con l'installazione?");
    await expect(notice.textContent()).resolves.toContain('Il browser verrà ricaricato automaticamente.');
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Aggiorna' }).click();
    await reloaded;
    await waitForShell();
    await expect(page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).resolves.toContain('v=e2e-update');
  });

  it('an unknown path shows the catch-all page', async () => {
    await page.goto(`${server.url}/nessuna/pagina`);
    await waitForShell();
    await page.locator('.not-found').waitFor({ state: 'visible' });
  });
});
