// The planner's day (issue 22 "Every role's day works end to end"), keyboard only, as the demo
// Pianificatore, under the journey guard (no console error, no refused answer it did not ask for):
//  - the deadlines worklist: three overdue deadlines of one customer become an intervention («Crea
//    intervento», i); the intervention opens with its activities, no «Impossibile caricare» and no 403
//    (the planner reads no controls, checks or anomalies: the checklist leaves them out);
//  - back on the worklist, those deadlines show the intervention's code as a link, and «Crea
//    intervento» is off on them with the reason (i says it, and sends nothing);
//  - the board: the new card waits in the backlog, whole code shown; ↓ in a one-card backlog stays
//    put; picked up with Space and moved to next Saturday, Enter asks first (a weekend): Esc keeps the
//    card in hand, Enter again and Enter on «Pianifica comunque» schedule it there;
//  - the month view after «Oggi» (m, o): every card the header counts is visible once its day is
//    scrolled to (the days past the first screen were blank), each showing its whole code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import workspaceMessages from '../../../src/client/i18n/messages/workspace.ts';
import { businessDay } from '../../../src/domain/business-day.ts';
import { daysBetween } from '../../../src/domain/rules/calendar.ts';
import { nextWeekday, romeWallClock } from '../../../src/domain/rules/planning.ts';
import { activeCardCode, apiData, DEMO, focusOutOfFields, openFromPalette, pressKeys, signedInSession, type SignedInSession, type Entity } from '../harness.ts';
import { createInterventionFromOverdueDeadlines, focusedIs, tabUntil } from '../deadline-steps.ts';
import { guardJourney } from './guard.ts';

let session: SignedInSession;

beforeAll(async () => {
  // Tall enough that every technician's lane of the demo module is drawn at once (the lanes are virtualized).
  // A server of its own: the seeded overdue deadlines still unplanned (other files plan them).
  session = await signedInSession({ email: DEMO.planner, viewport: { width: 1400, height: 1300 }, server: { own: true } });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await session?.close();
});

/** Scrolls the month's lanes to each day in turn; answers the cards drawn, those seen (hit by the pointer) and those whose code is cut. */
function monthCards(page: Page) {
  return page.evaluate(async () => {
    const board = [...document.querySelectorAll<HTMLElement>('.screen-board')].find((el) => el.offsetParent !== null)!;
    const scroller = board.querySelector<HTMLElement>('.board-lanes')!;
    const heads = [...board.querySelectorAll<HTMLElement>('.board-head .board-day-head')];
    const names = board.querySelector<HTMLElement>('.board-head .board-lane-name')!.offsetWidth;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const drawn = new Set<string>();
    const seen = new Set<string>();
    const cut: string[] = [];
    const allLanesDrawn = scroller.scrollHeight <= scroller.clientHeight + 1;
    for (const head of heads) {
      scroller.scrollLeft = Math.max(0, head.offsetLeft - names);
      await frame();
      await frame();
      const day = [...heads].indexOf(head);
      for (const card of board.querySelectorAll<HTMLElement>('.board-lane .board-card')) {
        const cell = card.closest<HTMLElement>('[data-day]')!;
        if ([...cell.parentElement!.children].indexOf(cell) - 1 !== day) continue;
        drawn.add(card.id);
        const box = card.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit && (hit === card || card.contains(hit))) seen.add(card.id);
        if (card.scrollWidth > card.clientWidth + 1) cut.push(card.dataset.code ?? card.id);
      }
    }
    return { drawn: drawn.size, seen: seen.size, cut, allLanesDrawn, days: heads.length };
  });
}

describe('Pianificatore: worklist → intervention → board', () => {
  it('plans overdue deadlines, opens the intervention, schedules it on a Saturday after the warning, and sees the whole month', async () => {
    const { page, server, token } = session;
    const guard = guardJourney(page);

    // The worklist: three overdue deadlines of one customer become their intervention (i), which opens.
    const { assignmentId, selectedIds } = await createInterventionFromOverdueDeadlines(page, server, token);
    const created = await apiData<Entity>(server, token, `/assignments/${assignmentId}`);
    const code = String(created.attributes.code);
    expect(code).toMatch(/^INT-\d{4}-\d{5}$/);
    const module = String(created.attributes.module);

    // The intervention: its activities, and no load error (the planner reads no controls or anomalies).
    const activities = page.locator('.intervention-activities:visible');
    await activities.waitFor({ timeout: 15_000 });
    await expect.poll(() => activities.locator('.intervention-activity').count(), { timeout: 15_000 }).toBe(selectedIds.length);
    expect(await activities.textContent()).not.toContain('Impossibile caricare');
    await guard.expectAccessible('the new intervention');

    // Back on the worklist (g s): the planned deadlines show the intervention's code, a link to it.
    await focusOutOfFields(page);
    await pressKeys(page, 'g', 's');
    await page.waitForURL((url) => url.pathname === '/planning/physicalActivities');
    const grid = page.locator('[role=grid]:visible');
    for (const id of selectedIds) {
      const row = grid.locator('[role=row]', { has: page.locator(`a[href$="${id}"]`) });
      await expect.poll(() => row.locator('a.deadline-planned').textContent(), { timeout: 15_000 }).toBe(code);
    }
    expect(await grid.locator('a.deadline-planned').first().getAttribute('href')).toContain(assignmentId);
    // «Crea intervento» is off on a planned deadline, with the reason; i says it and sends nothing.
    await tabUntil(page, 'Tab', focusedIs(page, "el?.getAttribute('role') === 'grid'"));
    await pressKeys(page, 'Home');
    const plan = page.locator('.data-grid-actions:visible button', { hasText: 'Crea intervento' });
    await expect.poll(() => plan.isDisabled()).toBe(true);
    expect(await page.locator('.data-grid-actions:visible .data-grid-action-reason').textContent()).toContain('già pianificata in un intervento');
    await pressKeys(page, 'i');
    await expect.poll(() => page.locator('.alert-stack .alert:visible').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('già pianificata in un intervento')]));
    await guard.expectAccessible('the worklist with planned deadlines');

    // The board of the intervention's module, from the palette.
    await focusOutOfFields(page);
    await openFromPalette(page, `Calendario ${workspaceMessages[`nav.param.moduleName.${module}` as keyof typeof workspaceMessages]}`);
    await page.waitForURL((url) => url.pathname === `/planning/calendar/${module}`);
    await page.locator('.screen-board:visible .board-lane').first().waitFor({ timeout: 15_000 });
    await guard.expectItalian('the week board');
    // Its backlog search, then its code: the only card left there, the whole code shown.
    await tabUntil(page, 'Tab', focusedIs(page, "el?.type === 'search' && Boolean(el.closest('.screen-board'))"));
    await page.keyboard.type(code);
    const backlogCards = page.locator('.screen-board:visible .board-backlog .board-card');
    await expect.poll(() => backlogCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code')))).toEqual([code]);
    expect(await backlogCards.locator('.board-card-code').evaluate((el) => el.scrollWidth <= el.clientWidth && el.textContent)).toBe(code);
    await pressKeys(page, 'Tab');
    const activeCode = () => activeCardCode(page);
    const inBacklog = focusedIs(page, "el?.getAttribute('role') === 'application' && el.classList.contains('board-backlog')");
    await expect.poll(activeCode).toBe(code);
    // ↓ in a one-card backlog stays on it, in the backlog.
    await pressKeys(page, 'ArrowDown', 'ArrowDown');
    expect(await inBacklog()).toBe(true);
    expect(await activeCode()).toBe(code);

    // Space picks it up (today, first technician); → to next Saturday; Enter asks first.
    const today = businessDay();
    const saturday = nextWeekday(today, 6);
    await pressKeys(page, 'Space');
    for (let i = 0; i < daysBetween(today, saturday); i++) await pressKeys(page, 'ArrowRight');
    const moving = page.locator(`.screen-board:visible .board-cell[data-day="${saturday}"] .board-card.is-moving`);
    await moving.waitFor();
    const warning = page.locator('[role=alertdialog]:visible');
    await pressKeys(page, 'Enter');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('non è un giorno lavorativo');
    await guard.expectAccessible('the weekend warning');
    // Esc: nothing written, the card still in hand on Saturday.
    await pressKeys(page, 'Escape');
    await warning.waitFor({ state: 'hidden' });
    expect(await moving.count()).toBe(1);
    expect((await apiData<Entity>(server, token, `/assignments/${assignmentId}`)).attributes.state).toBe('open');
    // Enter again, and Enter on «Pianifica comunque».
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('board-lanes') ?? false)).toBe(true);
    await pressKeys(page, 'Enter');
    await warning.waitFor();
    await pressKeys(page, 'Enter');
    await warning.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await apiData<Entity>(server, token, `/assignments/${assignmentId}`)).attributes.state).toBe('scheduled');
    const stored = await apiData<Entity>(server, token, `/assignments/${assignmentId}`);
    expect(romeWallClock(String(stored.attributes.plannedStartDateTime)).day).toBe(saturday);

    // The week's cards show their whole code too.
    const weekCodes = page.locator('.screen-board.board-week:visible .board-lane .board-card-code');
    await expect.poll(() => weekCodes.count()).toBeGreaterThan(0);
    expect(await weekCodes.evaluateAll((codes) => codes.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent))).toEqual([]);

    // The month view after «Oggi»: every card the header counts is seen when its day is in view, its code whole.
    await pressKeys(page, 'm', 'o');
    await page.waitForURL((url) => url.searchParams.get('view') === 'month' && url.searchParams.get('day') === today);
    await page.locator('.screen-board.board-month:visible .board-lane .board-card').first().waitFor({ timeout: 15_000 });
    const status = page.locator('.screen-board:visible .board-status');
    const countOf = async () => Number(/([\d.]+) interventi? nel periodo/.exec((await status.textContent()) ?? '')?.[1]?.replace(/\./g, '') ?? NaN);
    await expect.poll(countOf, { timeout: 15_000 }).toBeGreaterThan(0);
    const counted = await countOf();
    const month = await monthCards(page);
    expect(month.allLanesDrawn).toBe(true);
    expect(month.days).toBeGreaterThanOrEqual(28);
    expect({ drawn: month.drawn, seen: month.seen, cut: month.cut }).toEqual({ drawn: counted, seen: counted, cut: [] });
    await guard.expectAccessible('the month view');
    guard.expectClean();
  });
});
