/**
 * Price list editor benchmark (issue 9): the editor's rows grid over 10,000 rows in Chromium, with
 * the record controller's validation of the whole list on each change. Prints p50/p95 of: a scroll
 * frame (the frame-rate limit off), typing a search character → painted, sorting → painted, and a
 * change of 1,000 prices (one write of the rows, validated) → painted; and the rows in the DOM.
 * Usage: `node bench/price-list/run.ts [--rows 10000] [--frames 400] [--samples 20]`.
 */
import type { Page } from 'playwright-core';
import { buildBenchPage, launchChromium, scrollFrames } from '../browser.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const FRAMES = arg('frames', 400);
const SAMPLES = arg('samples', 20);
const SPEED = 80;

const js = await buildBenchPage('price-list');
const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>price list bench</title></head><body><div id="root"></div><script>window.benchRows=${ROWS}</script><script type="module" src="/page.js"></script></body></html>`;

const browser = await launchChromium({ unthrottled: true });
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
const tab: Page = await context.newPage();
await tab.route('http://bench.local/**', (route) => {
  const url = new URL(route.request().url());
  if (url.pathname === '/page.js') return route.fulfill({ body: js, contentType: 'text/javascript' });
  return route.fulfill({ body: html, contentType: 'text/html' });
});
tab.on('pageerror', (e) => console.error('page error:', e.message));
const started = Date.now();
await tab.goto('http://bench.local/');
await tab.waitForSelector('.data-grid-scroll [role=row][data-item]', { timeout: 20_000 });
const firstPaint = Date.now() - started;

/** Runs `action` in the page `SAMPLES` times; each sample is the time from the call to the second animation frame after it (painted). */
async function timed(action: string): Promise<number[]> {
  return tab.evaluate(async ({ action, samples }) => {
    const times: number[] = [];
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      new Function('i', action)(i);
      await frame();
      await frame();
      times.push(performance.now() - start);
    }
    return times;
  }, { action, samples: SAMPLES });
}

const scroll = await scrollFrames(tab, '.data-grid-scroll', FRAMES, SPEED);

// Typing "prova 12" one character at a time, then clearing; sorting by price, by name, back; raising 1,000 prices.
const typing = await timed(`window.bench.search('prova 12'.slice(0, (i % 8) + 1))`);
await tab.evaluate(() => window.bench.search(''));
const sorting = await timed(`window.bench.sort([{ key: 'price', descending: false }, { key: 'name', descending: true }, null][i % 3])`);
await tab.evaluate(() => window.bench.sort(null));
const raising = await timed('window.bench.raise()');
await browser.close();

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `${q(0.5).toFixed(1)} | ${q(0.95).toFixed(1)}`;
};
console.log(`rows ${ROWS}, Chromium ${browser.version()}, first rows painted after ${firstPaint} ms (build of 10,000 products included)`);
console.log('| measure | p50 (ms) | p95 (ms) |');
console.log('| --- | --- | --- |');
console.log(`| scroll frame (${FRAMES} frames, ${SPEED} px/frame; max ${scroll.maxRows} rows in DOM) | ${stats(scroll.deltas)} |`);
console.log(`| search: a character typed → painted | ${stats(typing)} |`);
console.log(`| sort: header chosen → painted | ${stats(sorting)} |`);
console.log(`| 1,000 prices changed by % → validated and painted | ${stats(raising)} |`);
