/**
 * The CASL ability of SPEC §6, built the same way on the server (to enforce) and in the client (to
 * hide or disable): the identity's permissions as raw rules, `m` = read + update + delete,
 * `manage` = any action, subject `all` = any subject. No identity, no rules: nothing is readable.
 */
import { createAliasResolver, createMongoAbility, subject as setSubjectType, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { PermissionRule } from './entities/roles.ts';
import type { ModuleName } from './enums.ts';

export type AppAbility = MongoAbility<[string, string | Record<string, unknown>]>;
export type AppRule = RawRuleOf<AppAbility>;

/**
 * SPEC §6 aliases. `manage` and `all` are CASL's own "any action" and "any subject". Ours:
 * `workOn` is doing an intervention's work (start, pause, resume, close it): whoever may `update`
 * the intervention may, and so may whoever may `recordChecks` on it (the Operatore, on the
 * interventions that list it among their operators), without being able to change anything else.
 */
export const abilityAliases = { m: ['read', 'update', 'delete'], update: ['workOn'], recordChecks: ['workOn'] } as const;
const resolveAction = createAliasResolver({ m: [...abilityAliases.m], update: [...abilityAliases.update], recordChecks: [...abilityAliases.recordChecks] });

/** The signed-in identity of SPEC §3, as `GET /api/identity/authorization` sends it. */
export interface Identity {
  id: string;
  email: string;
  displayName: string;
  userType: 'external' | 'siv' | 'customer';
  customerId?: string | null;
  /** Effective: customers their own; staff theirs, or every module when they have none. */
  allowedModules: ModuleName[];
  allowedCustomerIds: string[];
  officeLocationIds: string[];
  /** The commercial zones that name the user among their salesmen (SPEC §6 "the user's area"). */
  commercialZoneIds?: string[];
  isMainteiner: boolean;
  isSalesman: boolean;
  roles: { id: string; name: string }[];
  /** CASL raw rules, placeholders already replaced with this identity's values. */
  permissions: PermissionRule[];
  isImpersonating?: boolean;
  /** While impersonating: the real identity (the one that signed in). */
  originalData?: Identity;
}

export function buildAbility(permissions: readonly PermissionRule[]): AppAbility {
  return createMongoAbility<AppAbility>(permissions as AppRule[], { resolveAction });
}

/** Marks a plain entity object with its CASL subject (e.g. `quotation`) so conditions apply to it. */
export function asSubject<T extends Record<string, unknown>>(subject: string, entity: T): T {
  return setSubjectType(subject, entity);
}

/** The values a role's rules may refer to: `${user.id}`, `${user.customerId}`, … (SPEC §6 roles are shared by many users). */
export interface PlaceholderValues {
  id: string;
  customerId?: string | null;
  officeLocationIds?: readonly string[];
  allowedCustomerIds?: readonly string[];
  /** The user's commercial zones (SPEC §6 readArea: quotations of customers in those zones). */
  commercialZoneIds?: readonly string[];
  /** The user's role ids (views shared with a role). */
  roleIds?: readonly string[];
}

const ARRAY_PLACEHOLDERS: ReadonlySet<string> = new Set(['officeLocationIds', 'allowedCustomerIds', 'commercialZoneIds', 'roleIds']);
const PLACEHOLDER = /^\$\{user\.([A-Za-z]+)\}$/;

/**
 * Replaces every condition value written `${user.field}` with the user's value. A placeholder
 * the user has no value for becomes a value no row can hold, so the rule grants nothing rather
 * than everything.
 */
export function interpolatePermissions(permissions: readonly PermissionRule[], user: PlaceholderValues): PermissionRule[] {
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = PLACEHOLDER.exec(value);
      if (!match) return value;
      const field = match[1] as keyof PlaceholderValues;
      const resolved = Object.hasOwn(user, field) ? user[field] : undefined;
      if (resolved !== undefined && resolved !== null) return resolved;
      return ARRAY_PLACEHOLDERS.has(field) ? [] : UNMATCHABLE;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    return value;
  };
  return permissions.map((rule) => (rule.conditions ? { ...rule, conditions: replace(rule.conditions) as PermissionRule['conditions'] } : rule));
}

/** The subject of a user's own settings (SPEC §3 user settings), apart from the shared `settings` tables. */
export const USER_SETTINGS_SUBJECT = 'user settings';

/**
 * What every signed-in user may do whatever their roles: keep their own user settings (theme,
 * sidebar, open tabs, grid columns: SPEC §3), which the workspace saves on any machine.
 */
export const SELF_SERVICE_RULES: readonly PermissionRule[] = [
  { action: ['read', 'create', 'update'], subject: USER_SETTINGS_SUBJECT, conditions: { 'relationships.userId': '$' + '{user.id}' } },
  // Saved views (issue 7): the owner manages their own; a view shared with one of the user's roles is readable.
  { action: ['read', 'create', 'update', 'delete'], subject: 'saved view', conditions: { 'relationships.userId': '$' + '{user.id}' } },
  { action: 'read', subject: 'saved view', conditions: { 'relationships.sharedRoleIds': { $in: '$' + '{user.roleIds}' } } },
];

/** Why nobody writes a supplier product directly. */
export const SUPPLIER_PRODUCT_REASON = 'I fornitori di un prodotto, con codici, costi e tempi, si modificano nella scheda del prodotto';

/** Why a row of a module the user may not use is refused (the API answers MODULE_NOT_ALLOWED). */
export const MODULE_NOT_ALLOWED_REASON = 'MODULE_NOT_ALLOWED';

/**
 * Rules that come after every role's rules, so they win over any grant (an Admin's `manage all`
 * included; CASL lets a later rule override an earlier one):
 * - SPEC §6 "staff see modules per allowedModules": no action on a row whose `attributes.module`
 *   is not one of the user's modules, for every subject that has rows per module. A row without a
 *   module stays visible. Lists get the same condition in SQL, so such rows are never listed.
 * - Nobody reads or changes another user's settings.
 * - Nobody writes a supplier product: its product's suppliers list is the one truth, and the server
 *   writes the rows from it (src/server/kinds/products.ts).
 * `allowedModules` undefined: every module (no module rule).
 */
export function closingRules(options: { moduleSubjects: readonly string[]; allowedModules?: readonly ModuleName[] }): PermissionRule[] {
  const rules: PermissionRule[] = [
    { action: 'manage', subject: USER_SETTINGS_SUBJECT, inverted: true, conditions: { 'relationships.userId': { $ne: '$' + '{user.id}' } } },
    { action: ['create', 'update', 'delete'], subject: 'supplier product', inverted: true, reason: SUPPLIER_PRODUCT_REASON },
  ];
  if (options.allowedModules && options.moduleSubjects.length > 0) {
    rules.push({
      action: 'manage',
      subject: [...options.moduleSubjects],
      inverted: true,
      conditions: { 'attributes.module': { $exists: true, $nin: [...options.allowedModules] } },
      reason: MODULE_NOT_ALLOWED_REASON,
    });
  }
  return rules;
}

/** A value no condition field can equal (not a uuid, not a state). */
export const UNMATCHABLE = '\u2205 nessun valore';

/**
 * A customer row with a parent is one of its office locations (SPEC §6 subject `customer location`).
 * Its registry tells it from the other rows of subject `customer` (a file in a folder has a parent too).
 */
export const CUSTOMER_LOCATION_CONDITION = { 'attributes.parentId': { $exists: true, $ne: null }, 'attributes.registry': { $exists: true } } as const;

/**
 * The fields of a customer that SPEC §6 calls its commercial terms (`read` on `commercial terms`):
 * the offer and its validity, the discount ceiling, the price list, payment term and invoicing method.
 */
export const COMMERCIAL_TERMS_FIELDS: readonly string[] = [
  'attributes.commercialOfferType', 'attributes.commercialPercentage', 'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd',
  'attributes.maxDiscountPercent', 'metadata.activePriceListId', 'metadata.erpPaymentTermCode', 'relationships.paymentTermId',
  'relationships.invoicingMethodId',
];

/** The reasons of the rules below, as the API and the screens say them. */
export const DEPENDENT_RULE_REASONS = {
  updateRevision: 'Per modificare una revisione serve il permesso «modificare le revisioni» sul preventivo',
  customerLocation: 'Le sedi dei clienti richiedono il permesso sulle sedi',
  commercialTerms: 'Condizioni commerciali non visibili con i tuoi permessi',
} as const;

const CUSTOMER_ACTIONS = ['read', 'create', 'update', 'delete'] as const;

/**
 * SPEC §6 subjects that are part of another one, made real as rules on that one, so the API (every
 * write's authorize step, lists in SQL, redaction) and the screens (which hide and disable from the
 * same rules) judge them alike:
 * - `updateRevision` on `quotation`: changing a revision (its reason) needs it, beside `update` on
 *   `quotation revision`; a caller with no such rule gets no `update` on revisions (the revision's own
 *   quotation is then checked by the revisions' hook, src/server/kinds/quotationRevisions.ts);
 * - `customer location`: a customer with a parent is an office location; an action the caller has on
 *   no location is taken away on those customer rows;
 * - `commercial terms`: without `read` on it, a customer's commercial terms fields are not read.
 * Judged on the subject type (a conditional grant counts): the rules come after every grant and win.
 * Only what the caller would otherwise be allowed is taken away (no rule, no reason shown, for the rest).
 */
export function dependentRules(permissions: readonly PermissionRule[]): PermissionRule[] {
  const ability = buildAbility(permissions);
  const rules: PermissionRule[] = [];
  if (ability.can('update', 'quotation revision') && !ability.can('updateRevision', 'quotation')) {
    rules.push({ action: 'update', subject: 'quotation revision', inverted: true, reason: DEPENDENT_RULE_REASONS.updateRevision });
  }
  const missing = CUSTOMER_ACTIONS.filter((action) => ability.can(action, 'customer') && !ability.can(action, 'customer location'));
  if (missing.length > 0) {
    rules.push({ action: [...missing], subject: 'customer', inverted: true, conditions: { ...CUSTOMER_LOCATION_CONDITION }, reason: DEPENDENT_RULE_REASONS.customerLocation });
  }
  if (ability.can('read', 'customer') && !ability.can('read', 'commercial terms')) {
    rules.push({ action: 'read', subject: 'customer', fields: [...COMMERCIAL_TERMS_FIELDS], inverted: true, reason: DEPENDENT_RULE_REASONS.commercialTerms });
  }
  return rules;
}

/**
 * Why `action` is refused on `subject` (a plain subject type, or a row marked with `asSubject`): the
 * reason of the "cannot" rule that refuses it, as the API says it; undefined when it is allowed, or
 * when no rule says why (nothing was granted).
 */
export function refusalReason(ability: AppAbility, action: string, subject: string | Record<string, unknown>, field?: string): string | undefined {
  if (ability.can(action, subject, field)) return undefined;
  const rule = ability.relevantRuleFor(action, subject, field);
  return rule?.inverted ? (rule.reason ?? undefined) : undefined;
}
