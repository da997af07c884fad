// The map of a customer's sites on its overview (issue 23), in a real Chromium against the real server,
// with no network beyond it: the server has no tile source (MAP_TILE_URL empty) and the browser aborts
// any request elsewhere, and the test fails if one was tried. The administrator opens a demo customer
// with office locations: one marker per site with coordinates, named by it; the table beside the map
// lists the same sites; a site is reached and opened by keyboard from its marker, and from the table;
// axe finds nothing serious or critical on the overview with the map drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, pressUntil, settledAxe, signedInSession, type SignedInSession } from './harness.ts';

interface Entity {
  id: string;
  attributes: Record<string, any>;
  metadata: Record<string, any>;
}

let session: SignedInSession;
const outside: string[] = [];

beforeAll(async () => {
  session = await signedInSession({ server: { env: { MAP_TILE_URL: '' } } });
  const origin = new URL(session.server.url).origin;
  await session.context.route((url) => url.origin !== origin, async (route) => {
    outside.push(route.request().url());
    await route.abort('blockedbyclient');
  });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

const placed = (site: Entity) => typeof site.attributes.registeredOffice?.latitude === 'number' && typeof site.attributes.registeredOffice?.longitude === 'number';
const focused = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

describe('the map of a customer’s sites', () => {
  it('shows a named marker per site with coordinates, reachable by keyboard, and axe finds nothing serious', async () => {
    const { page, server, token } = session;
    // The demo customer with the most office locations (the seed gives the first demo customer two).
    const sites = await apiData<Entity[]>(server, token, '/customers?has[parentId]=true&page[size]=500');
    const byParent = Map.groupBy(sites, (site) => String(site.attributes.parentId));
    const [customerId, own] = [...byParent].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(own.length, 'a customer with two sites at least').toBeGreaterThanOrEqual(2);
    const withCoordinates = own.filter(placed);
    expect(withCoordinates.length, 'the seed gives its sites coordinates').toBe(own.length);

    await page.goto(`${server.url}/customers/${customerId}`, { waitUntil: 'commit' });
    const map = page.locator('.customer-page:visible [data-sites-map]');
    const canvas = map.locator('.sites-map-canvas[data-drawn=true]');
    await canvas.waitFor({ timeout: 30_000 });

    // The region is named, with one marker per placed site, each named by its site.
    expect(await canvas.getAttribute('role')).toBe('region');
    expect(await canvas.getAttribute('aria-label')).toMatch(/^Mappa delle sedi: \d+ sed[ei] con coordinate/);
    const markers = canvas.locator('.leaflet-marker-icon');
    await expect.poll(() => markers.count()).toBe(withCoordinates.length);
    const names = withCoordinates.map((site) => String(site.metadata.displayName)).sort();
    expect((await markers.evaluateAll((all) => all.map((m) => m.getAttribute('aria-label')))).sort()).toEqual(names);
    expect(await markers.evaluateAll((all) => all.map((m) => m.getAttribute('role')))).toEqual(withCoordinates.map(() => 'link'));
    // No tiles were asked for; the note says the background is plain. Zoom buttons speak Italian.
    expect(await canvas.locator('.leaflet-tile').count()).toBe(0);
    await map.getByText('Mappa senza sfondo cartografico').waitFor();
    expect(await canvas.locator('.leaflet-control-zoom a').evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))).toEqual(['Ingrandisci la mappa', 'Riduci la mappa']);
    // The text alternative: the same sites in the table, by name, with their address and coordinates.
    const rows = map.locator('[data-sites-table] tbody tr');
    expect(await rows.count()).toBe(withCoordinates.length);
    expect((await rows.locator('th a').allTextContents()).sort()).toEqual(names);
    expect(await map.locator('[data-sites-unplaced]').count()).toBe(0);

    const result = await (await settledAxe(page)).include('.customer-page').analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // By keyboard: from the section's tab, Tab reaches the map's markers; Enter on one opens its site.
    await page.locator('.customer-page:visible [role=tab][aria-selected=true]').focus();
    await pressUntil(page, 'Tab', () => focused(page, '.sites-map-canvas .leaflet-marker-icon'), 60);
    const siteId = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.site);
    expect(own.map((site) => site.id)).toContain(siteId);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${siteId}`, { timeout: 15_000 });

    // Back on the customer (its tab is still open): Tab goes on from the map into the table, whose links open the sites too.
    await page.goto(`${server.url}/customers/${customerId}`, { waitUntil: 'commit' });
    await canvas.waitFor({ timeout: 30_000 });
    await page.locator('.customer-page:visible [role=tab][aria-selected=true]').focus();
    await pressUntil(page, 'Tab', () => focused(page, '[data-sites-table] a'), 80);
    const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href, { timeout: 15_000 });

    expect(outside, 'no request left the test server').toEqual([]);
  });
});

describe('the map’s tiles from the configuration', () => {
  it('draws the tiles MAP_TILE_URL names (served here by the test, nothing leaves it) with their credit, and stays axe-clean', async () => {
    const tiled = await signedInSession({ server: { env: { MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Tessere di prova <b>' } } });
    try {
      const { page, server, token, context } = tiled;
      const origin = new URL(server.url).origin;
      // A blank 1×1 PNG for every tile; any other request elsewhere is refused and noted.
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');
      const tiles: string[] = [];
      const elsewhere: string[] = [];
      await context.route((url) => url.origin !== origin, async (route) => {
        const url = route.request().url();
        if (url.startsWith('https://tiles.example.test/')) {
          tiles.push(url);
          await route.fulfill({ status: 200, contentType: 'image/png', body: png });
        } else {
          elsewhere.push(url);
          await route.abort('blockedbyclient');
        }
      });
      const sites = await apiData<Entity[]>(server, token, '/customers?has[parentId]=true&page[size]=500');
      const customerId = String(sites[0]!.attributes.parentId);
      await page.goto(`${server.url}/customers/${customerId}`, { waitUntil: 'commit' });
      const canvas = page.locator('.customer-page:visible [data-sites-map] .sites-map-canvas[data-drawn=true]');
      await canvas.waitFor({ timeout: 30_000 });
      await expect.poll(() => canvas.locator('img.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(tiles.every((url) => /^https:\/\/tiles\.example\.test\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
      // The credit is plain text (its markup shown, not applied), and the plain-background note is gone.
      expect(await canvas.locator('.leaflet-control-attribution').textContent()).toBe('© Tessere di prova <b>');
      expect(await page.locator('.customer-page:visible [data-sites-map]').getByText('Mappa senza sfondo cartografico').count()).toBe(0);
      const result = await (await settledAxe(page)).include('.customer-page').analyze();
      expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(elsewhere).toEqual([]);
    } finally {
      await tiled.close();
    }
  });
});
