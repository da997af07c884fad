/** The SPEC §7 list language on a real database, through the real HTTP app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

const company = (name: string, extra: Record<string, unknown> = {}) => ({
  attributes: { allowedModules: ['fire'], registry: { businessName: name, isPerson: false }, ...extra },
});

describe.each(engines())('customer list language on %s', (engine) => {
  let api: Api;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await setupApi(engine);
    const rows = [
      ['alfa', company('Alfa Antincendio Srl', { registry: { businessName: 'Alfa Antincendio Srl', city: 'Milano', province: 'MI', vatNumber: '01114601006' }, rating: 5 })],
      ['beta', company('Beta Estintori Spa', { registry: { businessName: 'Beta Estintori Spa', city: 'Torino', province: 'TO' }, rating: 3, commercialPercentage: 10, validityDateTimeStart: '2026-01-01T00:00:00Z', validityDateTimeEnd: '2026-12-31T00:00:00Z' })],
      ['gamma', company('Gamma Sicurezza', { registry: { businessName: 'Gamma Sicurezza', city: 'Milano', province: 'MI' }, rating: 1, allowedModules: ['edu', 'med'] })],
      ['rossi', { attributes: { allowedModules: ['med'], registry: { isPerson: true, firstName: 'Mario', lastName: 'Rossi', city: 'Roma' } }, metadata: { type: 'active' } }],
    ] as const;
    for (const [key, body] of rows) ids[key] = (await api.create('customers', body)).id;
  });
  afterAll(() => api?.close());

  it('answers a page with meta.total and the default page size', async () => {
    const res = await api.get('/api/customers');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 4, page: { number: 1, size: 10 } });
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data[0]).toMatchObject({ id: expect.any(String), attributes: expect.any(Object), metadata: expect.any(Object), relationships: expect.any(Object) });
  });

  it('pages with page[number] and page[size], caps the size, and refuses pages below 1', async () => {
    const first = await api.get('/api/customers?page[size]=3&sort=displayName');
    const second = await api.get('/api/customers?page[size]=3&page[number]=2&sort=displayName');
    expect(first.body.data.map((c: any) => c.metadata.displayName)).toEqual(['Alfa Antincendio Srl', 'Beta Estintori Spa', 'Gamma Sicurezza']);
    expect(second.body.data.map((c: any) => c.metadata.displayName)).toEqual(['Rossi Mario']);
    expect((await api.get('/api/customers?page[size]=100000')).body.meta.page.size).toBe(500);
    for (const bad of ['page[number]=0', 'page[size]=0', 'page[size]=-1', 'page[number]=abc', 'page[size]=1.5']) {
      const res = await api.get(`/api/customers?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe('INVALID_QUERY');
      expect(res.body.errors[0].message).toBe('Deve essere almeno 1');
    }
  });

  it('sorts ascending and descending with a minus, several keys', async () => {
    const desc = await api.get('/api/customers?sort=-rating');
    expect(desc.body.data.slice(0, 3).map((c: any) => c.attributes.rating)).toEqual([5, 3, 1]);
    const multi = await api.get('/api/customers?sort=city,-rating&filter[isPerson]=false');
    expect(multi.body.data.map((c: any) => c.metadata.displayName)).toEqual(['Alfa Antincendio Srl', 'Gamma Sicurezza', 'Beta Estintori Spa']);
  });

  it('filters by field, by comma-separated lists, by booleans and array fields', async () => {
    expect((await api.get('/api/customers?filter[city]=Milano')).body.meta.total).toBe(2);
    expect((await api.get('/api/customers?filter[city]=Milano,Roma')).body.meta.total).toBe(3);
    expect((await api.get('/api/customers?filter[isPerson]=true')).body.data[0].id).toBe(ids.rossi);
    expect((await api.get('/api/customers?filter[type]=active')).body.meta.total).toBe(1);
    expect((await api.get('/api/customers?filter[allowedModules]=med')).body.meta.total).toBe(2);
    expect((await api.get('/api/customers?filter[vatNumber]=01114601006')).body.data[0].id).toBe(ids.alfa);
  });

  it('filters ranges with from/to, presence with has, ids, and full text in Italian', async () => {
    expect((await api.get('/api/customers?from[rating]=2&to[rating]=5')).body.meta.total).toBe(2);
    expect((await api.get('/api/customers?to[validityDateTimeEnd]=2026-12-31')).body.meta.total).toBe(1);
    expect((await api.get('/api/customers?has[validityDateTimeEnd]=true')).body.meta.total).toBe(1);
    expect((await api.get('/api/customers?has[validityDateTimeEnd]=false')).body.meta.total).toBe(3);
    expect((await api.get(`/api/customers?ids=${ids.alfa},${ids.gamma}`)).body.meta.total).toBe(2);
    expect((await api.get('/api/customers?filter[fullText]=estint')).body.data.map((c: any) => c.id)).toEqual([ids.beta]);
    expect((await api.get('/api/customers?filter[fullText]=sicurezza%20milano')).body.data.map((c: any) => c.id)).toEqual([ids.gamma]);
    expect((await api.get('/api/customers?filter[fullText]=rossi')).body.data.map((c: any) => c.id)).toEqual([ids.rossi]);
    // tsquery syntax in the input is text, not syntax
    expect((await api.get("/api/customers?filter[fullText]=%27%26!%7C(:*")).status).toBe(200);
  });

  it('offers the SPEC §7 customer filters excludeId and have[commercialOffer]', async () => {
    expect((await api.get(`/api/customers?filter[excludeId]=${ids.alfa}`)).body.meta.total).toBe(3);
    expect((await api.get('/api/customers?have[commercialOffer]=true')).body.data.map((c: any) => c.id)).toEqual([ids.beta]);
    expect((await api.get('/api/customers?have[priceList]=false')).body.meta.total).toBe(4);
  });

  it('rejects unknown filters, sort keys, ranges and malformed values with 400 problem+json', async () => {
    const cases = [
      'filter[password]=x', 'sort=secret', 'sort=-attributes', 'from[city]=A', 'filter[parentId]=not-a-uuid',
      'filter[isPerson]=yes', 'ids=1,2', 'filter[rating]=abc', 'bogus=1', 'filter[isDeleted]=maybe', 'have[nothing]=true',
      'to[validityDateTimeEnd]=2026-13-45', 'filter[excludeId]=1',
    ];
    for (const query of cases) {
      const res = await api.get(`/api/customers?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('INVALID_QUERY');
      expect(res.body.errors[0].pointer, query).toMatch(/^\?/);
    }
  });

  it('hides archived and deleted rows unless asked', async () => {
    const gamma = (await api.get(`/api/customers/${ids.gamma}`)).body.data;
    const archived = await api.act('customers', gamma, 'archive');
    expect(archived.status).toBe(200);
    expect(archived.body.data.metadata.isArchived).toBe(true);
    expect((await api.get('/api/customers')).body.meta.total).toBe(3);
    expect((await api.get('/api/customers?filter[isArchived]=true')).body.data.map((c: any) => c.id)).toEqual([ids.gamma]);
    expect((await api.get('/api/customers?filter[isArchived]=all')).body.meta.total).toBe(4);
    const restored = await api.act('customers', archived.body.data, 'restore');
    expect(restored.body.data.metadata.isArchived).toBe(false);
    expect((await api.get('/api/customers')).body.meta.total).toBe(4);
  });
});
