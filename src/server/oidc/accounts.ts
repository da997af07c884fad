/**
 * What sign-in reads and writes in our database: users (by id or by what they type in the login
 * form), their password hashes (column `users.password_hash`, never part of an API answer) and
 * the sign-in limiter's rows (login-service.ts says the rules; this file only keeps them).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';

export interface Account {
  id: string;
  email: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  isEnabled: boolean;
}

export interface AccountWithPassword extends Account {
  passwordHash: string | null;
  /** An administrator set the password: the user chooses a new one at the next sign-in. */
  passwordMustChange: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  is_enabled: boolean;
  password_hash: string | null;
  password_must_change: boolean | null;
}

/** One row of the sign-in limiter; times in milliseconds since the epoch, by the database's clock. */
export interface LimitRow {
  /** Failed attempts in the current window, counting the ones whose password is being checked. */
  failures: number;
  windowStartedAt: number | null;
  lockedUntil: number | null;
  /** Locks in a row so far: each one lasts twice the one before (capped). */
  lockouts: number;
  /** An address past its limit: the earliest its next attempt is checked. */
  nextAttemptAt: number | null;
}

/** What the limiter's rule answers for an attempt: when allowed, the rows that reserve it. */
export type LimitDecision = { allowed: true; account: LimitRow; address: LimitRow } | { allowed: false };

interface LimitDbRow {
  key: string;
  failures: number;
  window_started_at: string | null;
  locked_until: string | null;
  lockouts: number;
  next_attempt_at: string | null;
  now: string;
}

const limitColumns = sql`key, failures, window_started_at, locked_until, lockouts, next_attempt_at, clock_timestamp() AS now`;
const time = (value: string | null) => (value === null ? null : Date.parse(value));
const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

function toLimitRow(row: LimitDbRow): LimitRow {
  return {
    failures: row.failures,
    windowStartedAt: time(row.window_started_at),
    lockedUntil: time(row.locked_until),
    lockouts: row.lockouts,
    nextAttemptAt: time(row.next_attempt_at),
  };
}

async function writeLimitRow(db: Kysely<DatabaseSchema>, key: string, row: LimitRow): Promise<void> {
  await sql`UPDATE oidc_login_limits SET failures = ${row.failures}, window_started_at = ${iso(row.windowStartedAt)}::timestamptz,
    locked_until = ${iso(row.lockedUntil)}::timestamptz, lockouts = ${row.lockouts}, next_attempt_at = ${iso(row.nextAttemptAt)}::timestamptz, updated_at = now()
    WHERE key = ${key}`.execute(db);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const accountColumns = sql`id, attributes->>'email' AS email, attributes->>'displayName' AS display_name, attributes->>'firstName' AS first_name,
  attributes->>'lastName' AS last_name, coalesce((metadata->>'isEnabled')::boolean, true) AS is_enabled, password_hash, password_must_change`;

function toAccount(row: AccountRow): AccountWithPassword {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name ?? row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isEnabled: row.is_enabled,
    passwordHash: row.password_hash,
    passwordMustChange: row.password_must_change === true,
  };
}

export class AccountRepository {
  private readonly db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.db = db;
  }

  async findById(id: string): Promise<Account | undefined> {
    if (!UUID.test(id)) return undefined;
    const result = await sql<AccountRow>`SELECT ${accountColumns} FROM users WHERE NOT is_deleted AND id = ${id.toLowerCase()}::uuid`.execute(this.db);
    const row = result.rows[0];
    if (!row) return undefined;
    const { passwordHash, passwordMustChange, ...account } = toAccount(row);
    void passwordHash;
    void passwordMustChange;
    return account;
  }

  /** The account with its password state (the forced change at sign-in). */
  async findWithPassword(id: string): Promise<AccountWithPassword | undefined> {
    if (!UUID.test(id)) return undefined;
    const result = await sql<AccountRow>`SELECT ${accountColumns} FROM users WHERE NOT is_deleted AND id = ${id.toLowerCase()}::uuid`.execute(this.db);
    const row = result.rows[0];
    return row ? toAccount(row) : undefined;
  }

  /**
   * The user a login form names: a full e-mail, or the part before the @ when exactly one user
   * has it (so `admin` works for admin@demo.sicurezza.it). Deleted users are never found.
   */
  async findByLogin(login: string): Promise<AccountWithPassword | undefined> {
    const text = login.trim().toLowerCase();
    if (text === '') return undefined;
    const where = text.includes('@') ? sql`lower(attributes->>'email') = ${text}` : sql`lower(split_part(attributes->>'email', '@', 1)) = ${text}`;
    const result = await sql<AccountRow>`SELECT ${accountColumns} FROM users WHERE NOT is_deleted AND ${where} LIMIT 2`.execute(this.db);
    return result.rows.length === 1 ? toAccount(result.rows[0] as AccountRow) : undefined;
  }

  /** Sets the hash; `mustChange` (when given) also sets whether the next sign-in asks for a new password. */
  async setPasswordHash(userId: string, hash: string | null, mustChange?: boolean): Promise<void> {
    if (mustChange === undefined) await sql`UPDATE users SET password_hash = ${hash} WHERE id = ${userId}::uuid`.execute(this.db);
    else await sql`UPDATE users SET password_hash = ${hash}, password_must_change = ${mustChange} WHERE id = ${userId}::uuid`.execute(this.db);
  }

  /** Users (by e-mail) and whether a password is set, for the demo users' set-up. */
  async passwordStates(emails: readonly string[]): Promise<Map<string, { id: string; passwordHash: string | null }>> {
    const lowered = emails.map((e) => e.toLowerCase());
    const result = await sql<{ id: string; email: string; password_hash: string | null }>`SELECT id, lower(attributes->>'email') AS email, password_hash
      FROM users WHERE NOT is_deleted AND lower(attributes->>'email') = ANY(${lowered}::text[])`.execute(this.db);
    return new Map(result.rows.map((row) => [row.email, { id: row.id, passwordHash: row.password_hash }]));
  }

  /**
   * Reserves a sign-in attempt: locks the account's and the address's limiter rows (created when
   * missing; always in that order, so two attempts never wait on each other crosswise), asks
   * `decide` with the database's clock, and writes the rows it answers, all in one transaction:
   * concurrent attempts on one account are counted one after the other, in every process.
   * `knownAddress`: whether that user signed in from that address within `days` is passed on.
   */
  async reserveAttempt<D extends LimitDecision>(
    keys: { account: string; address: string },
    knownAddress: { userId: string; address: string; days: number },
    decide: (account: LimitRow, address: LimitRow, now: number, knownAddress: boolean) => D,
  ): Promise<D> {
    return this.db.transaction().execute(async (trx) => {
      const result = await sql<LimitDbRow>`INSERT INTO oidc_login_limits (key) VALUES (${keys.account}), (${keys.address})
        ON CONFLICT (key) DO UPDATE SET updated_at = oidc_login_limits.updated_at
        RETURNING ${limitColumns}`.execute(trx);
      const account = result.rows.find((row) => row.key === keys.account);
      const address = result.rows.find((row) => row.key === keys.address);
      if (!account || !address) throw new Error('limitatore degli accessi: righe non trovate');
      const known = await sql`SELECT 1 FROM oidc_login_addresses WHERE user_id = ${knownAddress.userId}::uuid AND address = ${knownAddress.address}
        AND signed_in_at > now() - make_interval(days => ${knownAddress.days})`.execute(trx);
      const decision = decide(toLimitRow(account), toLimitRow(address), Date.parse(account.now), known.rows.length > 0);
      if (decision.allowed) {
        await writeLimitRow(trx, keys.account, decision.account);
        await writeLimitRow(trx, keys.address, decision.address);
      }
      return decision;
    });
  }

  /** A reserved attempt failed: the account's row becomes what `next` says (under its lock). */
  async settleFailure(key: string, next: (row: LimitRow, now: number) => LimitRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = (await sql<LimitDbRow>`SELECT ${limitColumns} FROM oidc_login_limits WHERE key = ${key} FOR UPDATE`.execute(trx)).rows[0];
      // Gone: cleared meanwhile (a success, a password reset): nothing left to count against.
      if (row) await writeLimitRow(trx, key, next(toLimitRow(row), Date.parse(row.now)));
    });
  }

  /**
   * A reserved attempt had the right password: the account's count is cleared, the address gets
   * its reservation back (`release`), and the user is remembered as signing in from that address.
   */
  async settleSuccess(keys: { account: string; address: string }, userId: string, address: string, release: (row: LimitRow) => LimitRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM oidc_login_limits WHERE key = ${keys.account}`.execute(trx);
      const row = (await sql<LimitDbRow>`SELECT ${limitColumns} FROM oidc_login_limits WHERE key = ${keys.address} FOR UPDATE`.execute(trx)).rows[0];
      if (row) await writeLimitRow(trx, keys.address, release(toLimitRow(row)));
      await sql`INSERT INTO oidc_login_addresses (user_id, address) VALUES (${userId}::uuid, ${address})
        ON CONFLICT (user_id, address) DO UPDATE SET signed_in_at = now()`.execute(trx);
    });
  }

  /** Lets a locked-out user in again (an administrator set a new password). */
  async clearAccountLimits(userId: string): Promise<void> {
    await sql`DELETE FROM oidc_login_limits WHERE key = ${`account:${userId}`}`.execute(this.db);
  }

  /** Clears a limiter row; `login:<what was typed>` also clears the account that login names. */
  async clearFailures(key: string): Promise<void> {
    const keys = [key];
    if (key.startsWith('login:')) {
      const user = await this.findByLogin(key.slice('login:'.length));
      if (user) keys.push(`account:${user.id}`);
    }
    await sql`DELETE FROM oidc_login_limits WHERE key = ANY(${keys}::text[])`.execute(this.db);
  }

  /** Deletes limiter rows untouched for `keepSeconds`, and sign-in addresses older than `addressDays`. */
  async pruneLimits(keepSeconds: number, addressDays: number): Promise<void> {
    await sql`DELETE FROM oidc_login_limits WHERE updated_at < now() - make_interval(secs => ${keepSeconds})`.execute(this.db);
    await sql`DELETE FROM oidc_login_addresses WHERE signed_in_at < now() - make_interval(days => ${addressDays})`.execute(this.db);
  }
}
