// Dashboards per role end to end (issue 12): the salesman, the planner, the technician and the
// administrator each sign in and find first what they work on; every tile's count is what the list
// API counts for the tile's own grid query, as that user; and, keyboard only, Tab reaches the
// tile with the most rows, Enter opens its grid, and the grid counts the same rows.
// Charts (issue 23): the Commerciale, the Pianificatore and the Amministratore get their charts; with
// Alt+T (keyboard only) each shows its data as a table, and every cell is what the list aggregate API
// answers for the chart's query as that user; axe finds nothing serious with the charts drawn or as tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, signIn, startServer, storedUser, type TestServer, settledAxe } from './harness.ts';
import { buildAbility, type Identity } from '../../src/domain/ability.ts';
import type { AggregateResult } from '../../src/domain/aggregate.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { addMessages, intl } from '../../src/client/i18n/index.ts';
import dashboardMessages from '../../src/client/i18n/messages/dashboard.ts';
import dashboardChartMessages from '../../src/client/i18n/messages/dashboard-charts.ts';
import { cellText, chartTable, chartTexts, dashboardCharts, type ChartId } from '../../src/client/dashboard/chart-specs.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The total of a tile's grid query on the list API, as `token`'s user: the grid routes end with the API type (`/marketing/quotations`). */
async function apiTotal(token: string, href: string): Promise<number> {
  const url = new URL(href, server.url);
  url.searchParams.set('page[size]', '1');
  const response = await server.api(`/${url.pathname.split('/').pop()}${url.search}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

const count = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function dashboardOf(email: string): Promise<{ page: Page; token: string; streamOpen(): boolean; close(): Promise<void> }> {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  // The tab's change stream answered (the server hears notices for it from then on).
  let streamOpen = false;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/events' && response.status() === 200) streamOpen = true;
  });
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, server, email);
  const token = (await storedUser(page))!.user.access_token;
  return { page, token, streamOpen: () => streamOpen, close: () => context.close() };
}

async function checkSection(email: string, section: string, heading: string, tiles: string[]): Promise<void> {
  const { page, token, close } = await dashboardOf(email);
  try {
    const sections = page.locator('.screen-dashboard:visible .dashboard-section');
    await sections.first().waitFor({ timeout: 30_000 });
    // What the user works on comes first.
    await expect.poll(() => sections.first().getAttribute('class')).toContain(`dashboard-${section}`);
    const own = page.locator(`.screen-dashboard:visible .dashboard-${section}`);
    await expect.poll(() => own.locator('h2').textContent()).toBe(heading);
    const cards = own.locator('.dashboard-card');
    await expect.poll(() => cards.evaluateAll((links) => links.map((link) => link.getAttribute('data-tile')))).toEqual(tiles);
    await expect.poll(() => own.locator('.dashboard-card[aria-busy=true]').count(), { timeout: 30_000 }).toBe(0);

    // Each count is the API's total of the tile's grid query, as this user.
    const shown: { id: string; href: string; figure: number }[] = [];
    for (const id of tiles) {
      const card = own.locator(`[data-tile="${id}"]`);
      const href = (await card.getAttribute('href'))!;
      const figure = count(await card.locator('.figure').textContent());
      expect(figure, id).toBe(await apiTotal(token, href));
      shown.push({ id, href, figure });
    }

    const axe = await (await settledAxe(page)).include('.screen-dashboard').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Keyboard: Tab to the tile with the most rows, Enter opens its grid with the same count.
    const target = shown.reduce((best, tile) => (tile.figure > best.figure ? tile : best));
    // The demo data gives every role some work, so the grid's count below compares real rows.
    expect(target.figure).toBeGreaterThan(0);
    for (let i = 0; i < 120; i++) {
      if (await page.evaluate((id) => (document.activeElement as HTMLElement | null)?.dataset.tile === id, target.id)) break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.tile)).toBe(target.id);
    await page.keyboard.press('Enter');
    const grid = page.locator('.data-grid:visible');
    await grid.waitFor({ timeout: 30_000 });
    const gridCount = grid.locator('.data-grid-count');
    await expect.poll(() => gridCount.textContent(), { timeout: 30_000 }).toMatch(/\d+ rig[ah]e?/);
    expect(count(await gridCount.textContent())).toBe(target.figure);
    expect(new URL(page.url()).pathname).toBe(new URL(target.href, server.url).pathname);
  } finally {
    await close();
  }
}

addMessages(dashboardMessages);
addMessages(dashboardChartMessages);

/** A table as the page shows it: its header row, then each row's header and cells. */
async function tableOf(page: Page, id: ChartId): Promise<string[][]> {
  return page.locator(`.screen-dashboard:visible table[data-chart-table="${id}"] tr`).evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())));
}

async function serious(page: Page): Promise<string[]> {
  const axe = await (await settledAxe(page)).include('.screen-dashboard').analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

async function checkCharts(email: string, ids: ChartId[]): Promise<void> {
  const { page, token, close } = await dashboardOf(email);
  try {
    const charts = page.locator('.screen-dashboard:visible .dashboard-charts figure[data-chart]');
    await expect.poll(() => charts.evaluateAll((figures) => figures.map((f) => f.getAttribute('data-chart'))), { timeout: 30_000 }).toEqual(ids);
    await expect.poll(() => page.locator('.screen-dashboard:visible .dashboard-charts figure[aria-busy=true]').count(), { timeout: 30_000 }).toBe(0);
    // The drawings are in (or the chart says it has nothing to draw).
    await expect.poll(() => page.locator('.screen-dashboard:visible .dashboard-chart-canvas[data-drawn=false]').count(), { timeout: 30_000 }).toBe(0);
    expect(await serious(page)).toEqual([]);
    // `E2E_SCREENSHOT_DIR`: the charts as drawn, for review.
    if (process.env.E2E_SCREENSHOT_DIR) await page.locator('.screen-dashboard:visible .dashboard-charts').screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/dashboard-charts-${email.split('@')[0]}.png` });

    // Keyboard only: Alt+T shows every chart as its table.
    await page.keyboard.press('Alt+t');
    await page.locator('.screen-dashboard:visible .dashboard-charts[data-chart-view=table]').waitFor({ timeout: 10_000 });
    expect(await serious(page)).toEqual([]);

    // The charts' queries for this user, as the screen builds them, answered by the API as this user.
    const identity = ((await (await server.api('/identity/authorization', { token })).json()) as Identity[])[0]!;
    const today = businessDay();
    const texts = chartTexts(intl);
    const specs = dashboardCharts(identity, buildAbility(identity.permissions), today);
    expect(specs.map((spec) => spec.id)).toEqual(ids);
    let figures = 0;
    for (const spec of specs) {
      const response = await server.api(`/${spec.type}/aggregate?${new URLSearchParams(spec.query).toString()}`, { token });
      expect(response.status, await response.clone().text()).toBe(200);
      const result = (await response.json()) as AggregateResult;
      const table = chartTable(spec, result, texts, today);
      // Spaces as the page's text is read (the € sign's no-break space included).
      const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
      const expected = table.rows.map((row) => [row.label, ...row.values.map((value, j) => cellText(texts, value, table.columns[j]!, table.estimate))].map(plain));
      const shown = await tableOf(page, spec.id);
      expect(shown[0]!.slice(1), spec.id).toEqual(table.columns.map((column) => column.label));
      expect(shown.slice(1), spec.id).toEqual(expected);
      figures += result.data.reduce((sum, group) => sum + group.count, 0);
    }
    // The demo data gives these roles something to look at.
    expect(figures).toBeGreaterThan(0);

    // Alt+T again: the drawings are back.
    await page.keyboard.press('Alt+t');
    await page.locator('.screen-dashboard:visible .dashboard-charts[data-chart-view=chart]').waitFor({ timeout: 10_000 });
  } finally {
    await close();
  }
}

describe('dashboard charts per role', () => {
  it('the Commerciale: the funnel of my quotations with € by state, issued against accepted per month', async () => {
    await checkCharts(DEMO.salesman, ['quotationFunnel', 'quotationsByMonth']);
  });

  it('the Responsabile commerciale: the same charts over the area’s quotations', async () => {
    await checkCharts(DEMO.salesManager, ['quotationFunnel', 'quotationsByMonth']);
  });

  it('the Pianificatore: deadlines by week and module, the technicians’ load this week, overdue by customer', async () => {
    await checkCharts(DEMO.planner, ['deadlinesByWeek', 'technicianLoad', 'overdueByCustomer']);
  });

  it('the Amministratore: deadlines by week and module, overdue by customer', async () => {
    await checkCharts(DEMO.admin, ['deadlinesByWeek', 'overdueByCustomer']);
  });

  it('the Manutentore: my interventions of this week and the next, per day, to do and closed', async () => {
    await checkCharts(DEMO.maintainer, ['myInterventions']);
  });
});

describe('dashboards per role', () => {
  it('the salesman: my quotations by state, approvals waiting, expiring offers', async () => {
    await checkSection(DEMO.salesman, 'sales', 'I miei preventivi', [
      'myQuotations-draft', 'myQuotations-revision', 'myQuotations-to-be-approved', 'myQuotations-approved', 'myQuotations-issued', 'approvalsWaiting', 'offersExpiring',
    ]);
  });

  it('the planner: overdue deadlines and the interventions to schedule this week', async () => {
    await checkSection(DEMO.planner, 'planning', 'Pianificazione', ['deadlinesOverdue', 'toScheduleThisWeek', 'serviceRequestsNew']);
  });

  it('the technician: my interventions today', async () => {
    await checkSection(DEMO.maintainer, 'field', 'Il mio lavoro di oggi', ['myInterventionsToday']);
  });

  it('the administrator: users and roles changed recently', async () => {
    await checkSection(DEMO.admin, 'admin', 'Amministrazione', ['usersChanged', 'rolesChanged']);
  });

  it('follows a change of the user’s role at once, without a reload', async () => {
    const admin = await dashboardOf(DEMO.admin);
    const salesman = await dashboardOf(DEMO.salesman);
    let restore: (() => Promise<Response>) | undefined;
    try {
      const sales = salesman.page.locator('.screen-dashboard:visible .dashboard-sales');
      await sales.waitFor({ timeout: 30_000 });
      await expect.poll(() => salesman.streamOpen(), { timeout: 30_000 }).toBe(true);
      // A mark a reload would wipe.
      await salesman.page.evaluate(() => Object.assign(window, { beforeRoleChange: true }));
      const roles = (await (await server.api('/roles?filter[fullText]=Commerciale&page[size]=10', { token: admin.token })).json()) as { data: { id: string; attributes: { name: string; permissions: { subject: string | string[] }[] }; metadata: { lastUpdatedDateTime: string } }[] };
      const role = roles.data.find((r) => r.attributes.name === 'Commerciale')!;
      // The administrator withdraws the quotations from the role.
      const permissions = role.attributes.permissions.filter((rule) => ![rule.subject].flat().some((subject) => subject.startsWith('quotation')));
      const changed = await server.api(`/roles/${role.id}`, {
        token: admin.token,
        method: 'PATCH',
        headers: { 'content-type': 'application/merge-patch+json', 'if-match': `"${role.metadata.lastUpdatedDateTime}"` },
        body: JSON.stringify({ attributes: { permissions } }),
      });
      expect(changed.status, await changed.clone().text()).toBe(200);
      // The role as it was once the test ends: the files after this one share the server (global-setup.ts).
      const withdrawn = ((await changed.json()) as { data: { metadata: { lastUpdatedDateTime: string } } }).data.metadata.lastUpdatedDateTime;
      restore = () =>
        server.api(`/roles/${role.id}`, {
          token: admin.token,
          method: 'PATCH',
          headers: { 'content-type': 'application/merge-patch+json', 'if-match': `"${withdrawn}"` },
          body: JSON.stringify({ attributes: { permissions: role.attributes.permissions } }),
        });
      await salesman.page.getByText('I tuoi permessi sono cambiati').waitFor({ timeout: 15_000 });
      await expect.poll(() => sales.count()).toBe(0);
      expect(await salesman.page.evaluate(() => (window as unknown as { beforeRoleChange?: boolean }).beforeRoleChange)).toBe(true);
    } finally {
      if (restore) {
        const restored = await restore();
        expect(restored.status, await restored.clone().text()).toBe(200);
      }
      await salesman.close();
      await admin.close();
    }
  });
});
