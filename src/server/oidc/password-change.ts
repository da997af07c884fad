/**
 * The forced password change at sign-in (issue 12): after a correct password that an
 * administrator set, the login interaction asks for a new one before it completes. Between the two
 * forms the browser holds a short-lived proof, signed with a key kept in the database (every
 * process agrees), bound to the interaction and the account: the current password is never put in
 * a page, and the proof is worthless in another interaction or after ten minutes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import { PASSWORD_RULES, passwordIssues, passwordMessages } from '../../domain/rules/passwords.ts';
import type { AccountRepository } from './accounts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { loadOrCreate } from './secrets.ts';

/** How long the change form stays valid after the correct password. */
export const PASSWORD_CHANGE_TTL_SECONDS = 10 * 60;

/** The rules as the page lists them. */
export const passwordRuleTexts = [`Almeno ${PASSWORD_RULES.minLength.value} caratteri`, 'Senza il proprio nome utente', 'Diversa da quella attuale'];

export interface PasswordChangeTokens {
  sign(uid: string, accountId: string): string;
  /** The account the proof was made for, when it is this interaction's and still valid. */
  verify(token: string, uid: string): string | undefined;
}

export async function passwordChangeTokens(db: Kysely<DatabaseSchema>, now: () => number = Date.now): Promise<PasswordChangeTokens> {
  const key = Buffer.from(await loadOrCreate(db, 'password-change-key', async () => randomBytes(32).toString('base64url')), 'base64url');
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(uid, accountId) {
      const payload = Buffer.from(JSON.stringify({ uid, sub: accountId, exp: Math.floor(now() / 1000) + PASSWORD_CHANGE_TTL_SECONDS })).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verify(token, uid) {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { uid?: unknown; sub?: unknown; exp?: unknown };
        if (claims.uid !== uid || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || claims.exp * 1000 < now()) return undefined;
        return claims.sub;
      } catch {
        return undefined;
      }
    },
  };
}

/** Checks and stores the new password of an account that must change it; answers the Italian errors (empty when done). */
export async function changeRequiredPassword(accounts: AccountRepository, accountId: string, password: string, confirm: string): Promise<string[]> {
  const account = await accounts.findWithPassword(accountId);
  if (!account || !account.isEnabled) return ['Account non disponibile: rivolgiti all’amministratore.'];
  const errors = passwordIssues(password, account.email).map((issue) => issue.message);
  if (password !== confirm) errors.push(passwordMessages.mismatch);
  if (errors.length === 0 && (await verifyPassword(password, account.passwordHash))) errors.push(passwordMessages.sameAsOld);
  if (errors.length > 0) return errors;
  await accounts.setPasswordHash(account.id, await hashPassword(password), false);
  return [];
}
