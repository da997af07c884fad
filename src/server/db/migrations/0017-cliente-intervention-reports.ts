/**
 * The «Cliente» role reads the activities and checks of its own interventions (issue 22, "no
 * certificate or report can be downloaded"): an intervention report prints them, and a caller who
 * may not read every kind a document prints gets no document. Both kinds are read through their
 * intervention (activities) and activity (checks), so the rule reaches only the customer's own; the
 * control catalogue (subject `checks` too) is read through its family's module. A database seeded
 * before this gets the rule once, unless an administrator already gave the role a rule on either
 * subject. Written here as it was at this migration (the seed's roles may change later).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const CLIENTE_REPORT_RULE = { action: 'read', subject: ['assignment activity', 'checks'] } as const;

export const clienteInterventionReportsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify([CLIENTE_REPORT_RULE])}::jsonb)
      WHERE attributes ->> 'name' = 'Cliente' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS rule(item)
        WHERE rule.item -> 'subject' IN ('"assignment activity"'::jsonb, '"checks"'::jsonb)
           OR (jsonb_typeof(rule.item -> 'subject') = 'array' AND (rule.item -> 'subject' ? 'assignment activity' OR rule.item -> 'subject' ? 'checks')))`.execute(db);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
