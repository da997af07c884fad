/**
 * Server hooks of users: one user per e-mail (the sign-in looks users up by it); the `resetPassword` action (issue 12) sets the password of the embedded
 * sign-in — the one given, or a temporary one generated here and answered once — and whether the
 * next sign-in asks for a new one. Only the hash is stored; the history records who reset whose
 * password and when, never the password.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { Problem } from '../http/problems.ts';
import { passwordIssues } from '../../domain/rules/passwords.ts';
import { AccountRepository } from '../oidc/accounts.ts';
import { hashPassword } from '../oidc/passwords.ts';

/** Letters and digits nobody confuses when reading them aloud or copying them (no 0/O, 1/l/I). */
const TEMPORARY_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Groups of four, 4 groups: 16 characters of a 56-letter alphabet (about 93 bits). */
export function temporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

/** The user enabled or not, as a new version (the next request of a disabled user answers USER_DISABLED). */
async function withEnabled(hook: HookContext, entity: Entity, isEnabled: boolean) {
  // Administrators cannot lock themselves out (the real identity: also while acting as someone).
  if (!isEnabled && entity.id === (hook.call.identity.impersonatorId ?? hook.call.identity.userId)) {
    throw new Problem('TRANSITION_REFUSED', { message: 'Non puoi disattivare il tuo utente' });
  }
  const updated = await hook.service.replaceWithin(hook.db, hook.call, entity, 'users', {
    attributes: entity.attributes,
    metadata: { ...entity.metadata, isEnabled },
    relationships: entity.relationships,
  });
  return { entity: updated };
}

/** The caller as a user row: whether it is a customer's user, its customer and its modules (undefined: a system write). */
async function callerUser(hook: HookContext): Promise<{ userType: string; customerId: string | null; allowedModules: string[]; roleIds: string[] } | undefined> {
  const id = hook.call.identity.userId;
  if (!id) return undefined;
  const row = (await sql<{ attributes: Record<string, unknown>; relationships: Record<string, unknown> }>`SELECT attributes, relationships FROM users WHERE id = ${id}::uuid`.execute(hook.db)).rows[0];
  if (!row) return undefined;
  return {
    userType: String(row.attributes.userType ?? ''),
    customerId: typeof row.attributes.customerId === 'string' ? row.attributes.customerId : null,
    allowedModules: Array.isArray(row.attributes.allowedModules) ? (row.attributes.allowedModules as string[]) : [],
    roleIds: Array.isArray(row.relationships.roleIds) ? (row.relationships.roleIds as string[]) : [],
  };
}

/**
 * Issue 26 §9: what a customer's administrator writes on its colleagues (the ability already limits
 * it to the customer users of its customer, and locks who they are): sites only among its customer's
 * head office and office locations, modules only among those both its customer and itself have,
 * never an administrator of the customer, never a role it does not hold itself.
 */
async function checkCustomerAdminWrite(hook: HookContext, data: EntityData, previous: Entity | undefined): Promise<void> {
  const caller = await callerUser(hook);
  if (!caller || caller.userType !== 'customer') return;
  const attributes = data.attributes as Record<string, unknown>;
  const relationships = data.relationships as Record<string, unknown>;
  if (attributes.userType !== 'customer' || !caller.customerId || attributes.customerId !== caller.customerId) throw new Problem('CUSTOMER_ADMIN_SCOPE');
  if (!previous && attributes.isCustomerAdmin === true) throw new Problem('CUSTOMER_ADMIN_SCOPE');
  const roleIds = Array.isArray(relationships.roleIds) ? (relationships.roleIds as string[]) : [];
  const previousRoles = new Set(Array.isArray(previous?.relationships.roleIds) ? (previous.relationships.roleIds as string[]) : []);
  if (roleIds.some((id) => !caller.roleIds.includes(id) && !previousRoles.has(id))) throw new Problem('CUSTOMER_ADMIN_SCOPE');
  const sites = Array.isArray(relationships.officeLocationIds) ? (relationships.officeLocationIds as string[]) : [];
  const locations = (await sql<{ id: string }>`SELECT id FROM customers WHERE NOT is_deleted AND attributes->>'parentId' = ${caller.customerId}`.execute(hook.db)).rows.map((row) => row.id);
  const ownSites = new Set([caller.customerId, ...locations].map((id) => id.toLowerCase()));
  const foreignSite = sites.findIndex((id) => !ownSites.has(id.toLowerCase()));
  if (foreignSite >= 0) {
    throw new Problem('SITE_NOT_OF_CUSTOMER', { errors: [{ pointer: `/relationships/officeLocationIds/${foreignSite}`, code: 'siteNotOfCustomer', message: 'Sede non del tuo cliente' }] });
  }
  const customer = (await sql<{ modules: string[] | null }>`SELECT attributes->'allowedModules' AS modules FROM customers WHERE id = ${caller.customerId}::uuid`.execute(hook.db)).rows[0];
  const customerModules = customer?.modules ?? [];
  const modules = Array.isArray(attributes.allowedModules) ? (attributes.allowedModules as string[]) : [];
  const foreignModule = modules.findIndex((module) => !customerModules.includes(module) || !caller.allowedModules.includes(module));
  if (foreignModule >= 0) {
    throw new Problem('MODULE_NOT_OF_CUSTOMER', { errors: [{ pointer: `/attributes/allowedModules/${foreignModule}`, code: 'moduleNotOfCustomer', message: 'Modulo non disponibile per il tuo cliente o per il tuo utente' }] });
  }
}

/** The sign-in finds a user by e-mail: two users with one e-mail would make it ambiguous. */
export const EMAIL_ALREADY_USED = 'Esiste già un utente con questa e-mail';

export const usersKind = defineKindHooks('users', {
  async beforeWrite(hook, data, previous, id) {
    await checkCustomerAdminWrite(hook, data, previous);
    const email = String(data.attributes.email ?? '').trim().toLowerCase();
    if (!email) return;
    const taken = await sql<{ id: string }>`SELECT id FROM users WHERE NOT is_deleted AND lower(attributes->>'email') = ${email} AND id <> ${id}::uuid LIMIT 1`.execute(hook.db);
    if (taken.rows.length > 0) {
      throw new Problem('VALIDATION_FAILED', { message: EMAIL_ALREADY_USED, errors: [{ pointer: '/attributes/email', code: 'emailAlreadyUsed', message: EMAIL_ALREADY_USED }] });
    }
  },
  actions: {
    disable: (hook, entity) => withEnabled(hook, entity, false),
    enable: (hook, entity) => withEnabled(hook, entity, true),
    async resetPassword(hook, entity, body) {
      const given = typeof body.password === 'string' ? body.password : undefined;
      const mustChange = body.mustChange !== false;
      const email = String(entity.attributes.email ?? '');
      if (given !== undefined) {
        const issues = passwordIssues(given, email);
        if (issues.length > 0) {
          throw new Problem('VALIDATION_FAILED', { errors: issues.map((issue) => ({ pointer: '/password', code: issue.code, message: issue.message })) });
        }
      }
      const password = given ?? temporaryPassword();
      const accounts = new AccountRepository(hook.db);
      await accounts.setPasswordHash(entity.id, await hashPassword(password), mustChange);
      // A locked-out user gets in again with the new password.
      await accounts.clearFailures(`login:${email.toLowerCase()}`);
      // A new version of the user, so the history says who reset the password and when.
      const updated = await hook.service.replaceWithin(hook.db, hook.call, entity, 'users', { attributes: entity.attributes, metadata: entity.metadata, relationships: entity.relationships });
      const notice = given
        ? mustChange
          ? 'Password impostata. Al prossimo accesso l’utente dovrà cambiarla.'
          : 'Password impostata.'
        : `Password temporanea: ${password} — comunicala all’utente: non verrà più mostrata.${mustChange ? ' Al prossimo accesso dovrà cambiarla.' : ''}`;
      return { entity: updated, meta: { mustChange, notice, ...(given ? {} : { temporaryPassword: password }) } };
    },
  },
});
