/**
 * Service requests («chiamate», issue 26 §7): a customer's user opens them from the portal for its
 * own customer, reads its own, and attaches photos to one still submitted (attaching a file is
 * changing its record); the planners manage them (confirm or decline). Added to the stored «Cliente»
 * and «Pianificatore» roles as the seed now defines them, unless an administrator already gave the
 * role a rule on that subject. Written as the rules were at this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_SERVICE_REQUEST_RULES = [
  { action: ['read', 'create'], subject: 'service request', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
  { action: 'update', subject: 'service request', fields: ['attributes.photoMediaIds'], conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.status': 'submitted' } },
] as const;

export const PIANIFICATORE_SERVICE_REQUEST_RULES = [{ action: 'manage', subject: 'service request' }] as const;

/** Adds `rules` to the role named `role` unless one of its rules already names the subject. */
function addToRole(db: Kysely<DatabaseSchema>, role: string, rules: readonly object[]) {
  return sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify(rules)}::jsonb)
      WHERE attributes ->> 'name' = ${role} AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
        WHERE existing.item -> 'subject' = to_jsonb('service request'::text)
          OR (jsonb_typeof(existing.item -> 'subject') = 'array' AND existing.item -> 'subject' ? 'service request'))`.execute(db);
}

export const serviceRequestsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addToRole(db, 'Cliente', CLIENTE_SERVICE_REQUEST_RULES);
    await addToRole(db, 'Pianificatore', PIANIFICATORE_SERVICE_REQUEST_RULES);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
