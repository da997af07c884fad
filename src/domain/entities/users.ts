/** User (SPEC §3): provider staff, external and customer users, their modules and roles. */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { moduleName, userTypes } from '../enums.ts';
import { messages, optionalText, requiredText } from '../validation.ts';
import { PASSWORD_RULES } from '../rules/passwords.ts';

/**
 * A staff user as `GET /api/users/names` gives them to staff who may not read users (issue 22): the
 * name, and whether still enabled (a board marks a disabled colleague's lane); nothing else.
 */
export interface StaffName {
  id: string;
  displayName: string;
  /** False once the user is disabled: they keep their name on past work, and get no new work. */
  isEnabled: boolean;
}

export const userAttributes = z.strictObject({
  userType: z.enum(userTypes),
  displayName: requiredText(200),
  /** SPEC §5: every user needs a valid e-mail; stored lower-case, the sign-in looks users up by it. */
  email: z.string().trim().toLowerCase().pipe(z.email()),
  firstName: optionalText(100),
  lastName: optionalText(100),
  /** The customer a customer-type user belongs to (SPEC §3 keeps it among the attributes). */
  customerId: z.uuid().nullable().optional(),
  isMainteiner: z.boolean().default(false),
  isSalesman: z.boolean().default(false),
  /**
   * Issue 26 §9: a customer's user who administers its colleagues (invites them, chooses their sites
   * and modules, disables them); set by a staff administrator (domain/rules/customer-users.ts).
   */
  isCustomerAdmin: z.boolean().optional(),
  /** A set: a module listed twice is kept once. Empty for staff means every module (SPEC §4). */
  allowedModules: z.array(moduleName).max(6).default([]).transform((list) => [...new Set(list)]),
});

export const userMetadata = z.strictObject({
  isEnabled: z.boolean().default(true),
  /** Object id of the user in the directory (Entra ID); a GUID, not necessarily an RFC 4122 one. */
  azureADObjectId: z.guid().optional(),
});

export const userRelationships = z.strictObject({
  roleIds: z.array(z.uuid()).max(100).default([]),
  /** Customers a staff user may act on (SPEC §3 allowedCustomerIds of the identity). */
  customerIds: z.array(z.uuid()).max(10_000).default([]),
  officeLocationIds: z.array(z.uuid()).max(10_000).default([]),
});

/**
 * Body of the users' `resetPassword` action (embedded sign-in): the new password, or none for a
 * temporary one the server generates and answers once; `mustChange` (default yes) makes the user
 * choose their own at the next sign-in. The server checks the password rules (rules/passwords.ts).
 */
export const resetPasswordBody = z.strictObject({
  password: z
    .string()
    .max(PASSWORD_RULES.maxLength.value)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  mustChange: z.boolean().default(true),
  lastUpdatedDateTime: z.string().optional(),
});

type UserShape = EntityShape & { attributes: z.infer<typeof userAttributes> };

/** SPEC §5: a customer-type user needs its customer and at least one module. */
export function customerUserIssues(attributes: z.infer<typeof userAttributes>): RuleIssue[] {
  if (attributes.userType !== 'customer') return [];
  const issues: RuleIssue[] = [];
  if (!attributes.customerId) {
    issues.push({ path: ['attributes', 'customerId'], code: 'customerUserNeedsCustomer', message: messages.customerUserNeedsCustomer });
  }
  if (attributes.allowedModules.length === 0) {
    issues.push({ path: ['attributes', 'allowedModules'], code: 'atLeastOneModule', message: messages.atLeastOneModule });
  }
  return issues;
}

/** What only a customer's user has: its customer, its sites, whether it administers its colleagues. */
const CUSTOMER_USER_FIELDS: readonly string[] = ['attributes.customerId', 'attributes.isCustomerAdmin', 'relationships.officeLocationIds'];
/** What only staff have: technician and salesman flags, the customers they act on (SPEC §3 allowedCustomerIds). */
const STAFF_USER_FIELDS: readonly string[] = ['attributes.isMainteiner', 'attributes.isSalesman', 'relationships.customerIds'];

/**
 * The fields of the user's type (a new user's form asks no customer for a staff member, nor a
 * technician flag for a customer's user); until a type is chosen, neither set. A field of the other
 * type is inert, not refused: the identity reads it only for its own type (auth/identity.ts), so a
 * user moved from one type to the other keeps a valid record.
 */
export function userFieldApplies(path: string, userType: unknown): boolean {
  if (userType === 'customer') return !STAFF_USER_FIELDS.includes(path);
  if (userType === 'siv' || userType === 'external') return !CUSTOMER_USER_FIELDS.includes(path);
  return !STAFF_USER_FIELDS.includes(path) && !CUSTOMER_USER_FIELDS.includes(path);
}

export const users = defineKind({
  type: 'users',
  subject: 'user',
  label: { singular: 'Utente', plural: 'Utenti' },
  attributes: userAttributes,
  metadata: userMetadata,
  relationships: userRelationships,
  fields: {
    userType: { path: 'attributes.userType', type: 'text', sortable: true },
    email: { path: 'attributes.email', type: 'text', sortable: true },
    displayName: { path: 'attributes.displayName', type: 'text', sortable: true },
    isEnabled: { path: 'metadata.isEnabled', type: 'boolean' },
    azureADObjectId: { path: 'metadata.azureADObjectId', type: 'text' },
    isMainteiner: { path: 'attributes.isMainteiner', type: 'boolean' },
    isSalesman: { path: 'attributes.isSalesman', type: 'boolean' },
    isCustomerAdmin: { path: 'attributes.isCustomerAdmin', type: 'boolean' },
    // filter[moduleName] (SPEC §7) is a custom filter over this array; this entry gives it its index.
    allowedModules: { path: 'attributes.allowedModules', type: 'textArray' },
    customerId: { path: 'attributes.customerId', type: 'uuid' },
    roleIds: { path: 'relationships.roleIds', type: 'uuidArray' },
  },
  fullText: ['attributes.displayName', 'attributes.email', 'attributes.firstName', 'attributes.lastName'],
  references: {
    'attributes.customerId': { target: 'customers' },
    'relationships.roleIds': { target: 'roles', many: true },
    'relationships.customerIds': { target: 'customers', many: true },
    'relationships.officeLocationIds': { target: 'customers', many: true },
  },
  rules: (entity) => customerUserIssues((entity as UserShape).attributes),
  fieldApplies: (path, entity) => userFieldApplies(path, entity.attributes.userType),
  actions: {
    resetPassword: { label: 'Reimposta password', ability: 'resetPassword', body: resetPasswordBody, key: 'w' },
    // Each in the state it changes (a row without the flag is enabled).
    disable: { label: 'Disattiva utente', ability: 'update', appliesTo: (entity) => entity.metadata.isEnabled !== false },
    enable: { label: 'Riattiva utente', ability: 'update', appliesTo: (entity) => entity.metadata.isEnabled === false },
  },
  title: (entity) => {
    const { displayName, email } = (entity as UserShape).attributes;
    return displayName || email;
  },
});
