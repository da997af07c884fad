/**
 * Lists at scale: keyset continuation (`page[after]` with the opaque `meta.page.next` cursor) gives
 * the same rows as `page[number]` in every order, NULLs and ties included; totals above the exact
 * limit are the database's estimate, flagged with `meta.totalIsEstimate`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, setupApi, TODAY, type Api } from './setup.ts';
import { parseListQuery } from '../../src/server/resources/list-query.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { EXACT_TOTAL_LIMIT } from '../../src/domain/records.ts';

const company = (name: string, city: string | undefined, rating: number | undefined) => ({
  attributes: { allowedModules: ['fire'], registry: { businessName: name, isPerson: false, ...(city ? { city } : {}) }, ...(rating === undefined ? {} : { rating }) },
});

describe.each(engines())('list continuation and estimated totals on %s', (engine) => {
  let api: Api;

  beforeAll(async () => {
    api = await setupApi(engine);
    // Repeated cities and ratings (ties broken by id) and missing ones (NULLs first ascending, last descending).
    const cities = ['Milano', 'Torino', undefined, 'Roma', 'Milano', undefined, 'Bari', 'Torino', 'Milano', 'Aosta', undefined, 'Roma', 'Como'];
    for (const [i, city] of cities.entries()) await api.create('customers', company(`Ditta ${String(i).padStart(2, '0')}`, city, i % 4 === 0 ? undefined : i % 3));
  });
  afterAll(() => api?.close());

  /** Every row, page after page, through the cursors. */
  async function walk(query: string, size: number): Promise<string[]> {
    const ids: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 50; guard++) {
      const res = await api.get(`/api/customers?${query}&page[size]=${size}${after ? `&page[after]=${after}` : ''}`);
      expect(res.status, res.body.message).toBe(200);
      ids.push(...res.body.data.map((c: { id: string }) => c.id));
      after = res.body.meta.page.next;
      if (after === undefined) return ids;
      expect(after).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    throw new Error('no end');
  }

  it.each(['sort=city', 'sort=-city', 'sort=-rating,city', 'sort=rating,-displayName', 'sort=-createdDateTime', 'sort=city&filter[isPerson]=false', ''])(
    'walks %s with page[after] exactly as page[number] lists it',
    async (query) => {
      const all = (await api.get(`/api/customers?${query}&page[size]=100`)).body.data.map((c: { id: string }) => c.id);
      expect(all).toHaveLength(13);
      expect(await walk(query, 4)).toEqual(all);
      expect(await walk(query, 1)).toEqual(all);
    },
  );

  it('gives the cursor on full pages only, with page[number] too', async () => {
    const full = await api.get('/api/customers?sort=city&page[size]=5&page[number]=2');
    expect(full.body.meta.page.next).toEqual(expect.any(String));
    const continued = await api.get(`/api/customers?sort=city&page[size]=5&page[after]=${full.body.meta.page.next}`);
    const third = await api.get('/api/customers?sort=city&page[size]=5&page[number]=3');
    expect(continued.body.data.map((c: { id: string }) => c.id)).toEqual(third.body.data.map((c: { id: string }) => c.id));
    expect(continued.body.meta.total).toBe(13);
    expect(third.body.meta.page).toEqual({ number: 3, size: 5 });
  });

  it('refuses a cursor that is not one, or that belongs to another order', async () => {
    const next = (await api.get('/api/customers?sort=city&page[size]=2')).body.meta.page.next as string;
    const forged = Buffer.from(JSON.stringify({ s: 'city,id', v: ['x', 'not-a-uuid'] })).toString('base64url');
    for (const query of [`sort=-city&page[after]=${next}`, `page[after]=${next}`, 'sort=city&page[after]=abc', 'sort=city&page[after]=%27%3B', `sort=city&page[after]=${forged}`]) {
      const res = await api.get(`/api/customers?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('INVALID_QUERY');
      expect(res.body.errors[0].pointer).toBe('?page[after]');
    }
  });

  it(`counts exactly up to ${EXACT_TOTAL_LIMIT} rows and estimates beyond, saying so`, async () => {
    const zones = findKind('zones')!;
    const rows = Array.from({ length: EXACT_TOTAL_LIMIT + 200 }, (_, i) => ({ id: randomUUID(), data: { attributes: { name: `Zona ${i}` }, metadata: {}, relationships: {} }, by: null }));
    for (let i = 0; i < rows.length; i += 200) await new EntityRepository(api.database.db, zones).insert(rows.slice(i, i + 200));
    const big = await api.get('/api/zones?page[size]=5');
    expect(big.status).toBe(200);
    expect(big.body.meta.totalIsEstimate).toBe(true);
    expect(big.body.meta.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const small = await api.get('/api/zones?filter[fullText]=Zona&page[size]=5&ids=' + rows.slice(0, 3).map((r) => r.id).join(','));
    expect(small.body.meta).toEqual({ total: 3, page: { number: 1, size: 5 } });
  });

  it('reads a word found in most rows through the sorted index, with the same answer as the full-text index', async () => {
    await sql`ANALYZE zones`.execute(api.database.db);
    const zones = findKind('zones')!;
    const repository = new EntityRepository(api.database.db, zones);
    const query = parseListQuery({ 'filter[fullText]': 'zon', sort: '-name', 'page[size]': '7' }, zones, { maxPageSize: 500, customFilters: {} });
    expect(await repository.fullTextPlan(query)).toBe('filter');
    const statements = [repository.listStatements(query, { today: TODAY }, undefined, 'filter'), repository.listStatements(query, { today: TODAY }, undefined, 'index')];
    const [walked, indexed] = await Promise.all(statements.map(async (s) => (await s.page.execute(api.database.db)).rows.map((r) => r.id)));
    expect(walked).toHaveLength(7);
    expect(walked).toEqual(indexed);
    const res = await api.get('/api/zones?filter[fullText]=zon&sort=-name&page[size]=7');
    expect(res.body.data.map((z: { id: string }) => z.id)).toEqual(walked);
    expect(res.body.meta.totalIsEstimate).toBe(true);
    const rare = parseListQuery({ 'filter[fullText]': 'zona 1117' }, zones, { maxPageSize: 500, customFilters: {} });
    expect(await repository.fullTextPlan(rare)).toBe('index');
  });
});
