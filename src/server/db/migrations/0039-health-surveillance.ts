/**
 * Health surveillance (module med, D.Lgs. 81/2008 art. 41): the stored «Cliente» role gets, once, the
 * rule the seed now gives it: it reads the visits of its own customer's employees (what the written
 * judgement gives the employer: art. 41 c. 6-bis; nothing clinical is stored). The module closes them
 * to a customer's user without med. Unless an administrator already gave the role a rule on that
 * subject. Written as the rule was at this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_HEALTH_SURVEILLANCE_RULES = [
  { action: 'read', subject: 'health surveillance visit', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
] as const;

export const healthSurveillanceMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify(CLIENTE_HEALTH_SURVEILLANCE_RULES)}::jsonb)
      WHERE attributes ->> 'name' = 'Cliente' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
        WHERE existing.item -> 'subject' = to_jsonb('health surveillance visit'::text)
          OR (jsonb_typeof(existing.item -> 'subject') = 'array' AND existing.item -> 'subject' ? 'health surveillance visit'))`.execute(db);
  },
  async down() {
    // The rule may have been edited since: nothing is taken back.
  },
};
