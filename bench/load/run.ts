/**
 * Mixed-load benchmark (issue 8): the real server (`src/server/main.ts`) on PostgreSQL at WORKERS=1
 * and WORKERS=2, driven by 50 clients (autocannon) that each loop over the same mix — list reads
 * (customers and equipments, filtered and sorted), full text, details, and a versioned write
 * (GET for the version, then PATCH with If-Match on a record of its own, so writers never collide).
 * Prints throughput and p50/p95/p99 over every request, and each server process's resident memory
 * (VmRSS: idle before the load, its peak and its end during the measured load), and writes the table
 * to bench/load/results/.
 *
 *   npm run build && npm run bench:load -- [--workers 1,2] [--duration 30] [--connections 50] [--scale 1] [--port N]
 *
 * The server is the build (`dist/server.js`, or `$DIST_DIR`) run as `npm start` runs it (its Node flags
 * and environment, read from package.json); `--start "VAR=x node --flag dist/server.js"` runs another such
 * command (to compare settings); `--source` runs `src/server/main.ts` instead.
 *
 * The database is schema bench_load_s<scale> at BENCH_DATABASE_URL (default the test server),
 * seeded on first use by the server itself. Where the machine has a core to spare, the server is
 * pinned to the first N cores and this process (the load generator) to the others (taskset).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../tests/support/free-port.ts';
import { formatRss, RssSampler, startCommand, type ProcessRss } from '../server-memory.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    scale: { type: 'string', default: '1' },
    port: { type: 'string' },
    source: { type: 'boolean', default: false },
    start: { type: 'string' },
  },
});
/** Seconds the server idles after answering, before its idle memory is read. */
const IDLE_SECONDS = 5;
const duration = Number(values.duration);
const connections = Number(values.connections);
const scale = Number(values.scale);
const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_load_s${String(scale).replace('.', '_')}`;
const cores = os.cpus().length;


function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The server's cores and the load generator's, when they can be kept apart. */
function pinning(workers: number): { server: string; generator: string } | undefined {
  if (!hasTaskset() || cores < workers + 1) return undefined;
  return { server: `0-${workers - 1}`, generator: `${workers}-${cores - 1}` };
}

async function startServer(workers: number, port: number, cpus: string | undefined): Promise<{ child: ChildProcess; output: () => string }> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    WORKERS: String(workers),
    SEED_SCALE: String(scale),
    AUTH_DISABLED: '1',
    LOG_LEVEL: 'warn',
  };
  const node = path.join(ROOT, 'node_modules/.bin/node');
  const built = startCommand(ROOT, process.env.DIST_DIR || 'dist', values.start);
  const entry = values.source ? ['src/server/main.ts'] : built.nodeArgs;
  if (!values.source && !fs.existsSync(path.resolve(ROOT, entry.at(-1)!))) throw new Error(`${entry.at(-1)} is missing: npm run build first (or --source)`);
  const [command, args] = cpus ? ['taskset', ['-c', cpus, node, ...entry]] : [node, entry];
  const child = spawn(command as string, args as string[], { cwd: ROOT, env: values.source ? env : { ...env, ...built.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 15 * 60_000;
  while (!/Pronto su/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Workload {
  customers: string[];
  equipmentCustomerId: string;
  words: string[];
}

/** Ids and words from the seeded data (read after the first server start has seeded it). */
async function workload(): Promise<Workload> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET search_path = ${schema}`);
    const customers = (await client.query<{ id: string }>('SELECT id FROM customers WHERE NOT is_deleted AND NOT is_archived ORDER BY id LIMIT 500')).rows.map((r) => r.id);
    const top = (await client.query<{ v: string }>(`SELECT relationships->>'customerId' AS v FROM equipments WHERE NOT is_deleted GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)).rows[0]?.v;
    if (customers.length < connections || !top) throw new Error(`not enough data in ${schema}: ${customers.length} customers`);
    return { customers, equipmentCustomerId: top, words: ['ross', 'srl', 'milano', 'sicur', 'estint'] };
  } finally {
    await client.end();
  }
}

type Context = { n?: number; id?: string; version?: string };

/** One client's loop: 4 list reads, 2 full-text searches, 2 details, 1 versioned write (GET + PATCH). */
function requests(data: Workload, counters: { writes: number }): autocannon.Request[] {
  let next = 0;
  const own = (context: Context) => {
    context.n ??= next++;
    context.id ??= data.customers[context.n % data.customers.length];
    return context.id!;
  };
  const word = (context: Context) => data.words[(context.n ?? 0) % data.words.length]!;
  const get = (path: (context: Context) => string): autocannon.Request => ({
    method: 'GET',
    setupRequest: (request, context) => ({ ...request, path: path(context as Context) }),
  });
  return [
    get(() => '/api/customers?page[size]=25&sort=displayName'),
    get(() => `/api/equipments?filter[customerId]=${data.equipmentCustomerId}&sort=-installationDate&page[size]=25`),
    get((c) => `/api/customers?filter[fullText]=${word(c)}&page[size]=25`),
    get(() => '/api/customers?filter[isPerson]=false&sort=-rating&page[size]=50'),
    get((c) => `/api/customers/${data.customers[((c.n ?? 0) * 7 + 3) % data.customers.length]}`),
    get((c) => `/api/equipments?filter[fullText]=${word(c)}&page[size]=25`),
    get(() => '/api/quotations?page[size]=25'),
    {
      method: 'GET',
      setupRequest: (request, context) => ({ ...request, path: `/api/customers/${own(context as Context)}` }),
      onResponse: (status, body, context) => {
        if (status === 200) (context as Context).version = (JSON.parse(body) as { data: { metadata: { lastUpdatedDateTime: string } } }).data.metadata.lastUpdatedDateTime;
      },
    },
    {
      method: 'PATCH',
      setupRequest: (request, context) => {
        const c = context as Context;
        return {
          ...request,
          path: `/api/customers/${own(c)}`,
          headers: { 'content-type': 'application/merge-patch+json', 'if-match': `"${c.version ?? ''}"` },
          body: JSON.stringify({ attributes: { rating: Math.floor(Math.random() * 5) + 1 } }),
        };
      },
      onResponse: (status) => {
        if (status === 200) counters.writes++;
      },
    },
    get(() => '/api/customers?page[size]=25&sort=city'),
  ];
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
  writes: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(port: number, data: Workload, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  const counters = { writes: 0 };
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `http://127.0.0.1:${port}`, connections, duration: seconds, requests: requests(data, counters) }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 400) failed++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    total: result.requests.total,
    writes: counters.writes,
    failed: failed + result.errors + result.timeouts,
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();

  const rows: string[] = [];
  let data: Workload | undefined;
  for (const workers of values.workers.split(',').map(Number)) {
    const pins = pinning(workers);
    const port = values.port ? Number(values.port) : await freePort();
    console.log(`[${workers} worker${workers > 1 ? 's' : ''}] starting the server${pins ? ` on cores ${pins.server}, load generator on ${pins.generator}` : ' (load generator not pinned: too few cores or no taskset)'}…`);
    const server = await startServer(workers, port, pins?.server);
    if (pins) execFileSync('taskset', ['-a', '-cp', pins.generator, String(process.pid)], { stdio: 'ignore' });
    try {
      data ??= await workload();
      // Idle memory: the server has answered nothing but its start-up; then the warm-up and the measured load.
      const memory = new RssSampler(server.child.pid!);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      memory.idle();
      await measure(port, data, Math.min(5, duration)); // warm-up: plans, caches, JIT in every worker
      memory.start();
      let f: Figures;
      let rss: ProcessRss[];
      try {
        f = await measure(port, data, duration);
      } finally {
        rss = memory.stop();
      }
      console.log(`[${workers} worker${workers > 1 ? 's' : ''}] ${f.rps.toFixed(0)} req/s  p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  (${f.total} requests, ${f.writes} writes, ${f.failed} failed)`);
      console.log(`[${workers} worker${workers > 1 ? 's' : ''}] RSS MB idle / peak / end, per process (the first is the one started): ${formatRss(rss)}`);
      rows.push(`| ${workers} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.total} | ${f.writes} | ${f.failed} | ${formatRss(rss)} | ${pins ? `server ${pins.server}, load ${pins.generator}` : 'not pinned'} |`);
    } finally {
      if (pins) execFileSync('taskset', ['-a', '-cp', `0-${cores - 1}`, String(process.pid)], { stdio: 'ignore' });
      await stopServer(server.child);
    }
  }

  const machine = `${cores} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const table = [
    `Machine: ${machine}; load average at the end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}. PostgreSQL, demo data at scale ${scale}; server ${values.source ? 'src/server/main.ts' : `${values.start ? 'run as' : 'as npm start runs it:'} ${Object.entries(startCommand(ROOT, process.env.DIST_DIR || 'dist', values.start).env).map(([name, value]) => `${name}=${value} `).join('')}node ${startCommand(ROOT, process.env.DIST_DIR || 'dist', values.start).nodeArgs.join(' ')}`}; ${connections} clients, ${duration} s after a warm-up; mix per loop: 4 list reads, 2 full text, 2 details, 1 versioned write (GET + PATCH with If-Match). RSS: VmRSS of each server process (pid) ${IDLE_SECONDS} s idle before the load / highest during the measured load / at its end.`,
    '',
    '| workers | req/s | p50 ms | p95 ms | p99 ms | requests | writes | failed | RSS MB idle / peak / end | pinning |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.md`), `${table}\n`);
}

await main();
