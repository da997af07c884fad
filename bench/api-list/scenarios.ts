/**
 * The list requests the API benchmark measures, as URLs of our API. The bare handler runs the very
 * statements our repository builds for the same URL (compiled once at start-up).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../src/server/db/database.ts';

export interface Scenario {
  name: string;
  description: string;
  path: string;
}

/** Picks realistic parameters from the data: the busiest customer and family, a common model word. */
export async function scenarios(db: Kysely<DatabaseSchema>): Promise<Scenario[]> {
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
      path: '/api/equipments?sort=serialNumber&page[number]=2000&page[size]=25',
    },
  ];
}
