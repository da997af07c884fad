/**
 * The caller of an /api request: a verified bearer token → the user in our table → roles and
 * permissions read fresh on every request (a role change counts from the next call) → the SPEC §3
 * identity and its ability. `X-Impersonation` lets an Admin act as another user.
 * Secure by default: only an explicit AUTH_DISABLED=1 runs requests as a development user.
 */
import { signatureRules } from '../../domain/rules/quotation-signature.ts';
import { customerAdminRules, siteRules } from '../../domain/rules/customer-users.ts';
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { buildAbility, closingRules, dependentRules, interpolatePermissions, SELF_SERVICE_RULES, type Identity as AuthorizationIdentity } from '../../domain/ability.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { impersonationAuditRules } from '../../domain/entities/impersonation-audit.ts';
import { mailMessageRules } from '../../domain/entities/mail-messages.ts';
import { modules, type ModuleName } from '../../domain/enums.ts';
import { kindList } from '../../domain/kinds.ts';
import { effectiveAllowedCustomerIds, effectiveAllowedModules, isAdmin } from '../../domain/rules/identity.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { tableName } from '../db/entity-sql.ts';
import { Problem } from '../http/problems.ts';
import { abilityAccess, type Access, type Identity } from './access.ts';
import { bearerToken, type TokenVerifier } from './tokens.ts';

export interface Caller {
  identity: Identity;
  access: Access;
  /** What `GET /api/identity/authorization` answers (SPEC §3). */
  profile: AuthorizationIdentity;
}

export interface IdentityResolver {
  resolve(request: FastifyRequest): Promise<Caller>;
}

export const IMPERSONATION_HEADER = 'x-impersonation';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface UserRow {
  id: string;
  attributes: {
    userType: 'external' | 'siv' | 'customer';
    displayName: string;
    email: string;
    customerId?: string | null;
    isMainteiner?: boolean;
    isSalesman?: boolean;
    isCustomerAdmin?: boolean;
    allowedModules?: ModuleName[];
  };
  metadata: { isEnabled?: boolean };
  relationships: { roleIds?: string[]; customerIds?: string[]; officeLocationIds?: string[] };
}

type UserLookup = { id: string } | { email: string } | { azureADObjectId: string };

async function findUser(db: Kysely<DatabaseSchema>, lookup: UserLookup): Promise<UserRow | undefined> {
  const where =
    'id' in lookup
      ? sql`id = ${lookup.id.toLowerCase()}::uuid`
      : 'email' in lookup
        ? sql`attributes->>'email' = ${lookup.email.trim().toLowerCase()}`
        : sql`lower(metadata->>'azureADObjectId') = ${lookup.azureADObjectId.toLowerCase()}`;
  const result = await sql<UserRow>`SELECT id, attributes, metadata, relationships FROM users WHERE NOT is_deleted AND ${where} LIMIT 1`.execute(db);
  return result.rows[0];
}

/**
 * The user's commercial zones: those that list the user among their salesmen (a zone's
 * `salesmanIds`, edited on the zone), the one place that says who works which area.
 */
async function userCommercialZoneIds(db: Kysely<DatabaseSchema>, userId: string): Promise<string[]> {
  const probe = JSON.stringify({ salesmanIds: [userId.toLowerCase()] });
  const zones = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName({ type: 'commercialZones' }))}
    WHERE NOT is_deleted AND relationships @> ${probe}::jsonb ORDER BY id`.execute(db);
  return zones.rows.map((zone) => zone.id);
}

/** CASL subjects of the kinds whose rows belong to a module (`attributes.module`): SPEC §6 allowedModules applies to them. */
const moduleSubjects = [...new Set(kindList.filter((kind) => kind.fields.module?.path === 'attributes.module').map((kind) => kind.subject))];

/** Metadata naming the administrator who wrote a record while impersonating (repository.ts). */
const IMPERSONATOR_FIELDS = ['metadata.createdByImpersonator', 'metadata.lastUpdatedByImpersonator', 'metadata.deletedByImpersonator'];

/**
 * What a user may know of impersonation, whatever the roles (after every role's rules): the audit
 * (an administrator reads it, nobody writes it through the API) and, for a customer user, not which
 * administrator acted on a record (staff stay «personale» to customers).
 */
function impersonationRules(admin: boolean, userType: AuthorizationIdentity['userType']): PermissionRule[] {
  const rules = impersonationAuditRules(admin);
  if (userType === 'customer') rules.push({ action: 'read', subject: 'all', fields: IMPERSONATOR_FIELDS, inverted: true });
  return rules;
}

/** The SPEC §3 identity of a user, with roles and permissions as they are now in the database. */
export async function loadProfile(db: Kysely<DatabaseSchema>, user: UserRow): Promise<AuthorizationIdentity> {
  if (user.metadata.isEnabled === false) throw new Problem('USER_DISABLED');
  const roleIds = (user.relationships.roleIds ?? []).filter((id) => UUID.test(id));
  const roles =
    roleIds.length === 0
      ? []
      : (
          await sql<{ id: string; name: string; permissions: PermissionRule[] | null }>`SELECT id, attributes->>'name' AS name, attributes->'permissions' AS permissions
            FROM roles WHERE NOT is_deleted AND id = ANY(${roleIds}::uuid[]) ORDER BY attributes->>'name'`.execute(db)
        ).rows;
  const attributes = user.attributes;
  const access = {
    userType: attributes.userType,
    allowedModules: attributes.allowedModules ?? [],
    customerId: attributes.customerId ?? null,
    allowedCustomerIds: user.relationships.customerIds ?? [],
  };
  const allowedCustomerIds = effectiveAllowedCustomerIds(access);
  const officeLocationIds = user.relationships.officeLocationIds ?? [];
  const commercialZoneIds = await userCommercialZoneIds(db, user.id);
  const roleList = roles.map((r) => ({ id: r.id, name: r.name }));
  // The role named Admin marks a system administrator (SPEC §6), whatever rules it lists.
  const admin = isAdmin({ roles: roleList });
  const adminRules: PermissionRule[] = admin ? [{ action: 'manage', subject: 'all' }] : [];
  const allowedModules = effectiveAllowedModules(access);
  const closing = closingRules({ moduleSubjects, allowedModules: modules.every((m) => allowedModules.includes(m)) ? undefined : allowedModules });
  const granted = interpolatePermissions([...roles.flatMap((r) => r.permissions ?? []), ...SELF_SERVICE_RULES, ...adminRules, ...closing, ...impersonationRules(admin, attributes.userType), ...mailMessageRules(admin), ...signatureRules(attributes.userType),
    ...customerAdminRules(attributes.userType, attributes.isCustomerAdmin), ...siteRules(attributes.userType, attributes.customerId, officeLocationIds)], {
    id: user.id,
    customerId: attributes.customerId ?? null,
    officeLocationIds,
    allowedCustomerIds,
    commercialZoneIds,
    roleIds: roleList.map((role) => role.id),
  });
  // SPEC §6 subjects that are part of another (revisions' updateRevision, customer locations, commercial terms): rules on it.
  const permissions = [...granted, ...dependentRules(granted)];
  return {
    id: user.id,
    email: attributes.email,
    displayName: attributes.displayName,
    userType: attributes.userType,
    customerId: attributes.customerId ?? null,
    allowedModules,
    allowedCustomerIds,
    officeLocationIds,
    commercialZoneIds,
    isMainteiner: attributes.isMainteiner ?? false,
    isSalesman: attributes.isSalesman ?? false,
    roles: roleList,
    permissions,
  };
}

function callerOf(profile: AuthorizationIdentity, impersonatorId?: string): Caller {
  return {
    identity: { userId: profile.id, email: profile.email, displayName: profile.displayName, impersonatorId: impersonatorId ?? null },
    access: abilityAccess(buildAbility(profile.permissions), { allowedModules: profile.allowedModules }),
    profile,
  };
}

/** Applies `X-Impersonation: {"userId":"…"}`: only an Admin may send it (SPEC §6, DESIGN §4). */
async function withImpersonation(db: Kysely<DatabaseSchema>, request: FastifyRequest, real: AuthorizationIdentity): Promise<Caller> {
  const header = request.headers[IMPERSONATION_HEADER];
  if (header === undefined || header === '') return callerOf(real);
  let userId: unknown;
  try {
    userId = (JSON.parse(String(header)) as { userId?: unknown })?.userId;
  } catch {
    throw new Problem('IMPERSONATION_FAILED', { message: 'Errore durante l’impersonificazione: intestazione X-Impersonation non valida' });
  }
  if (typeof userId !== 'string' || !UUID.test(userId)) {
    throw new Problem('IMPERSONATION_FAILED', { message: 'Errore durante l’impersonificazione: utente non valido' });
  }
  if (!isAdmin(real)) throw new Problem('IMPERSONATION_NOT_ALLOWED');
  refuseSelf(real, userId);
  const target = await findUser(db, { id: userId });
  if (!target) throw new Problem('IMPERSONATION_FAILED', { status: 404, message: 'Errore durante l’impersonificazione: utente non trovato' });
  return impersonating(real, await loadProfile(db, target));
}

/** An administrator never acts as itself: the audit and the history would name one user twice. */
function refuseSelf(real: AuthorizationIdentity, userId: string): void {
  if (userId.toLowerCase() === real.id.toLowerCase()) {
    throw new Problem('IMPERSONATION_NOT_ALLOWED', { message: 'Non puoi operare per conto di te stesso' });
  }
}

/**
 * The caller acting as `target`. Never another administrator: acting as one would hand over its
 * rights and hide whose they were (an administrator's requests would be audited under another's name).
 */
function impersonating(real: AuthorizationIdentity, target: AuthorizationIdentity): Caller {
  if (isAdmin(target)) throw new Problem('IMPERSONATION_NOT_ALLOWED', { message: 'Non puoi operare per conto di un altro amministratore' });
  return callerOf({ ...target, isImpersonating: true, originalData: real }, real.id);
}

/**
 * The caller user `userId` stands for (impersonating `asUserId` if given), with roles as they are now:
 * an event-stream ticket's holder, read again while the stream stays open.
 */
export async function callerOfUser(db: Kysely<DatabaseSchema>, userId: string, asUserId?: string): Promise<Caller> {
  const profileOf = async (id: string) => {
    const user = await findUser(db, { id });
    if (!user) throw new Problem('UNAUTHORIZED', { message: 'Utente non più registrato' });
    return loadProfile(db, user);
  };
  const real = await profileOf(userId);
  if (!asUserId) return callerOf(real);
  if (!isAdmin(real)) throw new Problem('IMPERSONATION_NOT_ALLOWED');
  refuseSelf(real, asUserId);
  return impersonating(real, await profileOf(asUserId));
}

function userLookupOf(payload: JWTPayload): UserLookup | undefined {
  if (typeof payload.sub === 'string' && UUID.test(payload.sub)) return { id: payload.sub };
  // External issuers: Entra ID names the directory object `oid`; otherwise match the e-mail.
  if (typeof payload.oid === 'string') return { azureADObjectId: payload.oid };
  const email = payload.email ?? payload.preferred_username ?? payload.upn;
  return typeof email === 'string' ? { email } : undefined;
}

export function tokenIdentity(db: Kysely<DatabaseSchema>, verifier: TokenVerifier): IdentityResolver {
  return {
    async resolve(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new Problem('UNAUTHORIZED');
      const payload = await verifier.verify(token);
      const lookup = userLookupOf(payload);
      const user = lookup ? await findUser(db, lookup) : undefined;
      if (!user) throw new Problem('FORBIDDEN', { message: 'Utente non registrato in questa applicazione' });
      return withImpersonation(db, request, await loadProfile(db, user));
    },
  };
}

/** AUTH_DISABLED=1 only: every request runs as the user with this e-mail, with that user's real roles. */
export function developmentIdentity(db: Kysely<DatabaseSchema>, email: string): IdentityResolver {
  return {
    async resolve(request) {
      const user = await findUser(db, { email });
      if (!user) throw new Problem('UNAUTHORIZED', { message: `Utente di sviluppo ${email} non trovato` });
      return withImpersonation(db, request, await loadProfile(db, user));
    },
  };
}
