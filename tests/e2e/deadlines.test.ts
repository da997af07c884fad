// The deadlines worklist (issue 11 "Deadlines worklist"), keyboard only, as the demo planner: the
// grid opens with g s, full-text search finds a customer's deadlines, the "Scadute" window keeps the
// overdue ones, x selects three, and i ("Crea intervento") makes their intervention and opens it;
// staffed with a technician, the «Operatore» filter then keeps that technician's deadlines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInSession, type SignedInSession } from './harness.ts';
import { createInterventionFromOverdueDeadlines, focusedIs, listOf, tabUntil, type Deadline } from './deadline-steps.ts';
import { apiData, focusOutOfFields, pressKeys } from './harness.ts';

let session: SignedInSession;
/** The intervention the first test made, and its deadlines. */
let madeByKeys: { assignmentId: string; selectedIds: string[] } | undefined;

beforeAll(async () => {
  // A server of its own: the seeded overdue deadlines still unplanned (other files plan them).
  session = await signedInSession({ email: DEMO.planner, server: { own: true } });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('deadlines worklist', () => {
  it('selects three overdue deadlines of one customer and creates their intervention by keys', async () => {
    const { server, page, token } = session;
    const { assignmentId, selectedIds } = await createInterventionFromOverdueDeadlines(page, server, token);
    madeByKeys = { assignmentId, selectedIds };
    const activities = await listOf(server, token, 'assignmentActivities', `filter[assignmentId]=${assignmentId}`);
    expect(activities).toHaveLength(3);
    const planned = await listOf<Deadline>(server, token, 'physicalActivities', `ids=${selectedIds.join(',')}`);
    expect(planned.map((d) => d.relationships.assignmentActivityId).toSorted()).toEqual(activities.map((a) => a.id).toSorted());
  });

  it('groups the worklist by customer and site, with the counts per window in the header equal to the API\'s', async () => {
    const { server, page, token } = session;
    await focusOutOfFields(page);
    await pressKeys(page, 'g', 's');
    await page.waitForURL((url) => url.pathname === '/planning/physicalActivities');
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor();
    // The counts use the grid's own filters (here what the first test typed), whatever window is shown.
    const fullText = new URL(page.url()).searchParams.get('filter[fullText]');
    const counted = async (window: string) => {
      const response = await server.api(`/physicalActivities?filter[due]=${window}&page[size]=1${fullText ? `&filter[fullText]=${encodeURIComponent(fullText)}` : ''}`, { token });
      return ((await response.json()) as { meta: { total: number } }).meta.total;
    };
    for (const window of ['expired', 'thisMonth', 'next90']) {
      const expected = (await counted(window)).toLocaleString('it-IT');
      await expect.poll(() => page.locator(`.deadline-count.is-${window}:visible .deadline-count-value`).textContent()).toBe(expected);
    }
    // Pressing "Scadute" (Enter on it) switches that window on or off.
    const expired = page.locator('.deadline-count.is-expired:visible');
    const wasOn = (await expired.getAttribute('aria-pressed')) === 'true';
    await tabUntil(page, 'Shift+Tab', focusedIs(page, "el?.classList.contains('deadline-count') && el.classList.contains('is-expired')"));
    await pressKeys(page, 'Enter');
    await page.waitForURL((url) => (url.searchParams.get('filter[due]') === 'expired') !== wasOn);
    await expect.poll(() => expired.getAttribute('aria-pressed')).toBe(String(!wasOn));

    // Sorted by customer, then site: a group starts exactly where the customer or the site changes.
    await expect.poll(() => grid.locator('[role=row].is-group-start').count()).toBeGreaterThan(0);
    const rows = await grid.locator('[role=row][aria-rowindex]:not([aria-busy])').evaluateAll((elements) =>
      elements
        .filter((row) => row.getAttribute('aria-rowindex') !== '1')
        .map((row) => ({
          index: Number(row.getAttribute('aria-rowindex')),
          group: [...row.querySelectorAll('[role=gridcell]')].slice(0, 2).map((cell) => cell.textContent).join('|'),
          start: row.classList.contains('is-group-start'),
          repeats: row.querySelectorAll('.is-repeat').length,
        }))
        .sort((a, b) => a.index - b.index),
    );
    expect(rows.length).toBeGreaterThan(1);
    rows.forEach((row, i) => {
      const before = rows[i - 1];
      if (!before || before.index !== row.index - 1) return;
      expect(row.start, `row ${row.index}`).toBe(row.group !== before.group);
      expect(row.repeats, `row ${row.index}`).toBe(row.start ? 0 : 2);
    });
  });

  it('filters by operator: the «Operatore» picker offers the staff of the module, and keeps the deadlines of their interventions', async () => {
    const { server, page, token } = session;
    expect(madeByKeys, 'the first test made an intervention').toBeDefined();
    const { assignmentId, selectedIds } = madeByKeys!;
    // The planner staffs the intervention with a technician allowed on its module.
    const assignment = await apiData<{ attributes: { module: string }; metadata: { lastUpdatedDateTime: string } }>(server, token, `/assignments/${assignmentId}`);
    const staff = await listOf<{ id: string; attributes: { displayName: string; isMainteiner?: boolean } }>(server, token, 'users', `filter[userType]=siv,external&filter[moduleName]=${assignment.attributes.module}&filter[isMainteiner]=true&page[size]=50`);
    const technician = staff[0]!;
    expect(technician, 'a demo technician on the module').toBeDefined();
    const staffed = await server.api(`/assignments/${assignmentId}`, {
      token,
      method: 'PATCH',
      body: JSON.stringify({ relationships: { operatorIds: [technician.id], operatorInChargeId: technician.id } }),
      headers: { 'content-type': 'application/json', 'if-match': `"${assignment.metadata.lastUpdatedDateTime}"` },
    });
    expect(staffed.status, await staffed.clone().text()).toBe(200);

    await focusOutOfFields(page);
    await pressKeys(page, 'g', 's');
    await page.waitForURL((url) => url.pathname === '/planning/physicalActivities');
    // The filters, by keyboard: Tab to «Filtri», Enter (unless they are shown), then to «Operatore».
    const picker = page.getByRole('combobox', { name: 'Operatore' });
    if (!(await picker.isVisible())) {
      await tabUntil(page, 'Tab', focusedIs(page, "el?.tagName === 'BUTTON' && el.textContent.startsWith('Filtri')"));
      await pressKeys(page, 'Enter');
    }
    await picker.waitFor({ timeout: 15_000 });
    await tabUntil(page, 'Tab', focusedIs(page, "el?.getAttribute('role') === 'combobox' && el.labels?.[0]?.textContent === 'Operatore'"), 200);
    await page.keyboard.type(technician.attributes.displayName.split(' ')[0]!, { delay: 20 });
    const option = page.getByRole('option', { name: technician.attributes.displayName }).first();
    await option.waitFor({ timeout: 15_000 });
    // The options are staff of the module only (the server's rule for operators).
    const offered = await page.getByRole('listbox').getByRole('option').allTextContents();
    const moduleStaff = await listOf<{ attributes: { displayName: string } }>(server, token, 'users', `filter[userType]=siv,external&filter[moduleName]=${assignment.attributes.module}&page[size]=500`);
    const allowed = new Set(moduleStaff.map((u) => u.attributes.displayName));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((name) => !allowed.has(name))).toEqual([]);
    while ((await option.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('filter[operatorId]') === technician.id);
    // The grid keeps the deadlines planned in the technician's intervention (under the grid's other filters).
    const query = new URL(page.url()).search;
    const expected = await listOf(server, token, 'physicalActivities', `${query.slice(1)}&page[size]=100`);
    expect(selectedIds.every((id) => expected.some((d) => d.id === id))).toBe(true);
    expect(expected.filter((d) => !d.relationships.assignmentActivityId)).toEqual([]);
    const count = page.locator('.data-grid-count:visible');
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toContain(expected.length === 1 ? '1 riga' : `${expected.length} righe`);
  });
});
