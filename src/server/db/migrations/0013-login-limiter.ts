/**
 * The sign-in limiter's state, one row per counted thing (`account:<user id>`, `login:<typed login
 * nobody has>`, `ip:<address>`), so an attempt is reserved in one locked row before its password is
 * checked and every process agrees; and the addresses each user signed in from lately, which keep a
 * busy shared address (an office behind one NAT) from slowing the colleagues who sign in there.
 * Replaces the insert-only `oidc_login_failures` (left in place, unused, for the cleanup that still
 * empties it).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const loginLimiterMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE oidc_login_limits (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      window_started_at timestamptz,
      locked_until timestamptz,
      lockouts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
    await sql`CREATE INDEX oidc_login_limits_updated_at ON oidc_login_limits (updated_at)`.execute(db);
    await sql`CREATE TABLE oidc_login_addresses (
      user_id uuid NOT NULL,
      address text NOT NULL,
      signed_in_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, address)
    )`.execute(db);
    await sql`CREATE INDEX oidc_login_addresses_signed_in_at ON oidc_login_addresses (signed_in_at)`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS oidc_login_addresses`.execute(db);
    await sql`DROP TABLE IF EXISTS oidc_login_limits`.execute(db);
  },
};
