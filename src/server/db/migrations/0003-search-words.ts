/**
 * Rewrites the stored full-text vectors with the words cut as `searchText` now cuts them (punctuation
 * and hyphens are separators), so codes such as `PRV-2026-00002` are found by what users type. One
 * UPDATE per table from the kind's fullText paths: JSON arrays come out as text whose brackets,
 * quotes and commas are separators too.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { kindList } from '../../../domain/kinds.ts';
import { jsonPathSql, tableName } from '../entity-sql.ts';
import type { DatabaseSchema } from '../database.ts';

/** ASCII punctuation and spaces (a bracket expression that means the same in every database locale). */
const SEPARATORS = `'[][(){}"''.,;:!?/\\\\|@#$%^&*+=<>~\`_ -]+'`;

export const searchWordsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    for (const kind of kindList) {
      if (kind.fullText.length === 0) continue;
      const text = `concat_ws(' ', ${kind.fullText.map((path) => jsonPathSql(path)).join(', ')})`;
      await sql.raw(`UPDATE ${tableName(kind)} SET search = to_tsvector('italian', regexp_replace(left(${text}, 20000), ${SEPARATORS}, ' ', 'g'))`).execute(db);
    }
  },
  async down() {
    // The old vectors were a worse cut of the same text: nothing to restore.
  },
};
