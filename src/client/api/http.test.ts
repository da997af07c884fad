// The HTTP client of SPEC §7/§8 against a real local HTTP server (node:http), real fetch, real timers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem, PathParamError, TIMEOUT_MESSAGE, buildQuery, createApiClient, expandPath, parseRetryAfter, type ApiClientConfig } from './http.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen, count: number) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

function problem(res: http.ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/problem+json', ...headers });
  res.end(JSON.stringify({ status, ...body }));
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Answers the given statuses in turn (problem+json), then 200 `{ ok: true }`. */
function failThenOk(statuses: number[], headers: Record<string, string> = {}): Handler {
  return (_req, res, _seen, count) => {
    const status = statuses[count];
    if (status === undefined) return json(res, 200, { ok: true });
    problem(res, status, { type: `/problems/S${status}`, title: `Status ${status}`, code: `S${status}` }, headers);
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const entry: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: performance.now() };
      seen.push(entry);
      handler(req, res, entry, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, { ok: true });
});

/** Short backoff by default so the suite stays fast; the timing tests use the SPEC values. */
function client(overrides: Partial<ApiClientConfig> = {}) {
  return createApiClient({ baseUrl, backoffMs: 5, ...overrides });
}

describe('retries (SPEC §7)', () => {
  it('retries an idempotent request up to 2 times and sends the retry count on retries only', async () => {
    handler = failThenOk([503, 502]);
    await expect(client().get('/things')).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(3);
    expect(seen[0]!.headers['x-retry-count']).toBeUndefined();
    expect(seen[1]!.headers['x-retry-count']).toBe('1');
    expect(seen[2]!.headers['x-retry-count']).toBe('2');
  });

  it('gives up after 2 retries with the last problem', async () => {
    handler = failThenOk([500, 500, 500, 500]);
    const error = await client().get('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiProblem);
    expect((error as ApiProblem).status).toBe(500);
    expect((error as ApiProblem).code).toBe('S500');
    expect(seen).toHaveLength(3);
  });

  it.each([408, 413, 429, 500, 502, 503, 504])('retries GET on %i', async (status) => {
    handler = failThenOk([status]);
    await expect(client().get('/x')).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry GET on %i', async (status) => {
    handler = failThenOk([status]);
    await expect(client().get('/x')).rejects.toMatchObject({ status });
    expect(seen).toHaveLength(1);
  });

  // TRACE is in the retry set too, but fetch refuses to send it at all.
  it.each(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS'])('retries %s', async (method) => {
    handler = (req, res, _s, count) => {
      if (count === 0) return problem(res, 503, { title: 'Service Unavailable' });
      res.writeHead(204);
      res.end();
    };
    await expect(client().request(method, '/x')).resolves.toBeUndefined();
    expect(seen.map((s) => s.method)).toEqual([method, method]);
  });

  it.each(['POST', 'PATCH'])('never retries %s', async (method) => {
    handler = failThenOk([503, 503]);
    await expect(client().request(method, '/x', { body: { a: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ a: 1 });
  });

  it('waits 0.3 s, then 0.6 s between attempts (backoff doubling)', async () => {
    handler = failThenOk([503, 503]);
    // The waits the client asks for, not the time between two answers (which a busy machine stretches).
    const waits: number[] = [];
    await client({ backoffMs: undefined, wait: async (ms) => void waits.push(ms) }).get('/x');
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([300, 600]);
  });

  it('honours Retry-After in seconds instead of the backoff, and really waits', async () => {
    handler = failThenOk([429], { 'Retry-After': '1' });
    await client().get('/x');
    // Timers never fire early: the lower bound is exact on any machine.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('honours Retry-After as an HTTP date', async () => {
    // HTTP dates have whole seconds: 8 s ahead is between 7 and 8 s away when sent (the backoff would be 5 ms).
    handler = (req, res, s, count) => failThenOk([503], { 'Retry-After': new Date(Date.now() + 8000).toUTCString() })(req, res, s, count);
    const waits: number[] = [];
    await client({ wait: async (ms) => void waits.push(ms) }).get('/x');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(5000);
    expect(waits[0]).toBeLessThanOrEqual(8000);
  });

  it('does not retry when Retry-After asks for longer than the limit', async () => {
    handler = failThenOk([503, 503], { 'Retry-After': '3600' });
    await expect(client().get('/x')).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });

  it('parses Retry-After values', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('timeout (SPEC §7, §9)', () => {
  it('aborts after the timeout with "Request timed out" and does not retry', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { late: true }), 600);
    const onProblem = vi.fn();
    const started = performance.now();
    const error = await client({ timeoutMs: 150, onProblem }).get('/slow').catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(550);
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE, title: TIMEOUT_MESSAGE, code: 'REQUEST_TIMED_OUT' });
    expect(seen).toHaveLength(1);
    expect(onProblem).toHaveBeenCalledTimes(1);
  });

  it('defaults to 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      handler = () => undefined; // never answers
      const pending = client().get('/hang').catch((e: unknown) => e);
      // Wait for the request to arrive without touching the fake clock (vi.waitFor would advance it).
      while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(9_990);
      const early = await Promise.race([pending, Promise.resolve('pending')]);
      expect(early).toBe('pending');
      await vi.advanceTimersByTimeAsync(20);
      expect(await pending).toMatchObject({ message: TIMEOUT_MESSAGE });
    } finally {
      vi.useRealTimers();
      server.closeAllConnections();
    }
  });
});

describe('addresses (SPEC §7)', () => {
  it('joins one base address, comma-separated query arrays and URL-encoded path parameters', async () => {
    await client().get('/customers/{id}/contacts', {
      params: { id: 'a/b ?&' },
      query: { ids: ['x', 'y z', 3], 'filter[state]': ['draft'], 'page[size]': 10, 'filter[isArchived]': false, skip: undefined, none: null, empty: [] },
    });
    expect(seen[0]!.url).toBe('/api/customers/a%2Fb%20%3F%26/contacts?ids=x,y%20z,3&filter[state]=draft&page[size]=10&filter[isArchived]=false');
  });

  it('builds queries and paths without a request', () => {
    expect(buildQuery({ sort: ['-createdAt', 'name'] })).toBe('sort=-createdAt,name');
    expect(buildQuery({ 'filter[fullText]': 'Rossi, Mario' })).toBe('filter[fullText]=Rossi%2C%20Mario');
    expect(expandPath('/quotations/{id}/actions/{action}', { id: 42, action: 'emit' })).toBe('/quotations/42/actions/emit');
  });

  it.each([
    ['missing', {}],
    ['missing', { id: undefined }],
    ['empty', { id: '' }],
    ['empty', { id: '   ' }],
    ['disallowed', { id: { nested: 1 } }],
    ['disallowed', { id: true }],
    ['disallowed', { id: Number.NaN }],
  ])('refuses a %s path parameter without calling the server', async (reason, params) => {
    const error = await client()
      .get('/customers/{id}', { params: params as Record<string, string> })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PathParamError);
    expect(error).toMatchObject({ param: 'id', reason });
    expect(seen).toHaveLength(0);
  });

  it('sends the impersonation header, If-Match and JSON bodies', async () => {
    const api = client({ extraHeaders: () => ({ 'X-Impersonation': JSON.stringify({ userId: 'u-1' }), 'X-None': undefined }) });
    await api.patch('/customers/{id}', { attributes: { name: 'N' } }, { params: { id: 'c1' }, ifMatch: '2026-01-01T00:00:00.000Z' });
    await api.delete('/customers/c1', { ifMatch: '"v1"' });
    expect(seen[0]!.headers['x-impersonation']).toBe('{"userId":"u-1"}');
    expect(seen[0]!.headers['if-match']).toBe('"2026-01-01T00:00:00.000Z"');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['x-none']).toBeUndefined();
    expect(seen[1]!.headers['if-match']).toBe('"v1"');
  });
});

describe('tokens (SPEC §8: 401 → refresh and repeat once)', () => {
  const onlyNewToken: Handler = (req, res) =>
    req.headers.authorization === 'Bearer new' ? json(res, 200, { ok: true }) : problem(res, 401, { code: 'UNAUTHORIZED', title: 'Unauthorized' });

  it('sends the bearer token', async () => {
    await client({ getAccessToken: () => 'tok' }).get('/x');
    expect(seen[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('refreshes once on 401 and repeats with the new token', async () => {
    handler = onlyNewToken;
    const refreshAccessToken = vi.fn(async () => 'new');
    const onLoginRequired = vi.fn();
    await expect(client({ getAccessToken: () => 'old', refreshAccessToken, onLoginRequired }).post('/x', {})).resolves.toEqual({ ok: true });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(onLoginRequired).not.toHaveBeenCalled();
  });

  it('restarts login when refreshing fails', async () => {
    handler = onlyNewToken;
    const onLoginRequired = vi.fn();
    await expect(client({ getAccessToken: () => 'old', refreshAccessToken: async () => null, onLoginRequired }).get('/x')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
  });

  it('repeats only once: a second 401 restarts login', async () => {
    handler = (_req, res) => problem(res, 401, { code: 'UNAUTHORIZED', title: 'Unauthorized' });
    const refreshAccessToken = vi.fn(async () => 'still-bad');
    const onLoginRequired = vi.fn();
    await expect(client({ getAccessToken: () => 'old', refreshAccessToken, onLoginRequired }).get('/x')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a request that had no token', async () => {
    handler = onlyNewToken;
    const refreshAccessToken = vi.fn(async () => 'new');
    await expect(client({ refreshAccessToken }).get('/x')).rejects.toMatchObject({ status: 401 });
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});

describe('problems (SPEC §8 alerts)', () => {
  it('sends a user to the Maintenance route on 503 MAINTENANCE, silent requests included, without an alert', async () => {
    handler = (_req, res) => problem(res, 503, { type: '/problems/MAINTENANCE', code: 'MAINTENANCE', title: 'Maintenance', message: 'In manutenzione' });
    const onProblem = vi.fn();
    const onMaintenance = vi.fn();
    await client({ onProblem, onMaintenance, retryLimit: 0 }).get('/x', { silent: true }).catch(() => undefined);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(onProblem).not.toHaveBeenCalled();
  });

  it('reports a final 409 problem once, with its body', async () => {
    handler = (_req, res) => problem(res, 409, { type: '/problems/VERSION_CONFLICT', code: 'VERSION_CONFLICT', title: 'Conflict', message: 'Modificato' });
    const onProblem = vi.fn();
    const error = await client({ onProblem }).patch('/x', {}).catch((e: unknown) => e);
    expect(onProblem).toHaveBeenCalledTimes(1);
    expect(onProblem.mock.calls[0]![0]).toBe(error);
    expect(error).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', type: '/problems/VERSION_CONFLICT', message: 'Modificato' });
  });

  it('shows nothing while the request will still be retried, then once', async () => {
    const onProblem = vi.fn();
    handler = failThenOk([503, 503]);
    await client({ onProblem }).get('/x');
    expect(onProblem).not.toHaveBeenCalled();
    seen = [];
    handler = failThenOk([503, 503, 503]);
    await client({ onProblem }).get('/x').catch(() => undefined);
    expect(onProblem).toHaveBeenCalledTimes(1);
  });

  it('shows only 403, 409 and ≥ 500 answered as problem+json, and nothing for silent requests', async () => {
    const onProblem = vi.fn();
    for (const status of [400, 404, 422, 428]) {
      seen = [];
      handler = failThenOk([status]);
      await client({ onProblem }).post('/x').catch(() => undefined);
    }
    handler = (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      res.end('nope');
    };
    await client({ onProblem }).post('/x').catch(() => undefined);
    handler = (_req, res) => problem(res, 403, { type: '/problems/FORBIDDEN', code: 'FORBIDDEN', title: 'Forbidden' });
    await client({ onProblem }).post('/x', {}, { silent: true }).catch(() => undefined);
    expect(onProblem).not.toHaveBeenCalled();
    await client({ onProblem }).post('/x').catch(() => undefined);
    expect(onProblem).toHaveBeenCalledTimes(1);
  });
});
