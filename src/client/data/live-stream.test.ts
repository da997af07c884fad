// The change stream against a real local SSE server (node:http), undici's EventSource (the browser's
// algorithm, as Node 24 ships it behind a flag), the real HTTP client for the tickets, real timers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventSource } from 'undici';
import { ApiProblem, createApiClient } from '../api/http.ts';
import type { ChangeNotice } from '../../domain/records.ts';
import { createChangeStream, parseNotice, reconnectDelay, type ChangeStream, type EventSourceLike, type StreamState } from './live-stream.ts';

let server: http.Server;
let origin: string;
/** Tickets handed out, and the ticket of every stream connection, in order. */
let issued: string[];
let connections: { ticket: string; res: http.ServerResponse; closed: boolean }[];
let ticketStatus: number;
let impersonation: (string | undefined)[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/api/events/ticket') {
      impersonation.push(req.headers['x-impersonation'] as string | undefined);
      if (ticketStatus !== 200) {
        res.writeHead(ticketStatus, { 'Content-Type': 'application/problem+json' });
        return res.end(JSON.stringify({ status: ticketStatus, code: 'UNAUTHORIZED', title: 'Unauthorized' }));
      }
      const ticket = `t${issued.length + 1}`;
      issued.push(ticket);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ ticket }));
    }
    if (req.method === 'GET' && url.pathname === '/api/events') {
      const ticket = url.searchParams.get('ticket') ?? '';
      // A ticket is good once: the same one again is refused, as the server does.
      if (!issued.includes(ticket) || connections.some((c) => c.ticket === ticket)) {
        res.writeHead(401, { 'Content-Type': 'application/problem+json' });
        return res.end('{}');
      }
      const connection = { ticket, res, closed: false };
      connections.push(connection);
      req.on('close', () => (connection.closed = true));
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write(': hello\n\n');
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let stream: ChangeStream | undefined;
let notices: ChangeNotice[];
let states: StreamState[];
let resyncs: number;
let firstOpens: number;
let profiles: number;

beforeEach(() => {
  issued = [];
  connections = [];
  ticketStatus = 200;
  impersonation = [];
  notices = [];
  states = [];
  resyncs = 0;
  firstOpens = 0;
  profiles = 0;
});

afterEach(() => {
  stream?.stop();
  for (const c of connections) c.res.end();
});

function start(overrides: { initialDelayMs?: number; maxDelayMs?: number } = {}) {
  const api = createApiClient({ baseUrl: `${origin}/api`, extraHeaders: () => ({ 'X-Impersonation': '{"userId":"u-2"}' }) });
  stream = createChangeStream({
    connectUrl: async () => {
      const { ticket } = await api.post<{ ticket: string }>('/events/ticket', undefined, { silent: true });
      return `${origin}/api/events?ticket=${encodeURIComponent(ticket)}`;
    },
    onChange: (notice) => notices.push(notice),
    onResync: () => (resyncs += 1),
    onFirstOpen: () => (firstOpens += 1),
    onProfile: () => (profiles += 1),
    onState: (state) => states.push(state),
    isFatal: (error) => error instanceof ApiProblem && error.status === 401,
    eventSource: (url) => new EventSource(url) as unknown as EventSourceLike,
    initialDelayMs: overrides.initialDelayMs ?? 50,
    maxDelayMs: overrides.maxDelayMs ?? 400,
    random: () => 0,
  });
  stream.start();
  return stream;
}

const send = (event: string, data: unknown) => connections.at(-1)!.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

describe('change stream', () => {
  it('connects with a ticket asked with the impersonation header and delivers change notices', async () => {
    start();
    await vi.waitFor(() => expect(stream!.state).toBe('open'));
    expect(connections.map((c) => c.ticket)).toEqual(['t1']);
    expect(impersonation).toEqual(['{"userId":"u-2"}']);
    send('change', { type: 'assignments', id: 'a1', version: 'v2', action: 'start', by: 'u-9' });
    send('ping', { type: 'x', id: 'y' });
    send('change', 'not a notice');
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toEqual({ type: 'assignments', id: 'a1', version: 'v2', action: 'start', by: 'u-9' });
    expect(resyncs).toBe(0);
    send('resync', {});
    await vi.waitFor(() => expect(resyncs).toBe(1));
    // The user's own rights changed: told apart from changes and resyncs.
    expect(profiles).toBe(0);
    send('profile', {});
    await vi.waitFor(() => expect(profiles).toBe(1));
    expect(notices).toHaveLength(1);
    expect(resyncs).toBe(1);
  });

  it('reconnects after the server drops it, with a fresh ticket and a doubling wait, then resyncs', async () => {
    start({ initialDelayMs: 150 });
    await vi.waitFor(() => expect(stream!.state).toBe('open'));
    const dropped = performance.now();
    connections[0]!.res.destroy();
    await vi.waitFor(() => expect(connections).toHaveLength(2), { timeout: 3_000 });
    expect(performance.now() - dropped).toBeGreaterThanOrEqual(140);
    await vi.waitFor(() => expect(stream!.state).toBe('open'));
    expect(connections.map((c) => c.ticket)).toEqual(['t1', 't2']);
    expect(resyncs).toBe(1);
    // The first opening is told apart: what was read before it is read again, once.
    expect(firstOpens).toBe(1);
    send('change', { type: 'reminders', id: 'r1', version: 'v1', action: 'create', by: null });
    await vi.waitFor(() => expect(notices.map((n) => n.id)).toEqual(['r1']));
    expect(states).toContain('waiting');
  });

  it('keeps retrying while the server is unreachable, waiting longer each time', async () => {
    ticketStatus = 503;
    start({ initialDelayMs: 40, maxDelayMs: 160 });
    // 503 on a POST is not retried by the HTTP client: each attempt is one ticket request.
    await vi.waitFor(() => expect(impersonation.length).toBeGreaterThanOrEqual(4), { timeout: 3_000 });
    expect(stream!.state).not.toBe('stopped');
    ticketStatus = 200;
    await vi.waitFor(() => expect(stream!.state).toBe('open'), { timeout: 3_000 });
    expect(reconnectDelay(0, 40, 160, () => 0)).toBe(40);
    expect(reconnectDelay(1, 40, 160, () => 0)).toBe(80);
    expect(reconnectDelay(5, 40, 160, () => 0)).toBe(160);
    expect(reconnectDelay(5, 40, 160, () => 0.99)).toBe(200);
  });

  it('stops for good when the ticket request says the user is signed out', async () => {
    ticketStatus = 401;
    start();
    await vi.waitFor(() => expect(stream!.state).toBe('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(impersonation).toHaveLength(1);
    expect(connections).toHaveLength(0);
  });

  it('stop closes the connection and nothing reconnects', async () => {
    start();
    await vi.waitFor(() => expect(stream!.state).toBe('open'));
    stream!.stop();
    await vi.waitFor(() => expect(connections[0]!.closed).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toHaveLength(1);
    expect(stream!.state).toBe('stopped');
  });

  it('reads notices defensively', () => {
    expect(parseNotice('{"type":"a","id":"b","version":"v","action":"update","by":"u"}')).toEqual({ type: 'a', id: 'b', version: 'v', action: 'update', by: 'u' });
    expect(parseNotice('{"type":"a"}')).toBeUndefined();
    expect(parseNotice('nope')).toBeUndefined();
    expect(parseNotice(undefined)).toBeUndefined();
  });
});
