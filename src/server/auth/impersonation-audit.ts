/**
 * The impersonation audit's writer (security issue): every `/api` request answered while an
 * administrator acted as another user becomes a row of the `impersonationAudit` kind — reads too,
 * which otherwise leave no trace. It is written after the answer, in batches: the request never
 * waits for it and never fails because of it; a request made without impersonation costs one test.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { impersonationAudit, MAX_AUDITED_PATH } from '../../domain/entities/impersonation-audit.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { EntityRepository } from '../resources/repository.ts';
import type { Caller } from './identity.ts';

/** One audited request. */
export interface ImpersonationAuditEntry {
  id: string;
  at: string;
  impersonatorId: string;
  userId: string;
  method: string;
  path: string;
  httpStatus: number;
}

/** Query parameters whose values are credentials (event-stream tickets, signed-URL tokens): their values are not kept. */
const SECRET_PARAMETER = /token|ticket|sig|secret|passw|credential|api_?key|^key$|^code$/i;

/**
 * The path and query of a request URL as the audit keeps it: secret parameters' values replaced by
 * `***`, cut to the longest path a row holds.
 */
export function auditedPath(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash >= 0 ? url.slice(0, hash) : url;
  const mark = withoutHash.indexOf('?');
  const path = mark >= 0 ? withoutHash.slice(0, mark) : withoutHash;
  const query = mark >= 0 ? withoutHash.slice(mark + 1) : '';
  const kept = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawName = equals >= 0 ? part.slice(0, equals) : part;
      let name = rawName;
      try {
        name = decodeURIComponent(rawName);
      } catch {
        // A malformed name is kept as sent.
      }
      // `filter[x]` is named by `filter`: only top-level names are credentials.
      const base = name.split('[')[0] ?? name;
      return SECRET_PARAMETER.test(base) && equals >= 0 ? `${rawName}=***` : part;
    });
  const text = kept.length > 0 ? `${path || '/'}?${kept.join('&')}` : path || '/';
  return text.length > MAX_AUDITED_PATH ? text.slice(0, MAX_AUDITED_PATH) : text;
}

/** The audit row of a request answered with `status`, or undefined when the caller was not impersonating. */
export function auditEntryOf(request: Pick<FastifyRequest, 'method' | 'url'> & { caller?: Pick<Caller, 'identity'> }, status: number, now = new Date()): ImpersonationAuditEntry | undefined {
  const identity = request.caller?.identity;
  if (!identity?.impersonatorId || !identity.userId) return undefined;
  const method = /^[A-Z]{1,16}$/.test(request.method) ? request.method : 'OTHER';
  return { id: randomUUID(), at: now.toISOString(), impersonatorId: identity.impersonatorId, userId: identity.userId, method, path: auditedPath(request.url), httpStatus: status };
}

export interface ImpersonationAuditOptions {
  /** How long rows wait for others before they are written together (ms). */
  delayMs?: number;
  /** Most rows one INSERT writes. */
  batchSize?: number;
  /** Most rows kept while the database refuses them; beyond, the oldest are dropped (and the loss logged). */
  maxPending?: number;
  /** Where a failed write is reported. */
  log: { error(details: object, message: string): void };
}

/** Waits after a failed write before trying again (ms). */
const RETRY_DELAY_MS = 5_000;

/** Collects audit rows and writes them in batches, off the request's path. */
export class ImpersonationAuditWriter {
  private readonly repository: EntityRepository;
  private readonly delayMs: number;
  private readonly batchSize: number;
  private readonly maxPending: number;
  private readonly log: ImpersonationAuditOptions['log'];
  private pending: ImpersonationAuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(db: Kysely<DatabaseSchema>, options: ImpersonationAuditOptions) {
    this.repository = new EntityRepository(db, impersonationAudit);
    this.delayMs = options.delayMs ?? 200;
    this.batchSize = options.batchSize ?? 500;
    this.maxPending = options.maxPending ?? 10_000;
    this.log = options.log;
  }

  /** After an answer: queues the request's row when it was made while impersonating. Never throws. */
  record(request: Parameters<typeof auditEntryOf>[0], status: number): void {
    const entry = auditEntryOf(request, status);
    if (!entry) return;
    this.pending.push(entry);
    this.trim();
    this.schedule(this.delayMs);
  }

  /** Writes what is queued and stops: nothing is scheduled afterwards (the server is closing). */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private trim(): void {
    if (this.pending.length <= this.maxPending) return;
    const dropped = this.pending.splice(0, this.pending.length - this.maxPending);
    this.log.error({ dropped: dropped.length }, 'registro impersonificazioni: righe scartate, il database non le accetta');
  }

  /** Writes every queued row now (on close, and in tests); resolves once they are written or their write failed. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (this.pending.length === 0) return;
    this.writing = this.write().finally(() => {
      this.writing = undefined;
    });
    await this.writing;
    // Rows left: the database refused them (it may be restarting); they are tried again later.
    if (this.pending.length > 0) this.schedule(RETRY_DELAY_MS);
  }

  private schedule(delay: number): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    // A pending audit row never keeps the process alive; closing the server flushes it.
    this.timer.unref();
  }

  private async write(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.batchSize);
      try {
        await this.repository.insert(
          batch.map((entry) => ({
            id: entry.id,
            by: entry.impersonatorId,
            createdDateTime: entry.at,
            data: {
              attributes: { at: entry.at, method: entry.method, path: entry.path, httpStatus: entry.httpStatus },
              metadata: {},
              relationships: { impersonatorId: entry.impersonatorId, userId: entry.userId },
            },
          })),
        );
      } catch (error) {
        // Kept for the next attempt, at most `maxPending` of them.
        this.pending.unshift(...batch);
        this.trim();
        this.log.error({ err: error, pending: this.pending.length }, 'registro impersonificazioni: scrittura non riuscita, nuovo tentativo tra poco');
        return;
      }
    }
  }
}
