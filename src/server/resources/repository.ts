/**
 * SQL for one entity kind, and nothing else: no rules, no abilities. Every value reaches SQL as a
 * parameter; identifiers come only from the kind registry.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { KindDefinition } from '../../domain/kind.ts';
import { readPath, referenceValues } from '../../domain/kind.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { commonColumnOf, fieldSql, fieldSqlText, jsonPathSql, sortValueType, tableName } from '../db/entity-sql.ts';
import { Problem } from '../http/problems.ts';
import { EXACT_TOTAL_LIMIT } from '../../domain/records.ts';
import { rangeUpperBound } from '../../domain/list-range.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import type { Condition, ListQuery } from './list-query.ts';
import type { FilterContext } from './custom-filters.ts';
import type { Actor } from '../auth/access.ts';
import type { WriteJournal } from '../history/journal.ts';
import { referenceCondition } from './reference-check.ts';
import { ANCHOR_EVERY, type PageAnchors } from './page-anchors.ts';
import { aggregateStatement, type AggregateRow, type AggregateSpec } from './aggregate.ts';
import { termShares } from './search-prefixes.ts';

/** A write's author: a user (and the administrator impersonating them), or a bare user id (seed). */
type Author = Actor | string | null;
const actorOf = (by: Author): Actor => (by !== null && typeof by === 'object' ? by : { userId: by });

/**
 * While impersonating, a write records both users (DESIGN §3): the effective user in the common
 * columns, the real one in metadata (`createdByImpersonator`, `lastUpdatedByImpersonator`, `deletedByImpersonator`).
 */
function impersonatorMetadata(by: Author, keys: readonly string[]): Record<string, string> {
  const impersonatorId = actorOf(by).impersonatorId;
  return impersonatorId ? Object.fromEntries(keys.map((key) => [key, impersonatorId])) : {};
}

type Executor = Kysely<DatabaseSchema>;

interface EntityRow {
  id: string;
  created_date_time: string;
  last_updated_date_time: string;
  deleted_date_time: string | null;
  created_by: string | null;
  last_updated_by: string | null;
  deleted_by: string | null;
  is_deleted: boolean;
  is_archived: boolean;
  attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

const ENTITY_COLUMN_NAMES = ['id', 'created_date_time', 'last_updated_date_time', 'deleted_date_time', 'created_by', 'last_updated_by', 'deleted_by', 'is_deleted', 'is_archived', 'attributes', 'metadata', 'relationships'];
const ENTITY_COLUMNS = sql.raw(ENTITY_COLUMN_NAMES.join(', '));
/** The same columns of the table aliased `t` (an UPDATE … FROM another row set names both). */
const ENTITY_COLUMNS_OF_T = ENTITY_COLUMN_NAMES.map((column) => `t.${column}`).join(', ');
/** Timestamps are kept to the millisecond so that the ISO text a client holds is the exact version. */
const NOW = sql`date_trunc('milliseconds', clock_timestamp())`;

/** Ids per statement when a batch's references are tested or cascaded: its bound parameters stay far below PostgreSQL's 65,535. */
const REFERENCE_CHUNK = 500;
export const chunksOf = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

export function rowToEntity(row: EntityRow): Entity {
  return {
    id: row.id,
    attributes: row.attributes,
    metadata: {
      ...row.metadata,
      createdDateTime: row.created_date_time,
      lastUpdatedDateTime: row.last_updated_date_time,
      deletedDateTime: row.deleted_date_time,
      createdBy: row.created_by,
      lastUpdatedBy: row.last_updated_by,
      deletedBy: row.deleted_by,
      isDeleted: row.is_deleted,
      isArchived: row.is_archived,
    },
    relationships: row.relationships,
  };
}

/**
 * Text that feeds the Italian full-text vector: the kind's fullText paths, arrays flattened, cut into
 * words exactly as `fullTextTerms` cuts the search input (letters and digits). Left to PostgreSQL's
 * parser, `PRV-2026-00002` would index as `prv`, `-2026`, `-00002`, which no typed term matches.
 */
export function searchText(kind: KindDefinition, data: EntityData): string {
  return kind.fullText
    .flatMap((path) => [readPath(data, path)].flat())
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' ')
    .slice(0, 20_000)
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
}

/** Separators `searchText` cuts on, as a PostgreSQL bracket expression (ASCII punctuation and spaces). */
const SEARCH_SEPARATORS_SQL = `'[][(){}"''.,;:!?/\\\\|@#$%^&*+=<>~\`_ -]+'`;

/** The search vector of `paths` alone, built as `searchText` builds the stored one (arrays as their JSON text). */
function readableSearchVector(paths: readonly string[]): RawBuilder<unknown> {
  const values = paths.length > 0 ? paths.map((path) => jsonPathSql(path)).join(', ') : `''`;
  return sql.raw(`to_tsvector('italian', regexp_replace(left(concat_ws(' ', ${values}), 20000), ${SEARCH_SEPARATORS_SQL}, ' ', 'g'))`);
}

/**
 * The shortest stored stem a longer typed term may stand for (see `tsQuery`): 4, because 3-letter
 * stems are common words' own («casa» is `cas`), and «cassetta» would find «Casa di cura».
 */
const STEM_MIN_LENGTH = 4;

/**
 * Every term as a prefix, all of them (`a:* & b:*`) from already sanitised terms (letters and digits
 * only). The stored vector keeps Italian stems, which may be shorter than what the user has typed so
 * far: «Operatore» is stored as `oper`, so `operat:*` (a stem of its own) matched nothing while «Op»
 * and «Operatore» did. A word's stem is a prefix of the word, so a typed prefix longer than the stem
 * begins with it: a term of letters also matches a stored lexeme equal to one of its own prefixes
 * (from STEM_MIN_LENGTH letters), unstemmed (`simple`).
 */
function tsQuery(terms: string[]): RawBuilder<unknown> {
  const parts = terms.map((term) => {
    const prefix = sql`to_tsquery('italian', ${`${term}:*`})`;
    if (!/^\p{L}+$/u.test(term) || term.length <= STEM_MIN_LENGTH) return prefix;
    const stems = Array.from({ length: term.length - STEM_MIN_LENGTH }, (_, i) => term.slice(0, STEM_MIN_LENGTH + i));
    // A stop word («delle», «di») is no condition at all, as in one Italian query: never a required stem.
    return sql`(CASE WHEN numnode(${prefix}) = 0 THEN ${prefix} ELSE ${prefix} || to_tsquery('simple', ${stems.join(' | ')}) END)`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/**
 * How a page reads a full-text match. `index`: the GIN index gives every matching row (a
 * materialized set, so the planner cannot trade it for a walk of the sorted index), which are then
 * filtered and sorted: cost grows with the matches. `filter`: the list's sorted index is read in
 * order and each row tested (`ts_match_vq`, the function behind `@@`, which no index answers):
 * right for a word found in a large share of the rows, where the first page is met after a few
 * hundred rows. Matches that crowd one end of the order (a customer's name, in a list sorted by
 * customer) make that walk read most of the table, so it is kept for very common words.
 * `bounded`: the walk, but over at most FULL_TEXT_BOUNDED_SCAN rows of the order; when the page is
 * not full by then (the matches crowd elsewhere), `list` reads it again as the match set.
 * `EntityRepository.fullTextPlan` chooses from the planner's estimate of the matches.
 */
export type FullTextPlan = 'index' | 'filter' | 'bounded';

/** The most rows of the order a `bounded` full-text page reads before it falls back to the match set. */
export const FULL_TEXT_BOUNDED_SCAN = 5_000;

/** Below this many estimated matches a full-text page always reads the match set (see FullTextPlan). */
export const FULL_TEXT_WALK_MIN_MATCHES = 50_000;

/**
 * With m matches among n rows spread evenly, a walk of the order meets `read` rows after about
 * `read` · n / m rows; the match set costs m. The walk for very common words; the bounded walk when
 * an even spread would fill the page within two thirds of its bound (its 5,000 rows then hold about
 * 1.5 pages of matches: a word in 1 % of a million rows is read in 10 ms, where its 10,000 matches
 * sorted took 130 ms); else the match set.
 */
export function chooseFullTextPlan({ matches, rows, read }: { matches: number; rows: number; read: number }): FullTextPlan {
  if (matches <= 0) return 'index';
  const walked = (read * rows) / matches;
  if (matches >= FULL_TEXT_WALK_MIN_MATCHES && walked < matches) return 'filter';
  return walked * 1.5 <= FULL_TEXT_BOUNDED_SCAN && walked < matches ? 'bounded' : 'index';
}

function conditionSql(condition: Condition, ctx: FilterContext, fullText: FullTextPlan = 'index'): RawBuilder<unknown> {
  switch (condition.kind) {
    case 'ids':
      return sql`id = ANY(${condition.ids}::uuid[])`;
    case 'fullText': {
      const query = tsQuery(condition.terms);
      const stored = fullText === 'filter' ? sql`ts_match_vq(search, ${query})` : sql`search @@ ${query}`;
      if (!condition.readablePaths) return stored;
      // The stored vector also holds fields hidden from this caller: its matches are checked again on
      // the readable fields only, so a search never tells a hidden value.
      return sql`(${stored} AND ${readableSearchVector(condition.readablePaths)} @@ ${query})`;
    }
    case 'custom':
      return condition.filter.where(condition.value, ctx);
    case 'has': {
      const value = fieldSql(condition.field);
      const array = condition.field.type === 'textArray' || condition.field.type === 'uuidArray';
      const textual = (condition.field.type === 'text' || condition.field.type === 'uuid') && !commonColumnOf(condition.field);
      const present = array
        ? sql`coalesce(jsonb_array_length(${value}), 0) > 0`
        : textual
          ? sql`coalesce(${value}, '') <> ''`
          : sql`${value} IS NOT NULL`;
      return condition.present ? present : sql`NOT (${present})`;
    }
    case 'in': {
      const value = fieldSql(condition.field);
      const { type } = condition.field;
      if (type === 'textArray' || type === 'uuidArray') return sql`${value} ?| ${condition.values.map(String)}::text[]`;
      if (condition.values.length === 1) return sql`${value} = ${condition.values[0]}`;
      if (type === 'number') return sql`${value} = ANY(${condition.values}::numeric[])`;
      if (type === 'boolean') return sql`${value} = ANY(${condition.values}::boolean[])`;
      // The common metadata are typed columns; the JSON fields are text.
      if (commonColumnOf(condition.field)) return sql`${value} = ANY(${condition.values.map(String)}::${sql.raw(type === 'date' ? 'timestamptz' : 'uuid')}[])`;
      return sql`${value} = ANY(${condition.values.map(String)}::text[])`;
    }
    case 'range': {
      const value = fieldSql(condition.field);
      const parts: RawBuilder<unknown>[] = [];
      if (condition.from !== undefined) parts.push(sql`${value} >= ${condition.from}`);
      if (condition.to !== undefined) {
        const upper = condition.field.type === 'date' && typeof condition.to === 'string' ? rangeUpperBound(condition.to) : { bound: condition.to, inclusive: true };
        parts.push(upper.inclusive ? sql`${value} <= ${upper.bound}` : sql`${value} < ${upper.bound}`);
      }
      return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
    }
  }
}

/** The WHERE of a list: live or deleted, archived or not, its conditions (full text read as `plan`) and the caller's scope. */
function listWhereSql(query: ListQuery, ctx: FilterContext, scope: RawBuilder<unknown> | undefined, plan: FullTextPlan, withFullText = true): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`is_deleted = ${query.isDeleted}`];
  if (query.isArchived !== null) where.push(sql`is_archived = ${query.isArchived}`);
  for (const condition of query.conditions) if (withFullText || condition.kind !== 'fullText') where.push(conditionSql(condition, ctx, plan));
  if (scope) where.push(scope);
  return sql.join(where, sql` AND `);
}

/** One key of a list's order: its SQL expression, direction and the type its cursor value is cast back to. */
interface SortKey {
  name: string;
  expression: string;
  descending: boolean;
  type: string;
  /**
   * A column that is never NULL (id, the creation and change times) is ordered without a NULLS
   * clause: its index (default NULLS LAST) then serves both directions, where `DESC NULLS LAST`
   * would make PostgreSQL sort the whole list instead of reading the index backwards.
   */
  notNull: boolean;
}

const NOT_NULL_COLUMNS = new Set(['id', 'created_date_time', 'last_updated_date_time']);

const DEFAULT_SORT = [{ name: 'lastUpdatedDateTime', field: { path: 'metadata.lastUpdatedDateTime', type: 'date' as const }, descending: true }];

/** The list's order: the requested keys (default newest change first), then the id in the first key's direction, so that every row has one place. */
function sortKeys(query: ListQuery): SortKey[] {
  const order = query.sort.length > 0 ? query.sort : DEFAULT_SORT;
  return [
    ...order.map((s) => {
      const expression = fieldSqlText(s.field);
      return { name: s.name, expression, descending: s.descending, type: sortValueType(s.field), notNull: NOT_NULL_COLUMNS.has(expression) };
    }),
    { name: 'id', expression: 'id', descending: order[0]?.descending ?? false, type: 'uuid', notNull: true },
  ];
}

/** The sort signature a cursor carries, so that a cursor is refused under another order. */
const signature = (keys: SortKey[]) => keys.map((k) => `${k.descending ? '-' : ''}${k.name}`).join(',');

/** An opaque cursor (base64url JSON): the sort signature and the sort values of the row to continue after. */
export function encodeCursor(keys: SortKey[], values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ s: signature(keys), v: values })).toString('base64url');
}

/** Whether a cursor value is text of its key's type, so that a forged cursor is a 400 and never a cast error. */
function castable(type: string, text: string): boolean {
  if (text.length > 1000) return false;
  switch (type) {
    case 'uuid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
    case 'numeric':
      return /^-?\d+(\.\d+)?$/.test(text);
    case 'boolean':
      return text === 'true' || text === 'false';
    case 'timestamptz': {
      // PostgreSQL's text form: `2026-11-23 20:15:29.123+00`.
      const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)([+-]\d{2})(:\d{2})?$/.exec(text);
      return match !== null && !Number.isNaN(Date.parse(`${match[1]}T${match[2]}${match[3]}${match[4] ?? ':00'}`));
    }
    default:
      return true;
  }
}

function decodeCursor(cursor: string, keys: SortKey[]): (string | null)[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const { s, v } = (decoded ?? {}) as { s?: unknown; v?: unknown };
  const valid =
    s === signature(keys) &&
    Array.isArray(v) &&
    v.length === keys.length &&
    v.every((x, i) => x === null || (typeof x === 'string' && castable(keys[i]!.type, x))) &&
    typeof v.at(-1) === 'string';
  if (!valid) throw new Problem('INVALID_QUERY', { errors: [{ pointer: '?page[after]', code: 'invalidCursor', message: 'Cursore non valido per questo elenco' }] });
  return v as (string | null)[];
}

/** `ASC NULLS FIRST` / `DESC NULLS LAST`, or no NULLS clause for a key never NULL (its index then serves the order). */
function directionSql(key: SortKey): string {
  return key.notNull ? (key.descending ? 'DESC' : 'ASC') : key.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
}

/**
 * "Comes after this row" in the list's order (`ASC NULLS FIRST` / `DESC NULLS LAST`, then id).
 * With every key in one direction and no NULL to skip, one row comparison, which a sorted index
 * answers by seeking; otherwise the lexicographic expansion with its NULL cases.
 */
function afterSql(keys: SortKey[], values: (string | null)[]): RawBuilder<unknown> {
  const value = (i: number) => sql`${values[i]}::${sql.raw(keys[i]!.type)}`;
  const column = (i: number) => sql.raw(keys[i]!.expression);
  const descending = keys[0]!.descending;
  const oneDirection = keys.every((k) => k.descending === descending) && values.every((v) => v !== null);
  // Descending, NULLs come last: a row comparison would drop them unless no key can be NULL.
  if (oneDirection && (!descending || keys.every((k) => k.notNull))) {
    return sql`(${sql.join(keys.map((_, i) => column(i)))}) ${sql.raw(descending ? '<' : '>')} (${sql.join(keys.map((_, i) => value(i)))})`;
  }
  const equal = (i: number) => (values[i] === null ? sql`${column(i)} IS NULL` : sql`${column(i)} = ${value(i)}`);
  const beyond = (i: number): RawBuilder<unknown> | undefined => {
    const key = keys[i]!;
    if (values[i] === null) return key.descending ? undefined : sql`${column(i)} IS NOT NULL`;
    return key.descending ? sql`(${column(i)} < ${value(i)} OR ${column(i)} IS NULL)` : sql`${column(i)} > ${value(i)}`;
  };
  const alternatives = keys.flatMap((_, i) => {
    const step = beyond(i);
    if (!step) return [];
    return [sql`(${sql.join([...keys.slice(0, i).map((__, j) => equal(j)), step], sql` AND `)})`];
  });
  return alternatives.length === 0 ? sql`false` : sql`(${sql.join(alternatives, sql` OR `)})`;
}

export { EXACT_TOTAL_LIMIT };

/**
 * Estimates of full-text matches, by table and terms (see fullTextEstimate): `counted` when they come
 * from the table's prefix counts (search-prefixes.ts) rather than from the planner alone.
 */
const fullTextEstimates = new Map<string, { matches: number; rows: number; counted: boolean; at: number }>();
const ESTIMATE_TTL_MS = 5 * 60_000;

/**
 * Above this many planned rows a list is not counted at all: the planner's estimate is the total
 * (PostgREST's `count=planned`). Its margin over EXACT_TOTAL_LIMIT keeps a misestimate from
 * calling a small list large.
 */
export const UNCOUNTED_ABOVE = 10 * EXACT_TOTAL_LIMIT;

/**
 * A list's total from the planner's estimate of its conditions (`EXPLAIN`, planning only) and, when
 * that is not far above the limit, a count that stops after EXACT_TOTAL_LIMIT + 1 rows: exact when
 * small, and never a scan of a million rows. Beyond the limit the total is the estimate (at least
 * the limit + 1) and `totalIsExact` is false. `share`: the part of the planned rows that matches a
 * full-text search the plan was asked without (its prefix counts, see EntityRepository.fullTextEstimate).
 */
export async function listTotal(plan: unknown, count: () => Promise<number>, share = 1): Promise<{ total: number; totalIsExact: boolean }> {
  const planned = Math.round(plannedRows(plan) * share);
  const counted = planned > UNCOUNTED_ABOVE ? undefined : await count();
  if (counted !== undefined && counted <= EXACT_TOTAL_LIMIT) return { total: counted, totalIsExact: true };
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, planned), totalIsExact: false };
}

/** How long a large list's planner estimate is reused (see plannedEstimate). */
export const LARGE_ESTIMATE_TTL_MS = 60_000;
const largeEstimates = new WeakMap<object, Map<string, { plan: unknown; at: number }>>();

/**
 * A list's planner estimate (`EXPLAIN` of its count), asked again for a small list (it is counted
 * anyway) and reused for a minute when large, per database and statement: a list of more than
 * UNCOUNTED_ABOVE rows stays uncounted that long, and each of its pages costs one statement instead
 * of two. The estimate only moves with the table's statistics (ANALYZE) and size.
 */
export async function plannedEstimate(db: object, statement: { sql: string; parameters: readonly unknown[] }, explain: () => Promise<unknown>): Promise<unknown> {
  let known = largeEstimates.get(db);
  if (!known) largeEstimates.set(db, (known = new Map()));
  const key = `${statement.sql}\u0000${JSON.stringify(statement.parameters)}`;
  const cached = known.get(key);
  if (cached && cached.at > Date.now() - LARGE_ESTIMATE_TTL_MS) return cached.plan;
  const plan = await explain();
  if (plannedRows(plan) > UNCOUNTED_ABOVE) {
    if (known.size >= 1000) known.clear();
    known.set(key, { plan, at: Date.now() });
  } else known.delete(key);
  return plan;
}

/** Rows the planner expects from an `EXPLAIN (FORMAT JSON)` answer (text or parsed, depending on the driver). */
export function plannedRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const rows = (parsed as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** What a write records in history when no action name is given. */
function defaultAction(changes: { isArchived?: boolean; isDeleted?: boolean }): string {
  if (changes.isDeleted !== undefined) return changes.isDeleted ? 'delete' : 'undelete';
  if (changes.isArchived !== undefined) return changes.isArchived ? 'archive' : 'restore';
  return 'update';
}

/**
 * SQL for one kind's table. Built with a journal (the service does so inside every write
 * transaction), each insert, update and soft delete also stores its history row and queues its
 * change notice: no write path can forget them. Without one (seed, test fixtures) it writes bare rows.
 */
export class EntityRepository {
  readonly table: RawBuilder<unknown>;
  private readonly db: Executor;
  readonly kind: KindDefinition;
  private readonly journal: WriteJournal | undefined;
  private readonly anchors: PageAnchors | undefined;

  constructor(db: Executor, kind: KindDefinition, journal?: WriteJournal, anchors?: PageAnchors) {
    this.db = db;
    this.kind = kind;
    this.table = sql.raw(tableName(kind));
    this.journal = journal;
    this.anchors = anchors;
  }

  /** The WHERE of a list (its conditions and the caller's scope): the rows an aggregate of the same query counts. */
  whereSql(query: ListQuery, ctx: FilterContext, scope?: RawBuilder<unknown>): RawBuilder<unknown> {
    return listWhereSql(query, ctx, scope, 'index');
  }

  /** Counts and sums by group under the list's WHERE (aggregate.ts); see `AGGREGATE_ROW_LIMIT`. */
  async aggregate(query: ListQuery, ctx: FilterContext, scope: RawBuilder<unknown> | undefined, spec: AggregateSpec): Promise<AggregateRow[]> {
    return (await aggregateStatement(this.table, this.whereSql(query, ctx, scope), spec).execute(this.db)).rows;
  }

  /** The statements of a list: one page, and the total under the same conditions (capped count, planner's estimate). */
  listStatements(query: ListQuery, ctx: FilterContext, scope?: RawBuilder<unknown>, fullText: FullTextPlan = 'index', skip = 0) {
    const whereOf = (plan: FullTextPlan, withFullText = true) => listWhereSql(query, ctx, scope, plan, withFullText);
    // The count always reads matches through the GIN index: it stops after EXACT_TOTAL_LIMIT rows.
    const whereSql = whereOf('index');
    // The `index` plan's matches are a materialized set (see FullTextPlan): the planner cannot turn them into a walk of the sorted index.
    const matchSet = fullText === 'index' && query.conditions.some((c) => c.kind === 'fullText');
    const keys = sortKeys(query);
    const orderSql = sql.join(
      keys.map((key) => sql.raw(`${key.expression} ${directionSql(key)}`)),
      sql`, `,
    );
    const after = query.page.after === undefined ? undefined : afterSql(keys, decodeCursor(query.page.after, keys));
    const pageWhere = after ? sql`${whereOf(fullText)} AND ${after}` : whereOf(fullText);
    // After a cursor, `skip` rows are stepped over (a deep page from its nearest anchor, see page-anchors.ts).
    const offset = after ? skip : (query.page.number - 1) * query.page.size;
    // The row's sort values as text, for the cursor of the next page.
    const cursorSql = sql.join(keys.map((key) => sql.raw(`(${key.expression})::text`)), sql`, `);
    const keyColumns = sql.join(keys.map((key, i) => sql.raw(`${key.expression} AS k${i}`)), sql`, `);
    const keyOrder = sql.join(keys.map((key, i) => sql.raw(`k${i} ${directionSql(key)}`)), sql`, `);
    const fullTextCondition = query.conditions.find((c) => c.kind === 'fullText');
    // The bounded walk: the first FULL_TEXT_BOUNDED_SCAN rows of the order under the other conditions, then the words tested on those.
    const boundedWhere = after ? sql`${whereOf('index', false)} AND ${after}` : whereOf('index', false);
    const pageIds = fullText === 'bounded' && fullTextCondition
      ? sql`SELECT id AS page_id FROM (SELECT id, search, ${keyColumns} FROM ${this.table} WHERE ${boundedWhere} ORDER BY ${orderSql} LIMIT ${FULL_TEXT_BOUNDED_SCAN}) AS walked
          WHERE ts_match_vq(search, ${tsQuery(fullTextCondition.terms)}) ORDER BY ${keyOrder} LIMIT ${query.page.size} OFFSET ${offset}`
      : matchSet
      ? sql`WITH matched AS MATERIALIZED (SELECT id, ${keyColumns} FROM ${this.table} WHERE ${pageWhere})
          SELECT id AS page_id, count(*) OVER () AS matched_total FROM matched ORDER BY ${keyOrder} LIMIT ${query.page.size} OFFSET ${offset}`
      : sql`SELECT id AS page_id FROM ${this.table} WHERE ${pageWhere} ORDER BY ${orderSql} LIMIT ${query.page.size} OFFSET ${offset}`;
    const counted = query.conditions.some((c) => c.kind === 'fullText')
      ? sql`WITH matched AS MATERIALIZED (SELECT 1 FROM ${this.table} WHERE ${whereSql}) SELECT 1 FROM matched LIMIT ${EXACT_TOTAL_LIMIT + 1}`
      : sql`SELECT 1 FROM ${this.table} WHERE ${whereSql} LIMIT ${EXACT_TOTAL_LIMIT + 1}`;
    return {
      // Deferred join: the page's ids come from the (index-only) sorted scan, the rows are fetched for those alone.
      // The match set is read whole anyway: its size is the exact total (without a cursor), for free.
      page: sql<EntityRow & { cursor_keys: (string | null)[]; matched_total?: string | number }>`SELECT ${ENTITY_COLUMNS}, ARRAY[${cursorSql}] AS cursor_keys${matchSet && !after ? sql`, matched_total` : sql``} FROM ${this.table}
        JOIN (${pageIds}) AS page ON id = page_id
        ORDER BY ${orderSql}`,
      // Counting stops past EXACT_TOTAL_LIMIT: an exact count of a million rows costs more than the page itself.
      count: sql<{ total: number }>`SELECT count(*) AS total FROM (${counted}) AS capped`,
      estimate: sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${this.table} WHERE ${whereSql}`,
      /** The estimate of the other conditions alone: times the full-text terms' counted share, the total's estimate (see fullTextEstimate). */
      estimateBesideFullText: sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${this.table} WHERE ${whereOf('index', false)}`,
      /** The cursor of the row after which the next page starts (`meta.page.next`). */
      cursorOf: (row: { cursor_keys: (string | null)[] }) => encodeCursor(keys, row.cursor_keys),
      /** What identifies the list whatever its page: conditions, scope and order, as SQL with its values. */
      listKey: () => {
        const compiled = sql`${whereOf(fullText)} ORDER BY ${orderSql}`.compile(this.db);
        return `${this.kind.type}\n${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
      },
      /** The cursor after every ANCHOR_EVERY-th of the `rows` rows that follow `from` (from the start without it). */
      anchorWalk: (from: string | undefined, rows: number) => {
        const start = from === undefined ? whereOf(fullText) : sql`${whereOf(fullText)} AND ${afterSql(keys, decodeCursor(from, keys))}`;
        const walkedKeys = sql.join(keys.map((_key, i) => sql.raw(`(k${i})::text`)), sql`, `);
        return sql<{ cursor_keys: (string | null)[] }>`SELECT ARRAY[${walkedKeys}] AS cursor_keys FROM (
            SELECT ${keyColumns}, row_number() OVER (ORDER BY ${orderSql}) AS n FROM ${this.table} WHERE ${start} ORDER BY ${orderSql} LIMIT ${rows}
          ) AS walked WHERE n % ${ANCHOR_EVERY} = 0 ORDER BY n`;
      },
    };
  }

  /**
   * Where a deep page by number starts: the nearest keyset anchor and the rows left to step over,
   * walking (and remembering) the anchors it lacks. Undefined for shallow pages, cursors, full text.
   */
  private async deepPageStart(query: ListQuery, statements: ReturnType<EntityRepository['listStatements']>): Promise<{ cursor: string; skip: number } | undefined> {
    const offset = (query.page.number - 1) * query.page.size;
    const anchors = this.anchors;
    if (!anchors || query.page.after !== undefined || offset < ANCHOR_EVERY || query.conditions.some((c) => c.kind === 'fullText')) return undefined;
    const key = statements.listKey();
    const wanted = Math.floor(offset / ANCHOR_EVERY);
    const near = anchors.nearest(key, offset);
    if (near && near.anchored === wanted) return near;
    const generation = anchors.generation(this.kind.type);
    const from = near?.anchored ?? 0;
    const walked = await statements.anchorWalk(near?.cursor, (wanted - from) * ANCHOR_EVERY).execute(this.db);
    const cursors = walked.rows.map((row) => statements.cursorOf(row));
    anchors.store(key, this.kind.type, generation, from, cursors);
    // The list ends before the page: the plain OFFSET answers (an empty or short page).
    if (cursors.length === 0) return near;
    const reached = from + cursors.length;
    return { cursor: cursors.at(-1)!, skip: offset - reached * ANCHOR_EVERY };
  }

  /**
   * One page and the total, under the query's conditions plus the caller's scope (abilities); see
   * `listTotal` for how the total is exact or estimated. `next` is the keyset cursor after the page's
   * last row when the page is full.
   */
  async list(
    query: ListQuery,
    ctx: FilterContext,
    scope?: RawBuilder<unknown>,
  ): Promise<{ data: Entity[]; total: number; totalIsExact: boolean; next?: string }> {
    const plan = await this.fullTextPlan(query);
    // The terms' counted share, when their prefixes are counted (remembered by fullTextPlan's estimate: no statement).
    const share = (await this.fullTextEstimate(query))?.share;
    const statements = this.listStatements(query, ctx, scope, plan);
    const start = await this.deepPageStart(query, statements);
    const pageStatement = start ? this.listStatements({ ...query, page: { ...query.page, after: start.cursor } }, ctx, scope, plan, start.skip).page : statements.page;
    // A page read from the whole match set carries its total (see listStatements): no estimate to ask for.
    const totalInPage = plan === 'index' && query.page.after === undefined && !start && query.conditions.some((c) => c.kind === 'fullText');
    // Asked at most once: beside the page, or after it when the page did not carry its total.
    // With the terms' counted share, the planner is asked about the other conditions alone (it misjudges prefixes).
    const planned = () => {
      const estimate = (share === undefined ? statements.estimate : statements.estimateBesideFullText).compile(this.db);
      return plannedEstimate(this.db, estimate, async () => (await this.db.executeQuery(estimate)).rows[0]?.['QUERY PLAN']);
    };
    const [walked, estimated] = await Promise.all([pageStatement.execute(this.db), totalInPage ? undefined : planned()]);
    // The bounded walk did not fill the page: the matches are elsewhere in the order (or fewer), the match set answers.
    const rows = plan === 'bounded' && walked.rows.length < query.page.size ? await this.listStatements(query, ctx, scope, 'index').page.execute(this.db) : walked;
    const last = rows.rows.length === query.page.size ? rows.rows.at(-1) : undefined;
    const matched = rows.rows[0]?.matched_total;
    // The match set's size is exact, but above the counting limit it is given as the other large lists' totals are.
    const total = matched !== undefined && matched !== null
      ? { total: Number(matched), totalIsExact: Number(matched) <= EXACT_TOTAL_LIMIT }
      : await listTotal(estimated ?? (await planned()), async () => (await statements.count.execute(this.db)).rows[0]?.total ?? 0, share);
    return { data: rows.rows.map(rowToEntity), ...(last ? { next: statements.cursorOf(last) } : {}), ...total };
  }

  /**
   * `filter` when so many rows match the full-text terms that reading the list's sorted index and
   * testing each row finds the page sooner than sorting every match: with m matches among n rows,
   * the walk reads about (offset + size) · n / m rows, the index path sorts m.
   */
  async fullTextPlan(query: ListQuery): Promise<FullTextPlan> {
    return (await this.fullTextEstimate(query))?.plan ?? 'index';
  }

  /**
   * How a full-text page is read (see fullTextPlan), and the share of the table the terms match when
   * the table's prefix counts tell it (`share`, see search-prefixes.ts): the planner takes a prefix
   * of many rare words (`EST` of every serial number `EST24123456`) for a rare word. A term's share
   * is its prefix's counted rows; every term must match (independent words: their shares multiply);
   * a prefix too rare to be counted leaves the planner's estimate. Remembered for a while per table
   * and terms (the palette asks at every keystroke). Undefined without full text.
   */
  async fullTextEstimate(query: ListQuery): Promise<{ plan: FullTextPlan; share?: number } | undefined> {
    const condition = query.conditions.find((c) => c.kind === 'fullText');
    if (!condition) return undefined;
    const key = `${tableName(this.kind)}:${condition.terms.join(' ')}`;
    let estimate = fullTextEstimates.get(key);
    if (!estimate || estimate.at < Date.now() - ESTIMATE_TTL_MS) {
      const [matches, rows] = await Promise.all([
        sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${this.table} WHERE search @@ ${tsQuery(condition.terms)}`.execute(this.db),
        sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${this.table}`.execute(this.db),
      ]);
      const planned = { matches: plannedRows(matches.rows[0]?.['QUERY PLAN']), rows: plannedRows(rows.rows[0]?.['QUERY PLAN']) };
      const shares = (await termShares(this.db, tableName(this.kind), condition.terms, planned.rows))?.filter((term) => !term.stop);
      const counted = shares !== undefined && shares.length > 0 && shares.every((term) => term.share !== undefined);
      const share = counted ? shares.reduce((product, term) => product * term.share!, 1) : 0;
      estimate = { ...planned, ...(counted ? { matches: Math.max(planned.matches, Math.round(share * planned.rows)) } : {}), counted, at: Date.now() };
      if (fullTextEstimates.size >= 1000) fullTextEstimates.clear();
      fullTextEstimates.set(key, estimate);
    }
    // A check on the caller's readable fields (see conditionSql) is written for the match set alone.
    const read = query.page.after === undefined ? query.page.number * query.page.size : query.page.size;
    const plan = condition.readablePaths ? 'index' : chooseFullTextPlan({ matches: estimate.matches, rows: estimate.rows, read });
    return { plan, ...(estimate.counted ? { share: estimate.rows > 0 ? Math.min(1, estimate.matches / estimate.rows) : 0 } : {}) };
  }

  async findById(id: string, options: { forUpdate?: boolean } = {}): Promise<Entity | undefined> {
    const lock = options.forUpdate ? sql` FOR UPDATE` : sql``;
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table} WHERE id = ${id}::uuid${lock}`.execute(this.db);
    const row = result.rows[0];
    return row ? rowToEntity(row) : undefined;
  }

  /** The rows among `ids` (deleted ones included), by id. */
  async findByIds(ids: readonly string[]): Promise<Map<string, Entity>> {
    if (ids.length === 0) return new Map();
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table} WHERE id = ANY(${[...new Set(ids)]}::uuid[])`.execute(this.db);
    return new Map(result.rows.map((row) => [row.id, rowToEntity(row)]));
  }

  /** The live-or-deleted rows among `ids`, locked for this transaction (in id order, so two writers never deadlock), by id. */
  async lockByIds(ids: readonly string[]): Promise<Map<string, Entity>> {
    if (ids.length === 0) return new Map();
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table} WHERE id = ANY(${[...new Set(ids)]}::uuid[]) ORDER BY id FOR UPDATE`.execute(this.db);
    return new Map(result.rows.map((row) => [row.id, rowToEntity(row)]));
  }

  /**
   * `update` of many rows in one statement (a quotation's lines saved together): each row gets its
   * new content if, and only if, its stored version is still the expected one; their history rows
   * are one INSERT. Returns the rows as stored, or undefined when any of them was written meanwhile
   * (the caller's transaction then rolls back).
   */
  async updateMany(rows: readonly { id: string; expectedVersion: string; data: EntityData; before: Entity }[], by: Author, action = 'update'): Promise<Entity[] | undefined> {
    if (rows.length === 0) return [];
    const userId = actorOf(by).userId;
    const impersonation = JSON.stringify(impersonatorMetadata(by, ['lastUpdatedByImpersonator']));
    // The search vector is computed again only for rows whose searched text changed (a quantity does not).
    const values = rows.map((row) => {
      const text = searchText(this.kind, row.data);
      const search = text === searchText(this.kind, row.before) ? sql`NULL::tsvector` : sql`to_tsvector('italian', ${text})`;
      return sql`(${row.id}::uuid, ${row.expectedVersion}::timestamptz, ${JSON.stringify(row.data.attributes)}::jsonb, ${JSON.stringify(row.data.metadata)}::jsonb,
        ${JSON.stringify(row.data.relationships)}::jsonb, ${search})`;
    });
    const result = await sql<EntityRow>`UPDATE ${this.table} AS t SET last_updated_by = ${userId}::uuid,
        metadata = (v.metadata - 'lastUpdatedByImpersonator') || ${impersonation}::jsonb,
        last_updated_date_time = greatest(${NOW}, t.last_updated_date_time + interval '1 millisecond'),
        attributes = v.attributes, relationships = v.relationships, search = coalesce(v.search, t.search)
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v (id, version, attributes, metadata, relationships, search)
      WHERE t.id = v.id AND t.last_updated_date_time = v.version
      RETURNING ${sql.raw(ENTITY_COLUMNS_OF_T)}`.execute(this.db);
    if (result.rows.length !== rows.length) return undefined;
    const afters = new Map(result.rows.map((row) => [row.id, rowToEntity(row)]));
    const written = rows.map((row) => ({ before: row.before, after: afters.get(row.id)! }));
    await this.journal?.record(this.db, this.kind, written, action, actorOf(by));
    return written.map((w) => w.after);
  }

  /**
   * Soft delete of many rows in one statement (lines dropped from their quotation), each only at its
   * expected version; history rows in one INSERT. Undefined when any was written meanwhile.
   */
  async softDeleteMany(rows: readonly { id: string; expectedVersion: string; before: Entity }[], by: Author): Promise<Entity[] | undefined> {
    if (rows.length === 0) return [];
    const userId = actorOf(by).userId;
    const impersonation = JSON.stringify(impersonatorMetadata(by, ['lastUpdatedByImpersonator', 'deletedByImpersonator']));
    const values = rows.map((row) => sql`(${row.id}::uuid, ${row.expectedVersion}::timestamptz)`);
    const result = await sql<EntityRow>`UPDATE ${this.table} AS t SET is_deleted = true, deleted_date_time = ${NOW}, deleted_by = ${userId}::uuid,
        last_updated_by = ${userId}::uuid, metadata = (t.metadata - 'lastUpdatedByImpersonator') || ${impersonation}::jsonb,
        last_updated_date_time = greatest(${NOW}, t.last_updated_date_time + interval '1 millisecond')
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v (id, version)
      WHERE t.id = v.id AND t.last_updated_date_time = v.version AND NOT t.is_deleted
      RETURNING ${sql.raw(ENTITY_COLUMNS_OF_T)}`.execute(this.db);
    if (result.rows.length !== rows.length) return undefined;
    const afters = new Map(result.rows.map((row) => [row.id, rowToEntity(row)]));
    const written = rows.map((row) => ({ before: row.before, after: afters.get(row.id)! }));
    await this.journal?.record(this.db, this.kind, written, 'delete', actorOf(by));
    return written.map((w) => w.after);
  }

  /** Inserts new entities (many at once for the seed), returning them as stored. */
  async insert(
    items: { id: string; data: EntityData; by: Author; createdDateTime?: string; isArchived?: boolean }[],
    action = 'create',
  ): Promise<Entity[]> {
    if (items.length === 0) return [];
    // A new record's version is its creation time: one reading of the clock for both columns of a row
    // (two readings in a row fall on either side of a millisecond now and then, and the record would
    // look changed since it was created).
    const values = items.map(
      (item) => sql`(${item.id}::uuid, ${item.createdDateTime ?? null}::timestamptz,
        ${actorOf(item.by).userId}::uuid, ${item.isArchived ?? false}::boolean, ${JSON.stringify(item.data.attributes)}::jsonb,
        ${JSON.stringify({ ...item.data.metadata, ...impersonatorMetadata(item.by, ['createdByImpersonator', 'lastUpdatedByImpersonator']) })}::jsonb, ${JSON.stringify(item.data.relationships)}::jsonb,
        to_tsvector('italian', ${searchText(this.kind, item.data)}))`,
    );
    const result = await sql<EntityRow>`INSERT INTO ${this.table}
      (id, created_date_time, last_updated_date_time, created_by, last_updated_by, is_archived, attributes, metadata, relationships, search)
      SELECT v.id, coalesce(v.created, clock.at), coalesce(v.created, clock.at), v.author, v.author, v.archived, v.attributes, v.metadata, v.relationships, v.search
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v (id, created, author, archived, attributes, metadata, relationships, search),
        LATERAL (SELECT ${NOW} AS at) AS clock
      RETURNING ${ENTITY_COLUMNS}`.execute(this.db);
    const entities = result.rows.map(rowToEntity);
    if (this.journal) {
      const byId = new Map(entities.map((e) => [e.id, e]));
      // One history INSERT per author (a write by one user: one statement however many rows).
      const byAuthor = new Map<string, { by: Actor; writes: { before: undefined; after: Entity }[] }>();
      for (const item of items) {
        const after = byId.get(item.id);
        if (!after) continue;
        const actor = actorOf(item.by);
        const key = `${actor.userId ?? ''} ${actor.impersonatorId ?? ''}`;
        const group = byAuthor.get(key) ?? { by: actor, writes: [] };
        group.writes.push({ before: undefined, after });
        byAuthor.set(key, group);
      }
      for (const group of byAuthor.values()) await this.journal.record(this.db, this.kind, group.writes, action, group.by);
    }
    return entities;
  }

  /**
   * Writes a new version if, and only if, the stored version is still `expectedVersion`
   * (optimistic concurrency). Returns undefined when someone else wrote first.
   */
  async update(
    id: string,
    expectedVersion: string,
    changes: { data?: EntityData; isArchived?: boolean; isDeleted?: boolean },
    by: Author,
    /** History action: `update`, `delete`, `undelete`, `archive`, `restore` by default; a transition or custom action otherwise. */
    action = defaultAction(changes),
  ): Promise<Entity | undefined> {
    const userId = actorOf(by).userId;
    const before = this.journal ? await this.findById(id, { forUpdate: true }) : undefined;
    // The impersonator of the last write is kept, or cleared by a write made without impersonation.
    const impersonation = impersonatorMetadata(by, ['lastUpdatedByImpersonator', ...(changes.isDeleted ? ['deletedByImpersonator'] : [])]);
    const metadata = changes.data ? sql`${JSON.stringify(changes.data.metadata)}::jsonb` : sql`metadata`;
    const cleared = changes.isDeleted === false ? sql` - 'deletedByImpersonator'` : sql``;
    const sets: RawBuilder<unknown>[] = [
      sql`last_updated_by = ${userId}::uuid`,
      sql`metadata = (${metadata} - 'lastUpdatedByImpersonator'${cleared}) || ${JSON.stringify(impersonation)}::jsonb`,
      // Strictly increasing, even for two writes within one millisecond.
      sql`last_updated_date_time = greatest(${NOW}, last_updated_date_time + interval '1 millisecond')`,
    ];
    if (changes.data) {
      sets.push(
        sql`attributes = ${JSON.stringify(changes.data.attributes)}::jsonb`,
        sql`relationships = ${JSON.stringify(changes.data.relationships)}::jsonb`,
        sql`search = to_tsvector('italian', ${searchText(this.kind, changes.data)})`,
      );
    }
    if (changes.isArchived !== undefined) sets.push(sql`is_archived = ${changes.isArchived}`);
    if (changes.isDeleted !== undefined) {
      sets.push(sql`is_deleted = ${changes.isDeleted}`);
      sets.push(changes.isDeleted ? sql`deleted_date_time = ${NOW}, deleted_by = ${userId}::uuid` : sql`deleted_date_time = NULL, deleted_by = NULL`);
    }
    const result = await sql<EntityRow>`UPDATE ${this.table} SET ${sql.join(sets, sql`, `)}
      WHERE id = ${id}::uuid AND last_updated_date_time = ${expectedVersion}::timestamptz RETURNING ${ENTITY_COLUMNS}`.execute(this.db);
    const row = result.rows[0];
    if (!row) return undefined;
    const after = rowToEntity(row);
    await this.journal?.record(this.db, this.kind, [{ before, after }], action, actorOf(by));
    return after;
  }

  /** Live (not deleted) rows among `ids`. */
  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await sql<{ id: string }>`SELECT id FROM ${this.table} WHERE id = ANY(${ids}::uuid[]) AND NOT is_deleted`.execute(this.db);
    return new Set(result.rows.map((r) => r.id));
  }

  /** SQL condition "the value at `path` points at `targetId`" (list items included), through an index when there is one. */
  private referenceCondition(path: string, targetId: string, many: boolean): RawBuilder<unknown> {
    return referenceCondition(this.kind, path, targetId, many);
  }

  /** Live rows whose `path` points at `targetId`; the path is a registry reference. */
  async countReferencing(path: string, targetId: string, many: boolean): Promise<number> {
    const result = await sql<{ n: number }>`SELECT count(*) AS n FROM ${this.table}
      WHERE NOT is_deleted AND ${this.referenceCondition(path, targetId, many)}`.execute(this.db);
    return result.rows[0]?.n ?? 0;
  }

  /** Whether any live row's `path` points at one of `targetIds` (a batch's delete: one statement per chunk, see countReferencing). */
  async anyReferencing(path: string, targetIds: readonly string[], many: boolean): Promise<boolean> {
    for (const chunk of chunksOf(targetIds, REFERENCE_CHUNK)) {
      const result = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM ${this.table}
        WHERE NOT is_deleted AND (${this.referencingAny(path, chunk, many)})) AS found`.execute(this.db);
      if (result.rows[0]?.found) return true;
    }
    return false;
  }

  /**
   * Soft-deletes the live rows that belong to the `owners` (owned references), each marked
   * `metadata.deletedWith` with its owner's marker so that undeleting that owner brings back these and
   * no others: one locking read and one UPDATE per chunk of owners, their history in one INSERT.
   * Returns their ids.
   */
  async softDeleteReferencing(path: string, owners: readonly { id: string; deletedWith: string }[], many: boolean, by: Author): Promise<string[]> {
    const deleted: string[] = [];
    for (const chunk of chunksOf(owners, REFERENCE_CHUNK)) {
      const markerOf = new Map(chunk.map((owner) => [owner.id.toLowerCase(), owner.deletedWith]));
      const befores = (
        await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table} WHERE NOT is_deleted AND (${this.referencingAny(path, [...markerOf.keys()], many)}) FOR UPDATE`.execute(this.db)
      ).rows.map(rowToEntity);
      if (befores.length === 0) continue;
      // A row naming two of the owners goes with the first it names.
      const marks = befores.map((row) => referenceValues(row, path, many).map((ref) => markerOf.get(ref.id.toLowerCase())).find((marker) => marker !== undefined) ?? '');
      const userId = actorOf(by).userId;
      const marker = impersonatorMetadata(by, ['lastUpdatedByImpersonator', 'deletedByImpersonator']);
      const result = await sql<EntityRow>`UPDATE ${this.table} SET is_deleted = true, deleted_date_time = ${NOW}, deleted_by = ${userId}::uuid,
        last_updated_by = ${userId}::uuid, metadata = (metadata - 'lastUpdatedByImpersonator') || ${JSON.stringify(marker)}::jsonb || jsonb_build_object('deletedWith', owned.deleted_with),
        last_updated_date_time = greatest(${NOW}, last_updated_date_time + interval '1 millisecond')
        FROM unnest(${befores.map((e) => e.id)}::uuid[], ${marks}::text[]) AS owned(row_id, deleted_with)
        WHERE NOT is_deleted AND id = owned.row_id RETURNING ${ENTITY_COLUMNS}`.execute(this.db);
      deleted.push(...(await this.recordAll(befores, result.rows, 'delete', by)));
    }
    return deleted;
  }

  /** "The value at `path` points at one of `targetIds`": each id's own indexed condition, ORed. */
  private referencingAny(path: string, targetIds: readonly string[], many: boolean): RawBuilder<unknown> {
    return sql.join(targetIds.map((id) => this.referenceCondition(path, id, many)), sql` OR `);
  }

  /** Brings back the rows soft-deleted together with their owner (`deletedWith` marker, see softDeleteReferencing). Returns their ids. */
  async undeleteDeletedWith(deletedWith: string, by: Author): Promise<string[]> {
    const befores = (
      await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table} WHERE is_deleted AND metadata->>'deletedWith' = ${deletedWith} FOR UPDATE`.execute(this.db)
    ).rows.map(rowToEntity);
    if (befores.length === 0) return [];
    const userId = actorOf(by).userId;
    const impersonation = impersonatorMetadata(by, ['lastUpdatedByImpersonator']);
    const result = await sql<EntityRow>`UPDATE ${this.table} SET is_deleted = false, deleted_date_time = NULL, deleted_by = NULL, last_updated_by = ${userId}::uuid,
      metadata = (metadata - 'lastUpdatedByImpersonator' - 'deletedByImpersonator' - 'deletedWith') || ${JSON.stringify(impersonation)}::jsonb,
      last_updated_date_time = greatest(${NOW}, last_updated_date_time + interval '1 millisecond')
      WHERE id = ANY(${befores.map((e) => e.id)}::uuid[]) RETURNING ${ENTITY_COLUMNS}`.execute(this.db);
    return this.recordAll(befores, result.rows, 'undelete', by);
  }

  private async recordAll(befores: Entity[], rows: EntityRow[], action: string, by: Author): Promise<string[]> {
    const before = new Map(befores.map((e) => [e.id, e]));
    const afters = rows.map(rowToEntity);
    await this.journal?.record(this.db, this.kind, afters.map((after) => ({ before: before.get(after.id), after })), action, actorOf(by));
    return afters.map((e) => e.id);
  }

  /** Live rows (other than `excludeId`) whose list field equals `value`: uniqueness checks. */
  async findIdsByField(fieldName: string, value: string, excludeId?: string): Promise<string[]> {
    const field = this.kind.fields[fieldName];
    if (!field) throw new Error(`${this.kind.type} has no list field ${fieldName}`);
    const exclude = excludeId ? sql` AND id <> ${excludeId}::uuid` : sql``;
    const result = await sql<{ id: string }>`SELECT id FROM ${this.table}
      WHERE NOT is_deleted AND ${fieldSql(field)} = ${value}${exclude} LIMIT 5`.execute(this.db);
    return result.rows.map((r) => r.id);
  }

  /** Every row, deleted ones too, oldest first: small catalogues a rule reads whole (the courses). */
  async listAll(): Promise<Entity[]> {
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table} ORDER BY created_date_time, id`.execute(this.db);
    return result.rows.map(rowToEntity);
  }

  /** Live rows whose list field of ids (`uuidArray`) holds any of `ids`, oldest first (the editions some employees attended). */
  async listHoldingAny(fieldName: string, ids: readonly string[]): Promise<Entity[]> {
    const field = this.kind.fields[fieldName];
    if (!field || field.type !== 'uuidArray') throw new Error(`${this.kind.type} has no id list field ${fieldName}`);
    if (ids.length === 0) return [];
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table}
      WHERE NOT is_deleted AND ${fieldSql(field)} ?| ${[...new Set(ids)]}::text[] ORDER BY created_date_time, id`.execute(this.db);
    return result.rows.map(rowToEntity);
  }

  /**
   * Live rows whose single-valued relationship `via` is `parentId` (or one of several: a batch's
   * equipments, one containment probe each in one bitmap scan of the relationships index), oldest
   * first (e.g. a quotation's products).
   */
  async listByRelationship(via: string, parentId: string | readonly string[], options: { forUpdate?: boolean } = {}): Promise<Entity[]> {
    if (typeof parentId !== 'string' && parentId.length === 0) return [];
    const named = typeof parentId === 'string'
      ? sql`relationships @> ${JSON.stringify({ [via]: parentId })}::jsonb`
      : sql`relationships @> ANY(${parentId.map((id) => JSON.stringify({ [via]: id }))}::jsonb[])`;
    const lock = options.forUpdate ? sql` FOR UPDATE` : sql``;
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table}
      WHERE NOT is_deleted AND ${named} ORDER BY created_date_time, id${lock}`.execute(this.db);
    return result.rows.map(rowToEntity);
  }

  /** Merges server-derived values into metadata without making a new version (nobody's edit can conflict with them). */
  async patchDerivedMetadata(id: string, values: Record<string, unknown>): Promise<void> {
    const result = await sql<{ version: string }>`UPDATE ${this.table} SET metadata = metadata || ${JSON.stringify(values)}::jsonb
      WHERE id = ${id}::uuid RETURNING last_updated_date_time AS version`.execute(this.db);
    // No history row (no new version), but open screens of the record learn that it changed.
    const version = result.rows[0]?.version;
    if (version) this.journal?.derived(this.kind.type, id, version);
  }

  /** Rows whose `via` relationship points at `parentId` and whose state is one of `states`. */
  async findRelated(via: string, parentId: string, statePath: string, states: readonly string[]): Promise<Entity[]> {
    const probe = JSON.stringify({ [via]: parentId });
    const result = await sql<EntityRow>`SELECT ${ENTITY_COLUMNS} FROM ${this.table}
      WHERE NOT is_deleted AND relationships @> ${probe}::jsonb AND ${sql.raw(jsonPathSql(statePath))} = ANY(${[...states]}::text[])
      FOR UPDATE`.execute(this.db);
    return result.rows.map(rowToEntity);
  }
}
