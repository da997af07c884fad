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

/** Picks realistic parameters from the data: the busiest customer and family, a common model word. */
export async function scenarios(db: Kysely<DatabaseSchema>): Promise<Scenario[]> {
  const deepPage = '/api/equipments?sort=serialNumber&page[number]=2000&page[size]=25';
  const top = async (expression: string) =>
    (await sql<{ v: string }>`SELECT ${sql.raw(expression)} AS v FROM equipments WHERE NOT is_deleted GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(db)).rows[0]?.v;
  const customerId = await top(`relationships->>'customerId'`);
  const familyId = await top(`relationships->>'equipmentFamilyId'`);
  const word = (await sql<{ v: string }>`SELECT split_part(attributes->>'model', ' ', 1) AS v FROM equipments
    WHERE attributes->>'model' IS NOT NULL ORDER BY id LIMIT 1`.execute(db)).rows[0]?.v ?? 'estintore';
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
