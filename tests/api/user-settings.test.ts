/**
 * User settings are private (issue 12): every user reads and writes their own, nobody else's — an
 * administrator neither. Another user's row answers 403 and never appears in a list, whatever the
 * filter; the shared `settings` tables a role may read do not reach them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('user settings privacy on %s', (engine) => {
  let api: Api;
  let salesman: string;
  let salesmanSettings: any;
  let adminSettings: any;

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    salesman = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Venditore' });
    const own = await api.as(salesman).request('POST', '/api/userSettings', { attributes: { hasDarkTheme: true }, relationships: { userId: salesman } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    salesmanSettings = own.body.data;
    const admin = await api.as(api.adminId).request('POST', '/api/userSettings', { attributes: { hasSidebarEnlarged: true }, relationships: { userId: api.adminId } });
    expect(admin.status, JSON.stringify(admin.body)).toBe(201);
    adminSettings = admin.body.data;
  });
  afterAll(() => api?.close());

  it('gives 403 when a user reads another user’s settings, an administrator included', async () => {
    const bySalesman = await api.as(salesman).request('GET', `/api/userSettings/${adminSettings.id}`);
    expect(bySalesman.status).toBe(403);
    expect(bySalesman.body.code).toBeTruthy();
    const byAdmin = await api.as(api.adminId).request('GET', `/api/userSettings/${salesmanSettings.id}`);
    expect(byAdmin.status).toBe(403);
    expect(JSON.stringify(byAdmin.body)).not.toContain('hasDarkTheme');
    expect((await api.as(salesman).request('GET', `/api/userSettings/${salesmanSettings.id}`)).status).toBe(200);
  });

  it('lists only the caller’s own settings, whatever the filter', async () => {
    const listed = await api.as(api.adminId).request('GET', '/api/userSettings?page[size]=100');
    expect(listed.body.data.map((s: any) => s.id)).toEqual([adminSettings.id]);
    const filtered = await api.as(salesman).request('GET', `/api/userSettings?filter[userId]=${api.adminId}`);
    expect(filtered.body.data).toEqual([]);
  });

  it('refuses writing another user’s settings', async () => {
    const patched = await api
      .as(api.adminId)
      .request('PATCH', `/api/userSettings/${salesmanSettings.id}`, { attributes: { hasDarkTheme: false } }, { 'if-match': `"${salesmanSettings.metadata.lastUpdatedDateTime}"` });
    expect(patched.status).toBe(403);
    const forged = await api.as(api.adminId).request('POST', '/api/userSettings', { attributes: {}, relationships: { userId: salesman } });
    expect(forged.status).toBe(403);
  });

  it('keeps the user’s own «Schede aperte al massimo» (50 unless chosen), refusing a value not offered', async () => {
    expect(salesmanSettings.attributes.tabLimit).toBe(50);
    const current = (await api.as(salesman).request('GET', `/api/userSettings/${salesmanSettings.id}`)).body.data;
    const wrong = await api
      .as(salesman)
      .request('PATCH', `/api/userSettings/${salesmanSettings.id}`, { attributes: { tabLimit: 25 } }, { 'if-match': `"${current.metadata.lastUpdatedDateTime}"` });
    expect(wrong.status).toBe(422);
    const chosen = await api
      .as(salesman)
      .request('PATCH', `/api/userSettings/${salesmanSettings.id}`, { attributes: { tabLimit: 0 } }, { 'if-match': `"${current.metadata.lastUpdatedDateTime}"` });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await api.as(salesman).request('GET', `/api/userSettings/${salesmanSettings.id}`)).body.data.attributes.tabLimit).toBe(0);
  });
});
