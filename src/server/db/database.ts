/**
 * One SQL dialect, two engines: embedded PGlite (default) or a PostgreSQL server. Both are set up
 * to hand back the same JavaScript types, so nothing above this file knows which one runs:
 * bigint counts and numerics as numbers, timestamps as ISO strings.
 */
import type { PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import fs from 'node:fs';
import { attachErrorListener } from './connection-errors.ts';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /** PostgreSQL only: the schema the connection works in, when not the default. */
  schema?: string;
  /**
   * Whether the database answers a trivial query within `timeoutMs` (readiness check); never throws.
   * PostgreSQL: through the pool, so a server that is gone or a pool that cannot hand out a connection
   * in time both read as down. PGlite is in-process and queues queries one at a time: a busy queue is
   * not an outage, so it is given at least 10 s.
   */
  ping(timeoutMs?: number): Promise<boolean>;
  /** PGlite only: its data directory as an archive (`loadDataDir` of another one starts from it). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Tables are per entity kind and built from the kind registry, so the typed schema is generic. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DatabaseSchema = Record<string, any>;

const TYPE = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184, date: 1082 } as const;
const toIso = (value: string) => new Date(value.includes('T') || value.includes('+') || value.endsWith('Z') ? value : `${value}Z`).toISOString();
/** Parsers shared by both engines (text wire format in, our JS types out). */
const parsers: Record<number, (value: string) => unknown> = {
  [TYPE.int8]: Number,
  [TYPE.numeric]: Number,
  [TYPE.timestamptz]: (v) => new Date(v).toISOString(),
  [TYPE.timestamp]: toIso,
  [TYPE.date]: (v) => v,
};

export interface DatabaseOptions {
  /** postgres://… for a server; absent for PGlite. */
  url?: string;
  /** PGlite data directory; absent (with no url) means in-memory. */
  dataDir?: string;
  /**
   * PGlite only: start from this data directory archive (`dumpDataDir`) instead of an empty cluster —
   * the tests open each database from one migrated once, skipping initdb and the migrations.
   */
  loadDataDir?: Blob;
  /**
   * PGlite only: its WebAssembly compiled and its file bundle read beforehand (`PGlite.create`'s own
   * options). A process that opens many databases (a test worker) compiles them once instead of once each.
   */
  pgliteParts?: Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
  /** PostgreSQL only: schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: how long a request waits for a connection (a new one, or a free one from the
   * pool) before it fails as "database unavailable" instead of hanging. Default 5000 ms.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL only: the server cancels a statement running longer than this (`statement_timeout`),
   * so a runaway query answers 503 QUERY_TIMEOUT within the client's patience instead of holding a
   * connection. Absent or 0: no limit (migrations and seeding run without one).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL only: told about connections lost (server restart, network cut); default: one line on stderr. */
  onConnectionError?: (error: Error) => void;
}

/** A query that may hang (a server gone silent) is given up after `timeoutMs`. */
async function answersWithin(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const types = {
      getTypeParser: (oid: number, format?: string) =>
        parsers[oid] ?? (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format),
    } as pg.CustomTypesConfig;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    const onConnectionError = options.onConnectionError ?? ((error: Error) => console.error(`Connessione al database persa: ${error.message}`));
    // The pool listens on idle clients only; a client checked out or inside a transaction when the
    // server goes away emits 'error' too, and an 'error' event nobody listens to ends the process.
    // The failed query rejects on its own (→ 503); the pool drops the dead client when it is released.
    pool.on('connect', (client) => attachErrorListener(client, onConnectionError));
    pool.on('error', onConnectionError);
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      schema: options.schema,
      ping: (timeoutMs = 2000) => answersWithin(() => sql`SELECT 1`.execute(db), timeoutMs),
      close: () => db.destroy(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', { parsers, ...options.pgliteParts, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    engine: 'pglite',
    ping: (timeoutMs = 2000) => answersWithin(() => sql`SELECT 1`.execute(db), Math.max(timeoutMs, 10_000)),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: () => db.destroy(),
  };
}
