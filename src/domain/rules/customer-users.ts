/**
 * Contacts as users (issue 26 §9): a customer's administrator («amministratore del cliente», the
 * user attribute `isCustomerAdmin`, set by a staff administrator) invites its colleagues and
 * chooses their sites and modules; everyone with an e-mail may sign in with a one-time code.
 * Shared by the server (rules, checks) and the portal (the form).
 */
import { z } from 'zod';
import type { PermissionRule } from '../entities/roles.ts';
import { moduleName } from '../enums.ts';
import { optionalText, requiredText } from '../validation.ts';

/** Default hours an invitation link stays valid (INVITATION_TTL_HOURS). */
export const INVITATION_TTL_HOURS_DEFAULT = 72;

/** The one-time sign-in code: its digits, minutes, wrong tries, and how many an address or a network may ask for in an hour. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const SIGN_IN_CODES_PER_ADDRESS_PER_HOUR = 5;
export const SIGN_IN_CODES_PER_IP_PER_HOUR = 30;

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

/** Fields of a colleague a customer's administrator may never set: who it is, whose, and what it may administer. */
export const CUSTOMER_ADMIN_LOCKED_FIELDS = [
  'attributes.userType', 'attributes.customerId', 'attributes.email', 'attributes.isCustomerAdmin', 'attributes.isMainteiner', 'attributes.isSalesman',
  'metadata.azureADObjectId', 'relationships.roleIds', 'relationships.customerIds',
] as const;

/**
 * What a customer's administrator may do on users, whatever its roles: read, invite, change (names,
 * sites, modules), disable and enable the users of its own customer; nothing for anyone else.
 * What it may give (no more than its customer's sites and its own modules) is checked by the
 * users' hook (server/kinds/users.ts), which knows the customer.
 */
export function customerAdminRules(userType: 'external' | 'siv' | 'customer', isCustomerAdmin: boolean | undefined): PermissionRule[] {
  if (userType !== 'customer' || isCustomerAdmin !== true) return [];
  const own = { 'attributes.customerId': USER_CUSTOMER_ID, 'attributes.userType': 'customer' };
  return [
    { action: ['read', 'invite', 'update'], subject: 'user', conditions: own },
    { action: 'update', subject: 'user', fields: [...CUSTOMER_ADMIN_LOCKED_FIELDS], inverted: true, reason: 'Campo riservato al personale del fornitore' },
  ];
}

/**
 * An employee among the rows of subject `customer` (customers, their office locations, files, customer
 * groups): its fiscal code, which it always has and no other row of that subject holds at that path.
 */
export const EMPLOYEE_CONDITION = { 'attributes.fiscalCode': { $exists: true } } as const;

/**
 * The subjects whose rows stand at one of a customer's sites, and where each says which (absent or null:
 * the head office); `only`, for a subject shared by other rows, tells the rows concerned. What hangs from
 * an employee (its visits, enrolment requests, certificates) is read through it (`readThrough`, `attachedTo`).
 */
export const SITE_FIELDS: readonly { subjects: string[]; path: string; only?: Record<string, unknown> }[] = [
  { subjects: ['assignment', 'order', 'quotation', 'service request'], path: 'relationships.officeLocationId' },
  { subjects: ['equipment', 'installation'], path: 'relationships.customerLocationId' },
  { subjects: ['physical activity'], path: 'metadata.customerLocationId' },
  // Employees (kind `employees`, subject `customer`).
  { subjects: ['customer'], path: 'relationships.officeLocationId', only: EMPLOYEE_CONDITION },
];

export const SITE_NOT_ALLOWED_REASON = 'Questa sede non è tra quelle del tuo utente';

/**
 * A customer's user limited to some sites (`officeLocationIds`: office locations, and the customer's
 * own id for its head office; empty: every site) reads and writes nothing of the others: rules after
 * every role's rules, as the module rule, so lists get them as SQL too. A row without a site is the
 * head office's. Written so CASL and the SQL agree on null and absent values alike.
 */
export function siteRules(userType: 'external' | 'siv' | 'customer', customerId: string | null | undefined, siteIds: readonly string[]): PermissionRule[] {
  if (userType !== 'customer' || siteIds.length === 0) return [];
  const headOffice = customerId ? siteIds.includes(customerId) : false;
  const locations = siteIds.filter((id) => id !== customerId);
  const rows = SITE_FIELDS.map(({ subjects, path, only }) => ({
    action: 'manage',
    subject: subjects,
    inverted: true,
    conditions: { ...only, [path]: headOffice ? { $exists: true, $nin: [...locations, null] } : { $nin: locations } },
    reason: SITE_NOT_ALLOWED_REASON,
  }) as PermissionRule);
  // The other office locations themselves (rows of the customers' table under its customer); the customer stays readable.
  const otherLocations: PermissionRule = { action: 'manage', subject: 'customer', inverted: true, conditions: { 'attributes.parentId': customerId ?? '', id: { $nin: locations } }, reason: SITE_NOT_ALLOWED_REASON };
  return [...rows, otherLocations];
}

/** What a customer's administrator sends to invite a colleague. */
export const inviteUserRequest = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Indirizzo e-mail non valido')),
  displayName: requiredText(200),
  firstName: optionalText(100),
  lastName: optionalText(100),
  /** Office locations of the customer, and its own id for the head office; at least one. */
  officeLocationIds: z.array(z.uuid()).min(1, 'Scegliere almeno una sede').max(1000).transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]),
  allowedModules: z.array(moduleName).min(1, 'Scegliere almeno un modulo').max(6).transform((list) => [...new Set(list)]),
});
export type InviteUserRequest = z.infer<typeof inviteUserRequest>;
