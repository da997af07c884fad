/**
 * Users are disabled and enabled again by a declared action (issue 12): a disabled user's next
 * request answers 403 USER_DISABLED, enabled again they work; an administrator cannot disable
 * themselves, and someone without `update` on users cannot disable anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('enable and disable users on %s', (engine) => {
  let api: Api;
  let salesman: string;

  const act = async (by: string, userId: string, action: string) => {
    const user = (await api.as(api.adminId).request('GET', `/api/users/${userId}`)).body.data;
    return api.as(by).request('POST', `/api/users/${userId}/actions/${action}`, {}, { 'if-match': `"${user.metadata.lastUpdatedDateTime}"` });
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    salesman = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Venditore' });
  });
  afterAll(() => api?.close());

  it('disables a user at their next request and enables them again', async () => {
    const disabled = await act(api.adminId, salesman, 'disable');
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data.metadata.isEnabled).toBe(false);
    const refused = await api.as(salesman).request('GET', '/api/customers');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('USER_DISABLED');
    expect((await act(api.adminId, salesman, 'enable')).status).toBe(200);
    expect((await api.as(salesman).request('GET', '/api/customers')).status).toBe(200);
  });

  it('refuses disabling oneself, and to users without the permission', async () => {
    const self = await act(api.adminId, api.adminId, 'disable');
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Non puoi disattivare il tuo utente');
    expect((await act(salesman, api.adminId, 'disable')).status).toBe(403);
  });
});
