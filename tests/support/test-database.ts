/**
 * A fresh, migrated database for one test file of the service and API tiers: an in-memory PGlite, or a
 * schema of its own on the PostgreSQL server. PGlite starts from the archive of one database migrated
 * once per run (`writePgliteTemplate`, from the tiers' global setup): starting a cluster (initdb) and
 * migrating it cost about two seconds per file, loading the archive about a third of a second.
 * The migrator still runs on it and finds nothing to do.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';

export interface TestDatabase {
  database: Database;
  /** Closes the database and drops its schema (PostgreSQL). */
  drop(): Promise<void>;
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

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `engine` 'postgres': a schema named `prefix` + random on the server at `url`; 'pglite': from
 * `pgliteTemplate` (an archive file) when given, else an empty cluster.
 */
export async function openTestDatabase(engine: string, options: { url: string; schemaPrefix: string; pgliteTemplate?: string | undefined }): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const schema = `${options.schemaPrefix}${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await onServer(options.url, `CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ url: options.url, schema, poolSize: 4 });
    await migrateToLatest(database);
    return {
      database,
      async drop() {
        await database.close();
        await onServer(options.url, `DROP SCHEMA ${schema} CASCADE`);
      },
    };
  }
  const template = options.pgliteTemplate && fs.existsSync(options.pgliteTemplate) ? new Blob([fs.readFileSync(options.pgliteTemplate)]) : undefined;
  const database = await openDatabase(template ? { loadDataDir: template } : {});
  await migrateToLatest(database);
  return { database, drop: () => database.close() };
}
