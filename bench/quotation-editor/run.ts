/**
 * Quotation editor benchmark (issue 9), two figures:
 * 1. In Chromium, the editor's lines grid over a 500-line quotation (bench/quotation-editor/page.tsx:
 *    the editor's grid, totals and approval flag with the domain rules): a quantity typed key by key
 *    into a cell; for each key, keydown → the new net total painted (the first animation frame after
 *    the totals changed). Target p95 ≤ 16 ms. Its reference, typed the same way in the same browser:
 *    a bare input whose number a listener mirrors into a paragraph, i.e. what the browser itself
 *    needs to paint a key on this machine; the editor's own work (keydown → totals changed in the
 *    page) is printed too.
 * 2. On PostgreSQL, `PUT /api/quotations/{id}/lines` of a 500-line quotation through the real app
 *    (in process, Fastify inject): every line changed (a quantity each), and one line changed.
 *    Target p50 ≤ 300 ms for the 500 changed lines.
 * Usage: `npm run bench:quotation-editor -- [--lines 500] [--keys 200] [--rounds 10] [--save-only]`
 * (`--save-only` skips the browser: the save figures alone, e.g. to alternate two versions of the code).
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { ADMIN_ROLE_NAME } from '../../src/domain/rules/identity.ts';
import { buildBenchPage, launchChromium } from '../browser.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LINES = arg('lines', 500);
const KEYS = arg('keys', 200);
const ROUNDS = arg('rounds', 10);
const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Per key: keydown → the watched text changed (the page's own work), and → the frame after it painted. */
interface TypingTimes { work: number[]; painted: number[] }

/**
 * Types into the focused field key by key (quantities 11, 12, … 19, 21, …: every key changes the
 * number, so the watched text) and times each key in the page.
 */
async function typeAndTime(tab: Page, watchedId: string): Promise<TypingTimes> {
  await tab.evaluate((id) => {
    const w = window as unknown as { bench: TypingTimes };
    w.bench = { work: [], painted: [] };
    const watched = document.getElementById(id)!;
    let start = 0;
    new MutationObserver(() => {
      if (!start) return;
      const began = start;
      start = 0;
      w.bench.work.push(performance.now() - began);
      requestAnimationFrame(() => setTimeout(() => w.bench.painted.push(performance.now() - began), 0));
    }).observe(watched, { characterData: true, childList: true, subtree: true });
    document.addEventListener('keydown', (event) => { start = event.timeStamp; }, true);
  }, watchedId);
  await tab.keyboard.press('Control+a');
  for (let i = 0; i < KEYS; i++) {
    await tab.keyboard.press(i % 2 === 0 ? 'Backspace' : String(1 + (i % 9)));
    if (i % 2 === 0) await tab.keyboard.press(String(1 + ((i + 3) % 9)));
    await tab.waitForTimeout(5);
  }
  await tab.waitForTimeout(200);
  return tab.evaluate(() => (window as unknown as { bench: TypingTimes }).bench);
}

/**
 * The editor's grid, and the reference in the same browser: a bare input whose number is mirrored,
 * times 3.5, into a paragraph by an input listener (no framework): what the browser alone needs to
 * show a typed key on this machine.
 */
async function typingBench(): Promise<{ editor: TypingTimes; reference: TypingTimes }> {
  const js = await buildBenchPage('quotation-editor');
  const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>quotation editor bench</title></head><body><div id="root"></div><script>window.benchLines=${LINES}</script><script type="module" src="/page.js"></script></body></html>`;
  const reference = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>reference</title></head><body><p id="net">0</p><input id="quantity" aria-label="Quantità"><script>
    const input = document.getElementById('quantity'), net = document.getElementById('net');
    input.addEventListener('input', () => { net.textContent = String(Number(input.value) * 3.5); });</script></body></html>`;
  const browser = await launchChromium({ unthrottled: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const tab = await context.newPage();
    await tab.route('http://bench.local/**', async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/page.js') return route.fulfill({ body: js, contentType: 'text/javascript' });
      if (url.pathname === '/reference') return route.fulfill({ body: reference, contentType: 'text/html' });
      if (url.pathname.startsWith('/api/')) return route.fulfill({ body: JSON.stringify({ data: [], meta: { total: 0, page: { number: 1, size: 10 } } }), contentType: 'application/json' });
      return route.fulfill({ body: html, contentType: 'text/html' });
    });
    tab.on('pageerror', (e) => console.error('page error:', e.message));
    await tab.goto('http://bench.local/');
    const cell = tab.locator('[data-line="3"] [data-column="quantity"]');
    await cell.waitFor({ timeout: 10_000 });
    await cell.dblclick();
    await tab.getByRole('textbox', { name: /^Quantità della riga 4/ }).waitFor();
    const editor = await typeAndTime(tab, 'net');
    await tab.goto('http://bench.local/reference');
    await tab.locator('#quantity').focus();
    return { editor, reference: await typeAndTime(tab, 'net') };
  } finally {
    await browser.close();
  }
}

async function saveBench(): Promise<{ all: number[]; one: number[]; created: number }> {
  const schema = `bench_qe_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const database = await openDatabase({ url: postgresUrl, schema, poolSize: 4 });
  try {
    await migrateToLatest(database);
    const adminId = randomUUID();
    const roleId = randomUUID();
    await new EntityRepository(database.db, findKind('roles')!).insert([{ id: roleId, by: null, data: { attributes: { name: ADMIN_ROLE_NAME, description: 'Amministratore di sistema', permissions: [{ action: 'manage', subject: 'all' }] }, metadata: {}, relationships: {} } }]);
    await new EntityRepository(database.db, findKind('users')!).insert([{
      id: adminId, by: null,
      data: { attributes: { userType: 'siv', displayName: 'Bench', email: 'bench@test.it', firstName: 'Bench', lastName: 'Bench', isMainteiner: false, isSalesman: false, allowedModules: [] }, metadata: { isEnabled: true }, relationships: { roleIds: [roleId], customerIds: [], officeLocationIds: [] } },
    }]);
    const config = { ...loadConfig({ DATABASE_URL: postgresUrl }), authDisabled: true, devUserEmail: 'bench@test.it', logLevel: 'silent' };
    const app = await buildApp({ database, config, logger: false, oidcProvider: false });
    await app.ready();
    const call = async (method: string, url: string, body?: unknown, version?: string) => {
      const response = await app.inject({ method: method as 'GET', url, payload: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json', ...(version ? { 'if-match': `"${version}"` } : {}) } });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body.slice(0, 500)}`);
      return JSON.parse(response.body) as { data: { id: string; metadata: { lastUpdatedDateTime: string } }; included?: { id: string }[] };
    };
    const customer = await call('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Bench Srl' } } });
    const products: string[] = [];
    for (let i = 0; i < 20; i++) products.push((await call('POST', '/api/products', { attributes: { code: `B-${i}`, name: `Prodotto ${i}`, listPrice: 10 + i, costPrice: 5 } })).data.id);
    await call('POST', '/api/priceLists', { attributes: { code: 'GEN', name: 'Generale', isDefault: true, items: products.map((productId, i) => ({ productId, price: 9 + i })) } });
    let quotation = (await call('POST', '/api/quotations', { attributes: { date: new Date().toISOString().slice(0, 10) }, relationships: { customerId: customer.data.id } })).data;
    const started = performance.now();
    const first = await call('PUT', `/api/quotations/${quotation.id}/lines`, { lines: Array.from({ length: LINES }, (_, i) => ({ relationships: { productId: products[i % 20] }, attributes: { quantity: 1 + (i % 5) } })) }, quotation.metadata.lastUpdatedDateTime);
    const created = performance.now() - started;
    quotation = first.data;
    const ids = (first.included ?? []).map((line) => line.id);
    const all: number[] = [];
    const one: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let t = performance.now();
      quotation = (await call('PUT', `/api/quotations/${quotation.id}/lines`, { lines: ids.map((id, i) => ({ id, attributes: { quantity: 2 + ((i + round) % 9) } })) }, quotation.metadata.lastUpdatedDateTime)).data;
      all.push(performance.now() - t);
      t = performance.now();
      quotation = (await call('PUT', `/api/quotations/${quotation.id}/lines`, { lines: ids.map((id, i) => (i === round ? { id, attributes: { discountPercent: round } } : { id })) }, quotation.metadata.lastUpdatedDateTime)).data;
      one.push(performance.now() - t);
    }
    await app.close();
    return { all, one, created };
  } finally {
    await database.close();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
}

if (!process.argv.includes('--save-only')) {
  const typing = await typingBench();
  const figures = (times: number[]) => `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`;
  console.log(`Typing a quantity, keydown → totals painted (Chromium, ${typing.editor.painted.length} keys; target p95 ≤ 16 ms):`);
  console.log(`  editor, ${LINES}-line quotation:        ${figures(typing.editor.painted)}`);
  console.log(`  reference, a bare input and its text: ${figures(typing.reference.painted)}`);
  console.log(`  keydown → totals in the page (the editor's own work, before the browser paints): ${figures(typing.editor.work)}`);
}
const save = await saveBench();
console.log(`Saving ${LINES} lines on PostgreSQL (PUT /api/quotations/{id}/lines, ${ROUNDS} rounds):`);
console.log(`  every line changed: p50 ${ms(percentile(save.all, 50))}, p95 ${ms(percentile(save.all, 95))} (target p50 ≤ 300 ms)`);
console.log(`  one line changed:   p50 ${ms(percentile(save.one, 50))}, p95 ${ms(percentile(save.one, 95))}`);
console.log(`  first save, ${LINES} new lines priced by the server: ${ms(save.created)}`);
