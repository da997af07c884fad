/**
 * An existing database behind the registry: migration 0001 is frozen, so a kind, a sortable field or
 * a list index added since reaches the database through the schema step run after the migrations.
 * Here a database loses one kind's table, one generated sort column (and the index on it) and one
 * sortable index; migrating again puts them back, lists sort and filter on them, and a second run
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, setupApi, type Api } from './setup.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';
import { ensureSchema, readCatalogue, type SchemaCatalogue } from '../../src/server/db/ensure-schema.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { findKind } from '../../src/domain/kinds.ts';

const company = (name: string, city: string, province: string, rating: number) => ({
  attributes: { allowedModules: ['fire'], registry: { businessName: name, isPerson: false, city, province }, rating },
});

/** The catalogue as plain sorted data, to compare two readings. */
const flat = (catalogue: SchemaCatalogue) => ({
  tables: [...catalogue.columns.entries()].map(([table, columns]) => `${table}(${[...columns].sort().join(',')})`).sort(),
  indexes: [...catalogue.indexes].sort(),
});

describe.each(engines())('schema step on an older database (%s)', (engine) => {
  let api: Api;

  beforeAll(async () => {
    api = await setupApi(engine);
    // Rows written before the column goes: adding it back must compute it for them.
    for (const [name, city, province, rating] of [
      ['Alfa Antincendio Srl', 'Milano', 'MI', 5],
      ['Beta Estintori Spa', 'Torino', 'TO', 3],
      ['Gamma Sicurezza', 'Abbiategrasso', 'MI', 1],
      ['Delta Impianti', 'Rho', 'MI', 4],
    ] as const) {
      await api.create('customers', company(name, city, province, rating));
    }
  });
  afterAll(() => api?.close());

  it('puts back a dropped table, generated column and index, and lists sort and filter on them', async () => {
    const db = api.database.db;
    const complete = flat(await readCatalogue(db));
    await sql`DROP TABLE customer_groups`.execute(db);
    // Dropping the generated column drops customers_city_idx, the index built on it.
    await sql`ALTER TABLE customers DROP COLUMN s_attributes_registry_city`.execute(db);
    await sql`DROP INDEX customers_display_name_idx`.execute(db);
    const older = await readCatalogue(db);
    expect(older.columns.has('customer_groups')).toBe(false);
    expect(older.columns.get('customers')?.has('s_attributes_registry_city')).toBe(false);
    expect(older.indexes.has('customers_city_idx')).toBe(false);
    expect(older.indexes.has('customers_display_name_idx')).toBe(false);

    const log: string[] = [];
    expect(await migrateToLatest(api.database, { log: (line) => log.push(line) })).toEqual([]);
    expect(log).toContain('CREATE TABLE IF NOT EXISTS customer_groups');
    expect(log).toContain('CREATE INDEX IF NOT EXISTS customer_groups_name_idx ON customer_groups (s_attributes_name NULLS FIRST, id) INCLUDE (is_deleted, is_archived)');
    expect(log).toContain(
      "ALTER TABLE customers ADD COLUMN IF NOT EXISTS s_attributes_registry_city text GENERATED ALWAYS AS ((attributes #>> '{registry,city}')) STORED",
    );
    expect(log).toContain('CREATE INDEX IF NOT EXISTS customers_city_idx ON customers (s_attributes_registry_city NULLS FIRST, id) INCLUDE (is_deleted, is_archived)');
    expect(log).toContain('CREATE INDEX IF NOT EXISTS customers_display_name_idx ON customers (s_metadata_display_name NULLS FIRST, id) INCLUDE (is_deleted, is_archived)');
    // Only what was missing: nothing else in the schema is touched.
    expect(log.every((line) => / customer_groups\b| customers\b/.test(line))).toBe(true);
    expect(flat(await readCatalogue(db))).toEqual(complete);

    // Existing rows got their generated value; the list sorts and filters on the column again.
    const byCity = await api.get('/api/customers?sort=-city&filter[province]=MI');
    expect(byCity.status).toBe(200);
    expect(byCity.body.data.map((c: any) => c.attributes.registry.city)).toEqual(['Rho', 'Milano', 'Abbiategrasso']);
    const byName = await api.get('/api/customers?sort=-displayName&filter[city]=Milano,Torino');
    expect(byName.body.data.map((c: any) => c.metadata.displayName)).toEqual(['Beta Estintori Spa', 'Alfa Antincendio Srl']);

    // The recreated kind table works through the API, sorted and filtered.
    for (const [code, name] of [['G1', 'Holding Nord'], ['G2', 'Franchising Sud'], ['G3', 'Holding Centro']]) {
      await api.create('customerGroups', { attributes: { code, name } });
    }
    const groups = await api.get('/api/customerGroups?sort=-name&filter[fullText]=holding');
    expect(groups.status).toBe(200);
    expect(groups.body.data.map((g: any) => g.attributes.code)).toEqual(['G1', 'G3']);
    expect((await api.get('/api/customerGroups?filter[code]=G2')).body.meta.total).toBe(1);
  });

  it('changes nothing when run again', async () => {
    const before = flat(await readCatalogue(api.database.db));
    expect(await ensureSchema(api.database)).toEqual([]);
    expect(await migrateToLatest(api.database)).toEqual([]);
    expect(flat(await readCatalogue(api.database.db))).toEqual(before);
  });

  it('creates the table, sort columns and indexes of a kind the database has never seen', async () => {
    const later = { ...findKind('customerGroups')!, type: 'laterGroups' };
    const statements = await ensureSchema(api.database, { kinds: [later] });
    expect(statements[0]).toMatch(/^CREATE TABLE IF NOT EXISTS later_groups \(/);
    const catalogue = await readCatalogue(api.database.db);
    expect([...catalogue.columns.get('later_groups')!]).toEqual(expect.arrayContaining(['id', 'attributes', 'search', 's_attributes_code', 's_attributes_name']));
    for (const index of ['later_groups_code_idx', 'later_groups_name_idx', 'later_groups_search_idx', 'later_groups_last_updated_idx']) {
      expect(catalogue.indexes.has(index), index).toBe(true);
    }
    expect(await ensureSchema(api.database, { kinds: [later] })).toEqual([]);
  });

  it('stops with the statement named and keeps nothing of the run when existing data cannot fill a new column', async () => {
    const db = api.database.db;
    await sql`ALTER TABLE customers DROP COLUMN s_attributes_rating`.execute(db);
    await sql`DROP INDEX customer_groups_code_idx`.execute(db);
    await sql`UPDATE customers SET attributes = jsonb_set(attributes, '{rating}', '"cinque"') WHERE attributes #>> '{registry,city}' = 'Rho'`.execute(db);
    await expect(ensureSchema(api.database)).rejects.toThrow(/^Aggiornamento dello schema non riuscito \(ALTER TABLE customers ADD COLUMN IF NOT EXISTS s_attributes_rating numeric /);
    const after = await readCatalogue(db);
    expect(after.indexes.has('customer_groups_code_idx')).toBe(false);
    expect(after.columns.get('customers')!.has('s_attributes_rating')).toBe(false);
    // Once the data is fixed, the next start completes the schema.
    await sql`UPDATE customers SET attributes = jsonb_set(attributes, '{rating}', '4') WHERE attributes #>> '{registry,city}' = 'Rho'`.execute(db);
    expect(await ensureSchema(api.database)).toHaveLength(3);
    expect((await api.get('/api/customers?sort=-rating&page[size]=1')).body.data[0].attributes.rating).toBe(5);
  });

  it.runIf(engine === 'postgres')('lets two processes starting together add the missing objects once', async () => {
    await sql`DROP INDEX customers_rating_idx`.execute(api.database.db);
    const second = await openDatabase({ url: api.config.databaseUrl!, schema: api.database.schema, poolSize: 2 });
    try {
      const runs = await Promise.all([ensureSchema(api.database), ensureSchema(second)]);
      // One of them ran the statement under the lock; the other found nothing left to do.
      expect(runs.map((run) => run.length).sort()).toEqual([0, 1]);
      expect(runs.flat()).toEqual([expect.stringMatching(/^CREATE INDEX IF NOT EXISTS customers_rating_idx ON customers /)]);
    } finally {
      await second.close();
    }
  });
});
