/**
 * What HTTP adds to the access rules proved in the service tier (tests/service/modules.test.ts,
 * quotation-abilities.test.ts, the permission matrix): a row of a module the user may not use is a
 * 403 problem+json with its code and an Italian message, and `GET /api/identity/authorization`
 * carries what the client builds the same ability from — the effective modules, the closing module
 * rule, the user's commercial zones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('allowedModules over HTTP on %s', (engine) => {
  let api: Api;
  let fireOnly: string;
  let medProduct: string;
  let zoneId: string;

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    fireOnly = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Solo antincendio', allowedModules: ['fire'], isSalesman: true });
    const created = async (type: string, body: unknown) => {
      const response = await api.as(api.adminId).request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data.id as string;
    };
    medProduct = await created('products', { attributes: { code: 'MOD-med', name: 'Prodotto modulo med', listPrice: 10, module: 'med' } });
    zoneId = await created('commercialZones', { attributes: { code: 'AREA', name: 'Area', provinces: [] }, relationships: { salesmanIds: [fireOnly] } });
  });
  afterAll(() => api?.close());

  it('answers a row of another module with 403 problem+json, its code and an Italian message', async () => {
    for (const path of [`/api/products/${medProduct}`, `/api/products/${medProduct}/history`]) {
      const read = await api.as(fireOnly).request('GET', path);
      expect(read.status).toBe(403);
      expect(read.headers['content-type']).toContain('application/problem+json');
      expect(read.body).toMatchObject({ code: 'MODULE_NOT_ALLOWED', message: expect.stringContaining('modulo') });
    }
  });

  it('sends the modules, the module rule and the commercial zones with the identity, so the client hides the same rows', async () => {
    const response = await api.as(fireOnly).request('GET', '/api/identity/authorization');
    expect(response.status).toBe(200);
    const [identity] = response.body;
    expect(identity.allowedModules).toEqual(['fire']);
    expect(identity.commercialZoneIds).toEqual([zoneId]);
    expect(identity.permissions).toContainEqual(
      expect.objectContaining({ inverted: true, subject: expect.arrayContaining(['product', 'reminder', 'equipment']), conditions: { 'attributes.module': { $exists: true, $nin: ['fire'] } } }),
    );
  });
});
