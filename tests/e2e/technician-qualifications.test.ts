// Qualified technicians (issue 25), what only a browser shows: the demo planner carries an intervention on
// fire detection (after 25 September 2026) from the board's backlog, by keys, into the lane of the demo
// external technician, who is qualified only for extinguishers, hydrants, doors and lighting. The board
// marks his lane while the card is carried over it, and the server refuses the move: the alert names the type
// in Italian, the card goes back to the backlog, nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, DEMO, focusOutOfFields, pressKeys, signedInSession, type SignedInSession } from './harness.ts';
import { carryToLane, fireDetectionIntervention, type Entity } from './qualification-steps.ts';
import { nextWorkingWeekday } from './working-days.ts';

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.planner });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await session?.close();
});

describe('qualified technicians on the planning board', () => {
  it('refuses to move an intervention on fire detection into the lane of a technician not qualified for it, naming the type', async () => {
    const { page, server, token } = session;
    const { intervention, code, external } = await fireDetectionIntervention(server, token, 'Verifica semestrale rivelatori di fumo');
    const today = businessDay();
    const tuesday = nextWorkingWeekday(today, 2);
    // Space picks it up in the first lane; → to Tuesday, Alt+↓ to the external technician's lane.
    const backlogCards = await carryToLane(page, server, { code, laneId: external.id, today, day: tuesday });
    // While the card is carried, his lane says what he is not qualified for.
    const externalLane = page.locator(`.screen-board:visible .board-lane[data-lane="${external.id}"]`);
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
