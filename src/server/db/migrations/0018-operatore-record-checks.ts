/**
 * The «Operatore» role records checks on the interventions it is an operator of (issue 22, "the
 * Operatore may record nothing"): it may create a check that names an activity, and it holds the
 * `recordChecks` action on the interventions that list it among their operators (the checks' hook,
 * src/server/kinds/checks.ts, asks for both). A database seeded before this gets the two rules once,
 * unless an administrator already gave the role a `recordChecks` rule. Written here as they were at
 * this migration (the seed's roles may change later).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

const USER_ID = '$' + '{user.id}';
export const OPERATORE_CHECK_RULES = [
  { action: 'create', subject: 'checks', conditions: { 'relationships.assignmentActivityId': { $exists: true } } },
  { action: 'recordChecks', subject: 'assignment', conditions: { 'relationships.operatorIds': USER_ID } },
] as const;

export const operatoreRecordChecksMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify(OPERATORE_CHECK_RULES)}::jsonb)
      WHERE attributes ->> 'name' = 'Operatore' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS rule(item)
        WHERE rule.item -> 'action' = '"recordChecks"'::jsonb
           OR (jsonb_typeof(rule.item -> 'action') = 'array' AND rule.item -> 'action' ? 'recordChecks'))`.execute(db);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
