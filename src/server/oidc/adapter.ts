/**
 * oidc-provider's storage in our database (table `oidc_payloads`, migration 0002): one row per
 * model instance, keyed by (id, model name), so that several processes share sessions, codes and
 * refresh tokens, and a restart signs nobody out. Expired rows are never answered and are
 * deleted now and then, a few at a time, by whoever writes.
 */
import { sql, type Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DatabaseSchema } from '../db/database.ts';
import { oidcErrors } from './library.ts';

interface PayloadRow {
  payload: AdapterPayload;
  consumed: boolean;
}

/** Models whose consumption must happen once, even under concurrent requests. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

/** Roughly one write in this many also deletes a batch of expired rows. */
const CLEANUP_EVERY = 50;
const CLEANUP_BATCH = 500;

export class DatabaseAdapter implements Adapter {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly model: string;

  constructor(db: Kysely<DatabaseSchema>, model: string) {
    this.db = db;
    this.model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
    const userCode = typeof payload.userCode === 'string' ? payload.userCode : null;
    const uid = typeof payload.uid === 'string' ? payload.uid : null;
    await sql`INSERT INTO oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
      VALUES (${id}, ${this.model}, ${JSON.stringify(payload)}::jsonb, ${grantId}, ${userCode}, ${uid}, ${expiresAt}::timestamptz)
      ON CONFLICT (id, type) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
        uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at, consumed_at = NULL`.execute(this.db);
    if (Math.random() * CLEANUP_EVERY < 1) await deleteExpired(this.db);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(sql`id = ${id}`);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(sql`user_code = ${userCode}`);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(sql`uid = ${uid}`);
  }

  async consume(id: string): Promise<void> {
    const result = await sql<{ id: string }>`UPDATE oidc_payloads SET consumed_at = now()
      WHERE id = ${id} AND type = ${this.model} AND consumed_at IS NULL RETURNING id`.execute(this.db);
    // Two requests with the same code or refresh token at once both read it unused: only one may spend it.
    if (result.rows.length === 0 && SINGLE_USE.has(this.model)) throw new (oidcErrors().InvalidGrant)(`${this.model} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    await sql`DELETE FROM oidc_payloads WHERE id = ${id} AND type = ${this.model}`.execute(this.db);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await sql`DELETE FROM oidc_payloads WHERE grant_id = ${grantId} AND type = ${this.model}`.execute(this.db);
  }

  private async findWhere(condition: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
    const result = await sql<PayloadRow>`SELECT payload, consumed_at IS NOT NULL AS consumed FROM oidc_payloads
      WHERE type = ${this.model} AND ${condition} AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`.execute(this.db);
    const row = result.rows[0];
    if (!row) return undefined;
    // oidc-provider only needs a truthy `consumed` (a reused refresh token or code is refused).
    return row.consumed ? { ...row.payload, consumed: true } : row.payload;
  }
}

/** Deletes a batch of rows past their expiry (and old failed sign-ins). */
export async function deleteExpired(db: Kysely<DatabaseSchema>): Promise<void> {
  await sql`DELETE FROM oidc_payloads WHERE (id, type) IN (
    SELECT id, type FROM oidc_payloads WHERE expires_at < now() LIMIT ${CLEANUP_BATCH})`.execute(db);
  await sql`DELETE FROM oidc_login_failures WHERE failed_at < now() - interval '1 day'`.execute(db);
}

export const adapterFactory = (db: Kysely<DatabaseSchema>) => (model: string) => new DatabaseAdapter(db, model);
