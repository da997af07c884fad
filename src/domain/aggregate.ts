/**
 * Figures of a list (issue 23, the dashboards' charts): `GET /api/{type}/aggregate` takes the list
 * query language (filters, ranges, full text, archived…) plus `group`, `sum`, `sort` and `limit`, and
 * answers counts (and sums) per group, through the same read rule as the list: the charts never
 * list rows to count them. Shared by the server (parsing, SQL) and the client (the answer's shape).
 */

/** How a date field is grouped: the day, the ISO week (Monday) or the month it falls in, in Rome. */
export const dateBuckets = ['day', 'week', 'month'] as const;
export type DateBucket = (typeof dateBuckets)[number];

/** At most this many grouping fields (`group=a,b:week,c`). */
export const MAX_GROUP_FIELDS = 3;
/** Groups answered by default, and at most (`limit`). */
export const DEFAULT_GROUP_LIMIT = 100;
export const MAX_GROUP_LIMIT = 500;
/**
 * An aggregate reads at most this many rows: past it the figures are those of the first rows read
 * and `meta.totalIsEstimate` says so (the charts then say «circa»), so a chart never scans a million rows.
 */
export const AGGREGATE_ROW_LIMIT = 200_000;

/** The parameters the aggregate adds to the list language. */
export const AGGREGATE_PARAMETERS = ['group', 'sum', 'sort', 'limit'] as const;

/** The value of one group: a field's value, a bucket's first day (YYYY-MM-DD), or null when the field is empty. */
export type GroupValue = string | number | boolean | null;

export interface AggregateGroup {
  /** Grouping field (as named in `group`, without its bucket) → this group's value. */
  key: Record<string, GroupValue>;
  count: number;
  /** Summed field → the sum over the group (0 when every value is empty). */
  sum?: Record<string, number>;
}

export interface AggregateResult {
  data: AggregateGroup[];
  meta: {
    /** Rows counted (the list's total under the same query, array fields counted once per row). */
    total: number;
    /** The row limit was reached: the figures are those of the first rows read. */
    totalIsEstimate?: true;
    /** Groups found, before `limit`. */
    groups: number;
    /** Names of the referenced records a grouping field names (customers, users), read through their own read rule. */
    labels?: Record<string, Record<string, string>>;
  };
}

/** A grouping term: `module`, `deadlineDate:week`. */
export function parseGroupTerm(term: string): { name: string; bucket?: string } {
  const [name = '', bucket] = term.split(':', 2);
  return bucket === undefined ? { name } : { name, bucket };
}
