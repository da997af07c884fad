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
import { EntityRepository, FULL_TEXT_BOUNDED_SCAN } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { EXACT_TOTAL_LIMIT } from '../../src/domain/records.ts';
import { ANCHOR_EVERY } from '../../src/server/resources/page-anchors.ts';

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

  it('answers a deep page by number from its nearest keyset anchor exactly as OFFSET would, also after a write moved the rows', async () => {
    // The zones of the test above: more than ANCHOR_EVERY rows.
    const everyId = async () => {
      const ids: string[] = [];
      let after: string | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const res = await api.get(`/api/zones?sort=name&page[size]=100${after ? `&page[after]=${after}` : ''}`);
        ids.push(...res.body.data.map((z: { id: string }) => z.id));
        after = res.body.meta.page.next;
        if (!after) return ids;
      }
      throw new Error('no end');
    };
    const page = async (number: number) => (await api.get(`/api/zones?sort=name&page[size]=25&page[number]=${number}`)).body.data.map((z: { id: string }) => z.id);
    let all = await everyId();
    expect(all.length).toBeGreaterThan(ANCHOR_EVERY + 100);
    for (const number of [45, 41, 46, 45]) expect(await page(number)).toEqual(all.slice((number - 1) * 25, number * 25));
    // A zone that sorts first moves every row one place down: the anchors of zones are dropped.
    await api.create('zones', { attributes: { code: 'ZP', name: '0 Prima zona' } });
    all = await everyId();
    expect(await page(45)).toEqual(all.slice(44 * 25, 45 * 25));
    expect(await page(Math.ceil(all.length / 25) + 1)).toEqual([]);
  });

  it('reads a full-text page through the match set or by walking the sorted index, with the same answer', async () => {
    await sql`ANALYZE zones`.execute(api.database.db);
    const zones = findKind('zones')!;
    const repository = new EntityRepository(api.database.db, zones);
    const query = parseListQuery({ 'filter[fullText]': 'zon', sort: '-name', 'page[size]': '7' }, zones, { maxPageSize: 500, customFilters: {} });
    // Most of 1,200 rows match: a short walk finds the page.
    expect(await repository.fullTextPlan(query)).toBe('bounded');
    const plans = ['filter', 'index', 'bounded'] as const;
    const [walked, indexed, bounded] = await Promise.all(plans.map(async (plan) => (await repository.listStatements(query, { today: TODAY }, undefined, plan).page.execute(api.database.db)).rows.map((r) => r.id)));
    expect(walked).toHaveLength(7);
    expect(walked).toEqual(indexed);
    expect(bounded).toEqual(indexed);
    // The next page after the cursor, the same by each plan.
    const next = parseListQuery({ 'filter[fullText]': 'zon', sort: '-name', 'page[size]': '7', 'page[after]': (await repository.list(query, { today: TODAY })).next! }, zones, { maxPageSize: 500, customFilters: {} });
    const pages = await Promise.all(plans.map(async (plan) => (await repository.listStatements(next, { today: TODAY }, undefined, plan).page.execute(api.database.db)).rows.map((r) => r.id)));
    expect(pages[0]).toHaveLength(7);
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[2]).toEqual(pages[0]);
    const res = await api.get('/api/zones?filter[fullText]=zon&sort=-name&page[size]=7');
    expect(res.body.data.map((z: { id: string }) => z.id)).toEqual(walked);
    expect(res.body.meta.totalIsEstimate).toBe(true);
    const rare = parseListQuery({ 'filter[fullText]': 'zona 1117' }, zones, { maxPageSize: 500, customFilters: {} });
    expect(await repository.fullTextPlan(rare)).toBe('index');
    const [rareIndexed, rareWalked] = await Promise.all(['index', 'filter'].map(async (plan) => (await repository.listStatements(rare, { today: TODAY }, undefined, plan as 'index').page.execute(api.database.db)).rows.map((r) => r.id)));
    expect(rareIndexed).toHaveLength(1);
    expect(rareWalked).toEqual(rareIndexed);
  });

  it('a page read from the whole match set gives its size as total, an estimate beyond the counting limit as every large list gives', async () => {
    const zones = findKind('zones')!;
    const repository = new EntityRepository(api.database.db, zones);
    const query = parseListQuery({ 'filter[fullText]': 'zona', sort: 'name', 'page[size]': '7' }, zones, { maxPageSize: 500, customFilters: {} });
    const forced = Object.assign(Object.create(repository) as EntityRepository, { fullTextPlan: async () => 'index' as const });
    const counted = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM zones WHERE NOT is_deleted AND NOT is_archived AND search @@ to_tsquery('italian', 'zona:*')`.execute(api.database.db)).rows[0]!.n);
    expect(counted).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const answer = await forced.list(query, { today: TODAY });
    expect(answer).toMatchObject({ total: counted, totalIsExact: false });
    expect(answer.data).toHaveLength(7);
    // After a cursor the match set holds only what follows it: the total comes from the count as usual.
    const next = await forced.list(parseListQuery({ 'filter[fullText]': 'zona', sort: 'name', 'page[size]': '7', 'page[after]': answer.next! }, zones, { maxPageSize: 500, customFilters: {} }), { today: TODAY });
    expect(next.totalIsExact).toBe(false);
  });

  it(`a bounded walk that finds no full page within ${FULL_TEXT_BOUNDED_SCAN} rows is read again as the match set`, async () => {
    const zones = findKind('zones')!;
    const repository = new EntityRepository(api.database.db, zones);
    // Enough rows before them in the order that the walk's bound ends first; the matches all sort last.
    const filler = Array.from({ length: FULL_TEXT_BOUNDED_SCAN }, (_, i) => ({ id: randomUUID(), data: { attributes: { name: `Area ${i}` }, metadata: {}, relationships: {} }, by: null }));
    for (let i = 0; i < filler.length; i += 500) await repository.insert(filler.slice(i, i + 500));
    const last = Array.from({ length: 9 }, (_, i) => ({ id: randomUUID(), data: { attributes: { name: `Zzz lontanissima ${i}` }, metadata: {}, relationships: {} }, by: null }));
    await repository.insert(last);
    const query = parseListQuery({ 'filter[fullText]': 'lontanissima', sort: 'name', 'page[size]': '7' }, zones, { maxPageSize: 500, customFilters: {} });
    const bounded = (await repository.listStatements(query, { today: TODAY }, undefined, 'bounded').page.execute(api.database.db)).rows;
    expect(bounded).toHaveLength(0);
    const forced = Object.assign(Object.create(repository) as EntityRepository, { fullTextPlan: async () => 'bounded' as const });
    expect((await forced.list(query, { today: TODAY })).data.map((z) => z.attributes.name)).toEqual(last.slice(0, 7).map((z) => z.data.attributes.name));
  });
});
