/**
 * `Idempotency-Key` on every write of the API (issue 25, retries made safe): one pair of hooks,
 * registered once, around every `POST`, `PUT`, `PATCH` and `DELETE` under /api/ with a JSON body
 * (or none). The key is optional; with one:
 * - the first request claims (user, key) in `idempotency_keys` (the order wizard's store,
 *   idempotency-store.ts) and runs; a success (2xx) is stored with its status, body and the
 *   headers a client reads (ETag, Location) before it is sent, so a client that hears it could
 *   also hear its replay;
 * - the same key with the same method, path and body answers that stored success again
 *   (`Idempotent-Replayed: true`) without running anything;
 * - the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED);
 * - the same key while the first request still runs is refused (409 IDEMPOTENCY_KEY_IN_USE);
 * - a refusal (4xx, 5xx) is not stored: the claim is released, so the client may retry after
 *   fixing what was refused (a 409 version conflict re-sent on the new version, for one).
 * Keys belong to the user who sent them, live IDEMPOTENCY_KEY_TTL_DAYS (14 by default) and are
 * purged when expired. The order wizard keeps its own claim inside its transaction and is skipped.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/records.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem } from '../http/problems.ts';
import { IDEMPOTENCY_KEY_TTL_HOURS, idempotencyKeyOf, requestHash } from './idempotency-store.ts';

/** Every generic write shares one operation: a key names one request of its user, whatever its route. */
export const WRITE_OPERATION = 'api-write';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that run their own claim inside their transaction (orders/wizard-routes.ts). */
const OWN_CLAIM_ROUTES = new Set(['/api/orders/wizard']);
/** Headers of a stored answer that a replay gives back. */
const REPLAYED_HEADERS = ['etag', 'location', 'content-type'];
/** A claim still without an answer after this long belongs to a process that died: it may be taken again. */
const ABANDONED_CLAIM_MINUTES = 10;

interface Claim {
  userId: string;
  key: string;
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, Claim>();

interface StoredWrite {
  payload: unknown;
  headers: Record<string, string>;
}

function isJsonOrEmpty(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type === undefined || type.includes('json');
}

export function registerIdempotentWrites(app: FastifyInstance, db: Kysely<DatabaseSchema>, log: { error: (object: unknown, message: string) => void }): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header === undefined || OWN_CLAIM_ROUTES.has(request.routeOptions.url ?? '') || !isJsonOrEmpty(request)) return;
    const key = idempotencyKeyOf(header);
    const userId = request.caller?.identity.userId;
    // Without a signed-in user the route refuses the request itself; keys are only ever a user's.
    if (!userId) return;
    const hash = requestHash({ method: request.method, path: request.url.split('?')[0], body: request.body ?? null });
    const replay = await claim(db, userId, key, hash);
    if (!replay) {
      claims.set(request, { userId, key, settled: false });
      return;
    }
    for (const [name, value] of Object.entries(replay.headers)) reply.header(name, value);
    reply.header(IDEMPOTENCY_KEY_HEADER, key).header('Idempotent-Replayed', 'true').code(replay.status);
    return reply.send(replay.payload === null ? undefined : typeof replay.payload === 'string' ? replay.payload : JSON.stringify(replay.payload));
  });

  const store = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pending = claims.get(request);
    if (!pending || pending.settled || reply.statusCode < 200 || reply.statusCode >= 300) return;
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
    }
    const stored: StoredWrite = { payload: payload ?? null, headers };
    try {
      await sql`UPDATE idempotency_keys SET status = ${reply.statusCode}, body = ${JSON.stringify(stored)}::jsonb
        WHERE user_id = ${pending.userId}::uuid AND operation = ${WRITE_OPERATION} AND key = ${pending.key}`.execute(db);
      pending.settled = true;
      reply.header(IDEMPOTENCY_KEY_HEADER, pending.key);
    } catch (error) {
      log.error({ err: error }, 'risposta della chiave di idempotenza non salvata');
    }
  };
  // Objects are stored before they are serialised (and perhaps compressed); an empty answer as it leaves.
  app.addHook('preSerialization', async (request, reply, payload) => {
    await store(request, reply, payload);
    return payload;
  });
  // An answer not stored above (text, or empty) is stored as it leaves; a refusal releases the key
  // before it leaves, so the client may at once try again, corrected, with the same key.
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = claims.get(request);
    if (!pending || pending.settled) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) await release(pending);
    else if (payload === null || payload === undefined || payload === '') await store(request, reply, null);
    else if (typeof payload === 'string') await store(request, reply, parsedOrText(payload));
    return payload;
  });
  // Whatever could not be stored (a stream, a failed update) frees its key once answered.
  app.addHook('onResponse', async (request) => {
    const pending = claims.get(request);
    if (pending && !pending.settled) await release(pending);
  });

  async function release(pending: Claim): Promise<void> {
    try {
      await sql`DELETE FROM idempotency_keys WHERE user_id = ${pending.userId}::uuid AND operation = ${WRITE_OPERATION} AND key = ${pending.key} AND status IS NULL`.execute(db);
      // Released once: a later hook of the same request has nothing left to do.
      pending.settled = true;
    } catch (error) {
      log.error({ err: error }, 'chiave di idempotenza non rilasciata');
    }
  }
}

function parsedOrText(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/**
 * Claims (user, key) for a request with hash `hash`: undefined when this request is the first
 * (it runs), the stored answer when it repeats one, a problem when the key is busy or was used
 * for another request.
 */
async function claim(db: Kysely<DatabaseSchema>, userId: string, key: string, hash: string): Promise<{ status: number; payload: unknown; headers: Record<string, string> } | undefined> {
  await sql`DELETE FROM idempotency_keys WHERE expires_at < now()`.execute(db);
  const claimed = await sql<{ key: string }>`INSERT INTO idempotency_keys (user_id, operation, key, request_hash, expires_at)
    VALUES (${userId}::uuid, ${WRITE_OPERATION}, ${key}, ${hash}, now() + make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}))
    ON CONFLICT (user_id, operation, key) DO NOTHING RETURNING key`.execute(db);
  if (claimed.rows.length > 0) return undefined;
  const found = await sql<{ request_hash: string; status: number | null; body: StoredWrite | null; abandoned: boolean }>`SELECT request_hash, status, body,
      created_at < now() - make_interval(mins => ${ABANDONED_CLAIM_MINUTES}) AS abandoned
    FROM idempotency_keys WHERE user_id = ${userId}::uuid AND operation = ${WRITE_OPERATION} AND key = ${key}`.execute(db);
  const row = found.rows[0];
  // Released between the insert and the read: claim again.
  if (!row) return claim(db, userId, key, hash);
  if (row.request_hash !== hash) throw new Problem('IDEMPOTENCY_KEY_REUSED');
  if (row.status === null) {
    if (!row.abandoned) throw new Problem('IDEMPOTENCY_KEY_IN_USE');
    const retaken = await sql`UPDATE idempotency_keys SET created_at = now() WHERE user_id = ${userId}::uuid AND operation = ${WRITE_OPERATION} AND key = ${key}
      AND status IS NULL AND created_at < now() - make_interval(mins => ${ABANDONED_CLAIM_MINUTES})`.execute(db);
    if (Number(retaken.numAffectedRows ?? 0) === 0) throw new Problem('IDEMPOTENCY_KEY_IN_USE');
    return undefined;
  }
  const stored = row.body ?? { payload: null, headers: {} };
  return { status: row.status, payload: stored.payload, headers: stored.headers };
}
