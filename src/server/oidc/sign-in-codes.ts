/**
 * Sign-in with a one-time code by e-mail (issue 26 §9), for every enabled user with an e-mail:
 * the code is made, kept and checked as the online signature's (auth/one-time-codes.ts, table
 * `signature_codes` with `purpose` signIn): SIGN_IN_CODE_LENGTH digits, valid
 * SIGN_IN_CODE_TTL_MINUTES, SIGN_IN_CODE_MAX_ATTEMPTS wrong tries, used once, a new one voiding the
 * previous. Nobody learns from it whether an address has a user: an address nobody has (or a
 * disabled user's) gets a row too, whose hash no code matches, so asking, counting, wrong tries and
 * answers are the same; only the e-mail differs, and it goes to the address's owner.
 * Limits: SIGN_IN_CODES_PER_ADDRESS_PER_HOUR per e-mail address and SIGN_IN_CODES_PER_IP_PER_HOUR per
 * network address (the one Fastify resolved: never what a client writes in a header).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MINUTES, SIGN_IN_CODES_PER_ADDRESS_PER_HOUR, SIGN_IN_CODES_PER_IP_PER_HOUR,
} from '../../domain/rules/customer-users.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { codeHash, codeSpent, newCode } from '../auth/one-time-codes.ts';

const PURPOSE = 'signIn';
const scopeOf = (userId: string) => `${PURPOSE}:${userId}`;

export type CodeRequestOutcome = { ok: true } | { ok: false; reason: 'invalidEmail' } | { ok: false; reason: 'limited'; scope: 'address' | 'network' };

export type CodeCheckOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalidEmail' | 'expired' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class SignInCodes {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly mailer: Mailer;

  constructor(db: Kysely<DatabaseSchema>, mailer: Mailer) {
    this.db = db;
    this.mailer = mailer;
  }

  /** Asks for a code for `typed` from network address `ip`: the same answer whether the address has a user or not. */
  async request(typed: string, ip: string): Promise<CodeRequestOutcome> {
    const email = typed.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 320) return { ok: false, reason: 'invalidEmail' };
    const counts = (await sql<{ by_address: string; by_network: string }>`SELECT
        count(*) FILTER (WHERE email = ${email}) AS by_address, count(*) FILTER (WHERE ip_address = ${ip}) AS by_network
      FROM signature_codes WHERE purpose = ${PURPOSE} AND created_date_time > now() - interval '1 hour'`.execute(this.db)).rows[0];
    if (Number(counts?.by_address ?? 0) >= SIGN_IN_CODES_PER_ADDRESS_PER_HOUR) return { ok: false, reason: 'limited', scope: 'address' };
    if (Number(counts?.by_network ?? 0) >= SIGN_IN_CODES_PER_IP_PER_HOUR) return { ok: false, reason: 'limited', scope: 'network' };

    const user = (await sql<{ id: string; display_name: string | null; enabled: boolean }>`SELECT id, attributes->>'displayName' AS display_name,
        coalesce((metadata->>'isEnabled')::boolean, true) AS enabled
      FROM users WHERE NOT is_deleted AND lower(attributes->>'email') = ${email} LIMIT 1`.execute(this.db)).rows[0];
    const recipient = user && user.enabled ? user : undefined;
    const code = newCode(SIGN_IN_CODE_LENGTH);
    // Nobody to send to: a hash no code has (hex of a SHA-256 is 64 characters; this is not hex).
    const hash = recipient ? codeHash(scopeOf(recipient.id), code) : `none:${randomBytes(24).toString('base64url')}`;
    const expires = new Date(Date.now() + SIGN_IN_CODE_TTL_MINUTES * 60_000);
    await this.db.transaction().execute(async (trx) => {
      // A new code replaces the previous ones of the address.
      await sql`UPDATE signature_codes SET attempts = ${SIGN_IN_CODE_MAX_ATTEMPTS} WHERE purpose = ${PURPOSE} AND email = ${email} AND consumed_date_time IS NULL`.execute(trx);
      await sql`INSERT INTO signature_codes (id, purpose, user_id, email, code_hash, expires_date_time, ip_address)
        VALUES (${randomUUID()}::uuid, ${PURPOSE}, ${recipient?.id ?? null}::uuid, ${email}, ${hash}, ${expires.toISOString()}::timestamptz, ${ip})`.execute(trx);
    });
    if (recipient) {
      // A failed delivery is in the outbox (and the log); the page says the same either way.
      await this.mailer.send({
        to: email,
        subject: `Codice di accesso: ${code}`,
        text: [
          `Gentile ${recipient.display_name ?? email},`,
          `il codice per accedere all’area di lavoro è ${code}.`,
          `Vale ${SIGN_IN_CODE_TTL_MINUTES} minuti e una sola volta. Se non ha chiesto di accedere, ignori questo messaggio: senza il codice nessuno può entrare a suo nome.`,
        ].join('\n\n'),
      });
    }
    return { ok: true };
  }

  /** Checks the code typed for `typed`: the user when right (and still enabled), or why not; a wrong code is counted. */
  async verify(typed: string, code: string): Promise<CodeCheckOutcome> {
    const email = typed.trim().toLowerCase();
    if (!EMAIL.test(email)) return { ok: false, reason: 'invalidEmail' };
    const given = code.replace(/\s+/g, '');
    return this.db.transaction().execute(async (trx) => {
      const row = (await sql<{ id: string; user_id: string | null; code_hash: string; expires: Date; attempts: number }>`
        SELECT id, user_id, code_hash, expires_date_time AS expires, attempts FROM signature_codes
        WHERE purpose = ${PURPOSE} AND email = ${email} AND consumed_date_time IS NULL
        ORDER BY created_date_time DESC LIMIT 1 FOR UPDATE`.execute(trx)).rows[0];
      if (!row || codeSpent(row, SIGN_IN_CODE_MAX_ATTEMPTS)) return { ok: false, reason: 'expired' } as const;
      const right = row.user_id !== null && /^\d+$/.test(given) && codeHash(scopeOf(row.user_id), given) === row.code_hash;
      if (!right) {
        await sql`UPDATE signature_codes SET attempts = attempts + 1 WHERE id = ${row.id}::uuid`.execute(trx);
        return { ok: false, reason: 'wrong', attemptsLeft: SIGN_IN_CODE_MAX_ATTEMPTS - row.attempts - 1 } as const;
      }
      await sql`UPDATE signature_codes SET consumed_date_time = now() WHERE id = ${row.id}::uuid`.execute(trx);
      const enabled = (await sql<{ enabled: boolean }>`SELECT coalesce((metadata->>'isEnabled')::boolean, true) AS enabled FROM users
        WHERE NOT is_deleted AND id = ${row.user_id}::uuid`.execute(trx)).rows[0]?.enabled;
      // Disabled since the code was sent: as good as no code.
      if (!enabled) return { ok: false, reason: 'expired' } as const;
      return { ok: true, userId: row.user_id! } as const;
    });
  }
}

/** The page's text for a refused code. */
export function codeRefusal(outcome: Exclude<CodeCheckOutcome, { ok: true }>): string {
  if (outcome.reason === 'invalidEmail') return 'Inserisci un indirizzo e-mail valido.';
  if (outcome.reason !== 'wrong') return 'Il codice è scaduto, è già stato usato o ha superato i tentativi: richiedine uno nuovo.';
  if (outcome.attemptsLeft <= 0) return 'Codice non corretto: richiedine uno nuovo.';
  return `Codice non corretto: ${outcome.attemptsLeft === 1 ? 'resta 1 tentativo' : `restano ${outcome.attemptsLeft} tentativi`}.`;
}
