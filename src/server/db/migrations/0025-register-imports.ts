/**
 * Imports of every register (issue 27: equipment, sites, employees, products with their price-list
 * rows), not only equipment: the `equipmentImports` kind becomes `imports` (subject `import`), each
 * record saying its `register`; the rows an import wrote say their kind (`type`) beside their id.
 * Existing imports were all of equipment. A role rule naming the old subject names the new one, and
 * the history of the records follows their kind's new name. The old indexes go; the schema step run
 * after the migrations makes the new kind's.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const registerImportsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    const { rows } = await sql<{ name: string }>`
      SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'equipment_imports' AND indexname <> 'equipment_imports_pkey'`.execute(db);
    for (const row of rows) await sql`DROP INDEX IF EXISTS ${sql.id(row.name)}`.execute(db);
    await sql`ALTER TABLE equipment_imports RENAME TO imports`.execute(db);
    await sql`ALTER INDEX IF EXISTS equipment_imports_pkey RENAME TO imports_pkey`.execute(db);
    await sql`UPDATE imports SET attributes = jsonb_set(attributes, '{register}', '"equipments"') WHERE NOT attributes ? 'register'`.execute(db);
    await sql`ALTER TABLE equipment_import_rows RENAME TO import_rows`.execute(db);
    await sql`ALTER TABLE import_rows RENAME COLUMN equipment_id TO record_id`.execute(db);
    await sql`ALTER TABLE import_rows ADD COLUMN type text NOT NULL DEFAULT 'equipments'`.execute(db);
    await sql`ALTER TABLE import_rows DROP CONSTRAINT IF EXISTS equipment_import_rows_pkey`.execute(db);
    await sql`ALTER TABLE import_rows ADD PRIMARY KEY (import_id, type, record_id)`.execute(db);
    await sql`UPDATE record_history SET entity_type = 'imports' WHERE entity_type = 'equipmentImports'`.execute(db);
    await sql`UPDATE roles SET attributes = replace(attributes::text, '"equipment import"', '"import"')::jsonb
      WHERE attributes::text LIKE '%"equipment import"%'`.execute(db);
  },
  async down() {
    // Imports of other registers cannot go back into an equipment-only table: nothing is taken back.
  },
};
