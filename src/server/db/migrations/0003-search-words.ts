/**
 * Rewrites the stored full-text vectors with the words cut as `searchText` now cuts them (punctuation
 * and hyphens are separators), so codes such as `PRV-2026-00002` are found by what users type. One
 * UPDATE per table from the kind's fullText paths as they were then (frozen in the snapshot): JSON
 * arrays come out as text whose brackets, quotes and commas are separators too.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { searchWordsSnapshotStatements } from './0003-search-words.snapshot.ts';

export const searchWordsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    for (const statement of searchWordsSnapshotStatements) await sql.raw(statement).execute(db);
  },
  async down() {
    // The old vectors were a worse cut of the same text: nothing to restore.
  },
};
