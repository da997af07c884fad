/**
 * Two nodes: two server processes (not WORKERS: separate processes, as behind a load balancer) on
 * one PostgreSQL schema and one S3-compatible store, with the embedded sign-in provider. What one
 * node does, the other honours: tokens and their refresh, change notices, upload links and
 * downloads, idempotency keys, and the caller cache when a role changes.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { startLocalS3, type LocalS3 } from '../support/s3-server.ts';
import { PROCESS_TEST_TIMEOUT_MS, START_TIMEOUT_MS, startServerProcess, type Started } from '../support/server-process.ts';
import { oidcClient } from '../support/oidc-client.ts';

const DEMO_ADMIN = 'admin@demo.sicurezza.it';
const DEMO_PASSWORD = 'Demo-2026!';

describe.runIf(inject('engines').includes('postgres'))('two nodes on one PostgreSQL and one S3 store', () => {
  const url = inject('testDatabaseUrl');
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  let s3: LocalS3;
  let a: Started;
  let b: Started;
  let nodeA: string;
  let nodeB: string;
  let access: string;
  let refreshToken: string;
  let client: ReturnType<typeof oidcClient>;

  const call = (node: string, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${node}${path}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${init.token ?? access}`, ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    s3 = await startLocalS3('multi-node');
    const [portA, portB] = [await freePort(), await freePort()];
    nodeA = `http://127.0.0.1:${portA}`;
    nodeB = `http://127.0.0.1:${portB}`;
    // One PUBLIC_URL for both (one issuer), as behind a proxy; each node answers on its own port.
    const env = { DATABASE_URL: url, DATABASE_SCHEMA: schema, AUTH_DISABLED: '0', PUBLIC_URL: nodeA, PUBLIC_URL_REDIRECT: '0', LOG_LEVEL: 'warn', ...s3.env };
    // A prepares the database (migrations, demo users); B starts on it as a second node would.
    a = startServerProcess(env, portA);
    await waitReady(nodeA, a);
    b = startServerProcess(env, portB);
    await waitReady(nodeB, b);
    client = oidcClient(nodeA);
    // Two starts, one after the other.
  }, 2 * PROCESS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    a?.child.kill('SIGKILL');
    b?.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await s3?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  async function waitReady(node: string, process: Started) {
    for (const deadline = Date.now() + START_TIMEOUT_MS; ; ) {
      const ready = await fetch(`${node}/api/health`).then((r) => r.status === 200, () => false);
      if (ready) return;
      // A node that exited fails at once, not at the bound.
      if (process.child.exitCode !== null || process.child.signalCode !== null) throw new Error(`${node} exited before it was ready:\n${process.output()}`);
      if (Date.now() > deadline) throw new Error(`${node} not ready:\n${process.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('signs in on A; B accepts the token, refreshes it, and A accepts the refreshed one', async () => {
    const { tokens } = await client.signIn(DEMO_ADMIN, DEMO_PASSWORD);
    access = tokens.access_token;
    expect((await call(nodeB, '/api/identity/authorization')).status).toBe(200);
    const refreshed = await client.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }, nodeB);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    access = refreshed.body.access_token;
    refreshToken = refreshed.body.refresh_token!;
    expect((await call(nodeA, '/api/identity/authorization')).status).toBe(200);
    // The rotated-out refresh token is spent on both nodes.
    expect((await client.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }, nodeA)).status).toBe(400);
    expect(refreshToken).toBeTruthy();
  });

  it('a write on A is heard on B\'s change stream, with a ticket asked of A', async () => {
    const ticket = (await (await call(nodeA, '/api/events/ticket', { method: 'POST' })).json()) as { ticket: string };
    const controller = new AbortController();
    try {
      const stream = await fetch(`${nodeB}/api/events?ticket=${encodeURIComponent(ticket.ticket)}`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const name = `Gruppo da A ${randomUUID().slice(0, 8)}`;
      const created = await call(nodeA, '/api/customerGroups', { method: 'POST', body: JSON.stringify({ attributes: { name } }) });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { data: { id: string } }).data.id;
      let heard = '';
      const deadline = Date.now() + 10_000;
      while (!heard.includes(id)) {
        if (Date.now() > deadline) throw new Error(`B did not hear ${id}; got: ${heard}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000))]);
        if (chunk?.value) heard += new TextDecoder().decode(chunk.value);
      }
      expect(heard).toContain('customerGroups');
    } finally {
      controller.abort();
    }
  });

  it('an upload link made on A is used, and the file downloaded, through B', async () => {
    const customer = await call(nodeA, '/api/customers', { method: 'POST', body: JSON.stringify({ attributes: { allowedModules: ['fire'], registry: { businessName: 'Due Nodi Srl' } } }) });
    expect(customer.status).toBe(201);
    const customerId = ((await customer.json()) as { data: { id: string } }).data.id;
    const bytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    const linked = await call(nodeA, '/api/media/uploads', {
      method: 'POST',
      body: JSON.stringify({ name: 'Verbale.pdf', mimeType: 'application/pdf', bytesCount: bytes.length, owner: { type: 'customers', id: customerId } }),
    });
    expect(linked.status).toBe(201);
    const { data, upload } = (await linked.json()) as { data: { id: string }; upload: { url: string; headers: Record<string, string> } };
    // The link is the app's own address (relative) or the store's: B is asked when it is the app's.
    const target = upload.url.startsWith('/') ? `${nodeB}${upload.url}` : upload.url;
    const put = await fetch(target, { method: 'PUT', body: bytes, headers: upload.headers });
    expect(put.status, await put.clone().text()).toBe(200);
    const link = await call(nodeB, `/api/media/${data.id}/download`, { headers: { accept: 'application/json' } });
    expect(link.status).toBe(200);
    const address = ((await link.json()) as { data: { url: string } }).data.url;
    const file = await fetch(address.startsWith('/') ? `${nodeB}${address}` : address);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('an Idempotency-Key replayed on the other node answers the first result', async () => {
    const customer = await call(nodeA, '/api/customers', { method: 'POST', body: JSON.stringify({ attributes: { allowedModules: ['fire'], registry: { businessName: 'Ripetuta Due Nodi Srl' } } }) });
    const customerId = ((await customer.json()) as { data: { id: string } }).data.id;
    const product = await call(nodeA, '/api/products', { method: 'POST', body: JSON.stringify({ attributes: { code: `SOP-${randomUUID().slice(0, 6)}`, name: 'Sopralluogo', listPrice: 50 } }) });
    expect(product.status, await product.clone().text()).toBe(201);
    const productId = ((await product.json()) as { data: { id: string } }).data.id;
    const body = JSON.stringify({ order: { attributes: { orderDate: '2026-06-15', module: 'fire' }, relationships: { customerId } }, lines: [{ productId, quantity: 1 }], assignment: { attributes: { title: 'Sopralluogo' } } });
    const key = randomUUID();
    const first = await call(nodeA, '/api/orders/wizard', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await call(nodeB, '/api/orders/wizard', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    const [one, two] = (await Promise.all([first.json(), again.json()])) as { data: { id: string } }[];
    expect(two!.data.id).toBe(one!.data.id);
    const orders = (await (await call(nodeB, `/api/orders?filter[customerId]=${customerId}`)).json()) as { data: unknown[] };
    expect(orders.data).toHaveLength(1);
  });

  it('a role changed on A is applied on B at the next request (the caller cache is dropped on both)', async () => {
    // A user of its own, with a role of its own, signed in on A.
    const role = await call(nodeA, '/api/roles', { method: 'POST', body: JSON.stringify({ attributes: { name: `Lettori ${randomUUID().slice(0, 6)}`, permissions: [{ action: 'read', subject: 'product' }] } }) });
    expect(role.status, await role.clone().text()).toBe(201);
    const roleRow = ((await role.json()) as { data: { id: string; metadata: { lastUpdatedDateTime: string } } }).data;
    const email = `due.nodi.${randomUUID().slice(0, 6)}@test.it`;
    const user = await call(nodeA, '/api/users', { method: 'POST', body: JSON.stringify({ attributes: { userType: 'siv', displayName: 'Due Nodi', email }, relationships: { roleIds: [roleRow.id] } }) });
    expect(user.status, await user.clone().text()).toBe(201);
    const userRow = ((await user.json()) as { data: { id: string; metadata: { lastUpdatedDateTime: string } } }).data;
    const password = 'Due-Nodi-2026!';
    const set = await call(nodeA, `/api/users/${userRow.id}/actions/resetPassword`, {
      method: 'POST',
      body: JSON.stringify({ password, mustChange: false }),
      headers: { 'if-match': `"${userRow.metadata.lastUpdatedDateTime}"` },
    });
    expect(set.status, await set.clone().text()).toBe(200);
    const { tokens } = await client.signIn(email, password);
    const asUser = (node: string) => call(node, '/api/products?page[size]=1', { token: tokens.access_token });
    expect((await asUser(nodeB)).status).toBe(200);
    // Its one permission is taken away on A: B refuses at once, not after its cache time.
    const changed = await call(nodeA, `/api/roles/${roleRow.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ attributes: { permissions: [{ action: 'read', subject: 'customer' }] } }),
      headers: { 'if-match': `"${roleRow.metadata.lastUpdatedDateTime}"`, 'content-type': 'application/merge-patch+json' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const deadline = Date.now() + 2_000;
    let status = (await asUser(nodeB)).status;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await asUser(nodeB)).status;
    }
    expect(status).toBe(403);
  });
});
