/**
 * The first schema: one table per entity kind with the common metadata as real columns, the
 * kind's data as JSONB sections, an Italian full-text vector, and an index for every list field.
 * It runs the frozen statements of `0001-entities.snapshot.ts` (the registry as it stood then),
 * so it means the same on every database whatever the registry says today; tables, sort columns
 * and indexes of kinds and fields added later come from the schema step (`ensure-schema.ts`).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { entitiesSnapshotStatements, entitiesSnapshotTables } from './0001-entities.snapshot.ts';

export const entitiesMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    for (const statement of entitiesSnapshotStatements) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    for (const table of entitiesSnapshotTables) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
    await sql`DROP TABLE IF EXISTS app_state`.execute(db);
  },
};
