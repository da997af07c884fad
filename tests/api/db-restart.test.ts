/**
 * Fault test (issue 8): the real server on its own PostgreSQL cluster, 10 clients reading and
 * writing, the cluster killed (`pg_ctl stop -m immediate`) and started again 5 s later. The server
 * process must stay up, answer 503 DATABASE_UNAVAILABLE (never 500, never a hang) during the outage,
 * serve reads and versioned writes again within 5 s of the database returning, and keep every write
 * it acknowledged. The cluster is a throwaway one in a temporary directory on a free port: the
 * shared server on 127.0.0.1:5432 is never touched. Skipped, with the reason printed, when
 * `initdb`/`pg_ctl` are not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.ts';
import { PROCESS_TEST_TIMEOUT_MS, START_TIMEOUT_MS } from '../support/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENTS = 10;
const OUTAGE_MS = 5000;
/** The bound: a client gives up after 10 s, and the server must serve again within 5 s of the database. */
const CLIENT_TIMEOUT_MS = 10_000;
const RECOVERY_MS = 5000;

/** How to run the PostgreSQL tools, or why this machine cannot. initdb refuses root, so root runs them as `postgres`. */
function clusterTools(): { ok: true; prefix: string[]; owner?: { uid: number; gid: number } } | { ok: false; reason: string } {
  for (const tool of ['initdb', 'pg_ctl']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0) return { ok: false, reason: `${tool} non trovato nel PATH` };
  }
  if (process.getuid?.() !== 0) return { ok: true, prefix: [] };
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return { ok: false, reason: 'eseguito come root senza un utente postgres per initdb' };
  // runuser lives in /usr/sbin, which a non-login root shell (a CI job's) may not have on its PATH.
  const runuser = ['runuser', '/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => spawnSync(candidate, ['--help'], { stdio: 'ignore' }).status === 0);
  if (!runuser) return { ok: false, reason: 'eseguito come root senza runuser' };
  return { ok: true, prefix: [runuser, '-u', 'postgres', '--'], owner: { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } };
}

const tools = clusterTools();
if (!tools.ok) console.warn(`\n*** db-restart test SKIPPED: ${tools.reason}. CI machines have initdb and pg_ctl.\n`);

/** Runs a PostgreSQL tool without blocking the event loop (the load clients keep running meanwhile). */
function run(command: string[]): Promise<{ code: number | null; output: string }> {
  if (!tools.ok) throw new Error(tools.reason);
  const [program, ...args] = [...tools.prefix, ...command];
  return new Promise((resolve) => {
    const child = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function runOk(command: string[]): Promise<void> {
  const result = await run(command);
  if (result.code !== 0) throw new Error(`${command.join(' ')} → ${result.code}\n${result.output}`);
}


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  at: number;
  kind: 'read' | 'write' | 'health';
  status: number | 'timeout' | 'network';
  code?: string;
  retryAfter?: string | null;
  contentType?: string | null;
  message?: string;
}

describe.skipIf(!tools.ok)('the server on PostgreSQL survives a database restart', () => {
  let dir = '';
  let dataDir = '';
  let dbPort = 0;
  let appPort = 0;
  let server: ChildProcess | undefined;
  let serverOutput = '';
  let serverExit: number | null | undefined;

  const pgCtl = (...args: string[]) => ['pg_ctl', '-D', dataDir, ...args];
  const startCluster = () =>
    runOk(pgCtl('-l', path.join(dir, 'postgres.log'), '-w', '-t', '30', '-o', `-p ${dbPort} -k ${dir} -c listen_addresses=127.0.0.1`, 'start'));
  const base = () => `http://127.0.0.1:${appPort}`;

  beforeAll(async () => {
    if (!tools.ok) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-restart-'));
    if (tools.owner) fs.chownSync(dir, tools.owner.uid, tools.owner.gid);
    dataDir = path.join(dir, 'data');
    dbPort = await freePort();
    await runOk(['initdb', '-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    await startCluster();

    appPort = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_AUDIENCE', 'OIDC_SCOPE', 'DEV_USER_EMAIL', 'DATA_DIR']) delete env[name];
    Object.assign(env, {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${dbPort}/postgres`,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      AUTH_DISABLED: '1',
      SEED_SCALE: '0',
      LOG_LEVEL: 'error',
    });
    server = spawn(process.execPath, [path.join(ROOT, 'src/server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.once('exit', (code, signal) => (serverExit = code ?? (signal ? -1 : null)));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (serverExit !== undefined) throw new Error(`The server exited before answering /api/health:\n${serverOutput}`);
      const ok = await fetch(`${base()}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`The server did not answer /api/health in time:\n${serverOutput}`);
      await sleep(200);
    }
    // Its own cluster's initdb and start come first.
  }, PROCESS_TEST_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    if (server && serverExit === undefined) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server!.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (dataDir && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) await run(pgCtl('-m', 'immediate', '-w', 'stop'));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 during the outage, serves again within 5 s, and loses no acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    const call = async (kind: Outcome['kind'], url: string, init: RequestInit = {}) => {
      const at = Date.now();
      try {
        const response = await fetch(`${base()}${url}`, { ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
        const text = await response.text();
        const body = text && String(response.headers.get('content-type')).includes('json') ? JSON.parse(text) : undefined;
        outcomes.push({
          at,
          kind,
          status: response.status,
          code: body?.code,
          retryAfter: response.headers.get('retry-after'),
          contentType: response.headers.get('content-type'),
          message: body?.message,
        });
        return { status: response.status, body, etag: response.headers.get('etag') };
      } catch (error) {
        outcomes.push({ at, kind, status: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network', message: String(error) });
        return { status: 0, body: undefined, etag: null };
      }
    };

    // One record per client: each client is the only writer of its own record, so its last
    // acknowledged value must be what the database holds in the end (or a later attempt of its own).
    const records = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const created = await call('write', '/api/customerGroups', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ attributes: { code: `R${i}`, name: 'Gruppo 0' } }),
        });
        expect(created.status).toBe(201);
        return { id: created.body.data.id as string, version: created.etag!, acknowledged: 0, attempted: 0 };
      }),
    );

    let stopping = false;
    let dbBackAt = Infinity;
    const firstWriteAfter: number[] = Array.from({ length: CLIENTS }, () => Infinity);
    const firstReadAfter: number[] = Array.from({ length: CLIENTS }, () => Infinity);
    const client = async (i: number) => {
      const record = records[i]!;
      while (!stopping) {
        const list = await call('read', '/api/customerGroups?sort=-name&page[size]=5&filter[fullText]=gruppo');
        if (list.status === 200 && list.body.data.length > 0 && firstReadAfter[i] === Infinity && Date.now() > dbBackAt) firstReadAfter[i] = Date.now();
        const attempt = record.attempted + 1;
        record.attempted = attempt;
        const write = await call('write', `/api/customerGroups/${record.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'if-match': record.version },
          body: JSON.stringify({ attributes: { name: `Gruppo ${attempt}` } }),
        });
        if (write.status === 200) {
          record.acknowledged = attempt;
          record.version = write.etag!;
          if (firstWriteAfter[i] === Infinity && Date.now() > dbBackAt) firstWriteAfter[i] = Date.now();
        } else if (write.status === 409 || write.status === 503) {
          // A write cut mid-commit may have landed: re-read the version before the next attempt.
          const current = await call('read', `/api/customerGroups/${record.id}`);
          if (current.status === 200) record.version = current.etag!;
          if (write.status === 503) await sleep(100);
        }
      }
    };

    const load = Array.from({ length: CLIENTS }, (_, i) => client(i));
    await sleep(1500);
    const stoppedAt = Date.now();
    await runOk(pgCtl('-m', 'immediate', '-w', 'stop'));
    await sleep(1000);
    const healthDuring = await call('health', '/api/health');
    const liveDuring = await call('health', '/api/health/live');
    await sleep(OUTAGE_MS - 1000);
    await startCluster();
    dbBackAt = Date.now();
    // Run on until every client has read and written again, or well past the bound.
    while (Date.now() - dbBackAt < 3 * RECOVERY_MS && (firstWriteAfter.includes(Infinity) || firstReadAfter.includes(Infinity))) await sleep(100);
    await sleep(500);
    stopping = true;
    await Promise.all(load);
    const healthAfter = await call('health', '/api/health');

    // The process is alive and never answered with anything but success, a conflict, or 503.
    expect(serverExit, serverOutput).toBeUndefined();
    const unexpected = outcomes.filter((o) => typeof o.status !== 'number' || (o.status >= 500 && o.status !== 503) || ![200, 201, 409, 503].includes(o.status));
    expect(unexpected, JSON.stringify(unexpected.slice(0, 5))).toEqual([]);

    // During the outage: 503 DATABASE_UNAVAILABLE as problem+json, in Italian, with Retry-After.
    const unavailable = outcomes.filter((o) => o.status === 503 && o.kind !== 'health');
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.code).toBe('DATABASE_UNAVAILABLE');
      expect(o.contentType).toContain('application/problem+json');
      expect(o.retryAfter).toMatch(/^\d+$/);
      expect(o.message).toMatch(/database non è raggiungibile/);
    }
    expect(outcomes.filter((o) => o.at > stoppedAt + 500 && o.at < dbBackAt - 500 && o.kind !== 'health' && o.status === 200)).toEqual([]);
    expect(healthDuring.status).toBe(503);
    expect(healthDuring.body).toMatchObject({ engine: 'postgres', database: 'down' });
    expect(liveDuring.status).toBe(200);

    // Back within the bound: every client has read and made a versioned write again.
    for (let i = 0; i < CLIENTS; i++) {
      expect(firstReadAfter[i]! - dbBackAt, `client ${i} read`).toBeLessThan(RECOVERY_MS);
      expect(firstWriteAfter[i]! - dbBackAt, `client ${i} write`).toBeLessThan(RECOVERY_MS);
    }
    expect(healthAfter.status).toBe(200);
    expect(healthAfter.body).toEqual({ status: 'ok', engine: 'postgres', database: 'up' });

    // No acknowledged write lost: each record holds its client's last acknowledged value, or a later attempt.
    for (const record of records) {
      const stored = await call('read', `/api/customerGroups/${record.id}`);
      expect(stored.status).toBe(200);
      const value = Number(String(stored.body.data.attributes.name).replace('Gruppo ', ''));
      expect(value).toBeGreaterThanOrEqual(record.acknowledged);
      expect(value).toBeLessThanOrEqual(record.attempted);
      expect(record.acknowledged).toBeGreaterThan(0);
    }
  }, 90_000);
});
