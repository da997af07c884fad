/** Writes on a real database: validation in Italian, strictness, versions, duplicates, relations, malformed input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

const company = (name: string, registry: Record<string, unknown> = {}) => ({
  attributes: { allowedModules: ['fire'], registry: { businessName: name, ...registry } },
});

describe.each(engines())('customer writes on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('creates with defaults, derived display name, common metadata and an ETag', async () => {
    const res = await api.post('/api/customers', company('Delta Srl'));
    expect(res.status).toBe(201);
    const customer = res.body.data;
    expect(res.headers.location).toBe(`/api/customers/${customer.id}`);
    expect(res.headers.etag).toBe(`"${customer.metadata.lastUpdatedDateTime}"`);
    expect(customer.metadata).toMatchObject({
      displayName: 'Delta Srl', type: 'potential', isDeleted: false, isArchived: false, createdBy: api.adminId, lastUpdatedBy: api.adminId, deletedDateTime: null,
    });
    expect(customer.attributes.registry).toMatchObject({ isPerson: false, gender: 'male', erpCountryCode: 86, isValid: true });
    expect(customer.attributes.commercialOfferType).toBe('discount');
    expect(customer.metadata.createdDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('records since when it is a customer and counts its additional fields, whatever the client sends (SPEC §3 dateTime, additionalFieldsLength)', async () => {
    const field = (name: string) => ({ type: 'text', label: name, name });
    const created = (await api.post('/api/customers', {
      ...company('Epsilon Srl'),
      metadata: { additionalPEFields: [field('reparto'), field('piano')] },
      relationships: { additionalFieldsLength: 40 },
    })).body.data;
    expect(Math.abs(Date.parse(created.metadata.dateTime) - Date.parse(created.metadata.createdDateTime))).toBeLessThan(5000);
    expect(created.relationships.additionalFieldsLength).toBe(2);
    // An import from the ERP carries its own date; a change of fields is counted again.
    const imported = (await api.post('/api/customers', { ...company('Zeta Srl'), metadata: { dateTime: '2019-03-04T08:00:00Z' } })).body.data;
    expect(imported.metadata.dateTime).toBe('2019-03-04T08:00:00.000Z');
    const patched = await api.patch(`/api/customers/${created.id}`, { metadata: { additionalPEFields: [field('reparto')] } }, created.metadata.lastUpdatedDateTime);
    expect(patched.status).toBe(200);
    expect(patched.body.data.relationships.additionalFieldsLength).toBe(1);
    expect(patched.body.data.metadata.dateTime).toBe(created.metadata.dateTime);
    const since = await api.get(`/api/customers?from[customerSince]=2019-01-01&to[customerSince]=2019-12-31`);
    expect(since.body.data.map((c: { id: string }) => c.id)).toEqual([imported.id]);
  });

  it('explains validation failures in Italian with a pointer per field (SPEC §5)', async () => {
    const res = await api.post('/api/customers', {
      attributes: { allowedModules: [], registry: { isPerson: true, email: 'not-an-email', website: 'nope', vatNumber: '12345678901', erpCountryCode: -1 } },
    });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 422, message: 'I dati inviati non sono validi' });
    const byPointer = Object.fromEntries(res.body.errors.map((e: any) => [e.pointer, e.message]));
    expect(byPointer['/attributes/registry/email']).toBe('Indirizzo email non valido');
    expect(byPointer['/attributes/registry/website']).toBe('Indirizzo web non valido');
    expect(byPointer['/attributes/registry/vatNumber']).toBe('Partita IVA non valida');
    expect(byPointer['/attributes/registry/erpCountryCode']).toMatch(/Troppo piccolo/);
  });

  it('applies the registry rules: person names, business name, modules without a parent', async () => {
    const person = await api.post('/api/customers', { attributes: { allowedModules: ['med'], registry: { isPerson: true, firstName: ' ' } } });
    const pointers = person.body.errors.map((e: any) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/attributes/registry/firstName', '/attributes/registry/lastName']));
    expect(person.body.errors.find((e: any) => e.pointer === '/attributes/registry/lastName').message).toBe('Obbligatorio');
    const noName = await api.post('/api/customers', { attributes: { allowedModules: ['med'], registry: {} } });
    expect(noName.body.errors.map((e: any) => e.pointer)).toContain('/attributes/registry/businessName');
    const noModules = await api.post('/api/customers', { attributes: { allowedModules: [], registry: { businessName: 'X' } } });
    expect(noModules.body.errors[0]).toMatchObject({ pointer: '/attributes/allowedModules', code: 'atLeastOneModule' });
  });

  it('corrects years outside 1900–2099 (SPEC §5)', async () => {
    const created = await api.create('customers', { attributes: { allowedModules: ['med'], registry: { isPerson: true, firstName: 'Anna', lastName: 'Bianchi', birthDate: '0085-04-03' } } });
    expect(created.attributes.registry.birthDate).toBe('2085-04-03');
  });

  it('rejects unknown keys and server-managed metadata (mass assignment)', async () => {
    const extra = await api.post('/api/customers', { ...company('Eps'), isAdmin: true });
    expect(extra.status).toBe(422);
    expect(extra.body.errors[0].pointer).toBe('/isAdmin');
    const nested = await api.post('/api/customers', company('Eps', { hacked: 1 }));
    expect(nested.body.errors[0].pointer).toBe('/attributes/registry/hacked');
    const withId = await api.post('/api/customers', { id: '00000000-0000-4000-8000-000000000000', ...company('Eps') });
    expect(withId.status).toBe(422);
    for (const key of ['createdBy', 'isDeleted', 'createdDateTime', 'displayName']) {
      const res = await api.post('/api/customers', { ...company('Eps'), metadata: { [key]: 'x' } });
      expect(res.status, key).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ pointer: `/metadata/${key}`, code: 'readOnly' });
    }
  });

  it('refuses a second customer with the same VAT number or fiscal code (CUSTOMER_ALREADY_EXISTS)', async () => {
    await api.create('customers', company('Zeta Srl', { vatNumber: '01114601006' }));
    const dup = await api.post('/api/customers', company('Zeta Due Srl', { vatNumber: 'IT01114601006' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CUSTOMER_ALREADY_EXISTS', message: 'Esiste già un cliente con questi dati' });
    await api.create('customers', { attributes: { allowedModules: ['med'], registry: { isPerson: true, firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' } } });
    const dupFc = await api.post('/api/customers', { attributes: { allowedModules: ['med'], registry: { isPerson: true, firstName: 'M', lastName: 'R', fiscalCode: 'rssmra85t10a562s' } } });
    expect(dupFc.body.code).toBe('CUSTOMER_ALREADY_EXISTS');
  });

  it('updates with JSON merge patch on the version it was based on; stale versions get 409', async () => {
    const created = await api.create('customers', company('Eta Srl', { city: 'Bari', phoneNumber: '080123' }));
    const noVersion = await api.request('PATCH', `/api/customers/${created.id}`, { body: { attributes: { rating: 2 } } });
    expect(noVersion.status).toBe(428);
    expect(noVersion.body.code).toBe('PRECONDITION_REQUIRED');
    const first = await api.patch(`/api/customers/${created.id}`, { attributes: { registry: { city: 'Lecce', phoneNumber: null } } }, created.metadata.lastUpdatedDateTime);
    expect(first.status).toBe(200);
    expect(first.body.data.attributes.registry).toMatchObject({ city: 'Lecce', businessName: 'Eta Srl' });
    expect(first.body.data.attributes.registry.phoneNumber).toBeUndefined();
    expect(first.body.data.metadata.lastUpdatedDateTime > created.metadata.lastUpdatedDateTime).toBe(true);
    const stale = await api.patch(`/api/customers/${created.id}`, { attributes: { rating: 4 } }, created.metadata.lastUpdatedDateTime);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: first.body.data.metadata.lastUpdatedDateTime });
    // the version may also travel in the body
    const viaBody = await api.request('PATCH', `/api/customers/${created.id}`, {
      body: { attributes: { rating: 4 }, metadata: { lastUpdatedDateTime: first.body.data.metadata.lastUpdatedDateTime } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(viaBody.status).toBe(200);
    expect(viaBody.body.data.attributes.rating).toBe(4);
    const invalid = await api.patch(`/api/customers/${created.id}`, { attributes: { registry: { businessName: '' } } }, viaBody.body.data.metadata.lastUpdatedDateTime);
    expect(invalid.status).toBe(422);
    expect((await api.get(`/api/customers/${created.id}`)).body.data.attributes.registry.businessName).toBe('Eta Srl');
  });

  it('keeps an address’s parts following its line whoever writes it: street and number, road, house number, complete address', async () => {
    const created = await api.create('customers', company('Iota Srl', { address: 'Via XX Settembre 12/A' }));
    expect(created.attributes.registry).toMatchObject({ street: 'Via XX Settembre', streetNumber: '12/A' });
    const office = { address: 'Via Roma 3', zipCode: '21100', city: 'Varese', province: 'VA', completeAddress: 'Via Roma 3, 21100 Varese (VA)' };
    const moved = await api.patch(`/api/customers/${created.id}`, {
      attributes: { registry: { address: 'Piazza Duomo, 1', addresses: [{ address: 'Strada senza numero' }] }, registeredOffice: office },
    }, created.metadata.lastUpdatedDateTime);
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes.registry).toMatchObject({ street: 'Piazza Duomo', streetNumber: '1', addresses: [{ road: 'Strada senza numero' }] });
    expect(moved.body.data.attributes.registry.addresses[0].houseNumber).toBeUndefined();
    expect(moved.body.data.attributes.registeredOffice).toMatchObject({ road: 'Via Roma', houseNumber: '3', completeAddress: 'Via Roma 3, 21100 Varese (VA)' });
    // A new city moves the complete address with it; a line emptied takes its parts along.
    const city = await api.patch(`/api/customers/${created.id}`, { attributes: { registry: { address: null }, registeredOffice: { city: 'Gallarate' } } }, moved.body.data.metadata.lastUpdatedDateTime);
    expect(city.body.data.attributes.registeredOffice.completeAddress).toBe('Via Roma 3, 21100 Gallarate (VA)');
    expect(city.body.data.attributes.registry.street).toBeUndefined();
    expect(city.body.data.attributes.registry.streetNumber).toBeUndefined();
  });

  it('lets exactly one of two concurrent writers on the same version win', async () => {
    const created = await api.create('customers', company('Theta Srl'));
    const version = created.metadata.lastUpdatedDateTime;
    const results = await Promise.all([1, 2, 3].map((rating) => api.patch(`/api/customers/${created.id}`, { attributes: { rating } }, version)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('checks references on write and relations on delete (ENTITY_RELATIONS_FOUND)', async () => {
    const missing = await api.post('/api/customers', { ...company('Iota'), relationships: { customerGroupId: '00000000-0000-4000-8000-000000000001' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ pointer: '/relationships/customerGroupId', code: 'referenceNotFound' });
    const parent = await api.create('customers', company('Kappa Holding'));
    const office = await api.create('customers', { attributes: { registry: { businessName: 'Kappa sede di Pavia' }, parentId: parent.id }, metadata: { type: 'officeLocation' } });
    const blocked = await api.request('DELETE', `/api/customers/${parent.id}`, { headers: { 'if-match': `"${parent.metadata.lastUpdatedDateTime}"` } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('ENTITY_RELATIONS_FOUND');
    expect(blocked.body.relations).toEqual([{ type: 'customers', label: 'Clienti', count: 1 }]);
    const deleted = await api.request('DELETE', `/api/customers/${office.id}`, { headers: { 'if-match': `"${office.metadata.lastUpdatedDateTime}"` } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.metadata).toMatchObject({ isDeleted: true, deletedBy: api.adminId });
    expect((await api.get(`/api/customers?filter[isDeleted]=true&ids=${office.id}`)).body.meta.total).toBe(1);
    const again = await api.request('DELETE', `/api/customers/${office.id}`, { headers: { 'if-match': `"${deleted.body.data.metadata.lastUpdatedDateTime}"` } });
    expect(again.body.code).toBe('ENTITY_DELETED');
    const now = (await api.get(`/api/customers/${parent.id}`)).body.data;
    expect((await api.request('DELETE', `/api/customers/${parent.id}`, { headers: { 'if-match': `"${now.metadata.lastUpdatedDateTime}"` } })).status).toBe(200);
  });

  it('never answers bad input with a 500 or a stack trace', async () => {
    const id = (await api.create('customers', company('Lambda Srl'))).id;
    const attempts: [string, string, { rawBody?: string; body?: unknown; headers?: Record<string, string> }][] = [
      ['POST', '/api/customers', { rawBody: '{"attributes":', headers: { 'content-type': 'application/json' } }],
      ['POST', '/api/customers', { rawBody: '', headers: { 'content-type': 'application/json' } }],
      ['POST', '/api/customers', { rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['POST', '/api/customers', { rawBody: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } }],
      ['POST', '/api/customers', { body: [1, 2, 3] }],
      ['POST', '/api/customers', { body: 'text' }],
      ['POST', '/api/customers', { body: { attributes: null } }],
      ['POST', '/api/customers', { body: { attributes: { registry: { businessName: 'x'.repeat(100000) }, allowedModules: ['fire'] } } }],
      ['POST', '/api/customers', { body: { attributes: { allowedModules: ['fire'], registry: { businessName: 'X', birthDate: '2024-02-30' } } } }],
      ['POST', '/api/customers', { body: { attributes: { allowedModules: ['fire'], registry: { businessName: 'X', erpCountryCode: 1e308 * 10 } } } }],
      ['GET', '/api/customers/not-a-uuid', {}],
      ['GET', '/api/customers/%E0%A4%A', {}],
      ['GET', '/api/nothing', {}],
      ['GET', '/api/customers?sort=' + '-'.repeat(5000), {}],
      ['PATCH', `/api/customers/${id}`, { body: { attributes: {} }, headers: { 'if-match': 'garbage' } }],
      ['PATCH', `/api/customers/${id}`, { body: null, headers: { 'if-match': '"2020-01-01T00:00:00.000Z"' } }],
      ['DELETE', `/api/customers/${id}`, { headers: { 'if-match': '"1999-01-01T00:00:00.000Z"' } }],
      ['POST', `/api/customers/${id}/actions/explode`, { body: {} }],
      ['POST', `/api/customers/${id}/actions/archive`, { rawBody: '[', headers: { 'content-type': 'application/json', 'if-match': 'x' } }],
      ['PUT', '/api/customers', { body: {} }],
    ];
    for (const [method, url, options] of attempts) {
      const res = await api.request(method, url, options);
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      expect(res.headers['content-type'], `${method} ${url}`).toContain('application/problem+json');
      expect(res.body.code, `${method} ${url}`).toMatch(/^[A-Z_]+$/);
      expect(typeof res.body.message).toBe('string');
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });
});

describe.each(engines())('without AUTH_DISABLED on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
  });
  afterAll(() => api?.close());

  it('answers every /api request with 401 problem+json: the default is secure', async () => {
    for (const [method, url] of [['GET', '/api/customers'], ['POST', '/api/customers'], ['GET', '/api/users']]) {
      const res = await api.request(method as string, url as string, method === 'POST' ? { body: {} } : {});
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect((await api.get('/api/health')).status).toBe(200);
  });
});
