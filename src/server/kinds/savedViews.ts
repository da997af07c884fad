/**
 * Server hooks of saved views (security issue): a view is shared only with roles its author holds.
 * Otherwise any user — a customer user included — could put a view of their choosing (a URL, a
 * name) in the menus of every staff role, the administrators' too. An administrator shares with any
 * role. A role already shared stays when the view changes: only the roles a write adds are checked.
 */
import { sql } from 'kysely';
import { isAdmin } from '../../domain/rules/identity.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { Problem } from '../http/problems.ts';

/** The Italian refusal, at each role the author does not hold. */
export const ROLE_NOT_HELD = 'Puoi condividere una vista solo con i ruoli che hai';

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

export const savedViewsKind = defineKindHooks('savedViews', {
  async beforeWrite(hook, data, previous) {
    const before = new Set(idsOf(previous?.relationships.sharedRoleIds));
    const shared = idsOf(data.relationships.sharedRoleIds);
    if (shared.every((id) => before.has(id))) return;
    // The author's roles as they are now (the effective user while an administrator acts as someone).
    const userId = hook.call.identity.userId;
    const roles = userId
      ? (
          await sql<{ id: string; name: string }>`SELECT r.id, r.attributes->>'name' AS name FROM roles r
            WHERE NOT r.is_deleted AND r.id::text IN (SELECT jsonb_array_elements_text(coalesce(u.relationships->'roleIds', '[]'::jsonb)) FROM users u WHERE u.id = ${userId}::uuid)`.execute(hook.db)
        ).rows
      : [];
    if (isAdmin({ roles })) return;
    const held = new Set(roles.map((role) => role.id.toLowerCase()));
    const errors = shared.flatMap((id, index) =>
      before.has(id) || held.has(id.toLowerCase()) ? [] : [{ pointer: `/relationships/sharedRoleIds/${index}`, code: 'roleNotHeld', message: ROLE_NOT_HELD }],
    );
    if (errors.length > 0) throw new Problem('VALIDATION_FAILED', { message: ROLE_NOT_HELD, errors });
  },
});
