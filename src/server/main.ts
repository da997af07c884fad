/**
 * `npm start`: open the database (PGlite under DATA_DIR, or DATABASE_URL), migrate, seed once, serve.
 * WORKERS=N (PostgreSQL only) prepares the database in a cluster primary and serves from N worker
 * processes on the same port (src/server/cluster.ts). SIGTERM/SIGINT close gracefully (src/server/shutdown.ts).
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServerConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { buildApp } from './app.ts';
import { isSeeded } from './seed/seeded.ts';
import { seedInThread } from './seed/seed-thread.ts';
import { demoUserLines, formatDemoUsers, setDemoPasswords } from './seed/demo-passwords.ts';
import { claimDataDir } from './data-dir-lock.ts';
import { closeGracefully, onShutdownSignals } from './shutdown.ts';
import { superviseWorkers } from './cluster.ts';
import { waitForDatabase } from './db/wait-for-database.ts';
import { startMemoryReclaimer } from './memory-reclaimer.ts';

/** Progress for the operator: a readable line, or with LOG_FORMAT=json a JSON line like the rest of the log. */
let jsonLog = false;
const step = (text: string) => console.log(jsonLog ? JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: text }) : `▸ ${text}`);
/** Beyond the request bound: time for the pool, PGlite and the workers to close. */
const CLOSE_MARGIN_MS = 5_000;

/** The database's options; `serving` adds the per-statement limit requests get (migrations and seeding run without it). */
const databaseOptions = (config: ServerConfig, { serving }: { serving: boolean }) =>
  config.databaseUrl
    ? { url: config.databaseUrl, schema: config.databaseSchema, ...(serving ? { statementTimeoutMs: config.statementTimeoutMs } : {}) }
    : { dataDir: config.dataDir };
const open = (config: ServerConfig, options: { serving: boolean }) => openDatabase(databaseOptions(config, options));

/** Migrations, the schema step and the demo data, once per start (in the primary when there are workers). */
async function prepareDatabase(config: ServerConfig): Promise<Database> {
  step(
    config.databaseUrl
      ? `Database PostgreSQL: ${redact(config.databaseUrl)}${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}`
      : `Database PGlite incorporato in ${config.dataDir}`,
  );
  let database = await open(config, { serving: false });
  // A database started together with the server (compose, a reboot) may take a while to accept connections.
  await waitForDatabase(database, { waitMs: config.startupWaitMs, log: step });
  const applied = await migrateToLatest(database, { log: (line) => step(`Schema: ${line}`) });
  step(applied.length > 0 ? `Migrazioni applicate: ${applied.join(', ')}` : 'Schema del database aggiornato');
  if (!(await isSeeded(database.db))) {
    step(`Caricamento dei dati dimostrativi (scala ${config.seedScale})…`);
    // In a thread of its own, which takes faker and the seed's rows with it (seed/seed-thread.ts); an embedded database has one owner at a time.
    if (!config.databaseUrl) await database.close();
    await seedInThread({ database: databaseOptions(config, { serving: false }), scale: config.seedScale }, step);
    if (!config.databaseUrl) database = await open(config, { serving: false });
    // The closed PGlite's WebAssembly memory (about 150 MB) is one ArrayBuffer to V8, freed only by a full
    // collection, which an idle server may not make for a long time (`gc` is there as `npm start` runs it).
    (globalThis as { gc?: () => void }).gc?.();
  }
  // A database seeded before the embedded sign-in existed gets the demo passwords now.
  if (config.oidc.embedded) await setDemoPasswords(database.db, { overwrite: false });
  return database;
}

async function announceSignIn(config: ServerConfig, database: Database) {
  if (config.authDisabled) step(`ATTENZIONE: AUTH_DISABLED=1, le richieste /api girano come ${config.devUserEmail}`);
  if (config.oidc.embedded && !config.authDisabled) {
    step(`Accesso con il provider OpenID incorporato (${config.oidc.issuer}); utenti dimostrativi:`);
    const users = formatDemoUsers(await demoUserLines(database.db));
    if (jsonLog) step(users);
    else console.log(users);
  } else if (!config.authDisabled) {
    step(`Accesso con l’emittente OpenID esterno ${config.oidc.issuer} (client ${config.oidc.clientId})`);
  }
}

/** Builds the app on an open database, listens, and closes gracefully on SIGTERM/SIGINT. */
async function serve(config: ServerConfig, database: Database, options: { quiet: boolean }) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({ database, config, publicDir: path.join(here, 'public') });
  const say = options.quiet ? () => undefined : step;
  onShutdownSignals(
    async (signal) => {
      say(`${signal}: chiusura in corso (richieste in corso attese al massimo ${config.shutdownTimeoutMs / 1000} s)`);
      await closeGracefully(app, database, { timeoutMs: config.shutdownTimeoutMs, log: step });
      say('Server chiuso');
      return 0;
    },
    // A worker is stopped by its primary (SIGTERM), not by the Ctrl+C the whole terminal group receives.
    // (Should the primary die, node:cluster ends its workers when their channel to it closes.)
    { graceMs: config.shutdownTimeoutMs + CLOSE_MARGIN_MS, log: step, signals: cluster.isWorker ? ['SIGTERM'] : undefined },
  );
  if (cluster.isWorker) process.on('SIGINT', () => undefined);
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `In ascolto su ${address} (processo ${process.pid})` });
  // What a burst of requests grew is given back under the budget, and when the process falls quiet.
  let lastRequestAt = performance.now();
  app.server.on('request', () => void (lastRequestAt = performance.now()));
  startMemoryReclaimer({ budgetMb: config.memoryBudgetMb, lastRequestAt: () => lastRequestAt, log: (line) => app.log.debug(line) });
  // Issue 26 §8: the daily deadline digest (every process checks; the database lets one send).
  app.notifications.deadlineDigest.start();
}

async function single(config: ServerConfig) {
  // Two processes on one PGlite directory corrupt it: refuse while another server holds it.
  if (!config.databaseUrl) process.once('exit', claimDataDir(config.dataDir));
  let database = await prepareDatabase(config);
  // A server's requests get the statement limit: reopen the pool with it (PGlite has one connection and no such limit).
  if (config.databaseUrl) {
    await database.close();
    database = await open(config, { serving: true });
  }
  await serve(config, database, { quiet: false });
  await announceSignIn(config, database);
  step(`Pronto su ${config.publicUrl}`);
}

async function primary(config: ServerConfig) {
  const database = await prepareDatabase(config);
  await announceSignIn(config, database);
  await database.close();
  step(`Avvio di ${config.workers} processi di lavoro sulla porta ${config.port}…`);
  const supervisor = superviseWorkers({
    workers: config.workers,
    log: step,
    onReady: () => step(`Pronto su ${config.publicUrl} (${config.workers} processi di lavoro)`),
  });
  onShutdownSignals(
    async (signal) => {
      step(`${signal}: chiusura dei processi di lavoro (richieste in corso attese al massimo ${config.shutdownTimeoutMs / 1000} s)`);
      await supervisor.stop(config.shutdownTimeoutMs + CLOSE_MARGIN_MS);
      step('Server chiuso');
      return 0;
    },
    { graceMs: config.shutdownTimeoutMs + 2 * CLOSE_MARGIN_MS, log: step },
  );
}

async function main() {
  const config = loadConfig();
  jsonLog = config.logFormat === 'json';
  if (config.workers > 1 && !config.databaseUrl) {
    throw new Error(
      `WORKERS=${config.workers} richiede un server PostgreSQL (DATABASE_URL): il database incorporato PGlite appartiene a un solo processo. Togliere WORKERS oppure impostare DATABASE_URL.`,
    );
  }
  if (config.workers === 1) return single(config);
  if (cluster.isPrimary) return primary(config);
  // A worker: the primary has prepared the database.
  await serve(config, await open(config, { serving: true }), { quiet: true });
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

main().catch((error: unknown) => {
  const text = `Avvio non riuscito: ${error instanceof Error ? error.message : String(error)}`;
  console.error(jsonLog ? JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: text }) : text);
  process.exit(1);
});
