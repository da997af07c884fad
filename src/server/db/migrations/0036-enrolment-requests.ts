/**
 * Enrolment requests (issue 26 §6): the stored «Cliente» role gets, once, the rule the seed now gives
 * it: it asks the enrolment of its own customer's employees and reads its own requests. The staff who
 * manage course editions (administrators: `manage all`) decide them. Unless an administrator already
 * gave the role a rule on that subject. Written as the rule was at this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_ENROLMENT_REQUEST_RULES = [
  { action: ['read', 'create'], subject: 'enrolment request', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
] as const;

export const enrolmentRequestsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify(CLIENTE_ENROLMENT_REQUEST_RULES)}::jsonb)
      WHERE attributes ->> 'name' = 'Cliente' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
        WHERE existing.item -> 'subject' = to_jsonb('enrolment request'::text)
          OR (jsonb_typeof(existing.item -> 'subject') = 'array' AND existing.item -> 'subject' ? 'enrolment request'))`.execute(db);
  },
  async down() {
    // The rule may have been edited since: nothing is taken back.
  },
};
