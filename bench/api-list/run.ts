/**
 * API list benchmark: our engine against a bare node:http handler running the same SQL, on
 * PostgreSQL and on PGlite, with 10 concurrent clients (autocannon), side by side in one run.
 *
 *   npm run bench:api-list -- [--engines postgres,pglite] [--scale 50] [--duration 10] [--connections 10] [--rounds 3] [--port 18000] [--scenarios prefix3,midWord]
 *
 * The database is seeded once per engine and scale (scale 50 = 1M equipments) and reused by later
 * runs: PostgreSQL schema bench_s<scale> at BENCH_DATABASE_URL, PGlite in bench/api-list/.data-s<scale>.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';
import { isSeeded, seedDemoData } from '../../src/server/seed/seed.ts';
import { scenarios, type Scenario } from './scenarios.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres,pglite' },
    scale: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    /** The engine server's port (the bare handler's is the next one); a random one from 18000 when absent. */
    port: { type: 'string' },
    /** Only these scenarios (comma-separated names); all of them when absent. */
    scenarios: { type: 'string' },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** The server process's CPU time per answered request (µs), where /proc tells it: what each stack costs itself. */
  cpuPerRequest?: number;
}

/** CPU time (µs) a process has used so far, from /proc/<pid>/stat (utime + stime); undefined elsewhere. */
function processCpu(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // Fields 14 and 15 of stat(5), counted from the state (field 3) after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux this runs on (sysconf is not reachable from Node). */
const CLOCK_TICKS = 100;

async function prepare(engine: string): Promise<{ target: string; schema: string; scenarios: Scenario[]; equipments: number }> {
  const schema = engine === 'postgres' ? `bench_s${String(scale).replace('.', '_')}` : '';
  const target = engine === 'postgres' ? postgresUrl : path.join(here, `.data-s${scale}`);
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.end();
  }
  const database = await openDatabase(engine === 'postgres' ? { url: target, schema } : { dataDir: target });
  try {
    await migrateToLatest(database);
    if (!(await isSeeded(database.db))) {
      console.log(`[${engine}] seeding scale ${scale} (once; later runs reuse it)…`);
      await seedDemoData(database.db, { scale, log: (line) => console.log(`[${engine}]   ${line}`) });
      // What autovacuum does on a live database in its own time: statistics for the planner, and the
      // visibility map that lets sorted list scans stay index-only.
      console.log(`[${engine}] VACUUM (ANALYZE) equipments…`);
      await sql`VACUUM (ANALYZE) equipments`.execute(database.db);
    }
    const equipments = (await sql<{ n: number }>`SELECT count(*) AS n FROM equipments`.execute(database.db)).rows[0]?.n ?? 0;
    const only = values.scenarios?.split(',');
    return { target, schema, scenarios: (await scenarios(database.db)).filter((s) => !only || only.includes(s.name)), equipments };
  } finally {
    await database.close();
  }
}

async function startServer(mode: 'engine' | 'bare', port: number, target: string, schema: string, list: Scenario[]) {
  const child = fork(path.join(here, 'servers.ts'), [mode, String(port), target, schema, JSON.stringify(list)], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  await new Promise((r) => setTimeout(r, 300));
  return child;
}

async function load(url: string, seconds: number, pid?: number): Promise<Figures> {
  const before = processCpu(pid);
  const result = await autocannon({ url, connections, duration: seconds });
  const after = processCpu(pid);
  const cpuPerRequest = before !== undefined && after !== undefined && result.requests.total > 0 ? (after - before) / result.requests.total : undefined;
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors + result.non2xx, ...(cpuPerRequest !== undefined ? { cpuPerRequest } : {}) };
}

type Mode = 'engine' | 'bare';
const MODES: readonly Mode[] = ['engine', 'bare'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** A server's rounds of one scenario: the median round's latencies, the worst round's p99, the mean throughput. */
function combine(turns: Figures[]): Figures {
  return {
    p50: median(turns.map((t) => t.p50)),
    p99: Math.max(...turns.map((t) => t.p99)),
    rps: turns.reduce((sum, t) => sum + t.rps, 0) / turns.length,
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    ...(turns.every((t) => t.cpuPerRequest !== undefined) ? { cpuPerRequest: turns.reduce((sum, t) => sum + t.cpuPerRequest!, 0) / turns.length } : {}),
  };
}

const cpuText = (f: Figures) => (f.cpuPerRequest === undefined ? '–' : `${f.cpuPerRequest.toFixed(0)} µs`);
const rows: string[] = [];
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
for (const engine of values.engines.split(',')) {
  const prepared = await prepare(engine);
  console.log(`[${engine}] ${prepared.equipments.toLocaleString('en')} equipments`);
  const figures: Record<string, Partial<Record<'engine' | 'bare', Figures>>> = {};
  // Both servers up (each idle while the other is loaded); per scenario the two take turns, round
  // after round, so a machine that slows down for a minute slows both (the ratio was the first
  // figure to move when engine and bare ran a minute apart).
  const port = values.port ? Number(values.port) : 18000 + Math.floor(Math.random() * 1000);
  const servers = { engine: await startServer('engine', port, prepared.target, prepared.schema, prepared.scenarios), bare: await startServer('bare', port + 1, prepared.target, prepared.schema, prepared.scenarios) };
  try {
    for (const scenario of prepared.scenarios) {
      const urls = { engine: `http://127.0.0.1:${port}${scenario.path}`, bare: `http://127.0.0.1:${port + 1}/${scenario.name}` };
      for (const mode of MODES) await load(urls[mode], 2); // warm-up: plans, caches, JIT
      const turns: Record<Mode, Figures[]> = { engine: [], bare: [] };
      for (let round = 0; round < rounds; round++) {
        for (const mode of MODES) {
          const f = await load(urls[mode], duration, servers[mode].pid);
          turns[mode].push(f);
          console.log(`[${engine}] ${mode.padEnd(6)} ${scenario.name.padEnd(9)} round ${round + 1}: p50 ${f.p50} ms  p99 ${f.p99} ms  ${f.rps.toFixed(0)} req/s  ${cpuText(f)} CPU/req  errors ${f.errors}`);
        }
      }
      figures[scenario.name] = { engine: combine(turns.engine), bare: combine(turns.bare) };
    }
  } finally {
    for (const server of Object.values(servers)) server.kill();
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const scenario of prepared.scenarios) {
    const { engine: ours, bare } = figures[scenario.name]!;
    if (!ours || !bare) continue;
    rows.push(
      `| ${engine} | ${scenario.name}: ${scenario.description} | ${ours.p50} / ${ours.p99} | ${ours.rps.toFixed(0)} | ${cpuText(ours)} | ${bare.p50} / ${bare.p99} | ${bare.rps.toFixed(0)} | ${cpuText(bare)} | ${(ours.rps / bare.rps).toFixed(2)}× | ${ours.errors + bare.errors} |`,
    );
  }
}

const table = [
  `Machine: ${machine}. Scale ${scale}; ${connections} connections; per scenario, after a 2 s warm-up, ${rounds} rounds of ${duration} s on each server in turn (p50: the median round's; p99: the worst round's; req/s: the mean; CPU/req: the server process's own CPU time per answered request: PostgreSQL's not included, PGlite's included as it runs inside).`,
  '',
  '| database | scenario | engine p50 / p99 ms | engine req/s | engine CPU/req | bare p50 / p99 ms | bare req/s | bare CPU/req | engine/bare | errors |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}\n`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.md`), `${table}\n`);
