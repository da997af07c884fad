/**
 * One Server-Sent Events connection to `GET /api/events` (DESIGN §4 "Live changes"), kept open:
 * every (re)connection asks for a fresh ticket first (an EventSource cannot send the bearer token
 * nor the impersonation header, the ticket request does), a dropped connection is retried with a
 * doubling backoff, and an answer that says the user is signed out stops it. No app singletons
 * here, so the unit test drives it against a real HTTP server.
 */
import type { ChangeNotice } from '../../domain/records.ts';

/** What the stream needs of an EventSource (the browser's, or undici's in Node tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

export type StreamState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface ChangeStreamOptions {
  /** A fresh URL to connect to (`…/api/events?ticket=…`): called before every connection. */
  connectUrl(): Promise<string>;
  onChange(notice: ChangeNotice): void;
  /** After a reconnection, or when the server says so (`event: resync`): notices may have been missed. */
  onResync?(): void;
  /** The first connection is open: what was read before it may have changed unheard meanwhile. */
  onFirstOpen?(): void;
  /** The signed-in user's own user, roles or zones changed (`event: profile`): their rights may differ. */
  onProfile?(): void;
  onState?(state: StreamState): void;
  /** A failure of `connectUrl` after which retrying is pointless (signed out): the stream stops. */
  isFatal?(error: unknown): boolean;
  eventSource?: EventSourceFactory;
  /** First wait after a failure; doubled on every further failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** 0 ≤ x < 1; spreads the reconnections of many tabs after a server restart. */
  random?: () => number;
}

export interface ChangeStream {
  start(): void;
  stop(): void;
  readonly state: StreamState;
}

/** Reads one `event: change` payload; undefined when it is not a notice. */
export function parseNotice(data: unknown): ChangeNotice | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value = JSON.parse(data) as Partial<ChangeNotice>;
    if (typeof value?.type !== 'string' || typeof value.id !== 'string') return undefined;
    return { type: value.type, id: value.id, version: String(value.version ?? ''), action: String(value.action ?? ''), by: typeof value.by === 'string' ? value.by : null };
  } catch {
    return undefined;
  }
}

/** The wait before reconnection attempt `attempt` (0-based): doubling, capped, with up to +25 % spread. */
export function reconnectDelay(attempt: number, initialMs: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(maxMs, initialMs * 2 ** attempt);
  return Math.round(base * (1 + random() * 0.25));
}

export function createChangeStream(options: ChangeStreamOptions): ChangeStream {
  const initial = options.initialDelayMs ?? 1_000;
  const max = options.maxDelayMs ?? 30_000;
  const open = options.eventSource ?? ((url: string) => new EventSource(url) as EventSourceLike);
  let state: StreamState = 'idle';
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everOpened = false;
  // Each connection gets a number, so the callbacks of a replaced one do nothing.
  let generation = 0;

  const setState = (next: StreamState) => {
    state = next;
    options.onState?.(next);
  };

  const retry = () => {
    if (state === 'stopped') return;
    setState('waiting');
    const delay = reconnectDelay(failures, initial, max, options.random);
    failures += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    const mine = ++generation;
    setState('connecting');
    let url: string;
    try {
      url = await options.connectUrl();
    } catch (error) {
      if (mine !== generation || state === 'stopped') return;
      if (options.isFatal?.(error)) return stop();
      return retry();
    }
    if (mine !== generation || state === 'stopped') return;
    const es = open(url);
    source = es;
    es.onopen = () => {
      if (mine !== generation) return;
      failures = 0;
      setState('open');
      if (everOpened) options.onResync?.();
      else options.onFirstOpen?.();
      everOpened = true;
    };
    es.onerror = () => {
      if (mine !== generation) return;
      // The browser would retry with the same (spent) ticket: close and come back with a new one.
      es.close();
      source = undefined;
      retry();
    };
    es.addEventListener('change', (event) => {
      if (mine !== generation) return;
      const notice = parseNotice(event.data);
      if (notice) options.onChange(notice);
    });
    // The server lost notices itself (its database listener reconnected): refetch what is shown.
    es.addEventListener('resync', () => {
      if (mine === generation) options.onResync?.();
    });
    es.addEventListener('profile', () => {
      if (mine === generation) options.onProfile?.();
    });
  }

  function stop(): void {
    generation += 1;
    clearTimeout(timer);
    source?.close();
    source = undefined;
    setState('stopped');
  }

  return {
    start() {
      if (state === 'idle' || state === 'stopped') {
        failures = 0;
        void connect();
      }
    },
    stop,
    get state() {
      return state;
    },
  };
}
