/**
 * The list query language of SPEC §7, parsed strictly: page[number], page[size], filter[field],
 * from[field]/to[field], has[field], filter[fullText], ids, filter[isDeleted], filter[isArchived]
 * (default false), sort=-a,b, plus the named filters a kind adds (customFilters). Anything the
 * kind does not declare is a 400 with the offending parameter, never an SQL error.
 */
import type { FieldType, KindDefinition, ListField } from '../../domain/kind.ts';
import { normaliseDate, normaliseDateTime } from '../../domain/validation.ts';
import { Problem, type FieldError } from '../http/problems.ts';
import { isStorableText } from '../http/json-body.ts';
import { commonFields } from '../db/entity-sql.ts';
import type { CustomFilter } from './custom-filters.ts';

export type FieldValue = string | number | boolean;

export type Condition =
  | { kind: 'in'; name: string; field: ListField; values: FieldValue[] }
  | { kind: 'range'; name: string; field: ListField; from?: FieldValue; to?: FieldValue }
  | { kind: 'has'; name: string; field: ListField; present: boolean }
  /** `readablePaths`: set for a caller some of the kind's full-text fields are hidden from; only those paths may match. */
  | { kind: 'fullText'; terms: string[]; readablePaths?: string[] }
  | { kind: 'ids'; ids: string[] }
  | { kind: 'custom'; filter: CustomFilter; value: string };

export interface ListQuery {
  /**
   * `after` (keyset continuation, `page[after]`): the opaque cursor of `meta.page.next`; the page
   * then starts right after the row it names instead of at an offset.
   */
  page: { number: number; size: number; after?: string };
  conditions: Condition[];
  isDeleted: boolean;
  /** null lists archived and active together (`filter[isArchived]=all`). */
  isArchived: boolean | null;
  sort: { name: string; field: ListField; descending: boolean }[];
}

export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_NUMBER = 1_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LIST_VALUES = 500;

/** An own property only: `__proto__`, `constructor` and friends are not fields or filters. */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Splits a comma-separated value (SPEC §7: arrays are comma-separated); repeated parameters join. */
function listOf(raw: string | string[]): string[] {
  return (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

function single(raw: string | string[]): string {
  return Array.isArray(raw) ? (raw.at(-1) ?? '') : raw;
}

/** Parses one value for a field type; returns undefined when it does not fit. */
export function parseValue(type: FieldType, text: string): FieldValue | undefined {
  switch (type) {
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'date':
      return normaliseDate(text) ?? normaliseDateTime(text) ?? undefined;
    case 'uuid':
    case 'uuidArray':
      return UUID.test(text) ? text.toLowerCase() : undefined;
    default:
      return text.length <= 500 && isStorableText(text) ? text : undefined;
  }
}

const invalidValue = (parameter: string): FieldError => ({ pointer: `?${parameter}`, code: 'invalidValue', message: 'Valore non valido' });
const unknownParameter = (parameter: string): FieldError => ({ pointer: `?${parameter}`, code: 'unknownParameter', message: 'Parametro sconosciuto' });

function parseBooleanFlag(raw: string | string[]): boolean | undefined {
  const text = single(raw);
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** Full-text input → prefix terms; only letters and digits survive, so no tsquery syntax gets through. */
export function fullTextTerms(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10).map((t) => t.toLowerCase().slice(0, 60));
}

export function parseListQuery(
  raw: Record<string, string | string[] | undefined>,
  kind: KindDefinition,
  options: { maxPageSize: number; customFilters: Record<string, CustomFilter> },
): ListQuery {
  const fields: Record<string, ListField> = { ...commonFields, ...kind.fields };
  const errors: FieldError[] = [];
  const query: ListQuery = {
    page: { number: 1, size: DEFAULT_PAGE_SIZE },
    conditions: [],
    isDeleted: false,
    isArchived: false,
    sort: [],
  };
  const ranges = new Map<string, { from?: FieldValue; to?: FieldValue }>();

  for (const [parameter, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const match = /^(page|filter|from|to|has|have)\[([A-Za-z0-9_]+)\]$/.exec(parameter);
    if (!match) {
      if (parameter === 'sort') {
        for (const item of listOf(value)) {
          const descending = item.startsWith('-');
          const name = descending ? item.slice(1) : item;
          const field = own(fields, name);
          if (!field?.sortable) errors.push({ pointer: '?sort', code: 'unknownSortField', message: `Ordinamento non disponibile: ${name}` });
          else query.sort.push({ name, field, descending });
        }
      } else if (parameter === 'ids') {
        const ids = listOf(value);
        if (ids.length > MAX_LIST_VALUES || ids.some((id) => !UUID.test(id))) errors.push(invalidValue('ids'));
        else query.conditions.push({ kind: 'ids', ids: ids.map((id) => id.toLowerCase()) });
      } else {
        errors.push(unknownParameter(parameter));
      }
      continue;
    }
    const [, group, name] = match as unknown as [string, string, string];
    if (group === 'page') {
      if (name === 'after') {
        const cursor = single(value);
        if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) errors.push(invalidValue(parameter));
        else query.page.after = cursor;
        continue;
      }
      const n = Number(single(value));
      if (name !== 'number' && name !== 'size') errors.push(unknownParameter(parameter));
      else if (!Number.isInteger(n) || n < 1) errors.push({ pointer: `?${parameter}`, code: 'pageAtLeastOne', message: 'Deve essere almeno 1' });
      else if (name === 'number') query.page.number = Math.min(n, MAX_PAGE_NUMBER);
      else query.page.size = Math.min(n, options.maxPageSize);
      continue;
    }
    const custom = own(options.customFilters, `${group}[${name}]`);
    if (custom) {
      const text = single(value);
      if (!custom.accepts(text)) errors.push(invalidValue(parameter));
      else query.conditions.push({ kind: 'custom', filter: custom, value: text });
      continue;
    }
    if (group === 'filter' && name === 'fullText') {
      const terms = fullTextTerms(single(value));
      if (terms.length > 0) query.conditions.push({ kind: 'fullText', terms });
      continue;
    }
    if (group === 'filter' && name === 'isDeleted') {
      const flag = parseBooleanFlag(value);
      if (flag === undefined) errors.push(invalidValue(parameter));
      else query.isDeleted = flag;
      continue;
    }
    if (group === 'filter' && name === 'isArchived') {
      const text = single(value);
      const flag = text === 'all' ? null : parseBooleanFlag(text);
      if (flag === undefined) errors.push(invalidValue(parameter));
      else query.isArchived = flag;
      continue;
    }
    const field = own(fields, name);
    if (!field || group === 'have') {
      errors.push(unknownParameter(parameter));
      continue;
    }
    if (group === 'filter') {
      const texts = listOf(value);
      const values = texts.map((t) => parseValue(field.type, t));
      if (texts.length === 0 || texts.length > MAX_LIST_VALUES || values.some((v) => v === undefined)) errors.push(invalidValue(parameter));
      else query.conditions.push({ kind: 'in', name, field, values: values as FieldValue[] });
    } else if (group === 'has') {
      const flag = parseBooleanFlag(value);
      if (flag === undefined) errors.push(invalidValue(parameter));
      else query.conditions.push({ kind: 'has', name, field, present: flag });
    } else {
      if (!field.range) {
        errors.push({ pointer: `?${parameter}`, code: 'rangeNotAvailable', message: `Intervallo non disponibile: ${name}` });
        continue;
      }
      const bound = parseValue(field.type, single(value));
      if (bound === undefined) errors.push(invalidValue(parameter));
      else ranges.set(name, { ...ranges.get(name), [group]: bound });
    }
  }
  for (const [name, bounds] of ranges) {
    query.conditions.push({ kind: 'range', name, field: fields[name] as ListField, ...bounds });
  }
  if (errors.length > 0) throw new Problem('INVALID_QUERY', { errors });
  return query;
}
