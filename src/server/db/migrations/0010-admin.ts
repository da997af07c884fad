/**
 * Administration (issue 12):
 * - `users.password_must_change`: the embedded sign-in asks for a new password after the next
 *   correct one (set when an administrator sets or resets it); like the hash, never part of an API answer;
 * - `app_settings`: switches of the whole installation by name (maintenance mode), one JSON value each.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const adminMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`ALTER TABLE users ADD COLUMN password_must_change boolean NOT NULL DEFAULT false`.execute(db);
    await sql`CREATE TABLE app_settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid
    )`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS app_settings`.execute(db);
    await sql`ALTER TABLE users DROP COLUMN IF EXISTS password_must_change`.execute(db);
  },
};
