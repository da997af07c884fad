/**
 * Deadlines worklist benchmark (issue 11 "Bench"): the list requests the worklist screen sends
 * (/planning/physicalActivities: grouped by customer and site, windows, the header's counts, the
 * next page by cursor) against our whole API stack over 1,000,000 deadlines on PostgreSQL.
 *
 *   npm run bench:worklist -- [--deadlines 1000000] [--duration 10] [--connections 1,10]
 *
 * The data is made once and reused: PostgreSQL schema `bench_worklist` at BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test). The demo data at scale 0.5 (1,000 customers
 * with their sites, families, activities and deadlines from the engine), then more deadlines of the
 * same customers, sites and activities, through the seed's validated bulk insert, until there are
 * `--deadlines`: dates spread from two years ago to two years ahead, one in five already executed.
 *
 * Each scenario: a 2 s warm-up, then `--duration` seconds with N clients in a loop; p50 / p95 / p99
 * of the response time, side by side with the target (page p95 ≤ 100 ms).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';
import { isSeeded, seedDemoData } from '../../src/server/seed/seed.ts';
import { SeedContext, type SeedItem } from '../../src/server/seed/seed-context.ts';
import { businessDay, addDays } from '../../src/domain/business-day.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    deadlines: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,10' },
  },
});
const wanted = Number(values.deadlines);
const duration = Number(values.duration);
const connectionCounts = values.connections.split(',').map(Number);
const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = 'bench_worklist';
const TARGET_P95 = 100;
/** The grid's page and order (src/client/kinds/physical-activities.ts: grouped by customer, then site). */
const PAGE = 'page[size]=100';
const ORDER = 'sort=customerName,customerLocationId,deadlineDate';

interface Scenario {
  name: string;
  path: string;
}

/** Tops the demo's deadlines up to `wanted` with copies of real ones at other dates (same customers, sites, activities, rules). */
async function topUp(database: Awaited<ReturnType<typeof openDatabase>>, have: number): Promise<void> {
  const samples = (await sql<{ data: { attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> } }>`
    SELECT jsonb_build_object('attributes', attributes, 'metadata', metadata, 'relationships', relationships) AS data
    FROM physical_activities ORDER BY id LIMIT 20000`.execute(database.db)).rows.map((row) => row.data);
  if (samples.length === 0) throw new Error('no deadline to copy');
  const ctx = new SeedContext(database.db, { scale: 50, log: console.log, validateAll: false });
  const today = businessDay();
  const batch = 20_000;
  for (let made = have; made < wanted; ) {
    const items: SeedItem[] = [];
    for (let i = 0; i < batch && made < wanted; i++, made++) {
      const sample = samples[made % samples.length]!;
      const deadlineDate = addDays(today, ctx.faker.number.int({ min: -730, max: 730 }));
      const executed = deadlineDate < today && ctx.faker.number.float() < 0.2;
      const { customerName, targetName, activityName, customerLocationId } = sample.metadata;
      items.push({
        attributes: { ...sample.attributes, deadlineDate, isExecuted: executed, isEnded: false, ...(executed ? { executedDate: deadlineDate } : {}) },
        relationships: { ...sample.relationships, assignmentActivityId: null, executedAssignmentId: null },
        extraMetadata: { customerName, targetName, activityName, ...(customerLocationId ? { customerLocationId } : {}) },
      });
    }
    await ctx.insert('physicalActivities', items);
    if (made % 100_000 < batch) console.log(`  ${made.toLocaleString('it-IT')} deadlines`);
  }
  console.log('  VACUUM (ANALYZE) physical_activities…');
  await sql`VACUUM (ANALYZE) physical_activities`.execute(database.db);
}

async function prepare(): Promise<{ scenarios: Scenario[]; deadlines: number }> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.end();
  const database = await openDatabase({ url: postgresUrl, schema });
  try {
    await migrateToLatest(database);
    if (!(await isSeeded(database.db))) {
      console.log('seeding the demo data at scale 0.5 (once; later runs reuse it)…');
      await seedDemoData(database.db, { scale: 0.5, log: (line) => console.log(`  ${line}`) });
    }
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM physical_activities`.execute(database.db)).rows[0]?.n ?? 0);
    const have = await count();
    if (have < wanted) {
      console.log(`adding deadlines: ${have.toLocaleString('it-IT')} → ${wanted.toLocaleString('it-IT')} (once)…`);
      await topUp(database, have);
    }
    // Realistic parameters: the customer with the most deadlines (a word of its name for the search), the busiest module.
    const top = (await sql<{ name: string; module: string }>`SELECT metadata->>'customerName' AS name, attributes->>'module' AS module
      FROM physical_activities GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`.execute(database.db)).rows[0]!;
    const word = top.name.split(/\s+/).find((part) => part.length > 3) ?? top.name;
    // The worklist's operator filter: the operator of the most interventions (the demo's planned deadlines).
    const operator = (await sql<{ id: string }>`SELECT op AS id FROM assignments, jsonb_array_elements_text(relationships->'operatorIds') AS op
      WHERE NOT is_deleted GROUP BY op ORDER BY count(*) DESC LIMIT 1`.execute(database.db)).rows[0]?.id;
    const first = `/api/physicalActivities?${ORDER}&${PAGE}`;
    const scenarios: Scenario[] = [
      { name: 'all, grouped', path: first },
      { name: 'overdue (Scadute)', path: `/api/physicalActivities?filter[due]=expired&${ORDER}&${PAGE}` },
      { name: 'due this month', path: `/api/physicalActivities?filter[due]=thisMonth&${ORDER}&${PAGE}` },
      { name: `module ${top.module}, next 90 days`, path: `/api/physicalActivities?filter[module]=${top.module}&filter[due]=next90&${ORDER}&${PAGE}` },
      { name: `search "${word}", overdue`, path: `/api/physicalActivities?filter[fullText]=${encodeURIComponent(word)}&filter[due]=expired&${ORDER}&${PAGE}` },
      { name: 'header count (overdue)', path: '/api/physicalActivities?filter[due]=expired&page[size]=1' },
      ...(operator ? [{ name: 'operator (most interventions)', path: `/api/physicalActivities?filter[operatorId]=${operator}&${ORDER}&${PAGE}` }] : []),
    ];
    return { scenarios, deadlines: await count() };
  } finally {
    await database.close();
  }
}

async function startServer(port: number) {
  const child = fork(path.join(here, '../api-list/servers.ts'), ['engine', String(port), postgresUrl, schema, '[]'], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** N clients requesting `url` in a loop for `seconds`; every response time, sorted. */
async function load(url: string, clients: number, seconds: number): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) errors++;
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), errors };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

const prepared = await prepare();
const port = 19000 + Math.floor(Math.random() * 1000);
const server = await startServer(port);
const rows: string[] = [];
try {
  // The next page while scrolling: the grid continues after the first page's cursor (page[after]).
  const firstPage = (await (await fetch(`http://127.0.0.1:${port}${prepared.scenarios[0]!.path}`)).json()) as { meta: { page: { next?: string } } };
  if (firstPage.meta.page.next) prepared.scenarios.push({ name: 'next page (scrolling, page[after])', path: `/api/physicalActivities?${ORDER}&${PAGE}&page[after]=${firstPage.meta.page.next}` });
  for (const clients of connectionCounts) {
    for (const scenario of prepared.scenarios) {
      const url = `http://127.0.0.1:${port}${scenario.path}`;
      await load(url, clients, 2);
      const { times, errors } = await load(url, clients, duration);
      const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(times, q).toFixed(1));
      const met = Number(p95) <= TARGET_P95 ? 'yes' : 'NO';
      console.log(`${String(clients).padStart(2)} clients  ${scenario.name.padEnd(36)} p50 ${p50}  p95 ${p95}  p99 ${p99} ms  ${(times.length / duration).toFixed(0)} req/s  errors ${errors}  target met: ${met}`);
      rows.push(`| ${clients} | ${scenario.name} | ${p50} / ${p95} / ${p99} | ${TARGET_P95} | ${met} | ${(times.length / duration).toFixed(0)} | ${errors} |`);
    }
  }
} finally {
  server.kill();
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const table = [
  `Machine: ${machine}; load average ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')} at the end. PostgreSQL, ${prepared.deadlines.toLocaleString('en')} deadlines; ${duration} s per scenario after a 2 s warm-up.`,
  '',
  '| clients | scenario (100 rows a page, grouped by customer and site) | p50 / p95 / p99 ms | target p95 ms | met | req/s | errors |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}\n`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', `worklist-${new Date().toISOString().replace(/[:.]/g, '-')}.md`), `${table}\n`);
