/**
 * The impersonation audit (security issue): one row per `/api` request an administrator made while
 * acting as another user (`X-Impersonation`), reads included — writes also record the impersonator
 * on the record and in its history. The server writes the rows after answering
 * (`src/server/auth/impersonation-audit.ts`); through the API the kind is read-only, and only an
 * administrator reads it (`impersonationAuditRules`, added to every identity's closing rules).
 * Fields: our design.
 */
import { z } from 'zod';
import type { PermissionRule } from './roles.ts';
import { defineKind, type EntityShape } from '../kind.ts';
import { isoDateTime, messages, requiredText } from '../validation.ts';

/** CASL subject of the audit rows. */
export const IMPERSONATION_AUDIT_SUBJECT = 'impersonation audit';

/** The longest request path (with its query) an audit row keeps; longer ones are cut. */
export const MAX_AUDITED_PATH = 2000;

export const impersonationAuditAttributes = z.strictObject({
  /** When the request was answered. */
  at: isoDateTime(),
  /** HTTP method (`GET`, `PATCH`, …). */
  method: z.string().regex(/^[A-Z]{1,16}$/, messages.invalidValue),
  /** Path and query of the request, with the values of secret parameters (tickets, signatures) left out. */
  path: requiredText(MAX_AUDITED_PATH),
  /** The HTTP status of the answer. */
  httpStatus: z.number().int().min(100).max(599),
});

export const impersonationAuditRelationships = z.strictObject({
  /** The administrator who sent the request. */
  impersonatorId: z.uuid(),
  /** The user the administrator acted as. */
  userId: z.uuid(),
});

type ImpersonationAuditShape = EntityShape & { attributes: z.infer<typeof impersonationAuditAttributes> };

export const impersonationAudit = defineKind({
  type: 'impersonationAudit',
  subject: IMPERSONATION_AUDIT_SUBJECT,
  label: { singular: 'Richiesta in impersonificazione', plural: 'Registro impersonificazioni' },
  attributes: impersonationAuditAttributes,
  metadata: z.strictObject({}),
  relationships: impersonationAuditRelationships,
  fields: {
    at: { path: 'attributes.at', type: 'date', sortable: true, range: true },
    method: { path: 'attributes.method', type: 'text' },
    httpStatus: { path: 'attributes.httpStatus', type: 'number', sortable: true, range: true },
    impersonatorId: { path: 'relationships.impersonatorId', type: 'uuid' },
    userId: { path: 'relationships.userId', type: 'uuid' },
  },
  // The path is found by its words (full text), not compared whole.
  fullText: ['attributes.path'],
  defaultOrder: ['-at'],
  // Not owned: deleting a user never deletes what was done as them (a user named here is disabled, not deleted).
  references: {
    'relationships.impersonatorId': { target: 'users' },
    'relationships.userId': { target: 'users' },
  },
  title: (entity) => {
    const { method, path } = (entity as ImpersonationAuditShape).attributes;
    return `${method} ${path}`;
  },
});

/**
 * Who may do what with the audit, whatever the roles say (closing rules, after every role's): an
 * administrator reads it; nobody creates, changes or deletes a row through the API; nobody else
 * reads it (a role granting `read all` included).
 */
export function impersonationAuditRules(admin: boolean): PermissionRule[] {
  const reason = 'Il registro delle impersonificazioni è di sola lettura';
  return admin
    ? [{ action: ['create', 'update', 'delete'], subject: IMPERSONATION_AUDIT_SUBJECT, inverted: true, reason }]
    : [{ action: 'manage', subject: IMPERSONATION_AUDIT_SUBJECT, inverted: true, reason: 'Solo un amministratore legge il registro delle impersonificazioni' }];
}
