/**
 * `GET /api/events` (Server-Sent Events, DESIGN §4) and `POST /api/events/ticket`. A stream is
 * opened with `Authorization: Bearer` (and `X-Impersonation`), or with a one-time ticket in the
 * query; it carries `event: change` for every committed write the caller may read through the API
 * right now — the changed rows are loaded once per committed batch and checked against every open stream with
 * the same checks as `GET /api/{type}/{id}` — plus heartbeats, and ends when the access token behind
 * it expires (the client reconnects with a fresh one). With `?since=` (an instant, on the server's clock) the
 * stream first replays the notices committed since then, or says `resync` when this process cannot
 * know them all (RecentNotices): a tab need not read again what it read just before. Streams are capped per user and per process
 * (MAX_EVENT_STREAMS_PER_USER, MAX_EVENT_STREAMS): one more is answered 429 TOO_MANY_STREAMS.
 */
import type { Kysely } from 'kysely';
import { decodeJwt } from 'jose';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseSchema } from '../db/database.ts';
import type { ChangeNotice } from '../../domain/records.ts';
import type { Entity } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { normaliseDateTime } from '../../domain/validation.ts';
import { callerOfUser, type Caller, type IdentityResolver } from '../auth/identity.ts';
import { bearerToken } from '../auth/tokens.ts';
import { readableRows } from '../auth/read-rule.ts';
import { Problem } from '../http/problems.ts';
import { EntityRepository } from '../resources/repository.ts';
import type { ChangeBus } from './bus.ts';
import { RecentNotices } from './recent-notices.ts';
import { TicketSigner } from './tickets.ts';

export const EVENTS_PATH = '/api/events';
/** Reconnection delay the browser is told to use (ms). */
export const RETRY_MS = 3_000;
export const HEARTBEAT_MS = 20_000;
/** The caller's roles are read again this often, so a withdrawn right stops the stream's notices. */
const CALLER_REFRESH_MS = 60_000;
/** A stream whose reader stopped reading is closed rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Longest wait for the LISTEN connection before answering the stream anyway. */
const LISTEN_WAIT_MS = 2_000;
/** What a refused stream is told to wait (s): about the time a closed tab's stream takes to go. */
export const STREAMS_RETRY_AFTER_SECONDS = 30;

/** The stream authenticates itself (header or ticket): the app's generic caller resolution skips it. */
export function isEventStream(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.url === EVENTS_PATH;
}

/** When the bearer token of this request expires (epoch ms), if it has one. */
function tokenExpiry(request: FastifyRequest): number | undefined {
  const token = bearerToken(request.headers.authorization);
  if (!token) return undefined;
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

interface Stream {
  caller: Caller;
  /** Whose quota the stream counts against: the real user (the administrator, while acting as someone). */
  owner: string;
  /** Reads the caller again (their user, roles and zones). */
  refresh(): Promise<Caller>;
  send(text: string): void;
  close(): void;
}

/**
 * Whether a notice changes what the caller may do: their own user (the real one too, while acting as
 * someone), one of their roles, or one of their commercial zones. The stream then reads the caller
 * again and tells the tab (`event: profile`, no data), which reads its identity again.
 */
export function changesProfile(caller: Pick<Caller, 'profile'>, notice: Pick<ChangeNotice, 'type' | 'id'>): boolean {
  const profiles = [caller.profile, caller.profile.originalData].filter((profile) => profile !== undefined);
  return profiles.some((profile) =>
    (notice.type === 'users' && notice.id === profile.id)
    || (notice.type === 'roles' && profile.roles.some((role) => role.id === notice.id))
    || (notice.type === 'commercialZones' && (profile.commercialZoneIds ?? []).includes(notice.id)));
}

/** `?since=`: an ISO 8601 instant with its offset, as every date-time of the API (or none). */
function replayFrom(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return undefined;
  const instant = Array.isArray(value) ? null : normaliseDateTime(value);
  if (instant === null) throw new Problem('BAD_REQUEST', { message: 'Il parametro «since» deve essere un istante ISO 8601, per esempio 2026-11-30T09:00:00.000Z' });
  return Date.parse(instant);
}

export interface EventRoutesOptions {
  db: Kysely<DatabaseSchema>;
  bus: ChangeBus;
  identities: IdentityResolver;
  log: FastifyBaseLogger;
  /** Most open streams per user and per process. */
  limits?: { perUser: number; total: number };
}

export function registerEventRoutes(app: FastifyInstance, options: EventRoutesOptions): void {
  const { db, bus, identities, log } = options;
  const limits = options.limits ?? { perUser: 10, total: 2000 };
  const tickets = new TicketSigner(db);
  const streams = new Set<Stream>();
  const perOwner = new Map<string, number>();
  let delivery: Promise<void> = Promise.resolve();

  const recent = new RecentNotices();
  let closing = false;
  // Coverage starts once this process hears notices (PostgreSQL: its LISTEN connection is up).
  const cover = (): void => {
    void bus.listening(LISTEN_WAIT_MS).then((listening) => {
      if (listening) recent.startCovering();
      else if (!closing) cover();
    });
  };
  cover();

  /** The changed rows are loaded once per batch (one query per kind), then offered to every stream (of `to`) whose caller may read them. */
  async function deliver(notices: ChangeNotice[], to: Iterable<Stream> = streams): Promise<void> {
    const targets = [...to];
    if (targets.length === 0) return;
    // A changed profile first: the stream's rights follow it before this batch is offered.
    for (const stream of targets) {
      if (!notices.some((notice) => changesProfile(stream.caller, notice))) continue;
      try {
        stream.caller = await stream.refresh();
      } catch {
        stream.close();
        continue;
      }
      stream.send('event: profile\ndata: {}\n\n');
    }
    const rows = new Map<string, Map<string, Entity>>();
    for (const type of new Set(notices.map((n) => n.type))) {
      const kind = findKind(type);
      if (!kind) continue;
      try {
        rows.set(type, await new EntityRepository(db, kind).findByIds(notices.filter((n) => n.type === type).map((n) => n.id)));
      } catch (error) {
        log.error({ err: error }, 'events: changed rows not loaded');
      }
    }
    // Per stream, the changed rows its caller may read (the one read rule: parents checked by one query per parent kind).
    for (const stream of targets) {
      const readable = new Set<string>();
      for (const [type, loaded] of rows) {
        const kind = findKind(type);
        if (!kind || !stream.caller.access.can('read', kind)) continue;
        try {
          for (const row of await readableRows(db, stream.caller.access, kind, [...loaded.values()])) readable.add(`${type}:${row.id}`);
        } catch (error) {
          log.error({ err: error }, 'events: read rule not applied');
        }
      }
      for (const notice of notices) {
        if (!readable.has(`${notice.type}:${notice.id}`)) continue;
        stream.send(`event: change\ndata: ${JSON.stringify({ type: notice.type, id: notice.id, version: notice.version, action: notice.action, by: notice.by })}\n\n`);
      }
    }
  }

  // Notices are delivered in commit order: one batch after the other.
  const queue = (notices: ChangeNotice[], to?: Iterable<Stream>) => {
    delivery = delivery.then(() => deliver(notices, to)).catch((error: unknown) => log.error({ err: error }, 'events: delivery failed'));
  };
  const unsubscribe = bus.subscribe((notices) => {
    recent.add(notices);
    queue(notices);
  });
  const unsubscribeResync = bus.onResync(() => {
    recent.startCovering();
    for (const stream of streams) stream.send('event: resync\ndata: {}\n\n');
  });

  app.post(`${EVENTS_PATH}/ticket`, async (request) => {
    if (!request.caller) throw new Problem('UNAUTHORIZED');
    // The server's clock, for the client's `since` (its own clock may differ).
    return { ...(await tickets.issue(request.caller, tokenExpiry(request))), serverTime: new Date().toISOString() };
  });

  // No HEAD twin: a stream is opened by GET only.
  app.get<{ Querystring: { ticket?: string | string[]; since?: string | string[] } }>(EVENTS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const ticket = request.query.ticket;
    if (Array.isArray(ticket)) throw new Problem('BAD_REQUEST', { message: 'Un solo biglietto per richiesta' });
    let caller: Caller;
    let expiresAt: number | undefined;
    let refresh: () => Promise<Caller>;
    if (ticket !== undefined) {
      const claims = await tickets.redeem(ticket);
      caller = await callerOfUser(db, claims.user, claims.as);
      expiresAt = claims.tokenExpiresAt;
      refresh = () => callerOfUser(db, claims.user, claims.as);
    } else {
      caller = await identities.resolve(request);
      expiresAt = tokenExpiry(request);
      refresh = () => identities.resolve(request);
    }
    if (expiresAt !== undefined && expiresAt <= Date.now()) throw new Problem('UNAUTHORIZED', { message: 'Sessione scaduta: accedi di nuovo' });
    // Read once the caller is known: who may not open a stream learns nothing of its parameters.
    const since = replayFrom(request.query.since);
    // On PostgreSQL, answer once this process hears NOTIFY: what is written after the answer arrives.
    await bus.listening(LISTEN_WAIT_MS);
    // Counted and taken in one step (no await in between): two streams opening together cannot both slip in.
    const owner = caller.identity.impersonatorId ?? caller.identity.userId ?? 'anonimo';
    if (streams.size >= limits.total || (perOwner.get(owner) ?? 0) >= limits.perUser) {
      reply.header('Retry-After', String(STREAMS_RETRY_AFTER_SECONDS));
      throw new Problem('TOO_MANY_STREAMS', { extensions: { limit: streams.size >= limits.total ? limits.total : limits.perUser } });
    }

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const timers: NodeJS.Timeout[] = [];
    let open = true;
    const stream: Stream = {
      caller,
      owner,
      refresh,
      send(text) {
        if (!open) return;
        if (raw.writableLength > MAX_BUFFERED_BYTES) return stream.close();
        raw.write(text);
      },
      close() {
        if (!open) return;
        open = false;
        streams.delete(stream);
        const left = (perOwner.get(owner) ?? 1) - 1;
        if (left <= 0) perOwner.delete(owner);
        else perOwner.set(owner, left);
        for (const timer of timers) clearInterval(timer);
        raw.end();
      },
    };
    raw.write(`retry: ${RETRY_MS}\n: aggiornamenti attivi\n\n`);
    streams.add(stream);
    perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
    if (since !== undefined) {
      // Taken together with joining the streams: a later notice reaches this stream live (a repeat is harmless).
      const missed = recent.since(since);
      if (missed === undefined) stream.send('event: resync\ndata: {}\n\n');
      else if (missed.length > 0) queue(missed, [stream]);
    }
    timers.push(setInterval(() => stream.send(': ping\n\n'), HEARTBEAT_MS));
    timers.push(
      setInterval(() => {
        refresh().then(
          (fresh) => void (stream.caller = fresh),
          () => stream.close(),
        );
      }, CALLER_REFRESH_MS),
    );
    // The token behind the stream expires: the stream ends and the client reconnects with a fresh one.
    if (expiresAt !== undefined) timers.push(setTimeout(() => stream.close(), Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
    request.raw.on('close', () => stream.close());
    raw.on('close', () => stream.close());
    raw.on('error', () => stream.close());
    // The reader may have gone while the stream was being opened.
    if (raw.destroyed || request.raw.destroyed) stream.close();
  });

  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
  });
  app.addHook('onClose', async () => {
    closing = true;
    unsubscribe();
    unsubscribeResync();
    await bus.close();
  });
}
