/**
 * Contacts as users (issue 26 §9):
 * - the one-time codes of the online signature (`signature_codes`, 0031) serve the e-mail sign-in
 *   too: a row says what it is for (`purpose`: `signature` or `signIn`), a sign-in code names no
 *   quotation, and a code asked for an address nobody has names no user (it is kept only to count
 *   what an address and a network asked for: the same answer whether the address exists or not);
 * - `user_invitations`: the links a customer's administrator sends its colleagues, by the hash of
 *   their secret only, with expiry and use;
 * - the sites of a customer's user (`relationships.officeLocationIds`) now limit what it reads; until
 *   now they limited nothing, so a customer's user that lists some keeps every site (the empty list).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const contactsAsUsersMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`ALTER TABLE signature_codes ALTER COLUMN quotation_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE signature_codes ALTER COLUMN user_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE signature_codes ADD COLUMN IF NOT EXISTS purpose text NOT NULL DEFAULT 'signature'`.execute(db);
    await sql`ALTER TABLE signature_codes ADD COLUMN IF NOT EXISTS ip_address text`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS signature_codes_email_idx ON signature_codes (purpose, email, created_date_time)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS signature_codes_ip_idx ON signature_codes (purpose, ip_address, created_date_time)`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS user_invitations (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      token_hash text NOT NULL,
      invited_by uuid,
      created_date_time timestamptz NOT NULL DEFAULT now(),
      expires_date_time timestamptz NOT NULL,
      consumed_date_time timestamptz
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS user_invitations_user_idx ON user_invitations (user_id, created_date_time)`.execute(db);
    await sql`UPDATE users SET relationships = jsonb_set(relationships, '{officeLocationIds}', '[]'::jsonb)
      WHERE attributes ->> 'userType' = 'customer' AND jsonb_array_length(coalesce(relationships -> 'officeLocationIds', '[]'::jsonb)) > 0`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS user_invitations`.execute(db);
    await sql`DELETE FROM signature_codes WHERE purpose <> 'signature'`.execute(db);
    await sql`ALTER TABLE signature_codes DROP COLUMN IF EXISTS purpose`.execute(db);
    await sql`ALTER TABLE signature_codes DROP COLUMN IF EXISTS ip_address`.execute(db);
  },
};
