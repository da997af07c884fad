/**
 * Sign-in and abilities as the API enforces them (issue checklist): bearer tokens checked with
 * jose, roles read per request, customer users confined to their customer whatever they send,
 * field-level writes, impersonation by Admins only, and both users recorded on impersonated writes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertDemoRoles, insertUser as insertApiUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('sign-in and abilities on %s', (engine) => {
  let api: Api;
  let customerA: any;
  let customerB: any;
  let officeOfA: any;
  let quotationA: any;
  let quotationB: any;
  let draftA: any;
  const roleIds: Record<string, string> = {};
  const users: Record<string, string> = {};

  const as = (userId: string) => api.as(userId);

  const insertUser = (attributes: Record<string, unknown>, roleNames: string[], metadata: Record<string, unknown> = {}) =>
    insertApiUser(api, roleNames.map((n) => roleIds[n]!), attributes, metadata);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    // A role that may edit quotations but not their commercial notes (field-level rule).
    roleIds.NoNotes = randomUUID();
    await roles.insert([
      {
        id: roleIds.NoNotes,
        by: null,
        data: {
          attributes: {
            name: 'Senza note',
            permissions: [
              { action: ['read', 'update'], subject: 'quotation' },
              { action: 'update', subject: 'quotation', fields: ['attributes.commercialNotes'], inverted: true, reason: 'Note commerciali riservate' },
            ],
          },
          metadata: {},
          relationships: {},
        },
      },
    ]);
    const admin = as(api.adminId);
    const created = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    customerA = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    customerB = await created('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Beta Spa' } } });
    officeOfA = await created('customers', { attributes: { parentId: customerA.id, allowedModules: ['fire'], registry: { businessName: 'Alfa Srl – sede di Monza' } }, metadata: { type: 'officeLocation' } });
    const issued = async (customerId: string) => {
      let quotation = await created('quotations', { attributes: { date: '2026-06-01', status: 'draft', commercialNotes: 'Sconto riservato' }, relationships: { customerId } });
      await created('quotationProducts', { attributes: { description: 'Manutenzione estintori', quantity: 2, unitPrice: 100, costPrice: 60 }, relationships: { quotationId: quotation.id } });
      quotation = (await admin.request('GET', `/api/quotations/${quotation.id}`)).body.data;
      const emitted = await admin.request('POST', `/api/quotations/${quotation.id}/actions/emit`, undefined, { 'if-match': `"${quotation.metadata.lastUpdatedDateTime}"` });
      expect(emitted.status, JSON.stringify(emitted.body)).toBe(200);
      quotation = emitted.body.data;
      return quotation;
    };
    quotationA = await issued(customerA.id);
    quotationB = await issued(customerB.id);
    draftA = await created('quotations', { attributes: { date: '2026-06-01', status: 'draft' }, relationships: { customerId: customerA.id } });
    await created('quotationProducts', { attributes: { description: 'Bozza riservata', quantity: 1, unitPrice: 10 }, relationships: { quotationId: draftA.id } });
    users.clientA = await insertUser({ userType: 'customer', displayName: 'Cliente A', email: 'a@alfa.it', customerId: customerA.id, allowedModules: ['fire'] }, ['Cliente']);
    users.salesman = await insertUser({ userType: 'siv', displayName: 'Venditore', email: 'venditore@test.it', isSalesman: true }, ['Commerciale']);
    users.noNotes = await insertUser({ userType: 'siv', displayName: 'Senza note', email: 'nonote@test.it' }, ['NoNotes']);
    users.disabled = await insertUser({ userType: 'siv', displayName: 'Disabilitato', email: 'off@test.it' }, ['Amministratore'], { isEnabled: false });
  });

  afterAll(async () => {
    await api?.close();
  });

  describe('tokens', () => {
    it('refuses a request without a token with 401 problem+json and a Bearer challenge', async () => {
      const response = await api.get('/api/customers');
      expect(response.status).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.body.code).toBe('UNAUTHORIZED');
    });

    it('accepts a valid access token and answers the identity as a list (SPEC §7)', async () => {
      const response = await as(users.salesman!).request('GET', '/api/identity/authorization');
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
      const [identity] = response.body;
      expect(identity).toMatchObject({
        id: users.salesman,
        email: 'venditore@test.it',
        displayName: 'Venditore',
        userType: 'siv',
        isSalesman: true,
        isMainteiner: false,
        allowedModules: ['portal', 'fire', 'equip', 'edu', 'doc', 'med'],
        allowedCustomerIds: [],
        officeLocationIds: [],
        roles: [{ id: roleIds.Commerciale, name: 'Commerciale' }],
      });
      expect(identity.permissions.some((p: any) => p.subject === 'quotation' && [p.action].flat().includes('emit'))).toBe(true);
      // Placeholders are replaced with the user's own values.
      expect(JSON.stringify(identity.permissions)).toContain(users.salesman);
      expect(JSON.stringify(identity.permissions)).not.toContain('${user.');
    });

    it('gives customer users their own customer and modules', async () => {
      const [identity] = (await as(users.clientA!).request('GET', '/api/identity/authorization')).body;
      expect(identity).toMatchObject({ userType: 'customer', customerId: customerA.id, allowedCustomerIds: [customerA.id], allowedModules: ['fire'] });
    });

    const bad: [string, () => Promise<string>][] = [
      ['wrong audience', () => api.token(api.adminId, { claims: { aud: 'https://altro.example/api' } })],
      ['wrong issuer', () => api.token(api.adminId, { claims: { iss: 'https://emittente.falso/oidc' } })],
      ['expired (beyond the 30 s tolerance)', () => api.token(api.adminId, { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
      ['alg none', async () => new UnsecuredJWT({ scope: 'api.sync' }).setIssuer(api.config.oidc.issuer).setAudience(api.config.oidc.audience).setSubject(api.adminId).setIssuedAt().setExpirationTime('5m').encode()],
      [
        'HS256 forged with the public key as secret',
        async () => {
          const { publicKey } = await generateKeyPair('ES256', { extractable: true });
          const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
          return new SignJWT({ scope: 'api.sync' }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: 'test-key' }).setIssuer(api.config.oidc.issuer).setAudience(api.config.oidc.audience).setSubject(api.adminId).setIssuedAt().setExpirationTime('5m').sign(secret);
        },
      ],
      ['signed by another key', async () => api.token(api.adminId, { key: (await generateKeyPair('ES256')).privateKey })],
      ['an ID token instead of an access token', () => api.token(api.adminId, { header: { typ: 'JWT' } })],
      ['without the API scope', () => api.token(api.adminId, { claims: { scope: 'openid offline_access' } })],
      ['garbage', async () => 'not.a.jwt'],
    ];
    it.each(bad)('refuses a token: %s', async (_label, make) => {
      const response = await api.request('GET', '/api/customers', { headers: { authorization: `Bearer ${await make()}` } });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('UNAUTHORIZED');
      expect(response.body.message).toMatch(/[a-zà-ù]/i);
    });

    it('refuses users that are not registered, or disabled', async () => {
      expect((await as(randomUUID()).request('GET', '/api/identity/authorization')).status).toBe(403);
      const disabled = await as(users.disabled!).request('GET', '/api/identity/authorization');
      expect(disabled.status).toBe(403);
      expect(disabled.body.code).toBe('USER_DISABLED');
    });
  });

  describe('a customer user sees only its own customer', () => {
    it('lists only its customer (and its office locations), whatever filter it sends', async () => {
      const client = as(users.clientA!);
      const all = await client.request('GET', '/api/customers?page[size]=100');
      expect(all.status).toBe(200);
      expect(all.body.data.map((c: any) => c.id).sort()).toEqual([customerA.id, officeOfA.id].sort());
      expect(all.body.meta.total).toBe(2);
      const filtered = await client.request('GET', `/api/customers?ids=${customerB.id}`);
      expect(filtered.body.data).toEqual([]);
      expect(filtered.body.meta.total).toBe(0);
      const byName = await client.request('GET', `/api/customers?filter[fullText]=Beta`);
      expect(byName.body.data).toEqual([]);
    });

    it('gets CTM_FST_NOT_AUTHORIZED reading another customer, never its data', async () => {
      const response = await as(users.clientA!).request('GET', `/api/customers/${customerB.id}`);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
      expect(JSON.stringify(response.body)).not.toContain('Beta');
      expect((await as(users.clientA!).request('GET', `/api/customers/${customerA.id}`)).status).toBe(200);
    });

    it('cannot update or delete customers, its own included', async () => {
      const client = as(users.clientA!);
      for (const target of [customerA, customerB]) {
        const patch = await client.request('PATCH', `/api/customers/${target.id}`, { attributes: { sdiCode: 'ABCDEFG' } }, { 'if-match': `"${target.metadata.lastUpdatedDateTime}"` });
        expect(patch.status).toBe(403);
        const del = await client.request('DELETE', `/api/customers/${target.id}`, undefined, { 'if-match': `"${target.metadata.lastUpdatedDateTime}"` });
        expect(del.status).toBe(403);
      }
      const stillThere = await as(api.adminId).request('GET', `/api/customers/${customerB.id}`);
      expect(stillThere.body.data.metadata.isDeleted).toBe(false);
    });

    it('sees its issued quotations without the staff-only commercial notes, and not drafts or other customers’', async () => {
      const client = as(users.clientA!);
      const list = await client.request('GET', '/api/quotations?page[size]=100');
      expect(list.body.data.map((q: any) => q.id)).toEqual([quotationA.id]);
      expect(list.body.data[0].attributes.commercialNotes).toBeUndefined();
      expect((await client.request('GET', `/api/quotations/${quotationA.id}`)).body.data.attributes).not.toHaveProperty('commercialNotes');
      expect((await client.request('GET', `/api/quotations/${quotationB.id}`)).status).toBe(403);
      expect((await client.request('GET', `/api/quotations/${draftA.id}`)).status).toBe(403);
      // Staff still read them.
      expect((await as(api.adminId).request('GET', `/api/quotations/${quotationA.id}`)).body.data.attributes.commercialNotes).toBe('Sconto riservato');
    });

    it('reads the lines of its issued quotations without cost and margin; not those of drafts or of other customers', async () => {
      const client = as(users.clientA!);
      const own = await client.request('GET', `/api/quotationProducts?filter[quotationId]=${quotationA.id}`);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.data.map((line: any) => line.attributes.description)).toEqual(['Manutenzione estintori']);
      const [line] = own.body.data;
      expect(line.attributes).toMatchObject({ quantity: 2, unitPrice: 100 });
      expect(line.attributes).not.toHaveProperty('costPrice');
      expect(line.metadata).not.toHaveProperty('margin');
      expect(line.metadata).not.toHaveProperty('marginPercent');
      expect((await client.request('GET', `/api/quotationProducts/${line.id}`)).status).toBe(200);
      expect((await client.request('GET', `/api/quotations/${quotationA.id}`)).body.data.metadata).not.toHaveProperty('totalMargin');
      // Every line it may list: its own issued quotation's, never a draft's or another customer's (scoped, whatever the filter).
      const all = await client.request('GET', '/api/quotationProducts?page[size]=100');
      expect(all.body.data.map((l: any) => l.relationships.quotationId)).toEqual([quotationA.id]);
      const foreign = await client.request('GET', `/api/quotationProducts?filter[quotationId]=${quotationB.id}`);
      expect(foreign.body).toMatchObject({ data: [], meta: { total: 0 } });
      const admin = as(api.adminId);
      for (const quotation of [quotationB, draftA]) {
        const [hidden] = (await admin.request('GET', `/api/quotationProducts?filter[quotationId]=${quotation.id}`)).body.data;
        const single = await client.request('GET', `/api/quotationProducts/${hidden.id}`);
        expect(single.status).toBe(403);
        expect(single.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
        expect((await client.request('GET', `/api/quotationProducts/${hidden.id}/history`)).status).toBe(403);
      }
      // Staff still read cost and margin.
      const staff = await admin.request('GET', `/api/quotationProducts/${line.id}`);
      expect(staff.body.data.attributes.costPrice).toBe(60);
      expect(staff.body.data.metadata.margin).toBe(80);
    });

    it('cannot create data for a customer, its own or another (the tenant is not taken from the body)', async () => {
      const client = as(users.clientA!);
      for (const customerId of [customerA.id, customerB.id]) {
        const response = await client.request('POST', '/api/quotations', { attributes: { date: '2026-06-01', status: 'draft' }, relationships: { customerId } });
        expect(response.status).toBe(403);
      }
    });

    it('cannot run actions on quotations', async () => {
      const response = await as(users.clientA!).request('POST', `/api/quotations/${quotationA.id}/actions/accept`, {}, { 'if-match': `"${quotationA.metadata.lastUpdatedDateTime}"` });
      expect(response.status).toBe(403);
    });
  });

  describe('staff roles', () => {
    it('lets a salesman emit but not approve; the refusal is problem+json', async () => {
      const salesman = as(users.salesman!);
      const draft = (await salesman.request('POST', '/api/quotations', { attributes: { date: '2026-06-01', status: 'draft' }, relationships: { customerId: customerB.id } })).body.data;
      expect(draft.metadata.createdBy).toBe(users.salesman);
      const approve = await salesman.request('POST', `/api/quotations/${draft.id}/actions/approve`, {}, { 'if-match': `"${draft.metadata.lastUpdatedDateTime}"` });
      expect(approve.status).toBe(403);
      expect(approve.headers['content-type']).toContain('application/problem+json');
      const actions = (await salesman.request('GET', `/api/quotations/${draft.id}/actions`)).body.data;
      expect(actions.find((a: any) => a.action === 'emit')?.allowed).toBe(true);
      const managerView = (await as(api.adminId).request('GET', `/api/quotations/${draft.id}/actions`)).body.data;
      expect(managerView.every((a: any) => a.allowed)).toBe(true);
      const emit = await salesman.request('POST', `/api/quotations/${draft.id}/actions/emit`, {}, { 'if-match': `"${draft.metadata.lastUpdatedDateTime}"` });
      expect(emit.status).toBe(200);
    });

    it('refuses a write to a field the role may not change, and accepts the others', async () => {
      const user = as(users.noNotes!);
      const notes = await user.request('PATCH', `/api/quotations/${draftA.id}`, { attributes: { commercialNotes: 'altro' } }, { 'if-match': `"${draftA.metadata.lastUpdatedDateTime}"` });
      expect(notes.status).toBe(403);
      expect(notes.body.code).toBe('FIELD_NOT_AUTHORIZED');
      expect(notes.body.errors[0].pointer).toBe('/attributes/commercialNotes');
      const other = await user.request('PATCH', `/api/quotations/${draftA.id}`, { attributes: { notes: 'Consegna al mattino' } }, { 'if-match': `"${draftA.metadata.lastUpdatedDateTime}"` });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      draftA = other.body.data;
    });

    it('rejects mass assignment of metadata the server owns', async () => {
      const response = await as(users.salesman!).request('POST', '/api/quotations', {
        attributes: { date: '2026-06-01', status: 'draft' },
        relationships: { customerId: customerB.id },
        metadata: { createdBy: api.adminId, lastUpdatedByImpersonator: api.adminId },
      });
      expect(response.status).toBe(422);
    });

    it('applies a role change on the very next call', async () => {
      const userId = await insertUser({ userType: 'siv', displayName: 'Temporaneo', email: 'temp@test.it' }, ['Operatore']);
      expect((await as(userId).request('GET', '/api/customers')).status).toBe(200);
      const user = (await as(api.adminId).request('GET', `/api/users/${userId}`)).body.data;
      const changed = await as(api.adminId).request('PATCH', `/api/users/${userId}`, { relationships: { roleIds: [] } }, { 'if-match': `"${user.metadata.lastUpdatedDateTime}"` });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await as(userId).request('GET', '/api/customers')).status).toBe(403);
    });
  });

  describe('own user settings', () => {
    it('lets every user, whatever the role, keep their own settings and nobody else’s', async () => {
      const client = as(users.clientA!);
      const created = await client.request('POST', '/api/userSettings', { attributes: { hasDarkTheme: true }, relationships: { userId: users.clientA } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const listed = await client.request('GET', '/api/userSettings?page[size]=50');
      expect(listed.body.data.map((s: any) => s.relationships.userId)).toEqual([users.clientA]);
      const changed = await client.request('PATCH', `/api/userSettings/${created.body.data.id}`, { attributes: { hasFilters: true } }, { 'if-match': `"${created.body.data.metadata.lastUpdatedDateTime}"` });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const forSomeoneElse = await client.request('POST', '/api/userSettings', { attributes: {}, relationships: { userId: users.salesman } });
      expect(forSomeoneElse.status).toBe(403);
      const salesmanOwn = await as(users.salesman!).request('POST', '/api/userSettings', { attributes: {}, relationships: { userId: users.salesman } });
      expect(salesmanOwn.status, JSON.stringify(salesmanOwn.body)).toBe(201);
      const others = await client.request('GET', `/api/userSettings/${salesmanOwn.body.data.id}`);
      expect(others.status).toBe(403);
      expect(JSON.stringify(others.body)).not.toContain(users.salesman);
    });
  });

  describe('impersonation', () => {
    const header = (userId: string) => ({ 'x-impersonation': JSON.stringify({ userId }) });

    it('lets an Admin act as another user, answering both identities', async () => {
      const response = await as(api.adminId).request('GET', '/api/identity/authorization', undefined, header(users.clientA!));
      expect(response.status).toBe(200);
      const [identity] = response.body;
      expect(identity).toMatchObject({ id: users.clientA, userType: 'customer', isImpersonating: true });
      expect(identity.originalData).toMatchObject({ id: api.adminId, email: 'admin@test.it' });
      // The effective identity's abilities apply.
      expect((await as(api.adminId).request('GET', `/api/customers/${customerB.id}`, undefined, header(users.clientA!))).status).toBe(403);
    });

    it('refuses impersonation to anyone who is not an Admin', async () => {
      const response = await as(users.salesman!).request('GET', '/api/identity/authorization', undefined, header(api.adminId));
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('IMPERSONATION_NOT_ALLOWED');
    });

    it('answers a malformed or unknown impersonation target with a clear error', async () => {
      const admin = as(api.adminId);
      expect((await admin.request('GET', '/api/identity/authorization', undefined, { 'x-impersonation': '{nope' })).body.code).toBe('IMPERSONATION_FAILED');
      expect((await admin.request('GET', '/api/identity/authorization', undefined, header(randomUUID()))).status).toBe(404);
    });

    it('records both users on every write made while impersonating', async () => {
      const admin = as(api.adminId);
      const created = await admin.request('POST', '/api/quotations', { attributes: { date: '2026-06-01', status: 'draft' }, relationships: { customerId: customerB.id } }, header(users.salesman!));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const quotation = created.body.data;
      expect(quotation.metadata).toMatchObject({ createdBy: users.salesman, lastUpdatedBy: users.salesman, createdByImpersonator: api.adminId, lastUpdatedByImpersonator: api.adminId });
      // A later write without impersonation clears the last impersonator but keeps who created it.
      const updated = await as(users.salesman!).request('PATCH', `/api/quotations/${quotation.id}`, { attributes: { notes: 'x' } }, { 'if-match': `"${quotation.metadata.lastUpdatedDateTime}"` });
      expect(updated.status).toBe(200);
      expect(updated.body.data.metadata.createdByImpersonator).toBe(api.adminId);
      expect(updated.body.data.metadata.lastUpdatedByImpersonator).toBeUndefined();
      const deleted = await admin.request('DELETE', `/api/quotations/${quotation.id}`, undefined, { ...header(users.salesman!), 'if-match': `"${updated.body.data.metadata.lastUpdatedDateTime}"` });
      expect(deleted.status).toBe(403); // the salesman may not delete quotations
    });
  });
});
