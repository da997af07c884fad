/**
 * The first schema: one table per entity kind with the common metadata as real columns, the
 * kind's data as JSONB sections, an Italian full-text vector, and an index for every list field.
 * It materialises the kind registry as it stands at this migration; later changes to a kind's
 * storage are new migrations (CREATE INDEX … for a new list field, and so on).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { kindList } from '../../../domain/kinds.ts';
import { indexDefinitions, sortColumnDefinitions, tableName } from '../entity-sql.ts';
import type { DatabaseSchema } from '../database.ts';

export const entitiesMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE app_state (key text PRIMARY KEY, value jsonb NOT NULL, updated_date_time timestamptz NOT NULL DEFAULT now())`.execute(db);
    for (const kind of kindList) {
      const table = tableName(kind);
      await sql
        .raw(
          `CREATE TABLE ${table} (
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
            search tsvector NOT NULL DEFAULT ''::tsvector${sortColumnDefinitions(kind).map((column) => `,\n            ${column}`).join('')}
          )`,
        )
        .execute(db);
      for (const index of indexDefinitions(kind)) {
        await sql.raw(`CREATE INDEX ${index.name} ON ${table} ${index.using}`).execute(db);
      }
    }
  },
  async down(db: Kysely<DatabaseSchema>) {
    for (const kind of kindList) await sql.raw(`DROP TABLE IF EXISTS ${tableName(kind)}`).execute(db);
    await sql`DROP TABLE IF EXISTS app_state`.execute(db);
  },
};
