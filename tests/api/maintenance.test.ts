/**
 * Maintenance mode (issue 12): an administrator switches it on; every other user's request then
 * answers 503 MAINTENANCE (they may still ask who they are and whether it is on), while
 * administrators keep working; switched off, everyone works again. Only an administrator switches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('maintenance mode on %s', (engine) => {
  let api: Api;
  let salesman: string;

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    salesman = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Venditore' });
  });
  afterAll(() => api?.close());

  it('lets only an administrator switch it', async () => {
    const refused = await api.as(salesman).request('PUT', '/api/maintenance', { enabled: true });
    expect(refused.status).toBe(403);
    const invalid = await api.as(api.adminId).request('PUT', '/api/maintenance', { enabled: 'sì' });
    expect(invalid.status).toBe(422);
    expect((await api.as(salesman).request('GET', '/api/maintenance')).body.data.enabled).toBe(false);
  });

  it('stops other users while on, not administrators', async () => {
    const on = await api.as(api.adminId).request('PUT', '/api/maintenance', { enabled: true, message: 'Aggiornamento in corso fino alle 14' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toMatchObject({ enabled: true, message: 'Aggiornamento in corso fino alle 14' });

    const blocked = await api.as(salesman).request('GET', '/api/customers');
    expect(blocked.status).toBe(503);
    expect(blocked.body).toMatchObject({ code: 'MAINTENANCE', message: 'Aggiornamento in corso fino alle 14' });
    expect((await api.as(salesman).request('GET', '/api/identity/authorization')).status).toBe(200);
    expect((await api.as(salesman).request('GET', '/api/maintenance')).body.data.enabled).toBe(true);
    expect((await api.as(api.adminId).request('GET', '/api/customers')).status).toBe(200);

    const off = await api.as(api.adminId).request('PUT', '/api/maintenance', { enabled: false });
    expect(off.body.data.enabled).toBe(false);
    expect((await api.as(salesman).request('GET', '/api/customers')).status).toBe(200);
  });
});
