/**
 * The list requests the API benchmark measures, as URLs of our API. The bare handler runs the very
 * statements our repository builds for the same URL (compiled once at start-up).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../src/server/db/database.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { parseListQuery } from '../../src/server/resources/list-query.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';

/** `meta.page.next` of a list URL: the cursor a client continues with. */
async function nextCursor(db: Kysely<DatabaseSchema>, path: string): Promise<string> {
  const kind = findKind('equipments')!;
  const query = parseListQuery(Object.fromEntries(new URL(path, 'http://x').searchParams.entries()), kind, { maxPageSize: 500, customFilters: {} });
  const { next } = await new EntityRepository(db, kind).list(query, { today: new Date().toISOString().slice(0, 10) });
  if (!next) throw new Error(`no page after ${path}`);
  return next;
}

export interface Scenario {
  name: string;
  description: string;
  path: string;
}

/** A word or prefix of the equipments' search vectors, and the share of the rows that have it. */
interface Searched {
  text: string;
  share: number;
}

/**
 * What users search for, from the data: on a fixed sample of the equipments (2 % of their pages,
 * REPEATABLE, so that every run picks the same), each prefix of letters of each stored word (`est` of
 * the serial number `EST24123456`, what is typed before its digits) by the rows that have it (a row
 * once), and each whole word of letters. A prefix found in nearly every row (`ATT` of every equipment
 * code `ATT-0000001`) is the whole list, not a search: left out.
 */
async function searched(db: Kysely<DatabaseSchema>): Promise<{ prefixes: Searched[]; words: Searched[] }> {
  const { rows } = await sql<{ text: string; whole: boolean; share: number }>`
    WITH sampled AS MATERIALIZED (SELECT tsvector_to_array(search) AS words FROM equipments TABLESAMPLE SYSTEM (2) REPEATABLE (50) WHERE NOT is_deleted),
    size AS (SELECT count(*)::float8 AS n FROM sampled)
    SELECT left(u.word, l) AS text, l = length(u.word) AS whole, count(*) / min(size.n) AS share
    FROM sampled AS s, size, unnest(s.words, array_prepend('', s.words[1:cardinality(s.words) - 1])) AS u(word, before), generate_series(1, length(u.word)) AS l
    WHERE left(u.before, l) IS DISTINCT FROM left(u.word, l) AND left(u.word, l) ~ '^[a-z]+$'
    GROUP BY 1, 2`.execute(db);
  const byShare = (a: Searched, b: Searched) => b.share - a.share || a.text.localeCompare(b.text);
  return {
    prefixes: rows.filter((row) => row.share < 0.9).map((row) => ({ text: row.text, share: Number(row.share) })).sort(byShare),
    words: rows.filter((row) => row.whole).map((row) => ({ text: row.text, share: Number(row.share) })).sort(byShare),
  };
}

const percent = (share: number) => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)} % of the rows`;

/** Picks realistic parameters from the data: the busiest customer and family, a common model word, what users search for. */
export async function scenarios(db: Kysely<DatabaseSchema>): Promise<Scenario[]> {
  const deepPage = '/api/equipments?sort=serialNumber&page[number]=2000&page[size]=25';
  const top = async (expression: string) =>
    (await sql<{ v: string }>`SELECT ${sql.raw(expression)} AS v FROM equipments WHERE NOT is_deleted GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(db)).rows[0]?.v;
  const customerId = await top(`relationships->>'customerId'`);
  const familyId = await top(`relationships->>'equipmentFamilyId'`);
  const word = (await sql<{ v: string }>`SELECT split_part(attributes->>'model', ' ', 1) AS v FROM equipments
    WHERE attributes->>'model' IS NOT NULL ORDER BY id LIMIT 1`.execute(db)).rows[0]?.v ?? 'estintore';
  const { prefixes, words } = await searched(db);
  const prefix2 = prefixes.find((p) => p.text.length === 2)!;
  const prefix3 = prefixes.find((p) => p.text.length === 3)!;
  // A word of four letters or more (a name, not a code) in about 1 % of the rows: where the plans meet.
  const named = words.filter((w) => w.text.length >= 4);
  const mid = [...named].sort((a, b) => Math.abs(Math.log(a.share / 0.01)) - Math.abs(Math.log(b.share / 0.01)))[0]!;
  // A serial number as typed from a plate: one row.
  const serial = (await sql<{ v: string }>`SELECT attributes->>'serialNumber' AS v FROM equipments WHERE attributes->>'serialNumber' IS NOT NULL ORDER BY id LIMIT 1`.execute(db)).rows[0]!.v;
  const fullText = (name: string, text: string, description: string): Scenario => ({
    name,
    description: `full-text "${text}" (${description}), newest first, with total`,
    path: `/api/equipments?filter[fullText]=${encodeURIComponent(text)}&page[size]=25`,
  });
  return [
    {
      name: 'customer',
      description: 'equipments of one customer, sorted by installation date, with total',
      path: `/api/equipments?filter[customerId]=${customerId}&sort=-installationDate&page[size]=25`,
    },
    {
      name: 'filtered',
      description: 'one family in state active, sorted by production date, with total',
      path: `/api/equipments?filter[equipmentFamilyId]=${familyId}&filter[state]=active&sort=-productionDate&page[size]=25`,
    },
    {
      name: 'fullText',
      description: `full-text "${word}" (prefix, Italian), newest first, with total`,
      path: `/api/equipments?filter[fullText]=${encodeURIComponent(word)}&page[size]=25`,
    },
    fullText('prefix2', prefix2.text.toUpperCase(), `the most common 2-letter prefix, ${percent(prefix2.share)}`),
    fullText('prefix3', prefix3.text.toUpperCase(), `the most common 3-letter prefix, ${percent(prefix3.share)}`),
    fullText('midWord', mid.text, `a word in ${percent(mid.share)}`),
    fullText('rareWord', serial, 'a serial number, one row'),
    {
      name: 'deepPage',
      description: 'page 2,000 of 25 sorted by serial number (offset 49,975), with total',
      path: deepPage,
    },
    {
      name: 'deepAfter',
      description: 'the page after page 2,000 by its cursor (page[after] = meta.page.next), with total',
      path: `/api/equipments?sort=serialNumber&page[size]=25&page[after]=${await nextCursor(db, deepPage)}`,
    },
  ];
}
