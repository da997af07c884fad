/**
 * The record history (DESIGN §4 "Records beyond CRUD"): one row per write of any entity, written in
 * the write's own transaction. Ordered per record by version; the identity column breaks ties and
 * keeps the rows of one transaction in the order they were written.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const historyMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE record_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      entity_type text NOT NULL,
      entity_id uuid NOT NULL,
      version timestamptz NOT NULL,
      at timestamptz NOT NULL,
      by uuid,
      impersonator uuid,
      action text NOT NULL,
      changes jsonb NOT NULL DEFAULT '[]'::jsonb
    )`.execute(db);
    await sql`CREATE INDEX record_history_entity ON record_history (entity_type, entity_id, version DESC, id DESC)`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS record_history`.execute(db);
  },
};
