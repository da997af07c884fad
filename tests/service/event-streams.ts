/**
 * Live change notices without HTTP: `registerEventRoutes` (src/server/events/routes.ts) is given a
 * stand-in for Fastify that only records its routes and hooks, and a stream is opened per caller by
 * calling the route's handler with a stand-in request and reply. Notices published on the service's
 * change bus then go through the server's own delivery (its read checks included) to those streams:
 * what a stream receives is what that caller's browser would.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChangeNotice } from '../../src/domain/records.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { changesProfile, EVENTS_PATH, registerEventRoutes } from '../../src/server/events/routes.ts';
import type { ServiceSetup } from './setup.ts';

type Handler = (request: unknown, reply: unknown) => Promise<unknown>;

export interface EventStreams {
  /**
   * Publishes `notices` as one committed batch and resolves once every stream has been offered them:
   * the `type:id` of the notices each stream received, by caller name.
   */
  deliver(notices: readonly ChangeNotice[]): Promise<Map<string, Set<string>>>;
  close(): Promise<void>;
}

export async function openEventStreams(s: ServiceSetup, callers: Record<string, Caller>): Promise<EventStreams> {
  const routes = new Map<string, Handler>();
  const hooks = new Map<string, (() => Promise<void>)[]>();
  const errors: unknown[] = [];
  const app = {
    post: (path: string, handler: Handler) => void routes.set(`POST ${path}`, handler),
    get: (path: string, options: unknown, handler?: Handler) => void routes.set(`GET ${path}`, handler ?? (options as Handler)),
    addHook: (name: string, hook: () => Promise<void>) => void hooks.set(name, [...(hooks.get(name) ?? []), hook]),
  };
  const log = { error: (error: unknown) => void errors.push(error), warn: () => undefined, info: () => undefined, debug: () => undefined };
  registerEventRoutes(app as unknown as FastifyInstance, {
    db: s.db,
    bus: s.changes,
    // A stream opened with a bearer token: its caller is the one the request stands for.
    identities: { resolve: async (request) => (request as unknown as { testCaller: Caller }).testCaller },
    log: log as unknown as FastifyBaseLogger,
  });
  const open = routes.get(`GET ${EVENTS_PATH}`);
  if (!open) throw new Error('registerEventRoutes registered no GET /api/events');

  const streams = new Map<string, { caller: Caller; lines: string[] }>();
  for (const [name, caller] of Object.entries(callers)) {
    const lines: string[] = [];
    const raw = Object.assign(new EventEmitter(), {
      writableLength: 0,
      destroyed: false,
      writeHead: () => raw,
      write: (text: string) => lines.push(text) > 0,
      end: () => undefined,
    });
    const request = { method: 'GET', query: {}, headers: {}, raw: Object.assign(new EventEmitter(), { destroyed: false }), testCaller: caller };
    await open(request, { hijack: () => undefined, raw });
    if (!lines.some((line) => line.startsWith('retry:'))) throw new Error(`the event stream of ${name} did not open`);
    streams.set(name, { caller, lines });
  }

  const profileEvents = (lines: string[]) => lines.filter((line) => line.startsWith('event: profile')).length;
  return {
    async deliver(notices) {
      const before = new Map([...streams].map(([name, stream]) => [name, stream.lines.length]));
      // Batches are delivered in order: a second batch naming each caller's own user ends with an
      // `event: profile` on every stream once the first batch has been offered to all of them.
      const awaited = new Map([...streams].map(([name, stream]) => [
        name,
        profileEvents(stream.lines) + (notices.some((notice) => changesProfile(stream.caller, notice)) ? 1 : 0) + 1,
      ]));
      s.changes.afterCommit(notices);
      s.changes.afterCommit([...streams.values()].map(({ caller }) => ({ type: 'users', id: caller.identity.userId!, version: '', action: 'update', by: null })));
      const deadline = Date.now() + 20_000;
      while ([...streams].some(([name, stream]) => profileEvents(stream.lines) < awaited.get(name)!)) {
        if (Date.now() > deadline) throw new Error(`change notices not delivered in time${errors.length ? `: ${String(errors[0])}` : ''}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (errors.length > 0) throw new Error(`delivery failed: ${String(errors[0])}`);
      const received = new Map<string, Set<string>>();
      for (const [name, stream] of streams) {
        const changes = stream.lines.slice(before.get(name)).filter((line) => line.startsWith('event: change'));
        received.set(name, new Set(changes.map((line) => {
          const data = JSON.parse(line.slice(line.indexOf('data: ') + 6)) as ChangeNotice;
          return `${data.type}:${data.id}`;
        })));
      }
      return received;
    },
    async close() {
      for (const hook of [...(hooks.get('preClose') ?? []), ...(hooks.get('onClose') ?? [])]) await hook();
    },
  };
}
