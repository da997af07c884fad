/**
 * Counts and sums of a list by group (issue 23, `GET /api/{type}/aggregate`): the parameters the
 * aggregate adds to the list language, checked against the kind's declared list fields, and the one
 * SQL statement that answers them under the list's own WHERE (query conditions and the caller's row
 * scope, `EntityRepository.whereSql`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { KindDefinition, ListField } from '../../domain/kind.ts';
import { AGGREGATE_PARAMETERS, AGGREGATE_ROW_LIMIT, DEFAULT_GROUP_LIMIT, MAX_GROUP_FIELDS, MAX_GROUP_LIMIT, dateBuckets, parseGroupTerm, type DateBucket } from '../../domain/aggregate.ts';
import { commonColumnOf, commonFields, fieldSqlText, jsonPathSql } from '../db/entity-sql.ts';
import { Problem, type FieldError } from '../http/problems.ts';

export interface GroupSpec {
  name: string;
  field: ListField;
  bucket?: DateBucket;
}

export interface AggregateSpec {
  group: GroupSpec[];
  sum: { name: string; field: ListField }[];
  /** `count` / `-count`: by the groups' counts; otherwise by the group keys, ascending. */
  sort: 'count' | '-count' | 'key';
  limit: number;
}

type RawQuery = Record<string, string | string[] | undefined>;

const listOf = (raw: string | string[] | undefined) =>
  [raw ?? []].flat().flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** Splits the aggregate's own parameters from the list query's. */
export function splitAggregateQuery(raw: RawQuery): { aggregate: RawQuery; list: RawQuery } {
  const aggregate: RawQuery = {};
  const list: RawQuery = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((AGGREGATE_PARAMETERS as readonly string[]).includes(key)) aggregate[key] = value;
    else if (!key.startsWith('page[')) list[key] = value;
  }
  return { aggregate, list };
}

/** The aggregate's parameters, checked against the kind's declared fields (400 with the offending parameter otherwise). */
export function parseAggregate(raw: RawQuery, kind: KindDefinition): AggregateSpec {
  const fields: Record<string, ListField> = { ...commonFields, ...kind.fields };
  const errors: FieldError[] = [];
  const group: GroupSpec[] = [];
  for (const term of listOf(raw.group)) {
    const { name, bucket } = parseGroupTerm(term);
    const field = own(fields, name);
    if (!field) {
      errors.push({ pointer: '?group', code: 'unknownGroupField', message: `Raggruppamento non disponibile: ${name}` });
    } else if (field.type === 'date') {
      if (!bucket || !(dateBuckets as readonly string[]).includes(bucket)) {
        errors.push({ pointer: '?group', code: 'dateBucketRequired', message: `Per raggruppare per ${name} indica il periodo: ${name}:day, ${name}:week o ${name}:month` });
      } else group.push({ name, field, bucket: bucket as DateBucket });
    } else if (bucket !== undefined) {
      errors.push({ pointer: '?group', code: 'bucketNotAvailable', message: `Periodo disponibile solo per le date: ${term}` });
    } else group.push({ name, field });
  }
  if (group.length > MAX_GROUP_FIELDS) errors.push({ pointer: '?group', code: 'tooManyGroupFields', message: `Al massimo ${MAX_GROUP_FIELDS} campi di raggruppamento` });
  if (new Set(group.map((g) => g.name)).size !== group.length) errors.push({ pointer: '?group', code: 'repeatedGroupField', message: 'Campo di raggruppamento ripetuto' });
  const sum: AggregateSpec['sum'] = [];
  for (const name of listOf(raw.sum)) {
    const field = own(fields, name);
    if (!field || field.type !== 'number') errors.push({ pointer: '?sum', code: 'unknownSumField', message: `Somma non disponibile: ${name} (solo campi numerici)` });
    else if (!sum.some((s) => s.name === name)) sum.push({ name, field });
  }
  const sortText = listOf(raw.sort).join(',');
  const sort = sortText === '' ? 'key' : sortText === 'count' || sortText === '-count' ? sortText : undefined;
  if (sort === undefined) errors.push({ pointer: '?sort', code: 'unknownSortField', message: 'Ordinamento dei gruppi: count o -count' });
  const limitText = listOf(raw.limit).at(-1);
  const limit = limitText === undefined ? DEFAULT_GROUP_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_GROUP_LIMIT) errors.push({ pointer: '?limit', code: 'invalidValue', message: `Numero di gruppi tra 1 e ${MAX_GROUP_LIMIT}` });
  if (errors.length > 0) throw new Problem('INVALID_QUERY', { errors });
  return { group, sum, sort: sort ?? 'key', limit };
}

/** A date field's value as a calendar day in Rome: a stored day as it is, a point in time at Rome's wall clock. */
function romeDay(field: ListField): string {
  const column = commonColumnOf(field);
  if (column) return `(${column} AT TIME ZONE 'Europe/Rome')::date`;
  const text = jsonPathSql(field.path);
  return `(CASE WHEN length(${text}) = 10 THEN (${text})::date ELSE ((${text})::timestamptz AT TIME ZONE 'Europe/Rome')::date END)`;
}

/** The SQL of one group key over the scanned rows (`r`), and the FROM item an array field adds. */
function groupKeySql(group: GroupSpec, index: number): { select: string; lateral?: string } {
  const { field, bucket } = group;
  if (field.type === 'uuidArray' || field.type === 'textArray') {
    // One count per element: an intervention counts for each of its technicians; one without any is the empty group.
    return { select: `g${index}.v`, lateral: `LEFT JOIN LATERAL jsonb_array_elements_text(coalesce(r.k${index}, '[]'::jsonb)) AS g${index}(v) ON true` };
  }
  if (bucket) return { select: bucket === 'day' ? `to_char(r.k${index}, 'YYYY-MM-DD')` : `to_char(date_trunc('${bucket}', r.k${index}::timestamp)::date, 'YYYY-MM-DD')` };
  return { select: `r.k${index}` };
}

/** What each scanned row carries for a group key: the field's value (its array as JSON; a date as its day in Rome). */
function scannedValueSql(group: GroupSpec): string {
  const { field } = group;
  if (field.type === 'uuidArray' || field.type === 'textArray') return jsonPathSql(field.path, true);
  if (field.type === 'date') return romeDay(field);
  return fieldSqlText(field);
}

export interface AggregateRow {
  scanned: string | number;
  groups: string | number;
  count: string | number;
  [key: string]: unknown;
}

/**
 * One statement: the matching rows (at most AGGREGATE_ROW_LIMIT + 1, so a count never scans a huge
 * table), grouped; each answer row carries the rows scanned and the groups found.
 */
export function aggregateStatement(table: RawBuilder<unknown>, where: RawBuilder<unknown>, spec: AggregateSpec): RawBuilder<AggregateRow> {
  const scannedColumns = [
    ...spec.group.map((group, i) => `${scannedValueSql(group)} AS k${i}`),
    ...spec.sum.map((s, i) => `(${jsonPathSql(s.field.path)})::numeric AS s${i}`),
  ];
  const keys = spec.group.map((group, i) => groupKeySql(group, i));
  const laterals = keys.flatMap((key) => (key.lateral ? [key.lateral] : [])).join(' ');
  const selectKeys = keys.map((key, i) => `${key.select} AS key${i}`);
  const sums = spec.sum.map((_s, i) => `coalesce(sum(r.s${i}), 0) AS sum${i}`);
  const groupBy = keys.length > 0 ? `GROUP BY ${keys.map((_key, i) => `key${i}`).join(', ')}` : '';
  const order = spec.sort === 'key' || keys.length === 0
    ? keys.map((_key, i) => `key${i} ASC NULLS LAST`).join(', ')
    : `count(*) ${spec.sort === '-count' ? 'DESC' : 'ASC'}, ${keys.map((_key, i) => `key${i} ASC NULLS LAST`).join(', ')}`;
  const selected = [...selectKeys, 'count(*) AS count', ...sums, 'count(*) OVER () AS groups'].join(', ');
  return sql<AggregateRow>`WITH scanned AS MATERIALIZED (
      SELECT ${sql.raw(['1 AS one', ...scannedColumns].join(', '))} FROM ${table} WHERE ${where} LIMIT ${AGGREGATE_ROW_LIMIT + 1}
    )
    SELECT (SELECT count(*) FROM scanned) AS scanned, ${sql.raw(selected)}
    FROM scanned AS r ${sql.raw(laterals)} ${sql.raw(groupBy)}
    ${sql.raw(order ? `ORDER BY ${order}` : '')} LIMIT ${spec.limit}`;
}
