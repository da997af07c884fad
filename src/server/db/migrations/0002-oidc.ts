/**
 * The embedded sign-in provider's storage: every piece of provider state (sessions, grants,
 * codes, refresh tokens, interactions…) as JSON rows, its signing keys and cookie secrets (so a
 * restart signs nobody out), failed sign-ins for the rate limit, and users' password hashes.
 * The hash is a column of its own, outside the JSON sections the API reads and answers with.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const oidcMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`ALTER TABLE users ADD COLUMN password_hash text`.execute(db);
    await sql`CREATE TABLE oidc_payloads (
      id text NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (id, type)
    )`.execute(db);
    await sql`CREATE INDEX oidc_payloads_grant_id ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL`.execute(db);
    await sql`CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL`.execute(db);
    await sql`CREATE INDEX oidc_payloads_user_code ON oidc_payloads (user_code) WHERE user_code IS NOT NULL`.execute(db);
    await sql`CREATE INDEX oidc_payloads_expires_at ON oidc_payloads (expires_at)`.execute(db);
    await sql`CREATE TABLE oidc_secrets (name text PRIMARY KEY, value jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE TABLE oidc_login_failures (key text NOT NULL, failed_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX oidc_login_failures_key ON oidc_login_failures (key, failed_at)`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS oidc_login_failures`.execute(db);
    await sql`DROP TABLE IF EXISTS oidc_secrets`.execute(db);
    await sql`DROP TABLE IF EXISTS oidc_payloads`.execute(db);
    await sql`ALTER TABLE users DROP COLUMN IF EXISTS password_hash`.execute(db);
  },
};
