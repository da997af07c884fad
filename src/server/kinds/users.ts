/**
 * Server hooks of users: one user per e-mail (the sign-in looks users up by it); the `resetPassword` action (issue 12) sets the password of the embedded
 * sign-in — the one given, or a temporary one generated here and answered once — and whether the
 * next sign-in asks for a new one. Only the hash is stored; the history records who reset whose
 * password and when, never the password.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
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

/** The sign-in finds a user by e-mail: two users with one e-mail would make it ambiguous. */
export const EMAIL_ALREADY_USED = 'Esiste già un utente con questa e-mail';

export const usersKind = defineKindHooks('users', {
  async beforeWrite(hook, data, _previous, id) {
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
