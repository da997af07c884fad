/**
 * SPEC §6 "staff see modules per allowedModules", enforced by the API on every kind whose rows
 * carry `attributes.module`: a user without `med` never gets a `med` row (list, full-text search,
 * read by id, history) and cannot create one or move a row into `med`; rows without a module stay
 * visible. A user with no module listed keeps every module.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('allowedModules on %s', (engine) => {
  let api: Api;
  const roleIds: Record<string, string> = {};
  let fireOnly: string;
  let everyModule: string;
  const products: Record<string, any> = {};

  const create = async (type: string, body: unknown) => {
    const response = await api.as(api.adminId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    fireOnly = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Solo antincendio', allowedModules: ['fire'] });
    everyModule = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Tutti i moduli', allowedModules: [] });
    for (const [key, module] of [['fire', 'fire'], ['med', 'med'], ['none', undefined]] as const) {
      products[key] = await create('products', { attributes: { code: `MOD-${key}`, name: `Prodotto modulo ${key}`, listPrice: 10, ...(module ? { module } : {}) } });
    }
  });
  afterAll(() => api?.close());

  it('lists and searches only the rows of the user’s modules, and rows without a module', async () => {
    const list = await api.as(fireOnly).request('GET', '/api/products?filter[fullText]=modulo&page[size]=100');
    expect(list.status).toBe(200);
    const codes = list.body.data.map((p: any) => p.attributes.code).sort();
    expect(codes).toEqual(['MOD-fire', 'MOD-none']);
    expect(list.body.meta.total).toBe(2);
    // Asking for med explicitly does not widen the scope.
    const med = await api.as(fireOnly).request('GET', '/api/products?filter[module]=med');
    expect(med.body.data).toEqual([]);

    const all = await api.as(everyModule).request('GET', '/api/products?filter[fullText]=modulo&page[size]=100');
    expect(all.body.data.map((p: any) => p.attributes.code).sort()).toEqual(['MOD-fire', 'MOD-med', 'MOD-none']);
  });

  it('refuses to read a row of another module, with a code and an Italian message', async () => {
    const read = await api.as(fireOnly).request('GET', `/api/products/${products.med.id}`);
    expect(read.status).toBe(403);
    expect(read.headers['content-type']).toContain('application/problem+json');
    expect(read.body).toMatchObject({ code: 'MODULE_NOT_ALLOWED', message: expect.stringContaining('modulo') });
    const history = await api.as(fireOnly).request('GET', `/api/products/${products.med.id}/history`);
    expect(history.status).toBe(403);
    expect((await api.as(fireOnly).request('GET', `/api/products/${products.fire.id}`)).status).toBe(200);
    expect((await api.as(everyModule).request('GET', `/api/products/${products.med.id}`)).status).toBe(200);
  });

  it('refuses to create a row of another module, or to move one into it', async () => {
    const reminder = (module?: string) => ({
      attributes: { title: `Richiamare ${module ?? 'senza modulo'}`, dateTime: '2026-06-16T09:00:00.000Z', ...(module ? { module } : {}) },
      relationships: { userId: fireOnly },
    });
    const refused = await api.as(fireOnly).request('POST', '/api/reminders', reminder('med'));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MODULE_NOT_ALLOWED');

    const created = await api.as(fireOnly).request('POST', '/api/reminders', reminder('fire'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const moved = await api
      .as(fireOnly)
      .request('PATCH', `/api/reminders/${created.body.data.id}`, { attributes: { module: 'med' } }, { 'if-match': `"${created.body.data.metadata.lastUpdatedDateTime}"` });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('MODULE_NOT_ALLOWED');
    expect((await api.as(fireOnly).request('POST', '/api/reminders', reminder())).status).toBe(201);

    // An administrator's med reminder for this user is not theirs to see either.
    const forUser = await create('reminders', { ...reminder('med'), relationships: { userId: fireOnly } });
    const list = await api.as(fireOnly).request('GET', '/api/reminders?page[size]=100');
    expect(list.body.data.map((r: any) => r.id)).not.toContain(forUser.id);
    expect(list.body.data.map((r: any) => r.attributes.module ?? null).sort()).toEqual(['fire', null]);
  });

  it('sends the rule with the identity, so the client hides the same rows', async () => {
    const identity = (await api.as(fireOnly).request('GET', '/api/identity/authorization')).body[0];
    expect(identity.allowedModules).toEqual(['fire']);
    expect(identity.permissions).toContainEqual(
      expect.objectContaining({ inverted: true, subject: expect.arrayContaining(['product', 'reminder', 'equipment']), conditions: { 'attributes.module': { $exists: true, $nin: ['fire'] } } }),
    );
  });
});
