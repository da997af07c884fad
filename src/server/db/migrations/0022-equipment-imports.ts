/**
 * Equipment imports (issue 27): the table of the `equipmentImports` kind, one row per import of a
 * customer's equipment register: who and when (`created_by`, `created_date_time`), the file, its
 * mapping, counts and state in `attributes`; the customer in `relationships`. Beside it,
 * `equipment_import_rows`: each equipment the import created or updated, its version right after the
 * import and, for an update, the values it replaced (undo reads them; they are no references, so
 * deleting an imported equipment stays possible). Frozen here as the kind was when it was
 * added; the schema step run after the migrations adds its sort columns and list indexes, as for every kind.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const equipmentImportsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE IF NOT EXISTS equipment_imports (
      id uuid PRIMARY KEY,
      created_date_time timestamptz NOT NULL,
      last_updated_date_time timestamptz NOT NULL,
      deleted_date_time timestamptz,
      created_by uuid,
      last_updated_by uuid,
      deleted_by uuid,
      is_deleted boolean NOT NULL DEFAULT false,
      is_archived boolean NOT NULL DEFAULT false,
      attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      relationships jsonb NOT NULL DEFAULT '{}'::jsonb,
      search tsvector NOT NULL DEFAULT ''::tsvector
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS equipment_import_rows (
      import_id uuid NOT NULL,
      equipment_id uuid NOT NULL,
      action text NOT NULL CHECK (action IN ('create', 'update')),
      version timestamptz NOT NULL,
      before jsonb,
      PRIMARY KEY (import_id, equipment_id)
    )`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS equipment_import_rows`.execute(db);
    await sql`DROP TABLE IF EXISTS equipment_imports`.execute(db);
  },
};
