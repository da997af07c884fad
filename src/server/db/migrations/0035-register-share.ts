/**
 * The register of checks for inspectors (issue 26 §2): the fingerprint of every printed register under
 * the id its QR code names (`document_verifications`), the time-limited share links (only the
 * token's SHA-256 kept; revocable) and every access to them (when, address, browser, what).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const registerShareMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE IF NOT EXISTS document_verifications (
      id uuid PRIMARY KEY,
      sha256 text NOT NULL,
      document_type text NOT NULL,
      record_type text NOT NULL,
      record_id uuid NOT NULL,
      title text NOT NULL,
      customer_name text NOT NULL DEFAULT '',
      issued_by uuid,
      issued_date_time timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS register_share_links (
      id uuid PRIMARY KEY,
      customer_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      label text,
      created_by uuid NOT NULL,
      created_date_time timestamptz NOT NULL DEFAULT now(),
      expires_date_time timestamptz NOT NULL,
      revoked_date_time timestamptz
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS register_share_links_customer_idx ON register_share_links (customer_id, created_date_time)`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS register_share_accesses (
      id uuid PRIMARY KEY,
      link_id uuid NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      ip_address text NOT NULL DEFAULT '',
      user_agent text NOT NULL DEFAULT '',
      what text NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS register_share_accesses_link_idx ON register_share_accesses (link_id, at)`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS register_share_accesses`.execute(db);
    await sql`DROP TABLE IF EXISTS register_share_links`.execute(db);
    await sql`DROP TABLE IF EXISTS document_verifications`.execute(db);
  },
};
