/**
 * Where change notices go once their transaction commits (DESIGN §4). On PGlite (one process) they
 * are handed to the subscribers in-process after the commit. On PostgreSQL they travel as NOTIFY,
 * queued inside the write transaction (PostgreSQL delivers them at commit and drops them on
 * rollback), on a channel named after the working schema; each process keeps one LISTEN
 * connection, reconnecting with backoff when the database goes away, so N processes hear each other.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { ChangeNotice } from '../../domain/records.ts';

export type ChangeListener = (notices: ChangeNotice[]) => void;

export interface ChangeBus {
  /** Inside the write transaction, after its last write. */
  beforeCommit(trx: Kysely<DatabaseSchema>, notices: readonly ChangeNotice[]): Promise<void>;
  /** After the transaction committed. */
  afterCommit(notices: readonly ChangeNotice[]): void;
  /** Notices of every committed write (of any process for PostgreSQL). */
  subscribe(listener: ChangeListener): () => void;
  /** Called when notices may have been missed (the LISTEN connection was lost): screens reload what they show. */
  onResync(listener: () => void): () => void;
  /** Resolves once notices are being received (at most `timeoutMs` later). */
  listening(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

class Listeners {
  private readonly changes = new Set<ChangeListener>();
  private readonly resyncs = new Set<() => void>();

  subscribe(listener: ChangeListener) {
    this.changes.add(listener);
    return () => void this.changes.delete(listener);
  }

  onResync(listener: () => void) {
    this.resyncs.add(listener);
    return () => void this.resyncs.delete(listener);
  }

  emit(notices: ChangeNotice[], log: (error: unknown) => void) {
    if (notices.length === 0) return;
    for (const listener of this.changes) {
      try {
        listener(notices);
      } catch (error) {
        log(error);
      }
    }
  }

  resync() {
    for (const listener of this.resyncs) listener();
  }
}

/** PGlite: one process, so the notices are delivered in-process once the commit has happened. */
export function inProcessChangeBus(log: (error: unknown) => void = () => undefined): ChangeBus {
  const listeners = new Listeners();
  return {
    async beforeCommit() {},
    afterCommit(notices) {
      listeners.emit([...notices], log);
    },
    subscribe: (listener) => listeners.subscribe(listener),
    onResync: (listener) => listeners.onResync(listener),
    listening: async () => true,
    async close() {},
  };
}

/** NOTIFY payloads must stay under 8000 bytes: notices go in batches well below it. */
const PAYLOAD_BYTES = 6000;
const MAX_BACKOFF_MS = 30_000;
/** `application_name` of the LISTEN connections (seen in pg_stat_activity). */
export const LISTENER_NAME = 'record-changes-listener';

/** `record_changes_<schema>`; long schema names are shortened with a hash (identifiers stop at 63 bytes). */
export function changeChannel(schema: string | undefined): string {
  const name = `record_changes_${(schema ?? 'public').toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  return name.length <= 63 ? name : `record_changes_${createHash('sha256').update(schema ?? '').digest('hex').slice(0, 40)}`;
}

/** The NOTIFY payloads for `notices`: JSON arrays, each under PAYLOAD_BYTES. */
export function noticePayloads(notices: readonly ChangeNotice[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const notice of notices) {
    const text = JSON.stringify(notice);
    if (current.length > 0 && size + text.length + 1 > PAYLOAD_BYTES) {
      out.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) out.push(`[${current.join(',')}]`);
  return out;
}

export function parseNotices(payload: string | undefined): ChangeNotice[] {
  try {
    const value = JSON.parse(payload ?? '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (n): n is ChangeNotice => typeof n === 'object' && n !== null && typeof n.type === 'string' && typeof n.id === 'string' && typeof n.version === 'string' && typeof n.action === 'string',
    );
  } catch {
    return [];
  }
}

export interface PostgresBusOptions {
  url: string;
  schema?: string;
  log: { error(message: string): void; info?(message: string): void };
}

/** PostgreSQL: NOTIFY in the transaction, one LISTEN connection per process. */
export function postgresChangeBus(options: PostgresBusOptions): ChangeBus {
  const channel = changeChannel(options.schema);
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let connected = false;
  let everConnected = false;
  let backoff = 500;
  let timer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  const logError = (error: unknown) => options.log.error(`Avvisi di modifica: ${error instanceof Error ? error.message : String(error)}`);

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, backoff);
    timer.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = undefined;
    connected = false;
    current.removeAllListeners('notification');
    // Keep an error listener on the dead client: a late socket error must not become an uncaught exception.
    current.on('error', () => undefined);
    current.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({ connectionString: options.url, application_name: LISTENER_NAME });
    client = current;
    // Every pg client needs an error listener: without one, a database restart crashes the process.
    current.on('error', (error) => {
      logError(error);
      lost(current);
    });
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === channel) listeners.emit(parseNotices(message.payload), logError);
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel}"`);
      if (client !== current || closed) {
        await current.end().catch(() => undefined);
        return;
      }
      connected = true;
      backoff = 500;
      // Anything committed while we were away was not heard: open screens reload.
      if (everConnected) listeners.resync();
      everConnected = true;
      for (const wake of waiters) wake();
      waiters = [];
    } catch (error) {
      logError(error);
      lost(current);
    }
  }

  void connect();

  return {
    async beforeCommit(trx, notices) {
      for (const payload of noticePayloads(notices)) await sql`SELECT pg_notify(${channel}, ${payload})`.execute(trx);
    },
    afterCommit() {
      // Delivered by PostgreSQL at commit, to this process too (through its LISTEN connection).
    },
    subscribe: (listener) => listeners.subscribe(listener),
    onResync: (listener) => listeners.onResync(listener),
    async listening(timeoutMs) {
      if (connected) return true;
      return new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timeout);
          resolve(true);
        };
        const timeout = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve(false);
        }, timeoutMs);
        waiters.push(wake);
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      connected = false;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
