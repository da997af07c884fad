// Accessibility (issue 4): axe on every SPEC §2 route that needs no record id, plus the palette
// and the shortcut overlay open; no serious or critical violation anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type TestServer, settledAxe } from './harness.ts';
import { typeInPalette, watchApi, type ApiWatch } from './settle-steps.ts';
import { routes, routeUrl, routeVariants } from '../../src/domain/routes.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let requests: ApiWatch;

const urls = routes
  .filter((route) => !route.needsId && route.path !== '*' && route.layout !== 'empty')
  .flatMap((route) => routeVariants(route).map((params) => routeUrl(route, params)));

interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical violations on the page, or only within `scope` (a selector), without what `skip` selects. */
async function seriousViolations(where: string, scope?: string, skip?: string): Promise<Finding[]> {
  const axe = await settledAxe(page);
  if (scope) axe.include(scope);
  if (skip) axe.exclude(skip);
  const result = await axe.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ where, id: violation.id, impact: violation.impact!, help: violation.help, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
}

/** Opens an app URL as a tab the way a link or back/forward does, without reloading the page. */
async function openInApp(url: string) {
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction((target) => document.querySelector('.tab-strip [role=tab][aria-selected=true]')?.getAttribute('href') === target, url);
  // The screen has loaded: its code (no «Caricamento» of the lazy screen), its data (no grid, card or
  // chart still busy), and every request it made has been answered, with what came back drawn.
  await page
    .waitForFunction(() => !document.querySelector('.pane:not([hidden]) .screen-loading, .pane:not([hidden]) [aria-busy=true]'), undefined, { timeout: 30_000 })
    .catch(async (error: Error) => {
      const busy = await page.evaluate(() => [...document.querySelectorAll('.pane:not([hidden]) .screen-loading, .pane:not([hidden]) [aria-busy=true]')].map((element) => element.outerHTML.slice(0, 160)));
      error.message += `\n${url} still loading: ${JSON.stringify(busy)}`;
      throw error;
    });
  await requests.settled();
}

beforeAll(async () => {
  server = await startServer({ authDisabled: true });
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  requests = watchApi(page);
  await page.goto(`${server.url}/dashboard`);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('accessibility (axe)', () => {
  it(`has no serious or critical violation on the ${urls.length} routes without an id`, async () => {
    const findings: Finding[] = [];
    for (const [index, url] of urls.entries()) {
      await openInApp(url);
      // The shell (header, sidebar, tabs) is the same around every screen: the whole page is analysed on
      // the first and the last route, the screen's own pane on every route. A grid's rows are one
      // component's markup: its header and first five rows are analysed on the other routes (every row
      // took 3-4 s a grid, 1.2-1.3 s so; the 58 routes 127.5 s, of which 115 s axe).
      const wholePage = index === 0 || index === urls.length - 1;
      findings.push(...(await seriousViolations(url, wholePage ? undefined : '.pane:not([hidden])', wholePage ? undefined : '.pane:not([hidden]) [role=row]:nth-child(n+6)')));
      // One tab at a time keeps the page light.
      await page.keyboard.press('Alt+w');
    }
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  }, 600_000);

  it('has none with the palette or the shortcut overlay open', async () => {
    await openInApp('/marketing/quotations');
    await page.keyboard.press('Control+k');
    await page.locator('[cmdk-dialog]').waitFor({ state: 'visible' });
    // Typed, and the record search for it answered: the list is the one for «preventivi».
    await typeInPalette(page, 'preventivi');
    await page.locator('[cmdk-item][data-selected=true]').waitFor({ state: 'visible' });
    // Once the record search has answered, cmdk's active-descendant points at a rendered option
    // (while results arrive it may briefly name the option they replaced).
    await page.waitForFunction(() => {
      const input = document.querySelector('[cmdk-input]');
      const id = input?.getAttribute('aria-activedescendant');
      return !document.querySelector('.palette-status')?.textContent && (!id || document.getElementById(id) !== null);
    });
    const findings = await seriousViolations('palette');
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.locator('dialog.shortcut-help').waitFor({ state: 'visible' });
    findings.push(...(await seriousViolations('shortcut overlay')));
    await page.keyboard.press('Escape');
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });

  it('has none on the maintenance page (empty layout)', async () => {
    await page.goto(`${server.url}/maintenance`);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations('/maintenance')).toEqual([]);
  });
});
