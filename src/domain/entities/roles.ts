/**
 * Role (SPEC §6): a named set of CASL rules. A user's abilities are the union of its roles'
 * permissions; the administrators' role (`ADMIN_ROLE_NAME`, «Amministratore») marks a system administrator.
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { abilityActions, quotationAbilityActions } from '../enums.ts';
import { messages, optionalText, requiredText } from '../validation.ts';

export { ADMIN_ROLE_NAME } from '../rules/identity.ts';

/** Actions the role editor offers; rules may name others (transition abilities of other kinds). */
export const knownAbilityActions = [...abilityActions, ...quotationAbilityActions] as const;

/**
 * Operators of CASL's query-style matcher. Anything else would make CASL throw while building the
 * ability (locking the user out) and could not be turned into SQL for list scopes either.
 */
export const conditionOperators: ReadonlySet<string> = new Set([
  '$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$nin', '$all', '$size', '$regex', '$options', '$elemMatch', '$exists',
]);

/** The first `$…` key in a matcher object that CASL does not know, or null. Field names never start with `$`. */
export function unknownConditionOperator(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unknownConditionOperator(item);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('$') && !conditionOperators.has(key)) return key;
    const found = unknownConditionOperator(inner);
    if (found) return found;
  }
  return null;
}

/** `read`, `requestApproval`, `m`: a camelCase word. */
const abilityAction = z.string().trim().regex(/^[a-z][A-Za-z]*$/, messages.invalidValue).max(50);
/** `customer`, `quotation products`, `all`: lower-case words as SPEC §6 writes them. */
const abilitySubject = z.string().trim().regex(/^[a-z]+( [a-z]+)*$/, messages.invalidValue).max(100);

/** A query-style matcher on the subject's fields, e.g. `{ "relationships.customerId": { "$in": [...] } }`. */
export const permissionConditions = z
  .record(z.string().min(1).max(200), z.json())
  .superRefine((conditions, ctx) => {
    const operator = unknownConditionOperator(conditions);
    if (operator) {
      ctx.addIssue({ code: 'custom', message: `${messages.invalidValue}: operatore ${operator} non supportato`, params: { code: 'invalidValue' } });
    }
  });

/** One CASL raw rule, as the identity endpoint sends it (SPEC §3 permissions). */
export const permissionRule = z.strictObject({
  action: z.union([abilityAction, z.array(abilityAction).min(1).max(50)]),
  /** `all` means any subject. */
  subject: z.union([abilitySubject, z.array(abilitySubject).min(1).max(100)]),
  fields: z.array(requiredText(200)).max(200).optional(),
  conditions: permissionConditions.optional(),
  /** A "cannot" rule. */
  inverted: z.boolean().optional(),
  /** Why a "cannot" rule forbids, shown to the user. */
  reason: optionalText(500),
});
export type PermissionRule = z.infer<typeof permissionRule>;

export const roleAttributes = z.strictObject({
  name: requiredText(100),
  description: optionalText(1000),
  permissions: z.array(permissionRule).max(1000).default([]),
});

type RoleShape = EntityShape & { attributes: z.infer<typeof roleAttributes> };

export const roles = defineKind({
  type: 'roles',
  subject: 'role',
  label: { singular: 'Ruolo', plural: 'Ruoli' },
  attributes: roleAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({}),
  fields: {
    name: { path: 'attributes.name', type: 'text', sortable: true },
  },
  fullText: ['attributes.name', 'attributes.description'],
  references: {},
  title: (entity) => (entity as RoleShape).attributes.name,
});
