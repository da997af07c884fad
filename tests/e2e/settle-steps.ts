/**
 * Waits on what the app itself does, for the steps that check that something does NOT happen (no
 * alert, no navigation, no item in the palette): the absence is checked once the app has had its
 * chance, never after a fixed pause, which a loaded machine outlasts and a quiet one wastes.
 *
 *  - `watchApi(page)`: the page's /api requests (the live event stream aside); `settled()` resolves once
 *    every one it started has been answered and no other started in the frames after the last answer
 *    (what a screen asks for as it draws what came back); `refused` lists the answers ≥ 400.
 *  - `typeInPalette(page, text)`: types in the open palette and waits until its list is the one for
 *    that text: the record search for it answered and its «Ricerca…» status gone.
 *  - `nextFrames(page)`: the page has drawn twice more. A key's handler updates React in a discrete
 *    event, which renders and runs its effects before the next frame: what the key changed (a tab,
 *    the address) is on screen by then.
 */
import { expect } from 'vitest';
import type { Page, Request } from 'playwright-core';

export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export interface ApiWatch {
  /** The /api answers ≥ 400 since the watch began, as `GET /api/… → 403`. */
  readonly refused: string[];
  /** Every /api request started since the watch began has been answered, and none followed within two frames. */
  settled(timeout?: number): Promise<void>;
}

/** Start it before the step it watches (a new page: before its first navigation). */
export function watchApi(page: Page): ApiWatch {
  const open = new Set<Request>();
  const refused: string[] = [];
  let waiters: (() => void)[] = [];
  const isApi = (request: Request) => {
    const { pathname } = new URL(request.url());
    // The live stream stays open as long as the page does.
    return pathname.startsWith('/api/') && pathname !== '/api/events';
  };
  page.on('request', (request) => {
    if (isApi(request)) open.add(request);
  });
  const done = (request: Request) => {
    if (!open.delete(request) || open.size > 0) return;
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (!isApi(response.request()) || response.status() < 400) return;
    const url = new URL(response.url());
    refused.push(`${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`);
  });
  const quiet = () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
  return {
    refused,
    async settled(timeout = 30_000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`/api requests still unanswered after ${timeout} ms: ${[...open].map((request) => `${request.method()} ${request.url()}`).join(', ')}`)), timeout);
      });
      try {
        for (;;) {
          await Promise.race([quiet(), expired]);
          await Promise.race([nextFrames(page), expired]);
          if (open.size === 0) return;
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Types `text` in the open palette (its field has the keyboard first) and waits for its answer: the
 * record search for the whole text answered (a user who may search records, two characters or more)
 * and the palette's status, «Ricerca…» while it runs, empty again. The list shown is then that text's.
 */
export async function typeInPalette(page: Page, text: string): Promise<void> {
  const palette = page.locator('[cmdk-dialog]');
  const field = palette.locator('[cmdk-input]');
  await expect.poll(() => field.evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.startsWith('/api/') && url.searchParams.get('filter[fullText]') === text.trim();
  }, { timeout: 30_000 });
  void searched.catch(() => undefined);
  await page.keyboard.type(text, { delay: 20 });
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(text);
  await searched;
  await page.waitForFunction(() => !document.querySelector('[cmdk-dialog] .palette-status')?.textContent, undefined, { timeout: 30_000 });
}
