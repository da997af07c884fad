/**
 * How many rows of a large table the words of a full-text term begin with, counted on a sample of
 * the table (`search_prefix_counts`, migration 0045) instead of guessed by the planner.
 *
 * `filter[fullText]` reads each term as a prefix (`EST:*`). PostgreSQL estimates a prefix from its
 * list of the most common whole words: a prefix of many rare words (`EST` of a million serial numbers
 * `EST24123456`, each found once) is taken for a rare word, and a third of the table was read, sorted
 * and counted for its first page. The sample counts every prefix of every word (as its rows, not its
 * words), and keeps those found in PREFIX_MIN_SAMPLED sampled rows or more; a prefix not kept is rare.
 * Small tables keep none (below PREFIX_COUNTS_MIN_ROWS the planner's guess costs little).
 *
 * The counts live in the database, so every process and every restart shares them. A table without
 * counts is counted before its first search is answered (about a second at a million rows); counts
 * older than PREFIX_COUNTS_MAX_AGE_MS, or of a table whose size has moved by half since, are counted
 * again in the background while the old ones answer.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';

/** Below this many rows a table keeps no prefix counts: the planner's estimate, and reading every match, cost little. */
export const PREFIX_COUNTS_MIN_ROWS = 10_000;
/** Rows read per count (TABLESAMPLE SYSTEM: whole pages, chosen at random). */
export const PREFIX_SAMPLE_ROWS = 10_000;
/** A prefix is kept when at least this many sampled rows have a word that begins with it. */
export const PREFIX_MIN_SAMPLED = 5;
/** Longer words are counted, and looked up, by their first PREFIX_MAX_LENGTH characters. */
const PREFIX_MAX_LENGTH = 32;
/** Counts older than this are taken again in the background. */
export const PREFIX_COUNTS_MAX_AGE_MS = 6 * 60 * 60_000;
/** Counts of a table whose size has moved by this factor since are taken again in the background. */
const SIZE_DRIFT = 1.5;

/** One term's share of the table: `stop` for a stop word (no condition), `share` when its prefix is counted, else rare. */
export interface TermShare {
  stop: boolean;
  /** The share of the table's rows with a word beginning with the term; undefined when the prefix is rare (not kept). */
  share?: number;
}

type Executor = Kysely<DatabaseSchema>;

/** Counts being taken, per database and table: one at a time, whoever asks. */
const refreshing = new WeakMap<object, Map<string, Promise<void>>>();

/** Counts the prefixes of `table`'s search words on a sample of about PREFIX_SAMPLE_ROWS rows, replacing its counts. */
export async function countSearchPrefixes(db: Executor, table: string, rows: number): Promise<void> {
  const percent = Math.min(100, (100 * PREFIX_SAMPLE_ROWS) / Math.max(rows, 1));
  const stamp = new Date().toISOString();
  const target = sql.raw(table);
  // A row counts once per prefix: its words are sorted, so a prefix the word before shares was counted there.
  await sql`WITH sampled AS MATERIALIZED (SELECT tsvector_to_array(search) AS words FROM ${target} TABLESAMPLE SYSTEM (${percent}::float8) WHERE search IS NOT NULL),
      size AS (SELECT greatest(count(*), 1) AS n FROM sampled),
      counted AS (
        SELECT left(u.word, l) AS prefix, count(*) AS hits
        FROM sampled AS s, unnest(s.words, array_prepend('', s.words[1:cardinality(s.words) - 1])) AS u(word, before),
          generate_series(1, least(length(u.word), ${PREFIX_MAX_LENGTH}::int)) AS l
        WHERE left(u.before, l) IS DISTINCT FROM left(u.word, l)
        GROUP BY 1 HAVING count(*) >= ${PREFIX_MIN_SAMPLED}::int
      )
    INSERT INTO search_prefix_counts (table_name, prefix, documents, refreshed_at)
    SELECT ${table}, prefix, ceil(hits * ${rows}::float8 / size.n)::bigint, ${stamp}::timestamptz FROM counted, size
    UNION ALL SELECT ${table}, '', ${Math.round(rows)}::bigint, ${stamp}::timestamptz
    ON CONFLICT (table_name, prefix) DO UPDATE SET documents = excluded.documents, refreshed_at = excluded.refreshed_at`.execute(db);
  await sql`DELETE FROM search_prefix_counts WHERE table_name = ${table} AND refreshed_at < ${stamp}::timestamptz`.execute(db);
}

/** Takes the counts of `table` once at a time per database; a second caller waits for the same. */
function refresh(db: Executor, table: string, rows: number): Promise<void> {
  let running = refreshing.get(db);
  if (!running) refreshing.set(db, (running = new Map()));
  const pending = running.get(table);
  if (pending) return pending;
  const started = countSearchPrefixes(db, table, rows).finally(() => running.delete(table));
  running.set(table, started);
  return started;
}

/**
 * Each term's share of `table` (of `rows` rows, the planner's size), in the terms' order; undefined
 * for a small table. Terms are letters and digits (`fullTextTerms`), looked up as the Italian
 * configuration stores them (`Estintori` → `estintor`).
 */
export async function termShares(db: Executor, table: string, terms: readonly string[], rows: number): Promise<TermShare[] | undefined> {
  if (rows < PREFIX_COUNTS_MIN_ROWS || terms.length === 0) return undefined;
  const lookUp = () =>
    sql<{ stop: boolean; documents: string | number | null; table_rows: string | number | null; refreshed_at: string | Date | null }>`
      SELECT cardinality(tsvector_to_array(to_tsvector('italian', t.term))) = 0 AS stop, c.documents, size.documents AS table_rows, size.refreshed_at
      FROM unnest(${[...terms]}::text[]) WITH ORDINALITY AS t(term, i)
      LEFT JOIN search_prefix_counts AS size ON size.table_name = ${table} AND size.prefix = ''
      LEFT JOIN search_prefix_counts AS c ON c.table_name = ${table} AND c.prefix <> ''
        AND c.prefix = ANY(ARRAY(SELECT left(lexeme, ${PREFIX_MAX_LENGTH}::int) FROM unnest(tsvector_to_array(to_tsvector('italian', t.term))) AS lexeme))
      ORDER BY t.i`.execute(db);
  let found = (await lookUp()).rows;
  if (found[0]?.table_rows === null || found[0]?.table_rows === undefined) {
    await refresh(db, table, rows);
    found = (await lookUp()).rows;
  } else {
    const counted = Number(found[0].table_rows);
    const age = Date.now() - new Date(found[0].refreshed_at ?? 0).getTime();
    const drift = Math.max(rows, 1) / Math.max(counted, 1);
    if (age > PREFIX_COUNTS_MAX_AGE_MS || drift > SIZE_DRIFT || drift < 1 / SIZE_DRIFT) {
      refresh(db, table, rows).catch(() => undefined);
    }
  }
  const size = Math.max(Number(found[0]?.table_rows ?? rows), 1);
  return found.map((row) => (row.stop ? { stop: true } : row.documents === null ? { stop: false } : { stop: false, share: Math.min(1, Number(row.documents) / size) }));
}
