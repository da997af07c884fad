/**
 * Grid columns of a kind, derived from its list fields (what the API can sort and filter) and its
 * zod schema (enum values, money): no per-kind column lists. The title column comes first and
 * holds the row's link.
 */
import type { KindDefinition, ListField } from '../../domain/kind.ts';
import { readPath } from '../../domain/kind.ts';
import { machineStateLabels, type MachineType } from '../../domain/machines/index.ts';
import { MONEY_FIELDS, type ValueKind } from '../forms/format.ts';
import { findField, kindSections, type FieldSpec } from '../forms/schema-fields.ts';

export interface GridColumn {
  id: string;
  /** Dotted path of the value in the entity. */
  path: string;
  kind: ValueKind | 'reference' | 'title';
  sortable: boolean;
  range: boolean;
  /** List field type, for the filter input. */
  fieldType: ListField['type'] | 'title';
  options?: string[];
  /** Kind a reference column points at. */
  target?: string;
  stateLabels?: Record<string, string>;
  width: number;
}

/** Common list fields every kind has (README "List query language"). */
const COMMON: Record<string, ListField> = {
  lastUpdatedDateTime: { path: 'metadata.lastUpdatedDateTime', type: 'date', sortable: true, range: true },
  createdDateTime: { path: 'metadata.createdDateTime', type: 'date', sortable: true, range: true },
};

const sectionsCache = new WeakMap<KindDefinition, FieldSpec[]>();
function schemaFields(kind: KindDefinition): FieldSpec[] {
  let fields = sectionsCache.get(kind);
  if (!fields) {
    const s = kindSections(kind);
    fields = [...s.attributes, ...s.metadata, ...s.relationships];
    sectionsCache.set(kind, fields);
  }
  return fields;
}

function columnOf(kind: KindDefinition, id: string, field: ListField): GridColumn {
  const name = field.path.split('.').pop() ?? id;
  const spec = findField(schemaFields(kind), field.path);
  const stateLabels = kind.machine && kind.machine.statePath === field.path ? machineStateLabels[kind.type as MachineType] : undefined;
  const options = spec?.options;
  let valueKind: GridColumn['kind'] = 'text';
  if (field.type === 'boolean') valueKind = 'boolean';
  else if (field.type === 'number') valueKind = MONEY_FIELDS.has(name) ? 'money' : 'number';
  else if (field.type === 'date') valueKind = spec?.kind === 'date' ? 'date' : 'datetime';
  else if (field.type === 'uuid' || field.type === 'uuidArray') valueKind = 'reference';
  else if (field.type === 'textArray') valueKind = 'list';
  else if (options || stateLabels) valueKind = 'enum';
  const column: GridColumn = {
    id, path: field.path, kind: valueKind, sortable: Boolean(field.sortable), range: Boolean(field.range), fieldType: field.type,
    width: valueKind === 'boolean' ? 90 : valueKind === 'date' ? 110 : valueKind === 'money' ? 130 : valueKind === 'reference' ? 200 : 160,
  };
  if (options) column.options = options;
  if (stateLabels) column.stateLabels = stateLabels;
  const target = kind.references[field.path]?.target;
  if (target) column.target = target;
  return column;
}

export const TITLE_COLUMN = 'title';

/** Every column a grid of this kind can show, title first. */
export function kindColumns(kind: KindDefinition): GridColumn[] {
  const title: GridColumn = { id: TITLE_COLUMN, path: '', kind: 'title', sortable: false, range: false, fieldType: 'title', width: 280 };
  const fields = { ...kind.fields, ...COMMON };
  return [title, ...Object.entries(fields).map(([id, field]) => columnOf(kind, id, field))];
}

/** Columns shown when neither the URL nor the user chose: the title, the state, a few plain fields, last change. */
export function defaultColumnIds(kind: KindDefinition): string[] {
  const columns = kindColumns(kind).slice(1);
  const common = new Set(['lastUpdatedDateTime', 'createdDateTime']);
  const plain = columns.filter((c) => c.kind !== 'reference' && !common.has(c.id));
  // Sortable fields first: they are the ones a list is read by (code, state, dates, totals).
  const ordered = [...plain.filter((c) => c.sortable), ...plain.filter((c) => !c.sortable)].slice(0, 6);
  const hasCustomerName = ordered.some((c) => c.id === 'customerName' || c.id === 'companyName');
  const customer = hasCustomerName ? [] : columns.filter((c) => c.kind === 'reference' && c.target === 'customers').slice(0, 1);
  // Keep the kind's own field order among the chosen ones.
  const chosen = new Set(ordered.map((c) => c.id));
  return [TITLE_COLUMN, ...plain.filter((c) => chosen.has(c.id)).map((c) => c.id), ...customer.map((c) => c.id), 'lastUpdatedDateTime'];
}

export function cellValue(entity: unknown, column: GridColumn): unknown {
  return readPath(entity, column.path);
}
