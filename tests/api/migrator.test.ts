/**
 * The migrator on a server shared by several schemas: it reads only its own schema's catalogue, so
 * another schema being altered at the same moment cannot break it, and processes starting together
 * on one schema migrate it once.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { migrateToLatest, runPending } from '../../src/server/db/migrator.ts';
import { engines } from './setup.ts';

const url = inject('testDatabaseUrl');
const schemaName = () => `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

describe.runIf(engines().includes('postgres'))('migrations on a shared PostgreSQL server', () => {
  const schemas: string[] = [];
  const opened: Database[] = [];
  let admin: pg.Client;

  async function freshSchema(): Promise<string> {
    const schema = schemaName();
    schemas.push(schema);
    await admin.query(`CREATE SCHEMA ${schema}`);
    return schema;
  }
  async function open(schema: string): Promise<Database> {
    const database = await openDatabase({ url, schema, poolSize: 2 });
    opened.push(database);
    return database;
  }

  afterAll(async () => {
    for (const database of opened) await database.close();
    if (admin) {
      for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  it('migrates schema after schema while another schema is altered in a loop', async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const busy = await freshSchema();
    const alterer = new pg.Client({ connectionString: url });
    await alterer.connect();
    let stop = false;
    let alterations = 0;
    const loop = (async () => {
      await alterer.query(`CREATE TABLE ${busy}.churn (id int)`);
      while (!stop) {
        // Columns and tables come and go, as when a test file migrates or drops its own schema.
        await alterer.query(`ALTER TABLE ${busy}.churn ADD COLUMN extra text`);
        await alterer.query(`CREATE TABLE ${busy}.churn_${alterations % 5} (id int, attributes jsonb)`);
        await alterer.query(`ALTER TABLE ${busy}.churn DROP COLUMN extra`);
        await alterer.query(`DROP TABLE ${busy}.churn_${alterations % 5}`);
        alterations++;
      }
    })();
    try {
      for (let n = 0; n < 4; n++) {
        const database = await open(await freshSchema());
        expect((await migrateToLatest(database)).length).toBeGreaterThan(0);
        expect(await migrateToLatest(database)).toEqual([]);
      }
    } finally {
      stop = true;
      await loop;
      await alterer.end();
    }
    expect(alterations).toBeGreaterThan(0);
  });

  it('runs each migration once when processes start together on one schema', async () => {
    const schema = await freshSchema();
    const [a, b, c] = await Promise.all([open(schema), open(schema), open(schema)]);
    const results = await Promise.all([a!, b!, c!].map((database) => migrateToLatest(database)));
    const applied = results.flat();
    expect(applied.length).toBeGreaterThan(0);
    expect(new Set(applied).size).toBe(applied.length);
    expect(results.filter((names) => names.length === 0)).toHaveLength(2);
  });

  it('refuses a database migrated by a newer version, and a migration older than one applied, without changing anything', async () => {
    const database = await open(await freshSchema());
    await migrateToLatest(database);
    const up = async () => undefined;
    await expect(database.db.transaction().execute((trx) => runPending(trx, { '0001-entities': { up } }))).rejects.toThrow(/versione più recente/);
    let ran = false;
    const known = Object.fromEntries(
      (await database.db.selectFrom('kysely_migration' as never).select('name' as never).execute()).map((row) => [(row as { name: string }).name, { up }]),
    );
    await expect(
      database.db.transaction().execute((trx) => runPending(trx, { ...known, '0000-early': { up: async () => void (ran = true) } })),
    ).rejects.toThrow(/fuori ordine/);
    expect(ran).toBe(false);
  });
});
