/**
 * The edge of the server (security hardening: connection hygiene and headers), over real sockets:
 * slow headers, bodies and idle connections are cut; an anonymous request is refused before its
 * body is read; upload links stream as long as bytes come; one address holds a bounded number of
 * connections and a user a bounded number of event streams; X-Forwarded-For is believed only from
 * TRUSTED_PROXIES; the app and /api carry their security and caching headers; /oidc/token answers
 * CORS only to PUBLIC_URL's origin.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { ADMIN_EMAIL, httpLayerEngines, setupApi, TODAY, type Api } from './setup.ts';

/** A raw HTTP/1.1 client: what was received, and when the server closed the connection. */
interface RawConnection {
  socket: net.Socket;
  text(): string;
  /** Resolves (ms since connecting) when the server closes or resets the connection. */
  closed: Promise<number>;
  /** Resolves once `pattern` has been received (rejects after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  send(data: string): void;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    const waiters: (() => void)[] = [];
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      resolve({
        socket,
        text: () => received,
        closed,
        send: (data) => void (socket.writable && socket.write(data)),
        waitFor(pattern, ms = 5_000) {
          return new Promise((found, fail) => {
            const timer = setTimeout(() => fail(new Error(`not received within ${ms} ms: ${pattern}; got ${JSON.stringify(received)}`)), ms);
            const check = () => {
              if (pattern.test(received)) {
                clearTimeout(timer);
                found(received);
              } else if (socket.destroyed) {
                clearTimeout(timer);
                fail(new Error(`connection closed before ${pattern}; got ${JSON.stringify(received)}`));
              } else waiters.push(check);
            };
            socket.once('close', () => waiters.push(check) && check());
            check();
          });
        },
      }),
    );
    socket.once('error', reject);
  });
}

/** Races a promise against a deadline: the value, or `'timeout'`. */
const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref())]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The edge is the HTTP layer's (timeouts, caps, headers, proxies): once, on the embedded engine.
describe.each(httpLayerEngines())('edge hardening (%s)', (engine) => {
  /** The app with sign-in on (bearer tokens required), listening on a real port. */
  let api: Api;
  let port: number;
  const extraApps: FastifyInstance[] = [];
  const sockets: net.Socket[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    port = Number(new URL(await api.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const app of extraApps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await api?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Another app on the same database with these variables (signed in as the test admin, no token needed). */
  async function edgeApp(env: Record<string, string>, options: { publicDir?: string; oidcProvider?: boolean; routes?: (app: FastifyInstance) => void } = {}) {
    const config = { ...loadConfig(env), authDisabled: true, devUserEmail: ADMIN_EMAIL, logLevel: 'silent' };
    const app = await buildApp({ database: api.database, config, logger: false, oidcProvider: options.oidcProvider ?? false, today: () => TODAY, publicDir: options.publicDir });
    options.routes?.(app);
    extraApps.push(app);
    return app;
  }
  async function listening(app: FastifyInstance): Promise<number> {
    return Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
  }
  async function open(to: number): Promise<RawConnection> {
    const connection = await connect(to);
    sockets.push(connection.socket);
    return connection;
  }
  function tempDir(prefix: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  }

  describe('slow clients', () => {
    it('an anonymous request with a body is refused (401) before the body is read, and its connection closed', async () => {
      const client = await open(port);
      // A million bytes announced, four sent: the answer cannot wait for the rest.
      client.send('POST /api/customers HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"at');
      const answer = await client.waitFor(/\r\n\r\n\{.*\}$/s, 3_000);
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toMatch(/content-type: application\/problem\+json/i);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain('"code":"UNAUTHORIZED"');
      expect(await within(client.closed, 2_000)).not.toBe('timeout');

      // What needs no identity still answers without one.
      expect((await api.request('GET', '/api/health/live')).status).toBe(200);
      expect((await api.request('GET', '/api/openapi.json')).status).toBe(200);
      // A signed media address is judged by its token (403), not by a bearer token (401).
      const signed = await api.request('PUT', '/api/media/00000000-0000-4000-8000-000000000000/content?token=falso', { rawBody: 'x', headers: { 'content-type': 'text/plain' } });
      expect(signed.body.code).toMatch(/^MEDIA_LINK_/);
      // The event stream authenticates itself: a bad ticket is its own refusal, not the generic one.
      const stream = await api.request('GET', '/api/events?ticket=falso');
      expect(stream.status).not.toBe(200);
    });

    it('an answer written past Fastify before the body came (the provider refusing an oversized token request) closes the connection', async () => {
      const to = await listening(await edgeApp({ PUBLIC_URL: 'http://localhost:7999' }, { oidcProvider: true }));
      const client = await open(to);
      client.send('POST /oidc/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000000\r\n\r\ng');
      // A byte every 300 ms: reading the rest "to keep the connection" would never end.
      const drip = setInterval(() => client.send('g'), 300);
      try {
        expect(await within(client.closed, 2_000)).not.toBe('timeout');
        expect(client.text()).toMatch(/^HTTP\/1\.1 400 /);
      } finally {
        clearInterval(drip);
      }
    });

    it('a body that stalls is cut with 408 after HTTP_BODY_TIMEOUT_SECONDS, while health answers at once', async () => {
      const to = await listening(await edgeApp({ HTTP_BODY_TIMEOUT_SECONDS: '1' }));
      const client = await open(to);
      client.send('POST /api/customers HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{');
      // One byte every 200 ms: never idle, never done.
      const drip = setInterval(() => client.send(' '), 200);
      try {
        const started = Date.now();
        const health = await fetch(`http://127.0.0.1:${to}/api/health/live`);
        expect(health.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(500);
        const cut = await within(client.closed, 4_000);
        expect(cut).not.toBe('timeout');
        expect(cut).toBeGreaterThanOrEqual(900);
        expect(client.text()).toMatch(/^HTTP\/1\.1 408 /);
        expect(client.text()).toContain('"code":"REQUEST_TIMEOUT"');
      } finally {
        clearInterval(drip);
      }
    });

    it('headers that never end are cut after HTTP_HEADERS_TIMEOUT_SECONDS', async () => {
      const to = await listening(await edgeApp({ HTTP_HEADERS_TIMEOUT_SECONDS: '1' }));
      const client = await open(to);
      client.send('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => client.send('X-Lento: 1\r\n'), 200);
      try {
        const cut = await within(client.closed, 4_000);
        expect(cut).not.toBe('timeout');
        expect(client.text()).toMatch(/^HTTP\/1\.1 408 [\s\S]*"code":"REQUEST_TIMEOUT"/);
      } finally {
        clearInterval(drip);
      }
    });

    it('an idle kept-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', async () => {
      const to = await listening(await edgeApp({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1' }));
      const client = await open(to);
      client.send('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await client.waitFor(/"status":"ok"/);
      const cut = await within(client.closed, 4_000);
      expect(cut).not.toBe('timeout');
    });

    it('an upload link streams past the body timeout while bytes come, and is cut when they stop for UPLOAD_IDLE_TIMEOUT_SECONDS', async () => {
      const app = await edgeApp({ HTTP_BODY_TIMEOUT_SECONDS: '1', UPLOAD_IDLE_TIMEOUT_SECONDS: '1', MEDIA_DIR: tempDir('edge-media-') });
      const to = await listening(app);
      const upload = async (bytesCount: number) => {
        const created = await app.inject({ method: 'POST', url: '/api/media/uploads', payload: { name: 'lento.txt', mimeType: 'text/plain', bytesCount } });
        expect(created.statusCode).toBe(201);
        return created.json().upload.url as string;
      };

      // 12 chunks of 3 bytes, one every 250 ms: three times the body timeout, never idle.
      const url = await upload(36);
      const client = await open(to);
      client.send(`PUT ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 36\r\n\r\n`);
      for (let i = 0; i < 12; i++) {
        await sleep(250);
        client.send('abc');
      }
      const answer = await client.waitFor(/\r\n\r\n\{.*\}$/s, 5_000);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      const media = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { data: { id: string; attributes: { bytesCount: number } } };
      expect(media.data.attributes.bytesCount).toBe(36);
      // The signed download keeps its own caching (private, a few minutes), not the API's no-store.
      const link = await app.inject({ method: 'GET', url: `/api/media/${media.data.id}/download`, headers: { accept: 'application/json' } });
      const content = await app.inject({ method: 'GET', url: link.json().data.url });
      expect(content.statusCode).toBe(200);
      expect(content.headers['cache-control']).toBe('private, max-age=300');

      // Bytes that stop: the connection goes after the idle timeout, and the file stays not uploaded.
      const stalled = await upload(1000);
      const idle = await open(to);
      idle.send(`PUT ${stalled} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nabc`);
      const cut = await within(idle.closed, 4_000);
      expect(cut).not.toBe('timeout');
    });
  });

  describe('connection and stream caps', () => {
    /** A request on its own connection: the status line, or `null` when the server closed it first. */
    async function served(connection: RawConnection): Promise<string | null> {
      connection.send('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
      try {
        return (await connection.waitFor(/"status":"ok"/, 2_000)).split('\r\n')[0]!;
      } catch {
        return null;
      }
    }

    it('one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections; a closed one frees its place', async () => {
      const to = await listening(await edgeApp({ MAX_CONNECTIONS_PER_ADDRESS: '3' }));
      const first = [await open(to), await open(to), await open(to)];
      for (const connection of first) expect(await served(connection)).toBe('HTTP/1.1 200 OK');
      const fourth = await open(to);
      expect(await within(fourth.closed, 2_000)).not.toBe('timeout');
      expect(fourth.text()).toBe('');

      first[0]!.socket.destroy();
      await first[0]!.closed;
      await sleep(100);
      expect(await served(await open(to))).toBe('HTTP/1.1 200 OK');
    });

    it('a trusted proxy is not bound by the per-address cap', async () => {
      const to = await listening(await edgeApp({ MAX_CONNECTIONS_PER_ADDRESS: '3', TRUSTED_PROXIES: '127.0.0.1' }));
      const connections = await Promise.all([1, 2, 3, 4, 5].map(() => open(to)));
      for (const connection of connections) expect(await served(connection)).toBe('HTTP/1.1 200 OK');
    });

    /** Opens `GET /api/events` and answers its status, headers and body text so far (the stream stays open until aborted). */
    async function openStream(to: number, aborts: AbortController[]) {
      const controller = new AbortController();
      aborts.push(controller);
      const response = await fetch(`http://127.0.0.1:${to}/api/events`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
      return { response, controller };
    }

    it('event streams are capped per user: one more is 429 TOO_MANY_STREAMS with Retry-After, a closed one frees its place', async () => {
      const to = await listening(await edgeApp({ MAX_EVENT_STREAMS_PER_USER: '2' }));
      const aborts: AbortController[] = [];
      try {
        const a = await openStream(to, aborts);
        const b = await openStream(to, aborts);
        expect([a.response.status, b.response.status]).toEqual([200, 200]);
        const refused = await openStream(to, aborts);
        expect(refused.response.status).toBe(429);
        expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(refused.response.headers.get('retry-after')).toBe('30');
        const problem = (await refused.response.json()) as { code: string; message: string; limit: number };
        expect(problem).toMatchObject({ code: 'TOO_MANY_STREAMS', limit: 2 });
        expect(problem.message).toMatch(/Troppi aggiornamenti/);

        a.controller.abort();
        let again = await openStream(to, aborts);
        for (let tries = 0; again.response.status === 429 && tries < 20; tries++) {
          await sleep(100);
          again = await openStream(to, aborts);
        }
        expect(again.response.status).toBe(200);
      } finally {
        for (const controller of aborts) controller.abort();
      }
    });

    it('event streams are capped per process (MAX_EVENT_STREAMS)', async () => {
      const to = await listening(await edgeApp({ MAX_EVENT_STREAMS: '2', MAX_EVENT_STREAMS_PER_USER: '10' }));
      const aborts: AbortController[] = [];
      try {
        expect((await openStream(to, aborts)).response.status).toBe(200);
        expect((await openStream(to, aborts)).response.status).toBe(200);
        const refused = await openStream(to, aborts);
        expect(refused.response.status).toBe(429);
        expect(await refused.response.json()).toMatchObject({ code: 'TOO_MANY_STREAMS', limit: 2 });
      } finally {
        for (const controller of aborts) controller.abort();
      }
    });

    it('TRUSTED_PROXIES: request.ip is the right-most X-Forwarded-For hop that is not a trusted proxy; without it the peer', async () => {
      const probe = (app: FastifyInstance) => app.get('/probe/ip', async (request) => ({ ip: request.ip }));
      const forwarded = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3' };
      const behind = await edgeApp({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' }, { routes: probe });
      expect((await behind.inject({ method: 'GET', url: '/probe/ip', headers: forwarded })).json()).toEqual({ ip: '203.0.113.9' });
      const direct = await edgeApp({}, { routes: probe });
      expect((await direct.inject({ method: 'GET', url: '/probe/ip', headers: forwarded })).json()).toEqual({ ip: '127.0.0.1' });
    });
  });

  describe('headers', () => {
    const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";
    function clientDir(): string {
      const dir = tempDir('edge-public-');
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><script type="module" src="/assets/app-ABCDEFGH.js"></script></body></html>`);
      fs.writeFileSync(path.join(dir, 'assets', 'app-ABCDEFGH.js'), 'export {};');
      return dir;
    }

    it('the app (index.html, static files, deep links) carries a CSP without inline scripts but its own, nosniff and Referrer-Policy', async () => {
      const app = await edgeApp({}, { publicDir: clientDir() });
      const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
      for (const url of ['/', '/assets/app-ABCDEFGH.js', '/marketing/quotations/detail/123', '/config.json']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toContain(`script-src 'self' ${hash};`);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("object-src 'none'");
        expect(csp, url).toMatch(/img-src 'self' data: blob:/);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
      }
      // The silent sign-in page is framed by the app itself (oidc-client-ts), by nobody else.
      const silent = await app.inject({ method: 'GET', url: '/auth/silent?code=x&state=y' });
      expect(silent.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    });

    it('/api answers are private, no-store unless the route chose its own caching; they carry nosniff too', async () => {
      const app = await edgeApp({});
      const list = await app.inject({ method: 'GET', url: '/api/customers' });
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.headers['x-content-type-options']).toBe('nosniff');
      expect(list.headers['content-security-policy']).toBeUndefined();
      const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('private, no-store');
      const refused = await api.request('GET', '/api/customers');
      expect(refused.status).toBe(401);
      expect(refused.headers['cache-control']).toBe('private, no-store');
      // Routes with their own policy keep it.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).headers['cache-control']).toBe('no-cache');
    });

    it('HSTS when PUBLIC_URL is https, on the app and on /api', async () => {
      const app = await edgeApp({ PUBLIC_URL: 'https://gestionale.example.it', PUBLIC_URL_REDIRECT: '0' }, { publicDir: clientDir() });
      for (const url of ['/', '/api/health/live', '/api/customers']) {
        expect((await app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    });

    it('/oidc/token answers CORS to PUBLIC_URL\'s origin only (preflight and call)', async () => {
      const publicUrl = 'http://localhost:7999';
      const app = await edgeApp({ PUBLIC_URL: publicUrl }, { oidcProvider: true });
      const preflight = (origin: string) =>
        app.inject({ method: 'OPTIONS', url: '/oidc/token', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      const ours = await preflight(publicUrl);
      expect(ours.headers['access-control-allow-origin']).toBe(publicUrl);
      const foreign = await preflight('https://evil.example');
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      expect(foreign.headers['access-control-allow-methods']).toBeUndefined();

      const call = (origin: string, clientId: string) =>
        app.inject({
          method: 'POST',
          url: '/oidc/token',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `grant_type=refresh_token&refresh_token=nessuno&client_id=${clientId}`,
        });
      expect((await call(publicUrl, 'backoffice-workspace')).headers['access-control-allow-origin']).toBe(publicUrl);
      expect((await call('https://evil.example', 'backoffice-workspace')).headers['access-control-allow-origin']).toBeUndefined();
      // Refused before its client is known: still no CORS for another origin.
      expect((await call('https://evil.example', 'sconosciuto')).headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('compression', () => {
    const ASSET = `export const righe = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `riga ${n}`))};`;
    /** A client as the build leaves it: each asset beside its Brotli and gzip copies. */
    function builtClient(): string {
      const dir = tempDir('edge-built-');
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="/assets/app-ABCDEFGH.js"></script></body></html>');
      const file = path.join(dir, 'assets', 'app-ABCDEFGH.js');
      fs.writeFileSync(file, ASSET);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(ASSET));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(ASSET));
      return dir;
    }

    it('a hashed asset is sent from its precompressed copy (Brotli first, else gzip, else plain), immutable and varying on Accept-Encoding', async () => {
      const app = await edgeApp({}, { publicDir: builtClient() });
      const get = (acceptEncoding?: string) =>
        app.inject({ method: 'GET', url: '/assets/app-ABCDEFGH.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET);
      // index.html is revalidated on every visit.
      expect((await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } })).headers['cache-control']).toBe('no-cache');
    });

    it('/api answers of 1 kB and more are compressed, smaller ones are not, and an event stream stays plain', async () => {
      const app = await edgeApp({});
      for (let n = 0; n < 12; n++) await app.inject({ method: 'POST', url: '/api/customerGroups', payload: { attributes: { name: `Gruppo compresso ${n}` } } });
      const list = await app.inject({ method: 'GET', url: '/api/customerGroups?page[size]=200', headers: { 'accept-encoding': 'br, gzip' } });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-encoding']).toBe('br');
      const rows = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString()) as { data: unknown[] };
      expect(rows.data.length).toBeGreaterThanOrEqual(12);
      const gzipOnly = await app.inject({ method: 'GET', url: '/api/customerGroups?page[size]=200', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      const small = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.headers['content-encoding']).toBeUndefined();

      const to = await listening(app);
      const controller = new AbortController();
      try {
        const stream = await fetch(`http://127.0.0.1:${to}/api/events`, { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' }, signal: controller.signal });
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(stream.headers.get('content-encoding')).toBeNull();
      } finally {
        controller.abort();
      }
    });

    it('a compressed request body is not inflated: it is refused as a body that is not JSON', async () => {
      const app = await edgeApp({});
      const response = await app.inject({
        method: 'POST',
        url: '/api/customerGroups',
        payload: zlib.gzipSync(JSON.stringify({ attributes: { name: 'Compresso' } })),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    });
  });
});
