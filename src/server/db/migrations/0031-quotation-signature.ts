/**
 * Quotations signed online by their customer (issue 26 §3): the one-time codes sent to signers
 * (`signature_codes`: only a hash of each code is kept, with its expiry, attempts and use), and the
 * right of a customer's user to sign its issued quotations (`sign` on `quotation`), added once to
 * the stored «Cliente» role as the seed now defines it. Written as the rule was at this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const CLIENTE_SIGN_RULE = {
  action: 'sign',
  subject: 'quotation',
  conditions: { 'relationships.customerId': '${user.customerId}', 'attributes.status': 'issued' },
} as const;

export const quotationSignatureMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE IF NOT EXISTS signature_codes (
      id uuid PRIMARY KEY,
      quotation_id uuid NOT NULL,
      user_id uuid NOT NULL,
      email text NOT NULL,
      code_hash text NOT NULL,
      created_date_time timestamptz NOT NULL DEFAULT now(),
      expires_date_time timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      consumed_date_time timestamptz
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS signature_codes_signer_idx ON signature_codes (quotation_id, user_id, created_date_time)`.execute(db);
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify([CLIENTE_SIGN_RULE])}::jsonb)
      WHERE attributes ->> 'name' = 'Cliente' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
        WHERE existing.item -> 'action' = to_jsonb('sign'::text) AND existing.item -> 'subject' = to_jsonb('quotation'::text))`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS signature_codes`.execute(db);
  },
};
