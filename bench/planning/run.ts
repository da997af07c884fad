/**
 * Planning board benchmark (issue 11 "Bench"): the product's board (src/client/planning-board) in
 * Chromium, month view, 30 technicians and 2,000 interventions in the month, served by a fake API
 * shaped like the real one (page by page, 500 a page) over a local HTTP server, so the board is
 * measured, not the database.
 *
 * - first paint: from the board's opening (its calendar screen in a mounted tree, as a tab opens in a
 *   running workspace with the screens' code loaded; page.tsx) to the first painted frame whose lanes
 *   show cards (fetching the period's requests from the fake API included);
 * - moving a card: End goes to the last card (a scheduled one), Space picks it up, then ← and →
 *   alternately, ← first: the card stays in the month (that last card may be on its last day, and a
 *   move past the edge shows the next month: a change of period, not a move); each key press to the
 *   next painted frame (keydown listener → requestAnimationFrame → task), and the drop (Enter) the same.
 *
 * Usage: `npm run bench:planning [-- --interventions 2000 --technicians 30 --rounds 5 --moves 40]`.
 * `--profile 1` also prints where the page's main thread spent its CPU in the first round's opening
 * (V8's sampling profiler, self and inclusive time by function; `BENCH_MINIFY=false` keeps the names
 * readable), and `--trace 1` its main-thread timeline with the requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { addDays, businessDay } from '../../src/domain/business-day.ts';
import { isoWeekday, periodDays, romeInstant } from '../../src/domain/rules/planning.ts';
import { buildBenchPage, launchChromium } from '../browser.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const INTERVENTIONS = arg('interventions', 2000);
const TECHNICIANS = arg('technicians', 30);
const ROUNDS = arg('rounds', 5);
const MOVES = arg('moves', 40);
const PROFILE = arg('profile', 0) > 0;
const TRACE = arg('trace', 0) > 0;
const TARGET = { firstPaint: 300, move: 50 };

const js = await buildBenchPage('planning');
const referenceJs = await buildBenchPage('planning', 'reference.ts');
const month = periodDays('month', businessDay());
const boardUrl = `/planning/calendar/fire?view=month&day=${month[0]}`;
const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>planning bench</title></head><body><div id="root"></div><script>window.benchUrl=${JSON.stringify(boardUrl)}</script><script type="module" src="/page.js"></script></body></html>`;

// ---- the fake data: technicians, a month of interventions (about 3 a working day each), a backlog
const uuid = (prefix: number, i: number) => `00000000-0000-4000-${String(prefix).padStart(4, '0')}-${String(i).padStart(12, '0')}`;
const meta = { lastUpdatedDateTime: '2026-11-20T10:00:00.000Z', createdDateTime: '2026-01-01T10:00:00.000Z', isDeleted: false, isArchived: false };
const technicians = Array.from({ length: TECHNICIANS }, (_, i) => ({
  id: uuid(1, i), attributes: { userType: 'siv', displayName: `Tecnico ${String(i + 1).padStart(2, '0')}`, email: `t${i}@bench.local`, isMainteiner: true, allowedModules: ['fire'] },
  metadata: { ...meta, isEnabled: true }, relationships: {},
}));
const workingDays = month.filter((day) => isoWeekday(day) <= 5);
const perDay = Math.ceil(INTERVENTIONS / (TECHNICIANS * workingDays.length));
const assignments = Array.from({ length: INTERVENTIONS }, (_, i) => {
  const tech = i % TECHNICIANS;
  const day = workingDays[Math.floor(i / TECHNICIANS) % workingDays.length]!;
  const slot = Math.floor(i / (TECHNICIANS * workingDays.length)) % perDay;
  const start = romeInstant(day, 8 * 60 + slot * 150);
  // One in forty has a colleague along, who may then be double-booked: the board marks those.
  const operatorIds = i % 40 === 0 ? [technicians[tech]!.id, technicians[(tech + 1) % TECHNICIANS]!.id] : [technicians[tech]!.id];
  return {
    id: uuid(2, i),
    attributes: {
      code: `INT-${String(i + 1).padStart(6, '0')}`, state: day < businessDay() ? 'closed' : 'scheduled', module: 'fire', title: 'Controllo semestrale presidi antincendio',
      plannedStartDateTime: start, plannedEndDateTime: new Date(Date.parse(start) + 120 * 60_000).toISOString(), priority: 'normal', isProvisional: false,
    },
    metadata: { ...meta, customerName: `Cliente ${i % 97}` },
    relationships: { customerId: uuid(3, i % 97), operatorIds, operatorInChargeId: operatorIds[0] },
  };
});
const backlog = Array.from({ length: 60 }, (_, i) => ({
  id: uuid(4, i),
  attributes: { code: `INT-${String(INTERVENTIONS + i + 1).padStart(6, '0')}`, state: 'open', module: 'fire', title: 'Revisione estintori', plannedStartDateTime: null, plannedEndDateTime: null, priority: 'normal', isProvisional: false },
  metadata: { ...meta, customerName: `Cliente ${i}` },
  relationships: { customerId: uuid(3, i), operatorIds: [], operatorInChargeId: null },
}));
const byId = new Map([...assignments, ...backlog].map((a) => [a.id, a]));
/** The data as seeded: every round starts from it (a round's drop moved its last card, and the next round's last card would otherwise be an earlier, closed one). */
const seeded = new Map(byId);

function pageOf<T>(rows: T[], url: URL) {
  const number = Number(url.searchParams.get('page[number]') ?? 1);
  const size = Number(url.searchParams.get('page[size]') ?? 10);
  return { data: rows.slice((number - 1) * size, number * size), meta: { total: rows.length, page: { number, size } } };
}

/**
 * The stand-in API, over a local HTTP server (as the product's server would answer; intercepting
 * requests through the browser's DevTools protocol cost more than the board itself).
 */
function answer(method: string, url: URL, body: string): { status: number; type: string; body: string } {
  const json = (value: unknown, status = 200) => ({ status, type: 'application/json', body: JSON.stringify(value) });
  if (url.pathname === '/page.js') return { status: 200, type: 'text/javascript', body: js };
  if (url.pathname === '/reference.js') return { status: 200, type: 'text/javascript', body: referenceJs };
  if (url.pathname === '/reference.html') {
    const config = { module: 'fire', days: month, from: addDays(month[0]!, -1), to: addDays(month.at(-1)!, 1), lanes: Number(url.searchParams.get('lanes')), cardDays: (url.searchParams.get('days') ?? '').split(',') };
    return { status: 200, type: 'text/html', body: `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>planning reference</title></head><body><div id="root"></div><script>window.benchReference=${JSON.stringify(config)}</script><script type="module" src="/reference.js"></script></body></html>` };
  }
  if (url.pathname === '/api/events/ticket') return json({ code: 'FORBIDDEN', message: 'bench' }, 403);
  if (url.pathname === '/api/users') return json(pageOf(technicians, url));
  const write = /^\/api\/assignments\/([^/]+)(\/actions\/(\w+))?$/.exec(url.pathname);
  if (write && method !== 'GET') {
    const current = byId.get(write[1]!)!;
    const patch = write[3] ? { attributes: { state: 'scheduled' } } : (JSON.parse(body || '{}') as { attributes?: object; relationships?: object });
    const next = { ...current, attributes: { ...current.attributes, ...patch.attributes }, relationships: { ...current.relationships, ...('relationships' in patch ? patch.relationships : {}) }, metadata: { ...current.metadata, lastUpdatedDateTime: new Date().toISOString() } };
    byId.set(next.id, next as typeof current);
    return json({ data: next });
  }
  if (url.pathname === '/api/assignments') {
    // As the real list does: a start from `from` on, before the day after `to` (a calendar day includes that day).
    const from = url.searchParams.get('from[plannedStartDateTime]');
    const to = url.searchParams.get('to[plannedStartDateTime]');
    const before = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : undefined;
    const rows = (url.searchParams.get('filter[state]') ? backlog : assignments)
      .map((row) => byId.get(row.id)!)
      .filter((row) => {
        const start = row.attributes.plannedStartDateTime;
        return (!from || (start !== null && start >= from)) && (!before || (start !== null && start < before));
      });
    return json(pageOf(rows, url));
  }
  if (url.pathname.startsWith('/api/')) return json({ code: 'NOT_FOUND', message: 'bench' }, 404);
  return { status: 200, type: 'text/html', body: html };
}
const api = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const reply = answer(request.method ?? 'GET', new URL(request.url ?? '/', 'http://127.0.0.1'), Buffer.concat(chunks).toString('utf8'));
    response.writeHead(reply.status, { 'Content-Type': reply.type });
    response.end(reply.body);
  });
});
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

const browser = await launchChromium();

interface Round { firstPaint: number; moves: number[]; drop: number; lanesInDom: number; cardsInDom: number; cardDays: string[] }

async function round(): Promise<Round> {
  byId.clear();
  for (const [id, row] of seeded) byId.set(id, row);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'it-IT' });
  const tab = await context.newPage();
  tab.on('pageerror', (e) => console.error('page error:', e.message));
  const profiler = PROFILE && rounds.length === 0 ? await context.newCDPSession(tab) : undefined;
  const tracing = TRACE && rounds.length === 0;
  await tab.goto(`${origin}/${profiler || tracing ? '?hold' : ''}`);
  if (profiler || tracing) {
    await tab.waitForFunction(() => window.benchOpen !== undefined);
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    if (tracing) await browser.startTracing(tab, { categories: ['devtools.timeline', 'blink.user_timing'] });
    await tab.evaluate(() => {
      performance.mark('bench-open');
      window.benchOpen!();
    });
  }
  await tab.waitForFunction(() => window.benchPainted !== undefined, undefined, { timeout: 30_000 });
  const firstPaint = await tab.evaluate(() => window.benchPainted!);
  if (profiler) printProfile((await profiler.send('Profiler.stop')).profile);
  if (tracing) printTimeline(JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }, firstPaint);
  // Every page in: the status line counts the period's interventions.
  await tab.waitForFunction(() => /\d+ interventi nel periodo/.test(document.querySelector('.board-status')?.textContent ?? ''), undefined, { timeout: 30_000 });
  const lanesInDom = await tab.locator('.board-lane').count();
  const cardsInDom = await tab.locator('.board-lanes .board-card').count();
  const cardDays = await tab.evaluate(() => [...new Set([...document.querySelectorAll('.board-lanes .board-card')].map((card) => card.closest('[data-day]')?.getAttribute('data-day') ?? ''))]);

  // Key press → next painted frame.
  await tab.evaluate(() => {
    const w = window as unknown as { benchFrames: number[] };
    w.benchFrames = [];
    window.addEventListener('keydown', () => {
      const start = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.benchFrames.push(performance.now() - start)));
    }, { capture: true });
  });
  const frames = () => tab.evaluate(() => (window as unknown as { benchFrames: number[] }).benchFrames.length);
  const press = async (key: string) => {
    const before = await frames();
    await tab.keyboard.press(key);
    await tab.waitForFunction((n) => (window as unknown as { benchFrames: number[] }).benchFrames.length > n, before);
  };
  await tab.focus('.board-lanes');
  // The last card: a scheduled one (those before today are closed and stay where they happened).
  await press('End');
  await press('Space');
  if ((await tab.locator('.board-card.is-moving').count()) !== 1) throw new Error('no card picked up');
  const start = await frames();
  for (let i = 0; i < MOVES; i++) await press(i % 2 ? 'ArrowRight' : 'ArrowLeft');
  const moves = (await tab.evaluate(() => (window as unknown as { benchFrames: number[] }).benchFrames)).slice(start);
  await press('ArrowRight');
  const movedTo = await tab.locator('.board-card.is-moving').evaluate((card) => card.closest('[data-day]')?.getAttribute('data-day'));
  await press('Enter');
  const drop = (await tab.evaluate(() => (window as unknown as { benchFrames: number[] }).benchFrames)).at(-1)!;
  // The drop painted the card where it went, before the server answered.
  const dropped = await tab.locator(`.board-cell[data-day="${movedTo}"] .board-card.is-active`).count();
  if (dropped < 1) throw new Error('the dropped card is not where it was moved');
  await context.close();
  return { firstPaint, moves, drop, lanesInDom, cardsInDom, cardDays };
}

/** Self time by function (top 25) of a V8 CPU profile, and the total sampled. */
function printProfile(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[]; timeDeltas?: number[] }): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    if (frame.functionName === '(idle)') return;
    total += ms;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  // Inclusive time (self and callees) of the page's own functions: where the board's work goes.
  const parent = new Map<number, number>();
  for (const node of profile.nodes as { id: number; children?: number[] }[]) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byNode.get(at)!.callFrame;
      if (!frame.url.endsWith('page.js') || !frame.functionName) continue;
      const name = `${frame.functionName} :${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  console.log('Inclusive time of the page\'s functions (top 40):');
  for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  console.log(`CPU profile of the first opening (from the board's opening to its first paint, and the round trip that reports it): ${total.toFixed(1)} ms sampled (idle excluded); self time:`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown> } }

/** The page's main thread from the opening to the first paint: each task, layout and paint of 1 ms or more, in order. */
function printTimeline(trace: { traceEvents: TraceEvent[] }, firstPaint: number): void {
  const mark = trace.traceEvents.find((e) => e.name === 'bench-open');
  if (!mark) return;
  const network = new Set(['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish']);
  const main = trace.traceEvents.filter((e) => e.ts >= mark.ts && e.ts <= mark.ts + firstPaint * 1000 && ((e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X') || network.has(e.name)));
  const shown = new Set(['RunTask', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'EvaluateScript', 'ResizeObserver', 'v8.callFunction']);
  console.log(`Main thread from the opening to the first paint (${firstPaint.toFixed(1)} ms), events of 1 ms or more (start ms, duration ms):`);
  for (const e of main) {
    if (network.has(e.name)) {
      console.log(`  ${((e.ts - mark.ts) / 1000).toFixed(1).padStart(7)}          ${e.name} ${String(e.args?.data?.['url'] ?? e.args?.data?.['requestId'] ?? '').replace(/^https?:\/\/[^/]+/, '').slice(0, 200)}`);
      continue;
    }
    if (!shown.has(e.name) || (e.dur ?? 0) < 1000) continue;
    const detail = e.args?.data?.['functionName'] ?? e.args?.data?.['type'] ?? e.args?.data?.['url'] ?? '';
    console.log(`  ${((e.ts - mark.ts) / 1000).toFixed(1).padStart(7)}  ${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${e.name} ${String(detail).slice(0, 60)}`);
  }
}

/** The reference drawing what the board drew at its first paint (reference.ts): its time to paint, and the cards it drew. */
async function referenceRound(board: Round): Promise<{ firstPaint: number; cards: number }> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'it-IT' });
  const tab = await context.newPage();
  tab.on('pageerror', (e) => console.error('reference page error:', e.message));
  await tab.goto(`${origin}/reference.html?lanes=${board.lanesInDom}&days=${board.cardDays.join(',')}`);
  await tab.waitForFunction(() => window.benchPainted !== undefined, undefined, { timeout: 30_000 });
  const result = { firstPaint: await tab.evaluate(() => window.benchPainted!), cards: await tab.locator('.board-lanes .board-card').count() };
  await context.close();
  return result;
}

// Board and reference take turns, so both see the machine as it is at that moment.
const rounds: Round[] = [];
const references: { firstPaint: number; cards: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  rounds.push(await round());
  references.push(await referenceRound(rounds.at(-1)!));
}
await browser.close();
api.close();

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const q = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
const f = (n: number) => n.toFixed(1);
const paints = rounds.map((r) => r.firstPaint);
const moves = rounds.flatMap((r) => r.moves);
const drops = rounds.map((r) => r.drop);
const ok = (value: number, target: number) => (value <= target ? 'yes' : 'NO');
console.log(`planning board, month view (${month[0]} …): ${INTERVENTIONS} interventions, ${TECHNICIANS} technicians, ${ROUNDS} rounds, ${MOVES} moves each; Chromium ${browser.version()}; ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'CPU'}`);
console.log(`DOM after first paint: ${rounds[0]!.lanesInDom} of ${TECHNICIANS} lanes, ${rounds[0]!.cardsInDom} cards (virtualized lanes)`);
console.log('| measure | p50 (ms) | p95 (ms) | max (ms) | target (ms) | within |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(`| first paint with cards | ${f(q(paints, 0.5))} | ${f(q(paints, 0.95))} | ${f(Math.max(...paints))} | ≤ ${TARGET.firstPaint} | ${ok(q(paints, 0.95), TARGET.firstPaint)} |`);
const referencePaints = references.map((r) => r.firstPaint);
console.log(`| reference: the same lanes and ${references[0]!.cards} cards by plain DOM, same requests and styles | ${f(q(referencePaints, 0.5))} | ${f(q(referencePaints, 0.95))} | ${f(Math.max(...referencePaints))} | (floor) | |`);
console.log(`| move a card (←/→ to paint) | ${f(q(moves, 0.5))} | ${f(q(moves, 0.95))} | ${f(Math.max(...moves))} | ≤ ${TARGET.move} | ${ok(q(moves, 0.95), TARGET.move)} |`);
console.log(`| drop (Enter to paint) | ${f(q(drops, 0.5))} | ${f(q(drops, 0.95))} | ${f(Math.max(...drops))} | ≤ ${TARGET.move} | ${ok(q(drops, 0.95), TARGET.move)} |`);

