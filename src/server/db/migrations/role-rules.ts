/**
 * What the migrations that give stored roles a new kind's rules share: `rules` are added to the role
 * named `roleName`, once, unless one of its rules already names `subject` (an administrator wrote one,
 * or the migration ran before). The rules themselves stay in each migration, as they were when it was written.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../database.ts';

export async function addRoleRulesOnce(db: Kysely<DatabaseSchema>, roleName: string, subject: string, rules: readonly object[]): Promise<void> {
  await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify(rules)}::jsonb)
    WHERE attributes ->> 'name' = ${roleName} AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS existing(item)
      WHERE existing.item -> 'subject' = to_jsonb(${subject}::text)
        OR (jsonb_typeof(existing.item -> 'subject') = 'array' AND existing.item -> 'subject' ? ${subject}))`.execute(db);
}
