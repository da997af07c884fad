/**
 * How many rows the words of a large table's search vector begin with, by prefix
 * (`search-prefixes.ts`): the planner knows whole frequent words, but a prefix of many rare ones
 * (`EST` of a million serial numbers `EST24123456`, each found once) it estimates as rare, and a
 * full-text list then read and counted a third of the table. One row per table and prefix, refreshed
 * from a sample of the table; the empty prefix holds the table's size at that refresh.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const searchPrefixCountsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE search_prefix_counts (
      table_name text NOT NULL,
      prefix text NOT NULL,
      documents bigint NOT NULL,
      refreshed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (table_name, prefix)
    )`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS search_prefix_counts`.execute(db);
  },
};
