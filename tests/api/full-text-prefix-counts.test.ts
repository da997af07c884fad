/**
 * A prefix of many rare words (`EST` of every serial number `EST24123456`, each found once) is a
 * common search: the planner took it for a rare word, and the page read, sorted and counted every
 * match. Large tables keep counts of their words' prefixes (migration 0045, search-prefixes.ts): the
 * page walks the sorted index, and the total above the counting limit is an estimate, never a count.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { EXACT_TOTAL_LIMIT } from '../../src/domain/records.ts';
import { parseListQuery } from '../../src/server/resources/list-query.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { PREFIX_COUNTS_MIN_ROWS, termShares } from '../../src/server/resources/search-prefixes.ts';
import { engines, setupApi, TODAY, type Api } from './setup.ts';

/** Rows: a little more than the smallest table that keeps counts. */
const ROWS = PREFIX_COUNTS_MIN_ROWS + 2_000;

describe.each(engines())('full-text prefix counts on %s', (engine) => {
  let api: Api;
  /** How many zones have a code beginning with EST: about 40 % of them, each code found once. */
  let withEst = 0;

  beforeAll(async () => {
    api = await setupApi(engine);
    const zones = new EntityRepository(api.database.db, findKind('zones')!);
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const family = i % 5 < 2 ? 'EST' : i % 5 < 4 ? 'PTF' : 'IDR';
      if (family === 'EST') withEst++;
      return { id: randomUUID(), by: null, data: { attributes: { code: `${family}${String(24_000_000 + i)}`, name: i === 7 ? 'Zona Lontanissima' : `Zona ${i}` }, metadata: {}, relationships: {} } };
    });
    for (let i = 0; i < rows.length; i += 1_000) await zones.insert(rows.slice(i, i + 1_000));
    await sql`ANALYZE zones`.execute(api.database.db);
  }, 120_000);
  afterAll(() => api?.close());

  const query = (text: string) => parseListQuery({ 'filter[fullText]': text, 'page[size]': '25' }, findKind('zones')!, { maxPageSize: 500, customFilters: {} });

  it('counts the prefixes of a large table once, and tells each term its share', async () => {
    const db = api.database.db;
    const planned = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM zones`.execute(db)).rows[0]!.n);
    const shares = await termShares(db, 'zones', ['EST', 'Lontanissima', 'di', 'XYZ'], planned);
    expect(shares).toHaveLength(4);
    // A sample of the table: near the truth, not exact.
    expect(shares![0]!.share).toBeGreaterThan((0.7 * withEst) / ROWS);
    expect(shares![0]!.share).toBeLessThan((1.3 * withEst) / ROWS);
    // One row's word, a stop word (no condition), a prefix of nothing.
    expect(shares![1]).toEqual({ stop: false });
    expect(shares![2]).toEqual({ stop: true });
    expect(shares![3]).toEqual({ stop: false });
    const stored = await sql<{ prefix: string; documents: string }>`SELECT prefix, documents FROM search_prefix_counts WHERE table_name = 'zones' AND prefix IN ('', 'est', 'zon')`.execute(db);
    const documents = Object.fromEntries(stored.rows.map((row) => [row.prefix, Number(row.documents)]));
    expect(documents['']).toBe(planned);
    expect(documents.zon).toBeGreaterThan(0.9 * ROWS);
    // A small table keeps none: the planner answers.
    expect(await termShares(db, 'roles', ['Operatore'], 40)).toBeUndefined();
  });

  it('walks the sorted index for a prefix of many rare words, where the planner expected few', async () => {
    const db = api.database.db;
    const explained = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM zones WHERE search @@ to_tsquery('italian', 'est:*')`.execute(db);
    const plan = explained.rows[0]!['QUERY PLAN'];
    const plannerRows = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'] as number;
    expect(plannerRows).toBeLessThan(withEst / 10);
    const repository = new EntityRepository(db, findKind('zones')!);
    expect(await repository.fullTextPlan(query('EST'))).not.toBe('index');
    expect(await repository.fullTextPlan(query('IDR24000004'))).toBe('index');
    // The same rows whichever way they are read.
    const [walked, indexed] = await Promise.all((['filter', 'index'] as const).map(async (how) => (await repository.listStatements(query('EST'), { today: TODAY }, undefined, how).page.execute(db)).rows.map((row) => row.id)));
    expect(walked).toHaveLength(25);
    expect(walked).toEqual(indexed);
  });

  it('gives the total of a common prefix as an estimate from its count, and of a rare word exactly', async () => {
    const common = await api.get('/api/zones?filter[fullText]=EST&page[size]=25');
    expect(common.status).toBe(200);
    expect(common.body.data).toHaveLength(25);
    expect(common.body.data.every((zone: { attributes: { code: string } }) => zone.attributes.code.startsWith('EST'))).toBe(true);
    expect(common.body.meta.totalIsEstimate).toBe(true);
    expect(common.body.meta.total).toBeGreaterThan(0.7 * withEst);
    expect(common.body.meta.total).toBeLessThan(1.3 * withEst);
    // Two common prefixes that never meet in one row: their shares multiply to a few thousand expected, counted up to the limit.
    const none = await api.get('/api/zones?filter[fullText]=EST%20PTF&page[size]=25');
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.total).toBe(0);
    expect(none.body.meta.totalIsEstimate).toBeUndefined();
    const rare = await api.get('/api/zones?filter[fullText]=Lontanissima&page[size]=25');
    expect(rare.body.data).toHaveLength(1);
    expect(rare.body.meta).toEqual({ total: 1, page: { number: 1, size: 25 } });
  });

  it('never gives an exact total above the counting limit, also when the page read every match', async () => {
    const repository = new EntityRepository(api.database.db, findKind('zones')!);
    const forced = Object.assign(Object.create(repository) as EntityRepository, { fullTextPlan: async () => 'index' as const });
    const answer = await forced.list(query('PTF'), { today: TODAY });
    expect(answer.data).toHaveLength(25);
    // The match set's own size, flagged as the large lists' totals are.
    expect(answer.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(answer.totalIsExact).toBe(false);
    const res = await api.get('/api/zones?filter[fullText]=PTF&page[size]=25');
    expect(res.body.meta.totalIsEstimate).toBe(true);
  });
});
