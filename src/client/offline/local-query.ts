/**
 * The list query language of SPEC §7 answered from the records a device holds (issue 25), for the
 * screens of a technician offline: `ids`, `filter[field]` (comma-separated values: any of them),
 * `from[field]`/`to[field]`, `has[field]`, `filter[isDeleted]`, `filter[isArchived]`, `sort` and the
 * page. The fields are the kind's own list fields (src/domain/kind.ts), so a name means here what it
 * means on the server (src/server/resources/list-query.ts). What only the server can answer (the
 * full-text index, a kind's named filters, a keyset cursor) makes the query unanswerable here:
 * `undefined`, never a guess.
 */
import type { Entity } from '../../domain/entity.ts';
import { readPath, type ListField } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { rangeUpperBound } from '../../domain/list-range.ts';
import { normaliseDate, normaliseDateTime } from '../../domain/validation.ts';
import type { ListParams, ListResult } from '../../domain/records.ts';

type Test = (entity: Entity) => boolean;

const DEFAULT_PAGE_SIZE = 10;

const valuesOf = (raw: ListParams[string]): string[] =>
  (Array.isArray(raw) ? raw : [raw]).flatMap((value) => String(value ?? '').split(',')).map((value) => value.trim()).filter((value) => value !== '');

const flagOf = (raw: ListParams[string]): boolean | undefined => {
  const text = valuesOf(raw)[0];
  return text === 'true' ? true : text === 'false' ? false : undefined;
};

/** A stored value as the list compares it: ids lower-case, booleans and numbers as their text. */
const comparable = (value: unknown, field: ListField): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (text === undefined) return undefined;
  return field.type === 'uuid' || field.type === 'uuidArray' ? text.toLowerCase() : text;
};

const valuesAt = (entity: Entity, field: ListField): string[] => {
  const value = readPath(entity, field.path);
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => comparable(item, field)).filter((item): item is string => item !== undefined);
};

function compare(a: string | undefined, b: string | undefined, field: ListField): number {
  if (a === b) return 0;
  if (a === undefined) return 1; // empty values last, as the server's NULLS LAST
  if (b === undefined) return -1;
  if (field.type === 'number') return Number(a) - Number(b);
  return a < b ? -1 : 1;
}

/** The test of one parameter, or null when only the server can answer it. */
function testOf(parameter: string, raw: ListParams[string], fields: Record<string, ListField>): Test | null | 'skip' {
  if (parameter === 'sort' || parameter === 'page[size]' || parameter === 'page[number]' || parameter === 'include') return 'skip';
  if (parameter === 'ids') {
    const ids = new Set(valuesOf(raw).map((id) => id.toLowerCase()));
    return (entity) => ids.has(entity.id.toLowerCase());
  }
  if (parameter === 'filter[isDeleted]' || parameter === 'filter[isArchived]') return 'skip';
  const match = /^(filter|from|to|has)\[([^\]]+)\]$/.exec(parameter);
  if (!match) return null;
  const [, group, name] = match as unknown as [string, string, string];
  const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!field) return null;
  if (group === 'has') {
    const present = flagOf(raw);
    if (present === undefined) return null;
    return (entity) => (valuesAt(entity, field).length > 0) === present;
  }
  if (group === 'filter') {
    const wanted = new Set(valuesOf(raw).map((value) => (field.type === 'uuid' || field.type === 'uuidArray' ? value.toLowerCase() : value)));
    return (entity) => valuesAt(entity, field).some((value) => wanted.has(value));
  }
  const text = valuesOf(raw)[0];
  // As the server reads it: a date or a point in time normalised, a calendar day as upper bound the whole day.
  const bound = text !== undefined && field.type === 'date' ? (normaliseDate(text) ?? normaliseDateTime(text) ?? undefined) : text;
  if (bound === undefined) return null;
  const upper = field.type === 'date' ? rangeUpperBound(bound) : { bound, inclusive: true };
  return (entity) => {
    const value = valuesAt(entity, field)[0];
    if (value === undefined) return false;
    if (group === 'from') return compare(value, bound, field) >= 0;
    const order = compare(value, upper.bound, field);
    return upper.inclusive ? order <= 0 : order < 0;
  };
}

/** Whether a record of `type` matches the list's conditions; undefined when only the server can tell. */
export function localMatcher(type: string, params: ListParams = {}): Test | undefined {
  const fields = findKind(type)?.fields ?? {};
  const tests: Test[] = [];
  for (const [parameter, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    const test = testOf(parameter, raw, fields);
    if (test === null) return undefined;
    if (test !== 'skip') tests.push(test);
  }
  const deleted = flagOf(params['filter[isDeleted]']) ?? false;
  const archivedText = valuesOf(params['filter[isArchived]'])[0];
  const archived = archivedText === 'all' ? null : (flagOf(params['filter[isArchived]']) ?? false);
  return (entity) =>
    (entity.metadata.isDeleted === true) === deleted
    && (archived === null || (entity.metadata.isArchived === true) === archived)
    && tests.every((test) => test(entity));
}

/** Sorts as `sort=-a,b` asks (unknown names: only the server can answer). */
export function localSort(type: string, params: ListParams = {}): ((a: Entity, b: Entity) => number) | undefined {
  const fields = findKind(type)?.fields ?? {};
  const keys = valuesOf(params.sort).map((name) => ({ descending: name.startsWith('-'), name: name.replace(/^-/, '') }));
  const resolved = keys.map((key) => ({ ...key, field: Object.hasOwn(fields, key.name) ? fields[key.name] : undefined }));
  if (resolved.some((key) => !key.field)) return undefined;
  return (a, b) => {
    for (const { field, descending } of resolved) {
      const order = compare(valuesAt(a, field!)[0], valuesAt(b, field!)[0], field!);
      if (order !== 0) return descending ? -order : order;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The list the server would answer, computed over `entities`; undefined when only the server can answer it. */
export function answerLocally(type: string, entities: readonly Entity[], params: ListParams = {}): ListResult | undefined {
  if (params['page[after]'] !== undefined) return undefined;
  const matches = localMatcher(type, params);
  const order = localSort(type, params);
  if (!matches || !order) return undefined;
  const size = Math.max(1, Number(valuesOf(params['page[size]'])[0] ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE);
  const number = Math.max(1, Number(valuesOf(params['page[number]'])[0] ?? 1) || 1);
  const all = entities.filter(matches).sort(order);
  return { data: all.slice((number - 1) * size, number * size), meta: { total: all.length, page: { number, size } } };
}
