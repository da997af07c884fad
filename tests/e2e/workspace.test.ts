// The workspace end to end (issue 4), pressing real keys in a real Chromium against the real server
// with real sign-in: palette, route commands by Italian name, record search into tabs, split view,
// reload, deep link, g-sequences, tab keys, shortcut overlay, theme persisted per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, focusOutOfFields, type SignedInSession, signedInSession, signIn, type TestServer } from './harness.ts';
import { nextFrames } from './settle-steps.ts';

let session: SignedInSession;
let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let userId: string;
let quotations: { id: string; code: string }[] = [];

const palette = () => page.locator('[cmdk-dialog]');
// The workspace's tabs only: a record's sections are tabs too, and come and go with its page.
const tabs = () => page.locator('.tab-strip [role=tab]');
const selectedTab = () => page.locator('.tab-strip [role=tab][aria-selected=true]');
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
  // A server of its own: the administrator's workspace as seeded: it counts the tabs it opens.
  session = await signedInSession({ server: { own: true } });
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
    // The tabs are saved shortly after each change, in the user settings on the server: reloaded once
    // they are there (both quotations open, the split remembered).
    await expect
      .poll(async () => {
        const saved = (await (await server.api(`/userSettings?filter[userId]=${userId}`, { token })).json()).data[0]?.attributes ?? {};
        return { tabs: ((saved.openTabs ?? []) as { url: string }[]).map((tab) => tab.url).filter((url) => url.includes('/marketing/quotations/detail/')).sort(), split: Boolean(saved.splitTabUrl) };
      }, { timeout: 15_000, interval: 250 })
      .toEqual({ tabs: [`/marketing/quotations/detail/${first!.id}`, `/marketing/quotations/detail/${second!.id}`].sort(), split: true });
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
    // Typing "g q" in the palette's field is text, not a navigation: the field holds it once the keys
    // are handled, the tab shown is the same (drawn from the same state a navigation would change)
    // and so is the address, which follows the tab right after that drawing.
    await page.keyboard.type('g q');
    await expect.poll(() => palette().locator('[cmdk-input]').inputValue(), { timeout: 10_000 }).toBe('g q');
    await nextFrames(page);
    expect(await selectedTab().getAttribute('href')).toBe('/customers/company');
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
    // The field of this quotation's own panel: in the split view the other side shows the second
    // quotation, whose fields may be ready first (typing there would mark and close the other tab).
    const quotationTab = tabs().and(page.locator(`[href="/marketing/quotations/detail/${first!.id}"]`));
    const panelId = await quotationTab.getAttribute('aria-controls');
    const field = page.locator(`[id="${panelId}"] textarea:not([readonly]):not([disabled])`).first();
    await field.waitFor({ state: 'visible', timeout: 15_000 });
    await field.focus();
    await page.keyboard.type(' modifica e2e');
    await page.locator('.tab-item.is-active.is-dirty').locator(`[href="/marketing/quotations/detail/${first!.id}"]`).waitFor({ state: 'visible' });
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
    await expect
      .poll(() => tabs().evaluateAll((elements) => elements.map((element) => element.getAttribute('href'))))
      .not.toContain(`/marketing/quotations/detail/${first!.id}`);
  });

  it('with many tabs the active one is scrolled into view; the tab list (Alt+L) finds a tab by title, shows it, and Alt+W closes one', async () => {
    const strip = page.locator('.tab-strip');
    /** The selected tab, its «×» included, lies inside the strip's visible width, clear of its edges. */
    const selectedInView = () =>
      page.evaluate(() => {
        const strip = document.querySelector('.tab-strip')!.getBoundingClientRect();
        const tab = document.querySelector('.tab-strip [role=tab][aria-selected=true]')!.closest('.tab-item')!.getBoundingClientRect();
        return tab.left >= strip.left + 4 && tab.right <= strip.right - 4;
      });
    // A morning of deep links: thirty more tabs, opened as the address bar would (back/forward opens a URL's tab).
    const before = await tabs().count();
    await page.evaluate(() => {
      for (let i = 1; i <= 30; i++) {
        window.history.pushState(null, '', `/nessuna/pagina-${i}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
    });
    await expect.poll(() => tabs().count()).toBe(before + 30);
    await expect.poll(() => strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await focusOutOfFields(page);
    await page.keyboard.press('Alt+1');
    await expect.poll(selectedInView).toBe(true);
    await page.keyboard.press('Alt+9');
    await expect.poll(selectedInView).toBe(true);
    // A new tab opened at the strip's end by a deep link widens when its record's title arrives: still whole in view.
    const lastQuotation = quotations.at(-1)!;
    const opened = await tabs().count();
    await page.evaluate((id) => {
      window.history.pushState(null, '', `/marketing/quotations/detail/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, lastQuotation.id);
    const selectedTitle = () => page.evaluate(() => document.querySelector('.tab-strip [role=tab][aria-selected=true]')?.textContent ?? '');
    await expect.poll(selectedTitle, { timeout: 20_000 }).toContain(lastQuotation.code);
    await expect.poll(selectedInView, { timeout: 10_000 }).toBe(true);
    // Closed again if it was new, so the tab list below counts the thirty.
    if ((await tabs().count()) > opened) {
      await page.keyboard.press('Alt+w');
      await expect.poll(() => tabs().count(), { timeout: 10_000 }).toBe(opened);
    }

    // The list: a dialog with a combobox, every open tab, filtered by typing; Enter shows the tab.
    const list = page.locator('dialog.tab-list');
    const options = list.locator('[cmdk-item]');
    await page.keyboard.press('Alt+l');
    await list.waitFor({ state: 'visible' });
    await expect(list.getAttribute('aria-label')).resolves.toBe('Elenco delle schede aperte');
    await expect(list.locator('input[role=combobox]').count()).resolves.toBe(1);
    await expect.poll(() => options.count()).toBe(before + 30);
    await page.keyboard.type('Ordini', { delay: 20 });
    await expect.poll(() => options.first().textContent()).toContain('Ordini');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/marketing\/orders$/);
    await expect.poll(selectedInView).toBe(true);

    // Alt+W inside the list closes the highlighted tab (the key is shown there) and the list stays open.
    await page.keyboard.press('Alt+l');
    await list.waitFor({ state: 'visible' });
    await page.keyboard.type('calendario antincendio', { delay: 20 });
    const calendar = options.filter({ hasText: /^Calendario.*Antincendio/ });
    await expect.poll(() => calendar.getAttribute('data-selected')).toBe('true');
    await expect(calendar.locator('kbd').textContent()).resolves.toContain('Alt+W');
    await page.keyboard.press('Alt+w');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect.poll(() => tabs().count()).toBe(before + 29);
    await expect(tabs().evaluateAll((elements) => elements.map((element) => element.getAttribute('href')))).resolves.not.toContain('/planning/calendar/fire');
    // Closing in the list left the active tab alone.
    await expect(selectedTab().getAttribute('href')).resolves.toBe('/marketing/orders');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // Past the limit of 50 open tabs the least recently used ones close (none has unsaved changes), and an alert says so.
    const more = 52 - (await tabs().count());
    await page.evaluate((n) => {
      for (let i = 1; i <= n; i++) {
        window.history.pushState(null, '', `/nessuna/altra-pagina-${i}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
    }, more);
    await expect.poll(() => tabs().count()).toBe(50);
    await expect(selectedTab().getAttribute('href')).resolves.toBe(`/nessuna/altra-pagina-${more}`);
    await page.getByText(/per restare entro 50 schede aperte/).first().waitFor({ state: 'visible' });

    // The limit is the user's own: «Schede aperte al massimo» 20 on /userSettings, saved on the server, and the next tab closes down to 20.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/userSettings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const limitGroup = page.getByRole('radiogroup', { name: 'Schede aperte al massimo' });
    await limitGroup.waitFor({ state: 'visible', timeout: 15_000 });
    await expect(limitGroup.getByRole('radio', { name: '50' }).isChecked()).resolves.toBe(true);
    await limitGroup.getByRole('radio', { name: '20' }).check();
    await expect
      .poll(async () => (await (await server.api(`/userSettings?filter[userId]=${userId}`, { token })).json()).data[0]?.attributes.tabLimit, { timeout: 10_000 })
      .toBe(20);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/nessuna/ultima-pagina');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => tabs().count()).toBe(20);
    await page.getByText(/per restare entro 20 schede aperte/).first().waitFor({ state: 'visible' });
    // Back to 50 for the journeys after this one.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/userSettings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await limitGroup.getByRole('radio', { name: '50' }).check();
    await expect
      .poll(async () => (await (await server.api(`/userSettings?filter[userId]=${userId}`, { token })).json()).data[0]?.attributes.tabLimit, { timeout: 10_000 })
      .toBe(50);
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
      await expect(fresh.locator('.tab-strip [role=tab][aria-selected=true]').getAttribute('href')).resolves.toBe(`/marketing/quotations/detail/${first!.id}`);
    } finally {
      await other.close();
    }
  });

  it('a customer user lands on its own customer’s portal, with none of the staff workspace: no sidebar, tabs or palette', async () => {
    const other = await browser.newContext({ locale: 'it-IT' });
    const customer = await other.newPage();
    try {
      await customer.goto(`${server.url}/dashboard`);
      await signIn(customer, server, DEMO.customer1);
      await customer.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
      await customer.locator('.portal-app .portal-compliance').waitFor({ state: 'visible', timeout: 30_000 });
      // Ctrl+K does nothing here: the key is handled in its keydown, whose update is drawn before the
      // next frames; the portal has no palette to open (not a hidden one either).
      await customer.keyboard.press('Control+k');
      await nextFrames(customer);
      await expect(customer.locator('[cmdk-dialog]').count()).resolves.toBe(0);
      await expect(customer.locator('.sidebar, .tab-strip, .palette-button').count()).resolves.toBe(0);
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
