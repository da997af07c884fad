// Qualified technicians (issue 25), what only a browser shows: the demo planner carries an intervention on
// fire detection (after 25 September 2026) from the board's backlog, by keys, into the lane of the demo
// external technician, who is qualified only for extinguishers, hydrants, doors and lighting. The board
// marks his lane while the card is carried over it, and the server refuses the move: the alert names the type
// in Italian, the card goes back to the backlog, nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/business-day.ts';
import { daysBetween } from '../../src/domain/rules/calendar.ts';
import { nextWeekday } from '../../src/domain/rules/planning.ts';
import { apiCreated, apiData, DEMO, focusOutOfFields, pressKeys, signedInSession, type SignedInSession } from './harness.ts';
import { focusedIs, tabUntil } from './deadline-steps.ts';

interface Entity { id: string; attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> }

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.planner });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await session?.close();
});

const post = (type: string, body: unknown) => apiCreated<Entity>(session.server, session.token, type, body);

describe('qualified technicians on the planning board', () => {
  it('refuses to move an intervention on fire detection into the lane of a technician not qualified for it, naming the type', async () => {
    const { page, server, token } = session;
    const [external] = await apiData<Entity[]>(server, token, `/users?filter[email]=${encodeURIComponent(DEMO.external)}`);
    // The catalogue's semestral check of smoke detectors (its equipment type RIV-FUMO: detection and alarm).
    const activities = await apiData<Entity[]>(server, token, `/activities?filter[fullText]=${encodeURIComponent('Controllo semestrale rivelatore di fumo')}&page[size]=10`);
    const activity = activities.find((row) => row.attributes.name === 'Controllo semestrale rivelatore di fumo' && row.relationships.equipmentFamilyId);
    const [customer] = await apiData<Entity[]>(server, token, '/customers?filter[allowedModules]=fire&filter[type]=active&page[size]=1');
    expect(external && activity && customer, 'the demo data').toBeTruthy();
    const intervention = await post('assignments', { attributes: { module: 'fire', title: 'Verifica semestrale rivelatori di fumo' }, relationships: { customerId: customer!.id } });
    await post('assignmentActivities', { attributes: {}, relationships: { assignmentId: intervention.id, activityId: activity!.id } });
    const code = String((await apiData<Entity>(server, token, `/assignments/${intervention.id}`)).attributes.code);

    const today = businessDay();
    const tuesday = nextWeekday(today, 2);
    await page.goto(`${server.url}/planning/calendar/fire?view=week&day=${today}`);
    await page.locator('.screen-board:visible .board-lane').first().waitFor({ timeout: 30_000 });
    await tabUntil(page, 'Tab', focusedIs(page, "el?.type === 'search' && Boolean(el.closest('.screen-board'))"));
    await page.keyboard.type(code);
    const backlogCards = page.locator('.screen-board:visible .board-backlog .board-card');
    await expect.poll(() => backlogCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code'))), { timeout: 15_000 }).toEqual([code]);
    await pressKeys(page, 'Tab');

    // Space picks it up in the first lane; → to Tuesday, Alt+↓ to the external technician's lane, Enter drops it there.
    await pressKeys(page, 'Space');
    const lanes = await page.locator('.screen-board:visible .board-lane').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lane')!));
    const lane = lanes.indexOf(external!.id);
    expect(lane, 'the external technician has a lane').toBeGreaterThanOrEqual(0);
    for (let i = 0; i < daysBetween(today, tuesday); i++) await pressKeys(page, 'ArrowRight');
    for (let i = 0; i < lane; i++) await pressKeys(page, 'Alt+ArrowDown');
    const moving = page.locator(`.screen-board:visible .board-lane[data-lane="${external!.id}"] .board-cell[data-day="${tuesday}"] .board-card.is-moving`);
    await moving.waitFor({ timeout: 10_000 });
    // While the card is carried, his lane says what he is not qualified for.
    const externalLane = page.locator(`.screen-board:visible .board-lane[data-lane="${external!.id}"]`);
    await expect.poll(() => externalLane.getAttribute('class'), { timeout: 10_000 }).toContain('is-unqualified');
    expect(await externalLane.locator('.board-lane-unqualified').textContent()).toContain('Non qualificato per: Rivelazione e allarme incendio');
    await pressKeys(page, 'Enter');

    // The refusal, in Italian, names the technician and the type; nothing changed.
    await expect.poll(() => page.locator('[role=alert]:visible').allTextContents(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('Davide Conti (tecnico esterno) non è un tecnico manutentore qualificato (D.M. 1 settembre 2021) per: Rivelazione e allarme incendio'));
    const stored = await apiData<Entity>(server, token, `/assignments/${intervention.id}`);
    expect(stored.attributes.state).toBe('open');
    expect(stored.relationships.operatorIds).toEqual([]);
    await focusOutOfFields(page);
    await expect.poll(() => backlogCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code'))), { timeout: 15_000 }).toEqual([code]);
  });
});
