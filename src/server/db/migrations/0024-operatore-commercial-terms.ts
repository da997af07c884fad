/**
 * SPEC §6 `commercial terms` is checked from now on (domain/ability.ts dependentRules): without `read`
 * on it, a customer's commercial terms fields (offer, validity, discount ceiling, price list, payment
 * term, invoicing method) are not read. The «Operatore» reads customers' offers and price lists, and kept
 * reading these fields before: its role gets the rule once, unless one of its rules already grants
 * `read` on `commercial terms`. The other seeded roles need no change (Commerciale and Responsabile
 * commerciale hold it, the others are not meant to read commercial terms). Written here as it was at
 * this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const OPERATORE_COMMERCIAL_TERMS_RULE = { action: 'read', subject: 'commercial terms' } as const;

export const operatoreCommercialTermsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    const rule = OPERATORE_COMMERCIAL_TERMS_RULE;
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify([rule])}::jsonb)
      WHERE attributes ->> 'name' = 'Operatore' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
        WHERE (existing.item -> 'action' IN (to_jsonb(${rule.action}::text), to_jsonb('manage'::text)) OR (jsonb_typeof(existing.item -> 'action') = 'array' AND existing.item -> 'action' ?| ARRAY[${rule.action}, 'manage']))
          AND (existing.item -> 'subject' IN (to_jsonb(${rule.subject}::text), to_jsonb('all'::text)) OR (jsonb_typeof(existing.item -> 'subject') = 'array' AND existing.item -> 'subject' ?| ARRAY[${rule.subject}, 'all']))
          AND existing.item -> 'conditions' IS NULL AND coalesce(existing.item -> 'inverted', 'false'::jsonb) = 'false'::jsonb)`.execute(db);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
