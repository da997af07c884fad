/**
 * The download log of a customer's documents (issue 26 §5): every file of a customer fetched
 * (`GET /api/media/{id}/download`) and every document of its records printed (`GET /api/{type}/{id}/document`),
 * by whom and when, so the customer (and the office) can say who has taken what.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const documentDownloadsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE IF NOT EXISTS document_downloads (
      id uuid PRIMARY KEY,
      customer_id uuid NOT NULL,
      user_id uuid,
      user_name text NOT NULL DEFAULT '',
      impersonator_id uuid,
      what text NOT NULL,
      record_type text NOT NULL,
      record_id uuid NOT NULL,
      title text NOT NULL DEFAULT '',
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS document_downloads_customer_idx ON document_downloads (customer_id, at DESC)`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS document_downloads`.execute(db);
  },
};
