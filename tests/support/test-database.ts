/**
 * A fresh, migrated database for one test file of the service and API tiers: an in-memory PGlite, or a
 * database of its own on the PostgreSQL server. Both start from one database migrated once per run
 * (from the tiers' global setup): PGlite from the archive of its data directory (`writePgliteTemplate`:
 * starting a cluster and migrating it cost about two seconds per file, loading the archive about a third
 * of a second); PostgreSQL from a template database (`writePostgresTemplate`: migrating a new schema took
 * 3.5–7 s per file on a loaded two-core machine, copying the template well under one). The migrator
 * still runs on each and finds nothing to do.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: the URL of the file's own database (for a second connection, or the app's DATABASE_URL). */
  url?: string;
  /** Closes the database and drops it (PostgreSQL). */
  drop(): Promise<void>;
}

/**
 * A first connection to a new database reads its catalogue from disk: seconds when the server's
 * checkpoint is writing out a run's worth of created and dropped tables (once 37 s of sync here).
 */
const CONNECT_TIMEOUT_MS = 30_000;

/** The schema the tests' PostgreSQL databases work in (not `public`, as a deployment's DATABASE_SCHEMA may not be). */
const TEST_SCHEMA = 'app';

/** `url` with another database name. */
function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const randomName = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** A database name that says when it was made (`prefix` + seconds in base 36 + random), for `dropStaleDatabases`. */
const datedName = (prefix: string) => `${prefix}${Math.floor(Date.now() / 1000).toString(36)}_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const DATED_NAME = /^(?:tmpl|t|s)_([0-9a-z]+)_[0-9a-f]{8}$/;

/**
 * Drops the test databases a killed run left behind: those made more than `hours` ago (no run lasts that
 * long; a run beside this one is never touched).
 */
export async function dropStaleDatabases(url: string, hours = 6): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname ~ '^(tmpl|t|s)_'`);
    const before = Date.now() / 1000 - hours * 3600;
    for (const { datname } of rows) {
      const made = DATED_NAME.exec(datname)?.[1];
      if (made !== undefined && parseInt(made, 36) <= before) await dropDatabaseWith(client, datname);
    }
  });
}

/**
 * Creates a database on the server at `url`, migrated, as the template of the run's test databases;
 * returns its name. It takes no connections afterwards (a template must have none while it is copied,
 * and the autovacuum keeps off a database that allows none).
 */
export async function writePostgresTemplate(url: string): Promise<string> {
  const name = datedName('tmpl_');
  await onServer(url, `CREATE DATABASE ${name}`);
  try {
    await onServer(databaseUrl(url, name), `CREATE SCHEMA ${TEST_SCHEMA}`);
    const database = await openDatabase({ url: databaseUrl(url, name), schema: TEST_SCHEMA, poolSize: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    await onServer(url, `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    return name;
  } catch (error) {
    // Half made: not left on the server.
    await dropDatabase(url, name).catch(() => undefined);
    throw error;
  }
}

/** Drops a test database or template (PostgreSQL refuses to drop a template, and a connection left open is ended). */
async function dropDatabaseWith(client: pg.Client, name: string): Promise<void> {
  await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withClient(url, (client) => dropDatabaseWith(client, name));
}

/** A copy of the template; PostgreSQL refuses it while another session is in the template, so a refusal is tried again. */
async function createFromTemplate(url: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Migrates an in-memory PGlite and writes its data directory archive to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await migrateToLatest(database);
    fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** `work` on one connection to the server at `url`, closed afterwards. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function onServer(url: string, statement: string): Promise<void> {
  await withClient(url, (client) => client.query(statement));
}

const archives = new Map<string, Blob>();

/** The template's archive, read once per process (50 MB: about 0.4 s a read). */
function templateArchive(file: string): Blob {
  let archive = archives.get(file);
  if (!archive) archives.set(file, (archive = new Blob([fs.readFileSync(file)])));
  return archive;
}

let compiledPglite: NonNullable<DatabaseOptions['pgliteParts']> | undefined;

/**
 * PGlite's WebAssembly compiled and its file bundle read once per process, for every database the
 * worker opens: 1.8 → 1.2 s an open, for each file of the service and API tiers.
 */
function pgliteParts(): NonNullable<DatabaseOptions['pgliteParts']> {
  if (!compiledPglite) {
    const dist = path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/dist');
    compiledPglite = {
      pgliteWasmModule: new WebAssembly.Module(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
      initdbWasmModule: new WebAssembly.Module(fs.readFileSync(path.join(dist, 'initdb.wasm'))),
      fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    };
  }
  return compiledPglite;
}

/**
 * `engine` 'postgres': a database named `prefix` + random, copied from `postgresTemplate`, on the server
 * at `url` (without a template: a schema of that name in `url`'s database, migrated); 'pglite': from
 * `pgliteTemplate` (an archive file) when given, else an empty cluster.
 */
export async function openTestDatabase(
  engine: string,
  options: { url: string; schemaPrefix: string; pgliteTemplate?: string | undefined; postgresTemplate?: string | undefined },
): Promise<TestDatabase> {
  if (engine === 'postgres' && options.postgresTemplate) {
    const name = datedName(options.schemaPrefix);
    await createFromTemplate(options.url, name, options.postgresTemplate);
    const url = databaseUrl(options.url, name);
    const database = await openDatabase({ url, schema: TEST_SCHEMA, poolSize: 4, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    await migrateToLatest(database);
    return {
      database,
      url,
      async drop() {
        await database.close();
        await dropDatabase(options.url, name);
      },
    };
  }
  if (engine === 'postgres') {
    const schema = randomName(options.schemaPrefix);
    await onServer(options.url, `CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ url: options.url, schema, poolSize: 4 });
    await migrateToLatest(database);
    return {
      database,
      url: options.url,
      async drop() {
        await database.close();
        await onServer(options.url, `DROP SCHEMA ${schema} CASCADE`);
      },
    };
  }
  const template = options.pgliteTemplate && fs.existsSync(options.pgliteTemplate) ? templateArchive(options.pgliteTemplate) : undefined;
  const database = await openDatabase({ pgliteParts: pgliteParts(), ...(template ? { loadDataDir: template } : {}) });
  await migrateToLatest(database);
  return { database, drop: () => database.close() };
}
