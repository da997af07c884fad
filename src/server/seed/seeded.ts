/** Whether the demo data is in (its mark in app_state), read without loading the seed's code. */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';

export const SEED_KEY = 'seed';

export async function isSeeded(db: Kysely<DatabaseSchema>): Promise<boolean> {
  const result = await sql<{ n: number }>`SELECT count(*) AS n FROM app_state WHERE key = ${SEED_KEY}`.execute(db);
  return (result.rows[0]?.n ?? 0) > 0;
}
