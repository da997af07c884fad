/**
 * Server hooks of roles (issue 12): a role is stored only when every rule can be applied (SPEC §6):
 * known actions and subjects, fields the subject's records have, conditions CASL and the list
 * scopes understand, `${user.…}` values that exist. The same check runs in the role screen
 * (`roleRuleIssues`); each problem is a field error at its rule's part, in Italian.
 */
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { kindList } from '../../domain/kinds.ts';
import { roleCatalogue, roleRuleIssues } from '../../domain/rules/role-rules.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { Problem } from '../http/problems.ts';

const catalogue = roleCatalogue(kindList);

export const rolesKind = defineKindHooks('roles', {
  async beforeWrite(_hook, data) {
    const permissions = (data.attributes.permissions ?? []) as PermissionRule[];
    const issues = roleRuleIssues(permissions, catalogue);
    if (issues.length === 0) return;
    throw new Problem('VALIDATION_FAILED', {
      message: issues.length === 1 ? issues[0]!.message : `Le regole del ruolo hanno ${issues.length} errori: ${issues[0]!.message}; …`,
      errors: issues.map((issue) => ({ pointer: `/attributes/permissions/${issue.index}/${issue.key}`, code: issue.code, message: issue.message })),
    });
  },
});
