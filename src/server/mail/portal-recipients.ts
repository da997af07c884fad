/**
 * What the portal notifications (issue 26 §8) share: who a customer's portal users are, each judged
 * as itself (its own caller, so the read rule decides what it is told), and the messages under way
 * (the server's close and the tests wait for them).
 */
import { sql, type Kysely } from 'kysely';
import type { ChangeNotice } from '../../domain/records.ts';
import { callerOfUser, type Caller } from '../auth/identity.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { AfterCommitHook } from '../events/after-commit.ts';
import type { EntityService } from '../resources/service.ts';
import type { Mailer } from './mailer.ts';

/** A customer's portal user with an address. */
export interface PortalRecipient {
  id: string;
  email: string;
  name: string;
}

/** The users of type customer of `customerId` (own or among their customers) with an e-mail, by address. */
export async function portalUsersOf(db: Kysely<DatabaseSchema>, customerId: string): Promise<PortalRecipient[]> {
  const { rows } = await sql<{ id: string; email: string | null; name: string | null }>`SELECT id, attributes->>'email' AS email, attributes->>'displayName' AS name FROM users
    WHERE NOT is_deleted AND attributes->>'userType' = 'customer'
      AND (attributes->>'customerId' = ${customerId} OR coalesce(relationships->'customerIds', '[]'::jsonb) ? ${customerId})
    ORDER BY attributes->>'email'`.execute(db);
  return rows.filter((row) => Boolean(row.email?.trim())).map((row) => ({ id: row.id, email: row.email!.trim(), name: row.name?.trim() ?? '' }));
}

/** One portal user (user type customer, not deleted, with an e-mail) by id, or undefined. */
export async function portalUser(db: Kysely<DatabaseSchema>, userId: string): Promise<PortalRecipient | undefined> {
  const { rows } = await sql<{ id: string; email: string | null; name: string | null }>`SELECT id, attributes->>'email' AS email, attributes->>'displayName' AS name FROM users
    WHERE id = ${userId}::uuid AND NOT is_deleted AND attributes->>'userType' = 'customer'`.execute(db);
  const row = rows[0];
  return row?.email?.trim() ? { id: row.id, email: row.email.trim(), name: row.name?.trim() ?? '' } : undefined;
}

/** The recipient as a caller, or undefined when it may not act (disabled, no longer registered). */
export async function recipientCaller(db: Kysely<DatabaseSchema>, userId: string): Promise<Caller | undefined> {
  try {
    return await callerOfUser(db, userId);
  } catch {
    return undefined;
  }
}

/** The messages started and not yet left: `idle` resolves once each has been sent or has failed. */
export class PendingSends {
  private readonly pending = new Set<Promise<unknown>>();

  /** Starts `work` without waiting for it; what it throws is handed to `onError`. */
  start(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const sending = work().catch(onError);
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

/** What a notification needs: the database, the records (read as each recipient), the mail, the portal's address. */
export interface PortalNotifierOptions {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  mailer: Mailer;
  /** The portal's address in the messages. */
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

/** The messages one committed write starts: what sends them, and what to log if that fails. */
export interface NotificationJob {
  send: () => Promise<unknown>;
  details: object;
}

/**
 * A notification sent after commits: `hook` (for events/after-commit.ts) starts the messages of a
 * write's notices without the write waiting for them; a failure is logged, never thrown; `idle`
 * resolves once those started have left.
 */
export abstract class PortalNotifier {
  protected readonly options: PortalNotifierOptions;
  private readonly sends = new PendingSends();

  constructor(options: PortalNotifierOptions) {
    this.options = options;
  }

  /** The notification's name, in the log line of a failure. */
  protected abstract readonly title: string;
  /** The messages a committed write's notices call for. */
  protected abstract jobs(notices: readonly ChangeNotice[]): NotificationJob[];

  readonly hook: AfterCommitHook = (notices: readonly ChangeNotice[]) => {
    for (const job of this.jobs(notices)) this.sends.start(job.send, (error) => this.options.log.error({ err: error, ...job.details }, `avviso «${this.title}» non inviato`));
  };

  /** Resolves once every message started so far has been sent or has failed (server close, tests). */
  idle(): Promise<void> {
    return this.sends.idle();
  }
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The signature every notification ends with. */
export const MAIL_CLOSING = ['Cordiali saluti,', 'Servizi di sicurezza'];
