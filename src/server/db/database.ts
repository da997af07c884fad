/**
 * One SQL dialect, two engines: embedded PGlite (default) or a PostgreSQL server. Both are set up
 * to hand back the same JavaScript types, so nothing above this file knows which one runs:
 * bigint counts and numerics as numbers, timestamps as ISO strings.
 */
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import fs from 'node:fs';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /** PostgreSQL only: the schema the connection works in, when not the default. */
  schema?: string;
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
  /** PostgreSQL only: schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
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
    });
    // A pool error on an idle client must not bring the process down; the next query reconnects.
    pool.on('error', (error) => console.error('Errore di connessione al database:', error.message));
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', { parsers });
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
