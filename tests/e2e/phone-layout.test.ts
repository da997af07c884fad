// The technician's screens on a phone (issue 25 «On a phone»): at 360×740 with touch, as the demo
// Manutentore, the dashboard, today's interventions (opened from its card, by a tap), one of them
// (opened from the list, by a tap) and its checklist never scroll sideways, and every visible button,
// link, field and choice is at least 44 px each way. A tap on a control's «Conforme» records the check
// (read back through the API); «Non conforme» opens the anomaly's form within the screen. The sync centre,
// from the header's indicator, too. No serious or critical axe finding. On a desktop, the shell is as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { machineStateLabels } from '../../src/domain/machines/index.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, DEMO, signIn, signedInSession, type SignedInSession, settledAxe } from './harness.ts';
import { checklistRows, stateBadge, type Entity, type PlannedRow } from './journeys/intervention-steps.ts';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const MIN_TARGET = 44;

let session: SignedInSession;
let page: Page;

beforeAll(async () => {
  // A server of its own: the technician's interventions of today as seeded.
  session = await signedInSession({ email: DEMO.maintainer, contextOptions: PHONE, server: { own: true } });
  page = session.page;
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

const get = <T>(pathAndQuery: string) => apiData<T>(session.server, session.token, pathAndQuery);

/** Whether the page scrolls sideways (the tab strip and the grids scroll inside themselves, never the page). */
const pageScrollsSideways = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

/**
 * Every control a finger may aim at, shown now (in the shell and the active tab, on screen or
 * below it): buttons, links, fields, choices; a checkbox or radio by its label. `what (w×h)` for those
 * under 44 px in either dimension.
 */
async function smallTargets(p: Page): Promise<string[]> {
  // Measured at rest: a tab's opening slide (a translateY) puts float noise in the boxes it moves (43.99… for 44).
  await p.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))));
  return p.evaluate((min) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none' || Number(style.opacity) === 0) return false;
      // Out of sight by design: a skip link above the page until focused, the sidebar drawer while closed.
      return box.bottom > 0 && box.right > 0 && box.left < window.innerWidth && !element.closest('[hidden], [inert], [aria-hidden="true"]:not(.tab-close)');
    };
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}»`;
    const targets = new Set<Element>();
    for (const element of document.querySelectorAll('button, a[href], input, select, textarea, summary, [role=tab], [role=button], .tab-close')) {
      if (element.matches('input[type=checkbox], input[type=radio]')) targets.add(element.closest('label') ?? element);
      else if (!element.matches('input[type=hidden], input[type=file]')) targets.add(element);
    }
    const small: string[] = [];
    for (const element of targets) {
      if (!shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width < min || box.height < min) small.push(`${name(element)} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    return small;
  }, MIN_TARGET);
}

/** The screen's layout facts at once, so a failure lists every offender. */
async function expectTouchLayout(p: Page, screen: string): Promise<void> {
  expect({ screen, sideways: await pageScrollsSideways(p), small: await smallTargets(p) }).toEqual({ screen, sideways: false, small: [] });
}

async function expectNoSeriousAxe(p: Page, selector: string): Promise<void> {
  const axe = await (await settledAxe(p)).include(selector).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** One of the technician's interventions of today, running or about to, with an open control to check. */
async function interventionOfToday(): Promise<{ assignment: Entity; row: PlannedRow }> {
  const identity = await session.server.api('/identity/authorization', { token: session.token });
  expect(identity.status).toBe(200);
  const [me] = (await identity.json()) as { id: string }[];
  const today = businessDay();
  const assignments = await get<Entity[]>(`/assignments?filter[operatorIds]=${me!.id}&filter[state]=scheduled,running,paused&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  for (const assignment of assignments) {
    const [row] = await checklistRows(session.server, session.token, assignment);
    if (row) return { assignment, row };
  }
  throw new Error('The demo data has no intervention of today for the technician with a control to check');
}

describe('the technician on a phone (360×740, touch)', () => {
  it('dashboard, today’s interventions, the intervention, its checklist and the sync centre: no sideways scroll, 44 px targets, a tap records a check', async () => {
    const { assignment, row } = await interventionOfToday();
    const code = String(assignment.attributes.code);

    // The dashboard: the card of today's interventions.
    const card = page.locator('.dashboard-card', { hasText: 'Miei interventi di oggi' });
    await card.waitFor({ timeout: 30_000 });
    expect(await page.locator('.sidebar').evaluate((nav) => nav.getBoundingClientRect().right <= 0)).toBe(true);
    await expectTouchLayout(page, 'dashboard');
    await expectNoSeriousAxe(page, '.workspace-main');

    // The sidebar opens behind the menu button, by a tap, and closes the same way.
    const menu = page.getByRole('button', { name: 'Apri il menu' });
    await menu.tap();
    await expect.poll(() => page.locator('.sidebar').evaluate((nav) => Math.round(nav.getBoundingClientRect().left))).toBe(0);
    await expectTouchLayout(page, 'sidebar');
    await menu.tap();
    await expect.poll(() => page.locator('.sidebar').evaluate((nav) => nav.getBoundingClientRect().right <= 0)).toBe(true);

    // Today's interventions, from the card; the intervention from its row.
    await card.tap();
    const link = page.locator('.pane:not([hidden]) .data-grid-row a', { hasText: code }).first();
    await link.waitFor({ timeout: 30_000 });
    await expectTouchLayout(page, 'today’s interventions');
    await link.tap();
    await page.waitForURL((url) => url.pathname.startsWith(`/planning/assignments/${assignment.id}`), { timeout: 30_000 });
    const checklist = page.locator('.intervention-checklist:visible');
    await checklist.waitFor({ timeout: 30_000 });
    if (assignment.attributes.state !== 'running') {
      await page.locator(`[data-command="transition.assignments.${assignment.attributes.state === 'paused' ? 'resume' : 'start'}"]:visible`).first().tap();
      await expect.poll(() => stateBadge(page).textContent(), { timeout: 15_000 }).toBe(machineStateLabels.assignments.running);
    }
    await expectTouchLayout(page, 'intervention');
    await expectNoSeriousAxe(page, '.intervention-detail');

    // The control's row, tapped: it becomes the current one and shows its buttons; «Conforme», tapped.
    const controlRow = checklist.locator(`[data-row="${row.key}"]`);
    await controlRow.locator('.intervention-control-head').tap();
    const pass = controlRow.locator('[data-command="intervention.pass"]');
    await pass.waitFor({ timeout: 15_000 });
    await expectTouchLayout(page, 'checklist row');
    // Stacked: the row's buttons and its note one under the other, inside the screen.
    const note = controlRow.locator('input[type=text]');
    const [passBox, noteBox] = [await pass.boundingBox(), await note.boundingBox()];
    expect(noteBox!.y).toBeGreaterThanOrEqual(passBox!.y + passBox!.height);
    expect(noteBox!.x + noteBox!.width).toBeLessThanOrEqual(360);
    await pass.tap();
    await expect.poll(() => controlRow.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('passed');
    const [activityId, controlId] = row.key.split(':');
    await expect.poll(async () => (await get<Entity[]>(`/checks?filter[assignmentActivityId]=${activityId}&filter[controlId]=${controlId}&sort=-checkedDateTime&page[size]=1`))[0]?.attributes.passed, { timeout: 15_000 }).toBe(true);

    // Recorded, the row offers its photo: the attachments' controls are touch-sized too.
    await controlRow.locator('.files-panel').waitFor({ timeout: 15_000 });
    await expectTouchLayout(page, 'checklist row with its check');
    await expectNoSeriousAxe(page, '.intervention-checklist');

    // «Non conforme», tapped: the anomaly's form opens in the row, stacked and inside the screen; «Non ora» closes it.
    await controlRow.locator('[data-command="intervention.fail"]').tap();
    await expect.poll(() => controlRow.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('failed');
    const anomalyForm = controlRow.locator('.intervention-anomaly-form');
    await anomalyForm.waitFor({ timeout: 15_000 });
    await expectTouchLayout(page, 'anomaly form');
    const textarea = await anomalyForm.locator('textarea').boundingBox();
    expect(textarea!.x + textarea!.width).toBeLessThanOrEqual(360);
    await anomalyForm.getByRole('button', { name: 'Non ora' }).tap();
    await anomalyForm.waitFor({ state: 'detached', timeout: 10_000 });

    // The sync centre, from the header's indicator.
    await page.locator('.app-header .sync-indicator').tap();
    await page.locator('.pane:not([hidden]) .sync-centre').waitFor({ timeout: 30_000 });
    await expectTouchLayout(page, 'sync centre');
    await expectNoSeriousAxe(page, '.sync-centre');
  });

  it('the desktop is as before: the sidebar beside the page, no menu button, tabs of the desktop height', async () => {
    const context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
    try {
      const desktop = await context.newPage();
      await desktop.goto(`${session.server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
      await signIn(desktop, session.server, DEMO.maintainer);
      await desktop.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(await desktop.locator('.sidebar').evaluate((nav) => nav.getBoundingClientRect().left)).toBe(0);
      expect(await desktop.locator('.menu-button').isVisible()).toBe(false);
      expect(await desktop.locator('.palette-button kbd').isVisible()).toBe(true);
      expect((await desktop.locator('[role=tab]').first().boundingBox())!.height).toBeLessThan(MIN_TARGET);
    } finally {
      await context.close();
    }
  });
});
