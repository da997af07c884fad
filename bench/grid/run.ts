/**
 * Grid scroll benchmark (issue 4): the product's DataGrid over 100,000 rows served page by page
 * (a fake /api answering like the real one, so react-query paging is measured, not the database)
 * against a bare useVirtualizer list of the same rows in the same Chromium run. Scrolls each for
 * N frames at a steady speed with the frame-rate limit off, and prints p50/p95/max frame time and
 * the largest number of rows in the DOM. Usage: `node bench/grid/run.ts [--rows 100000] [--frames 600]`.
 */
import { buildBenchPage, launchChromium, scrollFrames } from '../browser.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('rows', 100_000);
const FRAMES = arg('frames', 600);
const SPEED = arg('speed', 80); // pixels per frame (~4,800 px/s at 60 Hz: a fast wheel/trackpad fling)
const ROUNDS = arg('rounds', 3);

const js = await buildBenchPage('grid');
const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>grid bench</title></head><body><div id="root"></div><script>window.benchTotal=${ROWS}</script><script type="module" src="/page.js"></script></body></html>`;

/** One page of fake equipments, shaped like the API's entities. */
function page(number: number, size: number) {
  const data = [];
  for (let i = (number - 1) * size; i < Math.min(ROWS, number * size); i++) {
    data.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      attributes: { equipmentId: `EQ-${i}`, serialNumber: `SN${i * 7}`, state: i % 5 ? 'active' : 'decommissioned', module: i % 2 ? 'fire' : 'equip', productionDate: '2024-05-17' },
      metadata: { lastUpdatedDateTime: '2026-11-20T10:00:00.000Z', createdDateTime: '2026-01-01T10:00:00.000Z', isDeleted: false },
      relationships: {},
    });
  }
  return { data, meta: { total: ROWS, page: { number, size } } };
}

const browser = await launchChromium({ unthrottled: true });

interface Result { p50: number; p95: number; max: number; maxRows: number; frames: number }

async function measure(mode: 'grid' | 'bare'): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const tab = await context.newPage();
  await tab.route('http://bench.local/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/page.js') return route.fulfill({ body: js, contentType: 'text/javascript' });
    if (url.pathname.startsWith('/api/')) {
      const n = Number(url.searchParams.get('page[number]') ?? 1);
      const size = Number(url.searchParams.get('page[size]') ?? 10);
      return route.fulfill({ body: JSON.stringify(page(n, size)), contentType: 'application/json' });
    }
    return route.fulfill({ body: html, contentType: 'text/html' });
  });
  tab.on('pageerror', (e) => console.error('page error:', e.message));
  tab.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  await tab.goto(`http://bench.local/#${mode}`);
  const scroller = mode === 'grid' ? '.data-grid-scroll' : '.scroller';
  await tab.waitForSelector(`${scroller} [role=row]`, { timeout: 5000 }).catch(async (e) => { console.error((await tab.content()).slice(0, 1500)); throw e; });
  await tab.waitForTimeout(500);
  const result = await scrollFrames(tab, scroller, FRAMES, SPEED);
  await context.close();
  const sorted = [...result.deltas].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: q(0.5), p95: q(0.95), max: sorted[sorted.length - 1]!, maxRows: result.maxRows, frames: sorted.length };
}

const runs: Record<'grid' | 'bare', Result[]> = { grid: [], bare: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so neither always runs on a warmer machine.
  for (const mode of round % 2 ? (['grid', 'bare'] as const) : (['bare', 'grid'] as const)) runs[mode].push(await measure(mode));
}
await browser.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summary = (mode: 'grid' | 'bare') => ({
  p50: median(runs[mode].map((r) => r.p50)),
  p95: median(runs[mode].map((r) => r.p95)),
  max: Math.max(...runs[mode].map((r) => r.max)),
  maxRows: Math.max(...runs[mode].map((r) => r.maxRows)),
});
const grid = summary('grid');
const bare = summary('bare');
const f = (n: number) => n.toFixed(2);
console.log(`rows ${ROWS}, ${FRAMES} frames × ${ROUNDS} rounds, ${SPEED} px/frame, Chromium ${browser.version()}`);
console.log('| list | p50 frame (ms) | p95 frame (ms) | max frame (ms) | max rows in DOM |');
console.log('| --- | --- | --- | --- | --- |');
console.log(`| bare useVirtualizer | ${f(bare.p50)} | ${f(bare.p95)} | ${f(bare.max)} | ${bare.maxRows} |`);
console.log(`| DataGrid (server pages) | ${f(grid.p50)} | ${f(grid.p95)} | ${f(grid.max)} | ${grid.maxRows} |`);
console.log(`ratio p95 grid/bare: ${(grid.p95 / bare.p95).toFixed(2)} (target ≤ 2)`);
