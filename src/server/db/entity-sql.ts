/**
 * How an entity kind maps onto SQL: its table, the expression of every list field, and the
 * indexes those expressions need. Migrations and the repository both use these functions, so the
 * expression a query filters on is, character for character, the one the index was built on.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FieldType, KindDefinition, ListField } from '../../domain/kind.ts';

export function tableName(kind: Pick<KindDefinition, 'type'>): string {
  return kind.type.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Columns every entity table has; the common metadata of SPEC §3 are real columns. */
export const commonColumns = {
  createdDateTime: 'created_date_time',
  lastUpdatedDateTime: 'last_updated_date_time',
  deletedDateTime: 'deleted_date_time',
  createdBy: 'created_by',
  lastUpdatedBy: 'last_updated_by',
  deletedBy: 'deleted_by',
} as const;

/** List fields every kind has, on the common columns. */
export const commonFields: Record<string, ListField> = {
  createdDateTime: { path: 'metadata.createdDateTime', type: 'date', sortable: true, range: true },
  lastUpdatedDateTime: { path: 'metadata.lastUpdatedDateTime', type: 'date', sortable: true, range: true },
  createdBy: { path: 'metadata.createdBy', type: 'uuid' },
  lastUpdatedBy: { path: 'metadata.lastUpdatedBy', type: 'uuid' },
};

const SECTIONS = new Set(['attributes', 'metadata', 'relationships']);

/** Raw SQL text of a JSON path, e.g. `(attributes #>> '{registry,city}')`. Only registry paths reach here. */
export function jsonPathSql(path: string, asJson = false): string {
  const [section, ...keys] = path.split('.');
  if (!section || !SECTIONS.has(section) || keys.length === 0 || keys.some((k) => !/^[A-Za-z0-9_]+$/.test(k))) {
    throw new Error(`Invalid field path ${path}`);
  }
  if (keys.length === 1) return `(${section} ${asJson ? '->' : '->>'} '${keys[0]}')`;
  return `(${section} ${asJson ? '#>' : '#>>'} '{${keys.join(',')}}')`;
}

const casts: Partial<Record<FieldType, string>> = { number: 'numeric', boolean: 'boolean' };

/** The real column of a common metadata field, or undefined for a field inside the JSON documents. */
export function commonColumnOf(field: ListField): string | undefined {
  return Object.entries(commonColumns).find(([name]) => field.path === `metadata.${name}`)?.[1];
}

const columnTypes: Partial<Record<FieldType, string>> = { number: 'numeric', boolean: 'boolean' };

/**
 * Sortable fields are also stored as generated columns: an index on a real column (with the
 * row's flags included) lets PostgreSQL walk a sorted list index-only, so a deep page skips
 * thousands of index entries instead of fetching thousands of rows.
 */
export function sortColumnOf(field: ListField): string | undefined {
  if (!field.sortable || field.type === 'textArray' || field.type === 'uuidArray' || commonColumnOf(field)) return undefined;
  return `s_${field.path.replace(/\./g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`.slice(0, 63);
}

/** Every sortable field's generated column: its name and `name type GENERATED ALWAYS AS (…) STORED`. */
export function sortColumns(kind: KindDefinition): { name: string; definition: string }[] {
  return Object.values(kind.fields).flatMap((field) => {
    const column = sortColumnOf(field);
    if (!column) return [];
    const cast = columnTypes[field.type];
    const expression = cast ? `(${jsonPathSql(field.path)})::${cast}` : jsonPathSql(field.path);
    return [{ name: column, definition: `${column} ${cast ?? 'text'} GENERATED ALWAYS AS (${expression}) STORED` }];
  });
}

/**
 * CREATE TABLE for a kind as the registry describes it now (the schema step creates the tables of
 * kinds added after the first migration with it; migration 0001 keeps its own frozen copy).
 */
export function createTableSql(kind: KindDefinition): string {
  const columns = [
    'id uuid PRIMARY KEY',
    'created_date_time timestamptz NOT NULL',
    'last_updated_date_time timestamptz NOT NULL',
    'deleted_date_time timestamptz',
    'created_by uuid',
    'last_updated_by uuid',
    'deleted_by uuid',
    'is_deleted boolean NOT NULL DEFAULT false',
    'is_archived boolean NOT NULL DEFAULT false',
    "attributes jsonb NOT NULL DEFAULT '{}'::jsonb",
    "metadata jsonb NOT NULL DEFAULT '{}'::jsonb",
    "relationships jsonb NOT NULL DEFAULT '{}'::jsonb",
    "search tsvector NOT NULL DEFAULT ''::tsvector",
    ...sortColumns(kind).map((column) => column.definition),
  ];
  return `CREATE TABLE IF NOT EXISTS ${tableName(kind)} (\n  ${columns.join(',\n  ')}\n)`;
}

/** SQL text of a field's value as compared and sorted. */
export function fieldSqlText(field: ListField): string {
  const common = commonColumnOf(field);
  if (common) return common;
  const sortColumn = sortColumnOf(field);
  if (sortColumn) return sortColumn;
  if (field.type === 'textArray' || field.type === 'uuidArray') return jsonPathSql(field.path, true);
  const cast = casts[field.type];
  return cast ? `(${jsonPathSql(field.path)}::${cast})` : jsonPathSql(field.path);
}

/** The SQL type of a sortable field's value as sorted (its common column or generated sort column). */
export function sortValueType(field: ListField): string {
  if (commonColumnOf(field)) return field.type === 'date' ? 'timestamptz' : 'uuid';
  return columnTypes[field.type] ?? 'text';
}

export function fieldSql(field: ListField): RawBuilder<unknown> {
  return sql.raw(fieldSqlText(field));
}

/** Every list filters on these flags; carrying them in sorted indexes keeps list scans index-only. */
const ROW_FLAGS = 'INCLUDE (is_deleted, is_archived)';

/** Index definitions for one kind: name → SQL (without CREATE INDEX … ON table). */
export function indexDefinitions(kind: KindDefinition): { name: string; using: string }[] {
  const table = tableName(kind);
  const indexes: { name: string; using: string }[] = [
    { name: `${table}_last_updated_idx`, using: `(last_updated_date_time, id) ${ROW_FLAGS}` },
    { name: `${table}_created_idx`, using: `(created_date_time, id) ${ROW_FLAGS}` },
    { name: `${table}_search_idx`, using: 'USING gin (search)' },
    // Containment on relationships answers "is this id referenced?" for every relationship at once.
    { name: `${table}_relationships_idx`, using: 'USING gin (relationships jsonb_path_ops)' },
  ];
  if (kind.defaultOrder) {
    const keys = kind.defaultOrder.map((key) => ({ descending: key.startsWith('-'), field: kind.fields[key.replace(/^-/, '')] }));
    if (keys.every((key) => key.field?.sortable)) {
      const columns = keys.map((key) => `${fieldSqlText(key.field!)} ${key.descending ? 'DESC NULLS LAST' : 'NULLS FIRST'}`);
      indexes.push({ name: `${table}_default_order_idx`, using: `(${columns.join(', ')}, id) ${ROW_FLAGS}` });
    }
  }
  for (const [name, field] of Object.entries(kind.fields)) {
    const expression = fieldSqlText(field);
    const indexName = `${table}_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_idx`;
    if (field.type === 'textArray' || field.type === 'uuidArray') {
      indexes.push({ name: indexName, using: `USING gin (${expression})` });
    } else {
      // Empty values sort first ascending and last descending: one index serves both directions.
      indexes.push({ name: indexName, using: field.sortable ? `(${expression} NULLS FIRST, id) ${ROW_FLAGS}` : `(${expression})` });
    }
  }
  return indexes;
}
