/**
 * Steps of the offline scenarios (issue 25), written once: the service worker ready with its whole
 * precache, the network cut for the page AND the worker (`setOffline` alone does not stop the
 * worker's own fetches), and back.
 */
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { businessDay } from '../../src/domain/business-day.ts';
import { apiData, type TestServer } from './harness.ts';
import { checklistRows, type Entity, type Workable } from './journeys/intervention-steps.ts';

/** The page is controlled by the worker and its precache holds every file the worker lists. */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await expect.poll(() => page.evaluate(async () => {
    const script = await (await fetch('/sw.js', { cache: 'no-store' })).text();
    const listed = (script.match(/"revision":/g) ?? []).length;
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache-v2-'));
    return name ? (await (await caches.open(name)).keys()).length >= listed : false;
  }), { timeout: 60_000, interval: 500 }).toBe(true);
}

/** No request of the context reaches the network, the worker's included. */
export async function cutNetwork(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function restoreNetwork(context: BrowserContext): Promise<void> {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/** The intervention's readiness badge says «Pronto offline» (priming the day may take a while on a busy machine). */
export async function waitReadyOffline(page: Page): Promise<void> {
  const badge = page.locator('.intervention-detail:visible .offline-readiness');
  await expect.poll(() => badge.textContent(), { timeout: 180_000, interval: 1_000 }).toMatch(/^Pronto offline/);
}

/** Today's intervention of the technician (running or about to) with the fewest controls within `min`–`max`, to record them all. */
export async function smallestOfToday(server: Pick<TestServer, 'api'>, token: string, { min, max }: { min: number; max: number }): Promise<Workable> {
  const identity = await server.api('/identity/authorization', { token });
  const [me] = (await identity.json()) as { id: string }[];
  const today = businessDay();
  const assignments = await apiData<Entity[]>(server, token, `/assignments?filter[operatorIds]=${me!.id}&filter[state]=scheduled,running&from[plannedStartDateTime]=${today}&to[plannedStartDateTime]=${today}&sort=plannedStartDateTime&page[size]=50`);
  const candidates: Workable[] = [];
  for (const assignment of assignments) {
    const rows = await checklistRows(server, token, assignment);
    if (rows.length >= min && rows.length <= max) candidates.push({ assignment, rows });
  }
  expect(candidates.length, `the demo data has an intervention of today for the technician with ${min}–${max} controls`).toBeGreaterThan(0);
  return candidates.toSorted((a, b) => a.rows.length - b.rows.length)[0]!;
}
