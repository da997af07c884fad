/**
 * Impersonation (security issue): every request an administrator makes as another user is audited,
 * reads included, after the answer; only an administrator reads the audit and nobody writes it
 * through the API; an administrator never acts as itself or as another administrator; customer
 * users never learn which administrator acted (they read «personale»).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { readHistory, STAFF_LABEL } from '../../src/server/history/journal.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertDemoRoles, insertUser as insertApiUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('impersonation audit on %s', (engine) => {
  let api: Api;
  const roleIds: Record<string, string> = {};
  let customer: any;
  let salesman: string;
  let client: string;
  let otherAdmin: string;
  let reader: string;

  const as = (userId: string, extra: Record<string, string> = {}) => api.as(userId, extra);
  const acting = (userId: string) => ({ 'x-impersonation': JSON.stringify({ userId }) });
  const admin = () => as(api.adminId);
  const insertUser = (attributes: Record<string, unknown>, roleNames: string[]) => insertApiUser(api, roleNames.map((n) => roleIds[n]!), attributes);

  /** The audit rows of requests made as `userId`, oldest first, once the writer has stored `count` of them. */
  const auditOf = async (userId: string, count: number) =>
    vi.waitFor(
      async () => {
        const answer = await admin().request('GET', `/api/impersonationAudit?filter[userId]=${userId}&sort=at&page[size]=100`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data.length).toBeGreaterThanOrEqual(count);
        return answer.body.data as any[];
      },
      { timeout: 5_000, interval: 50 },
    );

  const auditCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM impersonation_audit`.execute(api.database.db)).rows[0]?.n ?? 0);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    roleIds.Reader = randomUUID();
    await new EntityRepository(api.database.db, findKind('roles')!).insert([
      { id: roleIds.Reader, by: null, data: { attributes: { name: 'Lettore', permissions: [{ action: 'read', subject: 'all' }] }, metadata: {}, relationships: {} } },
    ]);
    const created = await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    customer = created.body.data;
    salesman = await insertUser({ displayName: 'Marco Commerciale', email: 'commerciale@test.it' }, ['Commerciale']);
    client = await insertUser({ userType: 'customer', displayName: 'Cliente Alfa', email: 'cliente@alfa.it', customerId: customer.id, allowedModules: ['fire'] }, ['Cliente']);
    otherAdmin = await insertUser({ displayName: 'Altro amministratore', email: 'admin2@test.it' }, ['Amministratore']);
    reader = await insertUser({ displayName: 'Lettore', email: 'lettore@test.it' }, ['Reader']);
  });
  afterAll(() => api?.close());

  it('audits every request made while impersonating, reads included, with method, path and status', async () => {
    const asSalesman = as(api.adminId, acting(salesman));
    expect((await asSalesman.request('GET', '/api/identity/authorization')).status).toBe(200);
    expect((await asSalesman.request('GET', `/api/customers?filter[fullText]=alfa&page[size]=5`)).status).toBe(200);
    expect((await asSalesman.request('GET', `/api/customers/${customer.id}`)).status).toBe(200);
    // A refusal is audited too, with its status.
    expect((await asSalesman.request('GET', '/api/roles')).status).toBe(403);
    const patched = await asSalesman.request('PATCH', `/api/customers/${customer.id}`, { attributes: { sdiCode: 'ABCDEFG' } }, { 'if-match': `"${customer.metadata.lastUpdatedDateTime}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    customer = patched.body.data;

    const rows = await auditOf(salesman, 5);
    expect(rows.map((row) => [row.attributes.method, row.attributes.path, row.attributes.httpStatus])).toEqual([
      ['GET', '/api/identity/authorization', 200],
      ['GET', '/api/customers?filter[fullText]=alfa&page[size]=5', 200],
      ['GET', `/api/customers/${customer.id}`, 200],
      ['GET', '/api/roles', 403],
      ['PATCH', `/api/customers/${customer.id}`, 200],
    ]);
    for (const row of rows) {
      expect(row.relationships).toEqual({ impersonatorId: api.adminId, userId: salesman });
      expect(Date.parse(row.attributes.at)).not.toBeNaN();
    }
  });

  it('keeps no secret of the query, and writes nothing for requests made without impersonating', async () => {
    const before = await auditCount();
    await admin().request('GET', '/api/customers?page[size]=1');
    await as(salesman).request('GET', `/api/customers/${customer.id}`);
    // The writer waits a little before writing: give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await auditCount()).toBe(before);

    await as(api.adminId, acting(client)).request('GET', `/api/customers/${customer.id}?ticket=segreto&filter[code]=x&access_token=abc`);
    const [row] = await auditOf(client, 1);
    expect(row.attributes.path).toBe(`/api/customers/${customer.id}?ticket=***&filter[code]=x&access_token=***`);
    expect(JSON.stringify(row)).not.toContain('segreto');
  });

  it('is read by administrators only, and written by nobody through the API', async () => {
    const [row] = await auditOf(salesman, 1);
    expect((await admin().request('GET', `/api/impersonationAudit/${row.id}`)).status).toBe(200);
    // Nobody else, whatever their roles (a role that reads everything included), nor an administrator acting as someone.
    for (const caller of [as(salesman), as(reader), as(client), as(api.adminId, acting(salesman))]) {
      const list = await caller.request('GET', '/api/impersonationAudit');
      expect(list.status).toBe(403);
      expect((await caller.request('GET', `/api/impersonationAudit/${row.id}`)).status).toBe(403);
    }
    const body = { attributes: { at: new Date().toISOString(), method: 'GET', path: '/api/x', httpStatus: 200 }, relationships: { impersonatorId: api.adminId, userId: salesman } };
    expect((await admin().request('POST', '/api/impersonationAudit', body)).status).toBe(403);
    const ifMatch = { 'if-match': `"${row.metadata.lastUpdatedDateTime}"` };
    expect((await admin().request('PATCH', `/api/impersonationAudit/${row.id}`, { attributes: { httpStatus: 500 } }, ifMatch)).status).toBe(403);
    expect((await admin().request('DELETE', `/api/impersonationAudit/${row.id}`, undefined, ifMatch)).status).toBe(403);
    // The identity says so, so the workspace offers no «Nuovo» nor «Elimina».
    const [identity] = (await admin().request('GET', '/api/identity/authorization')).body;
    expect(identity.permissions).toContainEqual(expect.objectContaining({ subject: 'impersonation audit', inverted: true, action: ['create', 'update', 'delete'] }));
  });

  it('refuses an administrator acting as itself or as another administrator (403 IMPERSONATION_NOT_ALLOWED)', async () => {
    const self = await as(api.adminId, acting(api.adminId)).request('GET', '/api/identity/authorization');
    expect(self.status).toBe(403);
    expect(self.headers['content-type']).toContain('application/problem+json');
    expect(self.body).toMatchObject({ code: 'IMPERSONATION_NOT_ALLOWED', message: 'Non puoi operare per conto di te stesso' });
    const other = await as(api.adminId, acting(otherAdmin)).request('GET', `/api/customers/${customer.id}`);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'IMPERSONATION_NOT_ALLOWED', message: 'Non puoi operare per conto di un altro amministratore' });
    // The event-stream ticket follows the same rule.
    const ticket = await as(api.adminId, acting(otherAdmin)).request('POST', '/api/events/ticket');
    expect(ticket.status).toBe(403);
    expect(ticket.body.code).toBe('IMPERSONATION_NOT_ALLOWED');
  });

  it('never shows a customer user which administrator acted: «personale» in the history, no impersonator in the record', async () => {
    // The last write to the customer was made by the administrator acting as the salesman.
    expect(customer.metadata.lastUpdatedByImpersonator).toBe(api.adminId);
    const seenByClient = await as(client).request('GET', `/api/customers/${customer.id}`);
    expect(seenByClient.status).toBe(200);
    expect(Object.keys(seenByClient.body.data.metadata).filter((key) => key.endsWith('ByImpersonator'))).toEqual([]);
    const listed = await as(client).request('GET', `/api/customers?ids=${customer.id}`);
    expect(listed.body.data).toHaveLength(1);
    expect(Object.keys(listed.body.data[0].metadata).filter((key) => key.endsWith('ByImpersonator'))).toEqual([]);
    // Staff keep seeing who acted.
    expect((await as(salesman).request('GET', `/api/customers/${customer.id}`)).body.data.metadata.lastUpdatedByImpersonator).toBe(api.adminId);

    const [forClient] = await readHistory(api.database.db, 'customers', customer.id, { viewerId: client });
    expect(forClient).toMatchObject({ action: 'update', by: salesman, impersonator: STAFF_LABEL });
    expect(STAFF_LABEL).toBe('personale');
    const [forStaff] = await readHistory(api.database.db, 'customers', customer.id, { viewerId: salesman });
    expect(forStaff).toMatchObject({ action: 'update', by: salesman, impersonator: api.adminId });
    const [unmasked] = await readHistory(api.database.db, 'customers', customer.id);
    expect(unmasked?.impersonator).toBe(api.adminId);
  });

  it('keeps the users it names: a user acted as is disabled, not deleted (409 ENTITY_RELATIONS_FOUND)', async () => {
    const user = (await admin().request('GET', `/api/users/${client}`)).body.data;
    const removed = await admin().request('DELETE', `/api/users/${client}`, undefined, { 'if-match': `"${user.metadata.lastUpdatedDateTime}"` });
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe('ENTITY_RELATIONS_FOUND');
    expect(removed.body.message).toContain('Registro impersonificazioni');
  });

  it('GET /api/{type}/{id}/history answers «personale» as impersonator to a customer user, the id to staff', async () => {
    const forClient = await as(client).request('GET', `/api/customers/${customer.id}/history`);
    expect(forClient.status).toBe(200);
    expect(forClient.body.data[0]).toMatchObject({ by: salesman, impersonator: 'personale' });
    expect(forClient.body.data.map((entry: { impersonator: string | null }) => entry.impersonator)).not.toContain(api.adminId);
    const forStaff = await as(salesman).request('GET', `/api/customers/${customer.id}/history`);
    expect(forStaff.body.data[0]).toMatchObject({ by: salesman, impersonator: api.adminId });
  });
});
