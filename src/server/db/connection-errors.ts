/**
 * Losing the database server (a restart, a failover, a network cut) must neither crash the process
 * nor answer 500: each `pg` client gets an error listener, and the errors a lost or refused
 * connection produces are recognised here so the API can answer 503 DATABASE_UNAVAILABLE.
 */
import type { EventEmitter } from 'node:events';

/** SQLSTATEs of a server that is going away or not accepting connections yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop, a failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket errors of a connection that cannot be opened or was cut. */
const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** What `pg` and `pg-pool` throw when a connection ends, cannot be made in time, or is already dead. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** True when `error` says the database server cannot be reached right now (not that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NETWORK_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.includes(current.message)) return true;
    // A connect to a name with several addresses fails with one error per address.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    // fetch() failures (a remote issuer's keys) carry socket codes in their cause: they are not the database.
    if (current instanceof TypeError) return false;
    current = current.cause;
  }
  return false;
}

/** True when the server cancelled a statement that ran past `statement_timeout` (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '57014';
}

const listening = new WeakSet<EventEmitter>();

/**
 * Gives a `pg` client (pooled or standalone, such as a LISTEN connection) an 'error' listener, once:
 * an 'error' event with no listener would end the process. A pooled client with a dead connection
 * is then dropped by the pool on release (it checks the client is still queryable) and replaced by
 * a new connection on the next checkout; a standalone client must be replaced by its owner.
 */
export function attachErrorListener(client: EventEmitter, onError: (error: Error) => void): void {
  if (listening.has(client)) return;
  listening.add(client);
  client.on('error', onError);
}
