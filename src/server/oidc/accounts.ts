/**
 * What sign-in reads and writes in our database: users (by id or by what they type in the login
 * form), their password hashes (column `users.password_hash`, never part of an API answer) and
 * the recent failed attempts the rate limit counts.
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

  async recentFailures(key: string, windowSeconds: number): Promise<number> {
    const result = await sql<{ n: number }>`SELECT count(*) AS n FROM oidc_login_failures
      WHERE key = ${key} AND failed_at > now() - make_interval(secs => ${windowSeconds})`.execute(this.db);
    return result.rows[0]?.n ?? 0;
  }

  async recordFailure(keys: readonly string[]): Promise<void> {
    for (const key of keys) await sql`INSERT INTO oidc_login_failures (key) VALUES (${key})`.execute(this.db);
  }

  async clearFailures(key: string): Promise<void> {
    await sql`DELETE FROM oidc_login_failures WHERE key = ${key}`.execute(this.db);
  }
}
