/**
 * When the first screen is ready: no screen chunk loading, no query fetching and nothing busy, twice
 * in a row (150 ms apart), or at the latest after 15 s. What every screen may need but the first one
 * does not waits for it, so that on a slow line the first screen's chunk, data and figures have the
 * line to themselves: the idle preload of every screen and the palette (app.tsx), the record commands
 * (record-commands.ts), the service worker and its precache (shell/update-notice.tsx), the titles of
 * the dashboard's lists. An idle callback alone is not enough: it fires while the screen's requests
 * are still on the wire.
 */
import { queryClient } from './api/query-client.ts';

const SETTLED_CHECK_MS = 150;
const AT_LATEST_MS = 15_000;

const screenSettled = () => queryClient.isFetching() === 0 && !document.querySelector('.screen-loading, .pane:not([hidden]) [aria-busy=true]');

let settled: Promise<void> | undefined;

/** Resolves once the first screen of this page is ready (checked from the first call on). */
export function whenFirstScreenSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    let quietChecks = 0;
    const started = Date.now();
    const check = setInterval(() => {
      quietChecks = screenSettled() ? quietChecks + 1 : 0;
      if (quietChecks < 2 && Date.now() - started < AT_LATEST_MS) return;
      clearInterval(check);
      resolve();
    }, SETTLED_CHECK_MS);
  });
  return settled;
}
