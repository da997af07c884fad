/**
 * `GET /api/events` over real HTTP (DESIGN §4): committed writes arrive as `event: change`; a
 * customer user's stream never carries another customer's rows (directly, impersonated or by
 * ticket); a rolled-back write sends nothing; tickets work once and not tampered; the stream ends
 * with its token; on PostgreSQL a write on one process reaches a stream on another.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import type { ChangeNotice } from '../../src/domain/records.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { roleDefinitions } from '../../src/server/seed/generators/roles.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { buildApp } from '../../src/server/app.ts';
import { engines, insertUser, setupApi, TODAY, type Api } from './setup.ts';
import pg from 'pg';
import { changeChannel, LISTENER_NAME } from '../../src/server/events/bus.ts';

async function waitUntil(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Stream {
  status: number;
  contentType: string | null;
  raw: () => string;
  changes: ChangeNotice[];
  /** Resolves with the first change matching `match` (rejects after `ms`). */
  waitFor(match: (n: ChangeNotice) => boolean, ms?: number): Promise<ChangeNotice>;
  ended: Promise<void>;
  close(): void;
}

/** Opens an SSE stream with fetch and collects its `change` events. */
async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  let text = '';
  const changes: ChangeNotice[] = [];
  const waiters: (() => void)[] = [];
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        parse();
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted
    }
  })();
  function parse() {
    changes.length = 0;
    for (const block of text.split('\n\n').slice(0, -1)) {
      const lines = block.split('\n');
      if (!lines.includes('event: change')) continue;
      const data = lines.find((l) => l.startsWith('data: '));
      if (data) changes.push(JSON.parse(data.slice(6)) as ChangeNotice);
    }
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    raw: () => text,
    changes,
    ended,
    close: () => controller.abort(),
    waitFor(match, ms = 2000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching change within ${ms} ms; got ${JSON.stringify(changes)}`)), ms);
        const check = () => {
          const found = changes.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

describe.each(engines())('live changes (GET /api/events) on %s', (engine) => {
  let api: Api;
  let base: string;
  let customerA: any;
  let customerB: any;
  let clientA: string;
  const streams: Stream[] = [];
  const roleIds: Record<string, string> = {};

  const bearer = async (userId: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${await api.token(userId)}`, ...extra });
  const as = (userId: string, extra: Record<string, string> = {}) => api.as(userId, extra);
  const admin = () => as(api.adminId);
  const ifMatch = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const created = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const stream = async (path: string, headers: Record<string, string> = {}) => {
    const opened = await openStream(`${base}${path}`, headers);
    streams.push(opened);
    return opened;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const cliente = roleDefinitions.find((r) => r.name === 'Cliente')!;
    roleIds.Cliente = randomUUID();
    await roles.insert([{ id: roleIds.Cliente, by: null, data: { attributes: { ...cliente }, metadata: {}, relationships: {} } }]);
    customerA = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    customerB = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Beta Spa' } } });
    clientA = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Alfa', email: 'cliente@alfa.it', customerId: customerA.id, allowedModules: ['fire'] });
    base = await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await api?.close();
  });

  it('streams a committed write within 2 s, with a retry hint', async () => {
    const events = await stream('/api/events', await bearer(api.adminId));
    expect(events.status).toBe(200);
    expect(events.contentType).toMatch(/^text\/event-stream/);
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Gamma Srl' } } });
    const notice = await events.waitFor((n) => n.id === customer.id);
    expect(notice).toEqual({ type: 'customers', id: customer.id, version: customer.metadata.lastUpdatedDateTime, action: 'create', by: api.adminId });
    expect(events.raw()).toMatch(/^retry: \d+\n/);
    const patched = await admin().request('PATCH', `/api/customers/${customer.id}`, { attributes: { sdiCode: 'ABCDEFG' } }, ifMatch(customer));
    expect(await events.waitFor((n) => n.id === customer.id && n.action === 'update')).toMatchObject({ version: patched.body.data.metadata.lastUpdatedDateTime });
  });

  it('a customer user’s stream never carries another customer’s rows (bearer, impersonation, ticket)', async () => {
    const own = await stream('/api/events', await bearer(clientA));
    const impersonated = await stream('/api/events', await bearer(api.adminId, { 'x-impersonation': JSON.stringify({ userId: clientA }) }));
    const ticket = await as(api.adminId, { 'x-impersonation': JSON.stringify({ userId: clientA }) }).request('POST', '/api/events/ticket');
    expect(ticket.status).toBe(200);
    const byTicket = await stream(`/api/events?ticket=${encodeURIComponent(ticket.body.ticket)}`);
    const staff = await stream('/api/events', await bearer(api.adminId));
    for (const s of [own, impersonated, byTicket, staff]) expect(s.status).toBe(200);

    // Another customer's rows first: its equipment, a change to the customer itself, a quotation line's parent.
    const foreignEquipment = await created('equipments', { attributes: { equipmentId: 'EST-B1', module: 'fire' }, relationships: { customerId: customerB.id } });
    const foreignCustomer = await admin().request('PATCH', `/api/customers/${customerB.id}`, { attributes: { sdiCode: 'BBBBBBB' } }, ifMatch(await (await admin().request('GET', `/api/customers/${customerB.id}`)).body.data));
    expect(foreignCustomer.status).toBe(200);
    // An equipment moved from A to B is B's now: its notice is not A's either.
    const moved = await created('equipments', { attributes: { equipmentId: 'EST-AB', module: 'fire' }, relationships: { customerId: customerA.id } });
    await own.waitFor((n) => n.id === moved.id);
    const movedAway = await admin().request('PATCH', `/api/equipments/${moved.id}`, { relationships: { customerId: customerB.id } }, ifMatch(moved));
    expect(movedAway.status).toBe(200);
    // Then one of its own: once that arrives, the others (written before) would have too.
    const ownEquipment = await created('equipments', { attributes: { equipmentId: 'EST-A1', module: 'fire' }, relationships: { customerId: customerA.id } });
    for (const s of [own, impersonated, byTicket]) await s.waitFor((n) => n.id === ownEquipment.id);
    await staff.waitFor((n) => n.id === ownEquipment.id);

    const foreignIds = [foreignEquipment.id, customerB.id, moved.id];
    for (const s of [own, impersonated, byTicket]) {
      expect(s.changes.filter((n) => foreignIds.includes(n.id) && !(n.id === moved.id && n.action === 'create'))).toEqual([]);
      expect(s.changes.map((n) => n.id)).toContain(ownEquipment.id);
    }
    // Staff see everything.
    for (const id of foreignIds) expect(staff.changes.map((n) => n.id)).toContain(id);
    expect(staff.changes.filter((n) => n.id === moved.id).map((n) => n.action)).toEqual(['create', 'update']);
  });

  it('a rolled-back write sends nothing', async () => {
    const events = await stream('/api/events', await bearer(api.adminId));
    const quotation = await created('quotations', { attributes: { date: TODAY }, relationships: { customerId: customerA.id } });
    const product = await created('products', { attributes: { code: `P-${randomUUID().slice(0, 6)}`, name: 'Estintore', listPrice: 50 } });
    const line = await created('quotationProducts', { attributes: { description: 'Estintore', quantity: 1, listPrice: 50, unitPrice: 50, costPrice: 20 }, relationships: { quotationId: quotation.id, productId: product.id } });
    await created('orders', { attributes: { orderDate: TODAY }, relationships: { customerId: customerA.id, quotationId: quotation.id } });
    await events.waitFor((n) => n.id === line.id);
    // The delete soft-deletes the owned line, then finds the order and rolls everything back.
    const current = (await admin().request('GET', `/api/quotations/${quotation.id}`)).body.data;
    const refused = await admin().request('DELETE', `/api/quotations/${quotation.id}`, undefined, ifMatch(current));
    expect(refused.body.code).toBe('ENTITY_RELATIONS_FOUND');
    const marker = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Segnaposto Srl' } } });
    await events.waitFor((n) => n.id === marker.id);
    expect(events.changes.filter((n) => n.action === 'delete')).toEqual([]);
    expect(events.changes.filter((n) => n.id === quotation.id).map((n) => n.action)).toEqual(['create', 'derived']);
  });

  it('tickets: valid once, refused when tampered, reused or missing; the stream ends with its token', async () => {
    expect((await api.request('POST', '/api/events/ticket')).status).toBe(401);
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    const issued = await admin().request('POST', '/api/events/ticket');
    expect(issued.status).toBe(200);
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeGreaterThan(30_000);
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const ticket: string = issued.body.ticket;
    const [body, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, user: clientA })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${body}.${signature!.slice(0, -2)}AA`, 'x.y', 'garbage']) {
      const refused = await fetch(`${base}/api/events?ticket=${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(401);
      expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await refused.json()).code).toBe('UNAUTHORIZED');
    }
    const events = await stream(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(events.status).toBe(200);
    const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Biglietto Srl' } } });
    await events.waitFor((n) => n.id === customer.id);
    const again = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    expect((await again.json()).message).toMatch(/già usato/);

    // A token about to expire: the stream ends when it does.
    const shortToken = await api.token(api.adminId, { expiresIn: '2s' });
    const short = await stream('/api/events', { authorization: `Bearer ${shortToken}` });
    expect(short.status).toBe(200);
    const started = Date.now();
    const customer2 = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Scadenza Srl' } } });
    await short.waitFor((n) => n.id === customer2.id);
    await short.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('?since= replays the readable changes committed since then; an instant it cannot know answers resync; a bad one 400', async () => {
    const { serverTime } = (await admin().request('POST', '/api/events/ticket')).body;
    expect(Math.abs(Date.parse(serverTime) - Date.now())).toBeLessThan(5_000);
    const mine = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Ripetuta Srl' } } });
    const foreign = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altrui Srl' } } });
    // The customer user hears only rows it may read: neither customer row here, but a change of its own customer.
    const ownCustomer = (await admin().request('GET', `/api/customers/${customerA.id}`)).body.data;
    const touched = await admin().request('PATCH', `/api/customers/${customerA.id}`, { attributes: { sdiCode: 'REPLAY1' } }, ifMatch(ownCustomer));
    expect(touched.status).toBe(200);
    const since = encodeURIComponent(serverTime);
    const replay = await stream(`/api/events?since=${since}`, await bearer(api.adminId));
    expect((await replay.waitFor((n) => n.id === mine.id)).action).toBe('create');
    await replay.waitFor((n) => n.id === foreign.id);
    const customerReplay = await stream(`/api/events?since=${since}`, await bearer(clientA));
    await customerReplay.waitFor((n) => n.id === customerA.id && n.action === 'update');
    const marker = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Dopo Replay Srl' } } });
    await replay.waitFor((n) => n.id === marker.id);
    expect(customerReplay.changes.map((n) => n.id)).not.toContain(mine.id);
    expect(customerReplay.changes.map((n) => n.id)).not.toContain(foreign.id);
    expect(replay.raw()).not.toContain('event: resync');

    // After the last change: nothing to replay, no resync.
    const quiet = await stream(`/api/events?since=${encodeURIComponent(new Date().toISOString())}`, await bearer(api.adminId));
    const marker2 = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Quieto Srl' } } });
    await quiet.waitFor((n) => n.id === marker2.id);
    expect(new Set(quiet.changes.map((n) => n.id))).toEqual(new Set([marker2.id]));
    expect(quiet.raw()).not.toContain('event: resync');

    // Before this process heard anything: it cannot know, so the tab reads again.
    const old = await stream(`/api/events?since=${encodeURIComponent('2020-01-01T00:00:00.000Z')}`, await bearer(api.adminId));
    await waitUntil(() => old.raw().includes('event: resync'), 2_000);
    expect(old.changes).toEqual([]);

    // Who may not open a stream is refused before its parameters are read.
    expect((await fetch(`${base}/api/events?since=ieri`)).status).toBe(401);
    for (const bad of ['ieri', '1700000000000', '2026-13-45T99:00:00Z', '2026-11-30T09:00']) {
      const refused = await fetch(`${base}/api/events?since=${encodeURIComponent(bad)}`, { headers: await bearer(api.adminId) });
      expect(refused.status, bad).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await refused.json()).message).toMatch(/since/);
    }
    // Within the per-user cap of streams for the tests after this one.
    for (const opened of [replay, quiet, old, customerReplay]) opened.close();
    await Promise.all([replay, quiet, old, customerReplay].map((opened) => opened.ended));
  });

  it.runIf(engine === 'postgres')('the LISTEN connection comes back after the database drops it, and tells streams to resync', async () => {
    const events = await stream('/api/events', await bearer(api.adminId));
    const before = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Prima Srl' } } });
    await events.waitFor((n) => n.id === before.id);
    const client = new pg.Client({ connectionString: api.config.databaseUrl });
    await client.connect();
    try {
      const killed = await client.query(
        // This file's database only: every test database's schema, and so its channel, has the same name.
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND query = $2`,
        [LISTENER_NAME, `LISTEN "${changeChannel(api.database.schema)}"`],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await client.end();
    }
    await waitUntil(() => events.raw().includes('event: resync'), 5_000);
    const after = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Dopo Srl' } } });
    await events.waitFor((n) => n.id === after.id);
  });

  it.runIf(engine === 'postgres')('two processes on one database: a write on one reaches a stream on the other', async () => {
    const database = await openDatabase({ url: api.config.databaseUrl, schema: api.database.schema, poolSize: 2 });
    const other = await buildApp({ database, config: { ...api.config, authDisabled: true }, logger: false, oidcProvider: false, today: () => TODAY });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      const there = await openStream(`${otherBase}/api/events`);
      streams.push(there);
      expect(there.status).toBe(200);
      const customer = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altro Processo Srl' } } });
      expect(await there.waitFor((n) => n.id === customer.id)).toMatchObject({ type: 'customers', action: 'create', by: api.adminId });
      // And back: a ticket issued by one process opens a stream on the other (one shared secret).
      const ticket = (await other.inject({ method: 'POST', url: '/api/events/ticket' })).json() as { ticket: string };
      const here = await stream(`/api/events?ticket=${encodeURIComponent(ticket.ticket)}`);
      expect(here.status).toBe(200);
      const written = await other.inject({ method: 'POST', url: '/api/customers', payload: { attributes: { allowedModules: ['fire'], registry: { businessName: 'Ritorno Srl' } } } });
      expect(written.statusCode).toBe(201);
      await here.waitFor((n) => n.id === written.json().data.id);
      there.close();
    } finally {
      await other.close();
      await database.close();
    }
  });
});
