/**
 * Steps of the qualified-technician scenarios (issue 25), written once: a new intervention on fire
 * detection, and its card carried by keys from the board's backlog into a technician's lane on a day.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { daysBetween } from '../../src/domain/rules/calendar.ts';
import { activeCardCode, apiCreated, apiData, DEMO, pressKeys, type Entity, type TestServer } from './harness.ts';
import { focusedIs, tabUntil } from './deadline-steps.ts';

export type { Entity };

/** A new intervention on fire detection (its activity: the catalogue's semestral check of smoke detectors, RIV-FUMO), and the demo external technician, not qualified for it. */
export async function fireDetectionIntervention(server: Pick<TestServer, 'api'>, token: string, title: string): Promise<{ intervention: Entity; code: string; external: Entity }> {
  const [external] = await apiData<Entity[]>(server, token, `/users?filter[email]=${encodeURIComponent(DEMO.external)}`);
  const activities = await apiData<Entity[]>(server, token, `/activities?filter[fullText]=${encodeURIComponent('Controllo semestrale rivelatore di fumo')}&page[size]=10`);
  const activity = activities.find((row) => row.attributes.name === 'Controllo semestrale rivelatore di fumo' && row.relationships.equipmentFamilyId);
  const [customer] = await apiData<Entity[]>(server, token, '/customers?filter[allowedModules]=fire&filter[type]=active&page[size]=1');
  expect(external && activity && customer, 'the demo data').toBeTruthy();
  const intervention = await apiCreated<Entity>(server, token, 'assignments', { attributes: { module: 'fire', title }, relationships: { customerId: customer!.id } });
  await apiCreated(server, token, 'assignmentActivities', { attributes: {}, relationships: { assignmentId: intervention.id, activityId: activity!.id } });
  const code = String((await apiData<Entity>(server, token, `/assignments/${intervention.id}`)).attributes.code);
  return { intervention, code, external: external! };
}

/**
 * The fire board's week of `today`, the backlog searched for `code`, its card picked up (Space), moved
 * to `day` (→) and to the lane of `laneId` (Alt+↓): carried there, not dropped yet. Returns the backlog's cards.
 */
export async function carryToLane(page: Page, server: Pick<TestServer, 'url'>, { code, laneId, today, day }: { code: string; laneId: string; today: string; day: string }): Promise<Locator> {
  await page.goto(`${server.url}/planning/calendar/fire?view=week&day=${today}`);
  // A lane of the module's technicians (unmarked): the board draws its lanes once they are named.
  await page.locator('.screen-board:visible .board-lane:not([data-away])').first().waitFor({ timeout: 30_000 });
  await tabUntil(page, 'Tab', focusedIs(page, "el?.type === 'search' && Boolean(el.closest('.screen-board'))"));
  await page.keyboard.type(code);
  const backlogCards = page.locator('.screen-board:visible .board-backlog .board-card');
  await expect.poll(() => backlogCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code'))), { timeout: 15_000 }).toEqual([code]);
  await pressKeys(page, 'Tab');
  // Space picks up the card under the cursor: once the backlog has it.
  await expect.poll(() => activeCardCode(page), { timeout: 15_000 }).toBe(code);
  await pressKeys(page, 'Space');
  const lanes = await page.locator('.screen-board:visible .board-lane').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lane')!));
  const lane = lanes.indexOf(laneId);
  expect(lane, 'the technician has a lane').toBeGreaterThanOrEqual(0);
  for (let i = 0; i < daysBetween(today, day); i++) await pressKeys(page, 'ArrowRight');
  for (let i = 0; i < lane; i++) await pressKeys(page, 'Alt+ArrowDown');
  await page.locator(`.screen-board:visible .board-lane[data-lane="${laneId}"] .board-cell[data-day="${day}"] .board-card.is-moving`).waitFor({ timeout: 10_000 });
  return backlogCards;
}
