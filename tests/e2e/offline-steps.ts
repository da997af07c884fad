/**
 * Steps of the offline scenarios (issue 25), written once: the service worker ready with its whole
 * precache, the network cut for the page AND the worker (`setOffline` alone does not stop the
 * worker's own fetches), and back.
 */
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

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
