/**
 * Idempotent writes (`Idempotency-Key`, as the IETF draft and Stripe use it): the first request
 * with a key runs and its answer is stored in the same transaction as what it wrote; a retry with
 * the same key and the same body gets that answer again; the same key with another body is refused.
 * Keys belong to one user and one operation and expire (IDEMPOTENCY_KEY_TTL_HOURS).
 *
 * Safe across processes: the claim is an insert on the table's primary key, so a concurrent retry
 * waits for the first transaction; if it committed the retry reads its answer, if it rolled back
 * (a refused request stores nothing) the retry runs as a first request.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem } from '../http/problems.ts';
import { canonicalJson } from '../kinds/support/hook-helpers.ts';

/**
 * How long a key is remembered: IDEMPOTENCY_KEY_TTL_DAYS, 14 by default, so an offline device's
 * queue may replay a write made two weeks ago (issue 25); never less than a day.
 */
export function idempotencyKeyTtlHours(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.IDEMPOTENCY_KEY_TTL_DAYS ?? 14);
  return Number.isFinite(days) && days >= 1 ? Math.round(days * 24) : 14 * 24;
}
export const IDEMPOTENCY_KEY_TTL_HOURS = idempotencyKeyTtlHours();
/** Keys are client-made: a UUID fits; anything longer than this is not a key. */
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The key of a request's header, checked (400 problem when missing or malformed). */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new Problem('IDEMPOTENCY_KEY_REQUIRED');
  if (!KEY_PATTERN.test(key)) throw new Problem('BAD_REQUEST', { message: 'Chiave di idempotenza non valida: da 8 a 200 caratteri tra lettere, cifre e . _ : -' });
  return key;
}

/** Same body, same hash, whatever the order of its keys. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * Runs `work` once per (user, operation, key) inside the caller's transaction `trx`: answers the
 * stored answer of a previous run with the same body, refuses another body (422
 * IDEMPOTENCY_KEY_REUSED), else claims the key, runs `work` and stores its answer with it.
 */
export async function once(
  trx: Kysely<DatabaseSchema>,
  scope: { userId: string; operation: string; key: string; body: unknown },
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const hash = requestHash(scope.body);
  // Expired keys go first, so an old key can be used again; this also keeps the table small.
  await sql`DELETE FROM idempotency_keys WHERE expires_at < now()`.execute(trx);
  const claimed = await sql<{ key: string }>`INSERT INTO idempotency_keys (user_id, operation, key, request_hash, expires_at)
    VALUES (${scope.userId}::uuid, ${scope.operation}, ${scope.key}, ${hash}, now() + make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}))
    ON CONFLICT (user_id, operation, key) DO NOTHING RETURNING key`.execute(trx);
  if (claimed.rows.length === 0) {
    const stored = await sql<{ request_hash: string; status: number | null; body: unknown }>`SELECT request_hash, status, body FROM idempotency_keys
      WHERE user_id = ${scope.userId}::uuid AND operation = ${scope.operation} AND key = ${scope.key}`.execute(trx);
    const row = stored.rows[0];
    if (!row || row.status === null) throw new Problem('IDEMPOTENCY_KEY_IN_USE');
    if (row.request_hash !== hash) throw new Problem('IDEMPOTENCY_KEY_REUSED');
    return { status: row.status, body: row.body, replayed: true };
  }
  const answer = await work();
  await sql`UPDATE idempotency_keys SET status = ${answer.status}, body = ${JSON.stringify(answer.body)}::jsonb
    WHERE user_id = ${scope.userId}::uuid AND operation = ${scope.operation} AND key = ${scope.key}`.execute(trx);
  return { ...answer, replayed: false };
}
