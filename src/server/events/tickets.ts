/**
 * Short-lived tickets for `GET /api/events?ticket=…` (a browser's EventSource cannot send an
 * Authorization header). A ticket names the signed-in user (and the impersonated one), expires
 * after TICKET_TTL_MS, is valid once, and is signed with HMAC-SHA256 under a secret kept in the
 * database (`app_state`), so every process on the database accepts the tickets of the others.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem } from '../http/problems.ts';
import type { Caller } from '../auth/identity.ts';

export const TICKET_TTL_MS = 60_000;
const SECRET_KEY = 'events:ticketSecret';
const USED_PREFIX = 'events:ticketUsed:';

export interface TicketClaims {
  /** The signed-in user (the administrator, while impersonating). */
  user: string;
  /** The impersonated user, if any. */
  as?: string;
  /** Ticket expiry (epoch ms). */
  expiresAt: number;
  /** Expiry of the access token the ticket was asked with (epoch ms): the stream ends then. */
  tokenExpiresAt?: number;
  nonce: string;
}

const refused = (message: string) => new Problem('UNAUTHORIZED', { message });
const encode = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export class TicketSigner {
  private readonly db: Kysely<DatabaseSchema>;
  private secret: Promise<Buffer> | undefined;
  private readonly now: () => number;

  constructor(db: Kysely<DatabaseSchema>, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** The shared secret: the first process to need it creates it, the others read the same row. */
  private key(): Promise<Buffer> {
    this.secret ??= (async () => {
      await sql`INSERT INTO app_state (key, value) VALUES (${SECRET_KEY}, to_jsonb(${randomBytes(32).toString('base64')}::text)) ON CONFLICT (key) DO NOTHING`.execute(this.db);
      const row = (await sql<{ secret: string }>`SELECT value #>> '{}' AS secret FROM app_state WHERE key = ${SECRET_KEY}`.execute(this.db)).rows[0];
      if (!row) throw new Error('events ticket secret missing');
      return Buffer.from(row.secret, 'base64');
    })().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  async issue(caller: Caller, tokenExpiresAt: number | undefined): Promise<{ ticket: string; expiresAt: string }> {
    const { userId, impersonatorId } = caller.identity;
    if (!userId) throw new Problem('UNAUTHORIZED');
    const claims: TicketClaims = {
      user: impersonatorId ?? userId,
      ...(impersonatorId ? { as: userId } : {}),
      expiresAt: this.now() + TICKET_TTL_MS,
      ...(tokenExpiresAt ? { tokenExpiresAt } : {}),
      nonce: randomUUID(),
    };
    const body = encode(JSON.stringify(claims));
    const signature = encode(createHmac('sha256', await this.key()).update(body).digest());
    return { ticket: `${body}.${signature}`, expiresAt: new Date(claims.expiresAt).toISOString() };
  }

  /** The claims of a valid, unexpired, unused ticket; anything else is 401. Marks it used. */
  async redeem(ticket: string): Promise<TicketClaims> {
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) throw refused('Biglietto per gli aggiornamenti non valido');
    const expected = createHmac('sha256', await this.key()).update(body).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused('Biglietto per gli aggiornamenti non valido');
    let claims: TicketClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
    } catch {
      throw refused('Biglietto per gli aggiornamenti non valido');
    }
    if (typeof claims.expiresAt !== 'number' || claims.expiresAt < this.now()) throw refused('Biglietto per gli aggiornamenti scaduto: chiederne uno nuovo');
    if (typeof claims.user !== 'string' || typeof claims.nonce !== 'string') throw refused('Biglietto per gli aggiornamenti non valido');
    // Once only: a ticket copied from a log or a URL bar cannot open a second stream.
    await sql`DELETE FROM app_state WHERE key LIKE ${`${USED_PREFIX}%`} AND updated_date_time < now() - interval '10 minutes'`.execute(this.db);
    const used = await sql<{ key: string }>`INSERT INTO app_state (key, value) VALUES (${USED_PREFIX + claims.nonce}, 'true'::jsonb)
      ON CONFLICT (key) DO NOTHING RETURNING key`.execute(this.db);
    if (used.rows.length === 0) throw refused('Biglietto per gli aggiornamenti già usato: chiederne uno nuovo');
    return claims;
  }
}
