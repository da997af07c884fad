/**
 * The palette's record search at one million equipments (issue: delivery), in Chromium: the built
 * server (`dist/server.js`, or `$DIST_DIR`) on the API list benchmark's PostgreSQL database (schema
 * `bench_s<scale>` at BENCH_DATABASE_URL, seeded by `npm run bench:api-list`), signed in as the demo
 * administrator on the real login page, Ctrl+K and a search typed key by key as a user types it. Per
 * term, from its last key to the records shown in the palette, split into the palette's debounce,
 * the requests (one per kind the user searches, in parallel, `filter[fullText]`) and the drawing after
 * the last answer. Reference, in the same run: the very requests the browser sent, from Node (fetch,
 * the same token, in parallel): the API alone.
 *
 *   npm run build && node bench/palette-search/run.ts [--scale 50] [--runs 5] [--port N]
 *
 * The terms come from the data as `bench:api-list` picks them (bench/api-list/scenarios.ts): the most
 * common 2- and 3-letter prefixes, a model word, a word in about 1 % of the rows, a serial number.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/database.ts';
import { accessToken, launchChromium, signInOnLoginPage } from '../browser.ts';
import { startBuiltServer } from '../built-server.ts';
import { scenarios } from '../api-list/scenarios.ts';
import { SEARCH_DEBOUNCE_MS } from '../../src/client/palette/search-debounce.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '50' }, runs: { type: 'string', default: '5' }, port: { type: 'string' } } });
const RUNS = Number(values.runs);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_s${String(values.scale).replace('.', '_')}`;
const TARGET_MS = 100;
/** Between two keys, as a quick typist (the palette's debounce is 200 ms: each pause of a user longer than it sends a search). */
const KEY_DELAY_MS = 60;

interface Measure {
  /** Last key → the records drawn in the palette, every kind answered. */
  total: number;
  /** Last key → the first records drawn (the palette shows each kind's as it answers). */
  first: number;
  /** Last key → the first search request (the palette's debounce, and React's work). */
  debounce: number;
  /** First search request → its last answer. */
  requests: number;
  /** Last answer → the records drawn. */
  drawing: number;
  urls: string[];
  /** The slowest of the requests: its kind and its time (start → answer). */
  slowest: { kind: string; ms: number };
}

async function terms(): Promise<{ name: string; text: string }[]> {
  const database = await openDatabase({ url: POSTGRES_URL, schema: SCHEMA });
  try {
    return (await scenarios(database.db))
      .filter((scenario) => scenario.path.includes('filter[fullText]='))
      .map((scenario) => ({ name: scenario.name, text: decodeURIComponent(/filter\[fullText\]=([^&]+)/.exec(scenario.path)![1]!) }));
  } finally {
    await database.close();
  }
}

/** One search: a fresh page (no answer cached), Ctrl+K, the term typed, until the palette shows records. */
async function searchOnce(page: Page, url: string, term: string): Promise<Measure> {
  await page.goto(`${url}/dashboard`);
  await page.locator('.screen-dashboard').waitFor({ timeout: 120_000 });
  await page.evaluate(() => {
    const marks = window as unknown as { lastKeyAt?: number };
    document.addEventListener('keydown', () => (marks.lastKeyAt = performance.now()), true);
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(10_000);
  });
  await page.keyboard.press('Control+k');
  await page.locator('.palette-input').waitFor();
  await page.keyboard.type(term, { delay: KEY_DELAY_MS });
  // The records of the term as typed (a pause between keys longer than the debounce searches a part of
  // it first, and its records are drawn too): the checks below want an answer to the whole term.
  // When the first such record appears, watched from every frame.
  await page.evaluate((searched) => {
    const marks = window as unknown as { firstRecordAt?: number; answered?: () => boolean };
    marks.answered = () => performance.getEntriesByType('resource').some((entry) => decodeURIComponent(entry.name).includes(`filter[fullText]=${searched}&`));
    const watch = () => {
      if (marks.answered!() && document.querySelector('[cmdk-item][data-value^="record:"]')) marks.firstRecordAt = performance.now();
      else requestAnimationFrame(watch);
    };
    watch();
  }, term);
  const shownAt = await (
    await page.waitForFunction(
      () =>
        (window as unknown as { answered: () => boolean }).answered()
        && document.querySelectorAll('[cmdk-item][data-value^="record:"]').length > 0
        && !document.querySelector('.palette-status')?.textContent?.trim()
          ? performance.now()
          : false,
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
  ).jsonValue();
  const timing = await page.evaluate((searched) => {
    const wanted = `filter[fullText]=${searched}&`;
    const entries = performance.getEntriesByType('resource').filter((entry) => decodeURIComponent(entry.name).includes(wanted)) as PerformanceResourceTiming[];
    return {
      lastKeyAt: (window as unknown as { lastKeyAt: number }).lastKeyAt,
      firstRecordAt: (window as unknown as { firstRecordAt: number }).firstRecordAt,
      firstRequest: Math.min(...entries.map((entry) => entry.startTime)),
      lastAnswer: Math.max(...entries.map((entry) => entry.responseEnd)),
      urls: entries.map((entry) => entry.name),
      durations: entries.map((entry) => ({ kind: new URL(entry.name).pathname.split('/').pop() ?? '', ms: entry.responseEnd - entry.startTime })),
    };
  }, term);
  await page.keyboard.press('Escape');
  return {
    total: (shownAt as number) - timing.lastKeyAt,
    first: timing.firstRecordAt - timing.lastKeyAt,
    debounce: timing.firstRequest - timing.lastKeyAt,
    requests: timing.lastAnswer - timing.firstRequest,
    drawing: (shownAt as number) - timing.lastAnswer,
    urls: timing.urls,
    slowest: timing.durations.reduce((a, b) => (b.ms > a.ms ? b : a)),
  };
}

/** The same requests from Node, in parallel: the API's own time for the palette's search. */
async function reference(urls: string[], token: string): Promise<number> {
  const started = performance.now();
  await Promise.all(urls.map(async (address) => {
    const response = await fetch(address, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.api+json' } });
    if (!response.ok) throw new Error(`${address}: HTTP ${response.status}`);
    await response.arrayBuffer();
  }));
  return performance.now() - started;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const round = (value: number) => Math.round(value);
/** The value found most often (the first of equals). */
const mostFrequent = (list: string[]) => list.reduce((best, value) => (list.filter((v) => v === value).length > list.filter((v) => v === best).length ? value : best), list[0]!);

const words = await terms();
const server = await startBuiltServer({ name: 'palette-search', env: { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: SCHEMA }, timeoutMs: 300_000, ...(values.port ? { port: Number(values.port) } : {}) });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signInOnLoginPage(page, server.url);
  const rows: Record<string, string | number>[] = [];
  for (const { name, text } of words) {
    // A first search warms the server's plans and the counts of the prefix (as after any start).
    await searchOnce(page, server.url, text);
    const measures: Measure[] = [];
    const references: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const measure = await searchOnce(page, server.url, text);
      measures.push(measure);
      const token = await accessToken(page);
      references.push(await reference(measure.urls, token));
    }
    const totals = measures.map((m) => m.total);
    rows.push({
      term: `${name} "${text}"`,
      requests: measures[0]!.urls.length,
      'key → first records ms (median)': round(median(measures.map((m) => m.first))),
      'key → records ms (median / max)': `${round(median(totals))} / ${round(Math.max(...totals))}`,
      'debounce ms': round(median(measures.map((m) => m.debounce))),
      'requests ms': round(median(measures.map((m) => m.requests))),
      'drawing ms': round(median(measures.map((m) => m.drawing))),
      'slowest request': `${mostFrequent(measures.map((m) => m.slowest.kind))} ${round(median(measures.map((m) => m.slowest.ms)))} ms`,
      'reference: same requests from Node ms': round(median(references)),
      'after the debounce ms': round(median(measures.map((m) => m.requests + m.drawing))),
    });
  }
  console.log(`Palette record search, ${SCHEMA} (PostgreSQL), Chromium headless, ${RUNS} runs per term after one warm-up, keys ${KEY_DELAY_MS} ms apart; ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table(rows);
  console.log(`Target: ≤ ${TARGET_MS} ms from the key to the results. The palette waits ${SEARCH_DEBOUNCE_MS} ms after the last key before it asks (SEARCH_DEBOUNCE_MS), so «key → records» includes it; «key → first records»: the first kind's records drawn (each kind is shown as it answers), «key → records»: every kind's; «after the debounce» is what the server and the drawing add.`);
} finally {
  await browser.close();
  await server.stop();
}
