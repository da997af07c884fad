/**
 * The «Operatore» raises the anomaly of a failed check, and attaches its photos, on the interventions
 * it is an operator of (issue 22, the Operatore's day: checks, anomaly, photo, close):
 * - its role may create an anomaly that names a check; the anomalies' hook
 *   (src/server/kinds/anomalies.ts) asks for `workOn` on that check's intervention;
 * - it may change the photos (only) of the checks it recorded itself, which the checks' hook already
 *   limits to its interventions; attaching a file asks for `update` on its record.
 * A database seeded before this gets each rule once, unless an administrator already gave the role a
 * rule of that action on that subject. Written here as they were at this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

const USER_ID = '$' + '{user.id}';
export const OPERATORE_ANOMALY_RULE = { action: 'create', subject: 'anomaly', conditions: { 'relationships.checkId': { $exists: true } } } as const;
export const OPERATORE_PHOTO_RULE = { action: 'update', subject: 'checks', fields: ['attributes.photos'], conditions: { 'metadata.createdBy': USER_ID } } as const;

/** Adds `rule` to the Operatore role unless one of its rules already grants that action on that subject. */
function addOnce(db: Kysely<DatabaseSchema>, rule: { action: string; subject: string }) {
  return sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify([rule])}::jsonb)
    WHERE attributes ->> 'name' = 'Operatore' AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
      WHERE (existing.item -> 'action' = to_jsonb(${rule.action}::text) OR (jsonb_typeof(existing.item -> 'action') = 'array' AND existing.item -> 'action' ? ${rule.action}))
        AND (existing.item -> 'subject' = to_jsonb(${rule.subject}::text) OR (jsonb_typeof(existing.item -> 'subject') = 'array' AND existing.item -> 'subject' ? ${rule.subject})))`.execute(db);
}

export const operatoreAnomaliesPhotosMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addOnce(db, OPERATORE_ANOMALY_RULE);
    await addOnce(db, OPERATORE_PHOTO_RULE);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
