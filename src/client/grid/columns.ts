/**
 * Grid columns of a kind, derived from its list fields (what the API can sort and filter), its zod
 * schema (every other plain attribute and relation, enum values, money) and what the server derives
 * (a line's totals): no per-kind column lists. Columns that are not list fields are shown but
 * cannot be sorted or filtered. The title column comes first and holds the row's link.
 */
import type { EntityShape, KindDefinition, ListField } from '../../domain/kind.ts';
import { readPath } from '../../domain/kind.ts';
import { machineStateLabels, type MachineType } from '../../domain/machines/index.ts';
import { fieldLabel, numberKind, type ValueKind } from '../forms/format.ts';
import { intl } from '../i18n/index.ts';
import { findField, kindSections, type FieldSpec } from '../forms/schema-fields.ts';

export interface GridColumn {
  id: string;
  /** Dotted path of the value in the entity. */
  path: string;
  kind: ValueKind | 'reference' | 'title';
  sortable: boolean;
  range: boolean;
  /** List field type, for the filter input; `none` for a column the API cannot filter or sort by. */
  fieldType: ListField['type'] | 'title' | 'none';
  options?: string[];
  /** Kind a reference column points at. */
  target?: string;
  stateLabels?: Record<string, string>;
  /** The modules the field means something in (`ListField.modules`): its filter is offered only within them. */
  modules?: readonly string[];
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
  const options = spec?.options ?? (field.values ? [...field.values] : undefined);
  let valueKind: GridColumn['kind'] = 'text';
  if (field.type === 'boolean') valueKind = 'boolean';
  else if (field.type === 'number') valueKind = numberKind(name);
  else if (field.type === 'date') valueKind = spec?.kind === 'date' ? 'date' : 'datetime';
  else if (field.type === 'uuid' || field.type === 'uuidArray') valueKind = 'reference';
  else if (field.type === 'textArray') valueKind = 'list';
  else if (options || stateLabels) valueKind = 'enum';
  const column: GridColumn = {
    id, path: field.path, kind: valueKind, sortable: Boolean(field.sortable), range: Boolean(field.range), fieldType: field.type,
    width: widthOf(valueKind),
  };
  if (options) column.options = options;
  if (stateLabels) column.stateLabels = stateLabels;
  if (field.modules) column.modules = field.modules;
  const target = kind.references[field.path]?.target;
  if (target) column.target = target;
  return column;
}

const widthOf = (kind: GridColumn['kind']) => (kind === 'boolean' ? 90 : kind === 'date' ? 110 : kind === 'money' ? 130 : kind === 'number' || kind === 'percent' ? 110 : kind === 'reference' ? 200 : 160);

/** A column of a schema field that is not a list field: shown, not sorted nor filtered. */
function schemaColumn(id: string, spec: FieldSpec): GridColumn | undefined {
  let kind: GridColumn['kind'];
  switch (spec.kind) {
    case 'number': case 'integer': kind = numberKind(spec.name); break;
    case 'boolean': kind = 'boolean'; break;
    case 'date': kind = 'date'; break;
    case 'datetime': kind = 'datetime'; break;
    case 'enum': kind = 'enum'; break;
    case 'enumList': case 'textList': kind = 'list'; break;
    case 'reference': case 'referenceList': kind = spec.target ? 'reference' : 'text'; break;
    case 'text': case 'email': case 'url': kind = 'text'; break;
    case 'textarea': kind = 'text'; break;
    default: return undefined; // objects, lists of objects, maps: no single value for a cell
  }
  const column: GridColumn = { id, path: spec.path, kind, sortable: false, range: false, fieldType: 'none', width: spec.kind === 'textarea' ? 240 : widthOf(kind) };
  if (spec.options) column.options = spec.options;
  if (spec.target) column.target = spec.target;
  return column;
}

/** A stand-in value of a field (numbers 1, texts `x`, first option): enough for a derivation to run. */
function sampleValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'number': case 'integer': return Math.max(1, spec.min ?? 1);
    case 'boolean': return false;
    case 'enum': return spec.options?.[0];
    case 'enumList': case 'referenceList': case 'textList': case 'objectList': return [];
    case 'object': return Object.fromEntries((spec.children ?? []).map((c) => [c.name, sampleValue(c)]));
    case 'record': return {};
    case 'reference': return undefined;
    default: return 'x';
  }
}

/** Keys of the metadata the server derives (a line's totals), from a stand-in entity whose values do not matter. */
function derivedKeys(kind: KindDefinition): string[] {
  if (!kind.derivedMetadata) return [];
  const sections = kindSections(kind);
  const sample = (fields: FieldSpec[]) => Object.fromEntries(fields.map((f) => [f.name, sampleValue(f)]));
  try {
    return Object.keys(kind.derivedMetadata({ attributes: sample(sections.attributes), metadata: sample(sections.metadata), relationships: sample(sections.relationships) } as EntityShape));
  } catch {
    return []; // a derivation that needs more than stand-ins names nothing here
  }
}

export const TITLE_COLUMN = 'title';

const columnsCache = new WeakMap<KindDefinition, GridColumn[]>();

/** Every column a grid of this kind can show, title first: list fields, then the other plain fields of its schema and derived metadata. */
export function kindColumns(kind: KindDefinition): GridColumn[] {
  const cached = columnsCache.get(kind);
  if (cached) return cached;
  const title: GridColumn = { id: TITLE_COLUMN, path: '', kind: 'title', sortable: false, range: false, fieldType: 'title', width: 280 };
  const fields = { ...kind.fields, ...COMMON };
  const listed = Object.entries(fields).map(([id, field]) => columnOf(kind, id, field));
  const ids = new Set([TITLE_COLUMN, ...listed.map((c) => c.id)]);
  const paths = new Set(listed.map((c) => c.path));
  const extra: GridColumn[] = [];
  const add = (column: GridColumn | undefined) => {
    if (!column || paths.has(column.path)) return;
    // A name used by another section's column gets its section in front (`metadata.code`).
    const id = ids.has(column.id) ? column.path : column.id;
    ids.add(id);
    paths.add(column.path);
    extra.push({ ...column, id });
  };
  for (const spec of schemaFields(kind)) add(schemaColumn(spec.name, spec));
  for (const key of derivedKeys(kind)) {
    const kindOfValue = numberKind(key);
    add({ id: key, path: `metadata.${key}`, kind: kindOfValue, sortable: false, range: false, fieldType: 'none', width: widthOf(kindOfValue) });
  }
  const columns = [title, ...listed, ...extra];
  columnsCache.set(kind, columns);
  return columns;
}

/** Columns a grid shows inside its parent record (a quotation's lines): what a row is (its title, the product), its amounts, its totals. */
export function childColumnIds(kind: KindDefinition, fixedIds: ReadonlySet<string>, preferred?: readonly string[]): string[] {
  const columns = kindColumns(kind).slice(1);
  // The kind module's own choice, where it has one (only columns the kind has, never the parent relation).
  if (preferred) return [TITLE_COLUMN, ...preferred.filter((id) => !fixedIds.has(id) && columns.some((c) => c.id === id))];
  const relation = columns.filter((c) => c.kind === 'reference' && !c.path.endsWith('Ids') && !fixedIds.has(c.id)).slice(0, 1);
  const attributes = schemaFields(kind).filter((f) => f.path.startsWith('attributes.') && (f.required || f.hasDefault));
  const plain = columns.filter((c) => {
    if (!c.path.startsWith('attributes.') || fixedIds.has(c.id)) return false;
    const spec = attributes.find((f) => f.path === c.path);
    // An order among siblings (`position`) is how rows are sorted, not something to read.
    return spec !== undefined && (c.kind === 'number' || c.kind === 'money' || c.kind === 'percent' || c.kind === 'enum' || c.kind === 'date') && !/^(position|sortOrder)$/.test(spec.name);
  });
  // Of the derived amounts, the net total says what the row is worth.
  const totals = columns.filter((c) => c.path.startsWith('metadata.') && c.fieldType === 'none' && c.kind === 'money' && /^net/i.test(c.id));
  return [TITLE_COLUMN, ...[...relation, ...plain, ...totals].map((c) => c.id)].slice(0, 9);
}

/**
 * A parent's choice of columns (a customer's equipments) keeps the columns the kind draws itself
 * right after the title, where the kind's own list has them: a customer's «Attrezzature e impianti»
 * reads «Prossima scadenza» second, as /customers/{id}/fire/equipments does, not last past the edge.
 * A drawn column the choice already names (a quotation line's «Sconto %») stays where it is named.
 */
export function withDrawnIds(ids: readonly string[] | undefined, cells: Readonly<Record<string, unknown>> | undefined): string[] | undefined {
  if (!ids) return undefined;
  if (!cells) return [...ids];
  const [title, ...rest] = ids;
  return [...new Set([title!, ...Object.keys(cells).filter((id) => !rest.includes(id)), ...rest])];
}

/** Columns shown when neither the URL nor the user chose: the title, the state, a few plain fields, last change. */
export function defaultColumnIds(kind: KindDefinition): string[] {
  const columns = kindColumns(kind).slice(1);
  const common = new Set(['lastUpdatedDateTime', 'createdDateTime']);
  // A list reads by its list fields (what it sorts and filters by); other columns are a choice away.
  const plain = columns.filter((c) => c.kind !== 'reference' && c.fieldType !== 'none' && !common.has(c.id));
  // Sortable fields first: they are the ones a list is read by (code, state, dates, totals).
  const ordered = [...plain.filter((c) => c.sortable), ...plain.filter((c) => !c.sortable)].slice(0, 6);
  // Whose row it is: the customer when the kind names one (`customerId`), else its required relation;
  // not when a plain column already names it (`customerName`).
  const fields = schemaFields(kind);
  const named = (c: GridColumn) => ordered.some((o) => o.id === c.id.replace(/Id$/, 'Name'));
  const relations = columns.filter((c) => c.kind === 'reference' && c.fieldType === 'uuid');
  const owner = [...relations.filter((c) => c.id === 'customerId'), ...relations.filter((c) => findField(fields, c.path)?.required)].filter((c) => !named(c)).slice(0, 1);
  // Keep the kind's own field order among the chosen ones; not a field the title already shows (a role's name).
  const repeated = titleField(kind, plain);
  const chosen = new Set(ordered.filter((c) => c.id !== repeated).map((c) => c.id));
  return [TITLE_COLUMN, ...plain.filter((c) => chosen.has(c.id)).map((c) => c.id), ...owner.map((c) => c.id), 'lastUpdatedDateTime'];
}

/** The column among `columns` whose value is the whole of the kind's title (a role titled by its name), found on a stand-in record; or undefined. */
function titleField(kind: KindDefinition, columns: readonly GridColumn[]): string | undefined {
  const texts = columns.filter((c) => c.kind === 'text' && /^(attributes|metadata)\.[^.]+$/.test(c.path));
  const sample: Record<string, Record<string, unknown>> = { attributes: {}, metadata: {}, relationships: {} };
  for (const column of texts) {
    const [section, key] = column.path.split('.') as [string, string];
    sample[section]![key] = `«${column.id}»`;
  }
  try {
    const title = kind.title(sample as unknown as EntityShape);
    return texts.find((column) => title === `«${column.id}»`)?.id;
  } catch {
    return undefined; // a title that needs more than stand-ins names no field here
  }
}

/**
 * The title column's header: what a row is, the kind's singular («Ruolo», «Prodotto»), so that it never
 * reads like a field beside it (two «Nome» where the kind has a name); «Nome» when one of the kind's
 * fields is called as the singular (a deadline's date, «Scadenza»).
 */
export function titleColumnLabel(kind: KindDefinition): string {
  const singular = kind.label.singular.toLocaleLowerCase('it-IT');
  const taken = kindColumns(kind).some((column) => column.id !== TITLE_COLUMN && fieldLabel(column.id, column.path).toLocaleLowerCase('it-IT') === singular);
  return taken ? intl.formatMessage({ id: 'grid.column.title' }) : kind.label.singular;
}

export function cellValue(entity: unknown, column: GridColumn): unknown {
  return readPath(entity, column.path);
}
