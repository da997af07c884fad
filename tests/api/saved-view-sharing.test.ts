/**
 * Saved views are shared only with roles their author holds (security issue: a customer user could
 * share a view with every staff role, the administrators’ included): 422 with a pointer at each role the author
 * lacks; an administrator shares with any role; roles already shared stay when the view changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NOT_HELD } from '../../src/server/kinds/savedViews.ts';
import { engines, insertDemoRoles, insertUser as insertApiUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('sharing saved views on %s', (engine) => {
  let api: Api;
  const roleIds: Record<string, string> = {};
  let salesman: string;
  let client: string;

  const as = (userId: string, extra: Record<string, string> = {}) => api.as(userId, extra);
  const view = (owner: string, name: string, roles: string[]) => ({
    attributes: { name, path: '/marketing/quotations', query: 'sort=-date' },
    relationships: { userId: owner, sharedRoleIds: roles.map((role) => roleIds[role]!) },
  });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    const created = await as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const customer = created.body.data;
    salesman = await insertApiUser(api, [roleIds.Commerciale!], { displayName: 'Commerciale', email: 'commerciale@test.it' });
    client = await insertApiUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Alfa', email: 'cliente@alfa.it', customerId: customer.id, allowedModules: ['fire'] });
  });
  afterAll(() => api?.close());

  it('refuses a customer user sharing a view with staff roles, the administrators’ included (422, a pointer per role)', async () => {
    const refused = await as(client).request('POST', '/api/savedViews', view(client, 'Per tutti', ['Amministratore', 'Commerciale']));
    expect(refused.status).toBe(422);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: ROLE_NOT_HELD });
    expect(refused.body.errors).toEqual([
      { pointer: '/relationships/sharedRoleIds/0', code: 'roleNotHeld', message: ROLE_NOT_HELD },
      { pointer: '/relationships/sharedRoleIds/1', code: 'roleNotHeld', message: ROLE_NOT_HELD },
    ]);
    // With its own role it may share.
    const own = await as(client).request('POST', '/api/savedViews', view(client, 'Per i clienti', ['Cliente']));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    // Nor may it add one later.
    const widened = await as(client).request('PATCH', `/api/savedViews/${own.body.data.id}`, { relationships: { sharedRoleIds: [roleIds.Cliente, roleIds.Amministratore] } }, { 'if-match': `"${own.body.data.metadata.lastUpdatedDateTime}"` });
    expect(widened.status).toBe(422);
    expect(widened.body.errors).toEqual([{ pointer: '/relationships/sharedRoleIds/1', code: 'roleNotHeld', message: ROLE_NOT_HELD }]);
  });

  it('lets staff share with their own roles only', async () => {
    expect((await as(salesman).request('POST', '/api/savedViews', view(salesman, 'Miei', ['Commerciale']))).status).toBe(201);
    const refused = await as(salesman).request('POST', '/api/savedViews', view(salesman, 'Troppi', ['Commerciale', 'Pianificatore']));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: any) => error.pointer)).toEqual(['/relationships/sharedRoleIds/1']);
  });

  it('judges the user an administrator acts as by that user’s roles', async () => {
    const refused = await as(api.adminId, { 'x-impersonation': JSON.stringify({ userId: client }) }).request('POST', '/api/savedViews', view(client, 'Per conto', ['Amministratore']));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].code).toBe('roleNotHeld');
  });

  it('lets an administrator share with any role, and the owner keep those roles when changing the view', async () => {
    const shared = await as(api.adminId).request('POST', '/api/savedViews', view(salesman, 'Dall’amministratore', ['Commerciale', 'Pianificatore']));
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const renamed = await as(salesman).request('PATCH', `/api/savedViews/${shared.body.data.id}`, { attributes: { name: 'Rinominata' } }, { 'if-match': `"${shared.body.data.metadata.lastUpdatedDateTime}"` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.relationships.sharedRoleIds).toEqual([roleIds.Commerciale, roleIds.Pianificatore]);
  });
});
