/**
 * Form fields derived from the shared zod schemas (zod 4 introspection through `schema._zod.def`),
 * so one generic form serves every kind. Wrappers (optional, nullable, default, pipe/transform)
 * are peeled off; what is left says which input to use and its limits (SPEC §5).
 */
import { z } from 'zod';
import type { Reference } from '../../domain/kind.ts';
import { kindList } from '../../domain/kinds.ts';

export type FieldKind =
  | 'text' | 'textarea' | 'email' | 'url' | 'number' | 'integer' | 'boolean' | 'enum' | 'date' | 'datetime'
  | 'reference' | 'enumList' | 'referenceList' | 'textList' | 'object' | 'objectList' | 'record' | 'json';

export interface FieldSpec {
  /** Key inside its parent object. */
  name: string;
  /**
   * Dotted path from the entity root (`attributes.registry.city`); a list item's fields carry `[]`
   * for the item (`attributes.items[].productId`), the form of the kind's `references` keys.
   */
  path: string;
  kind: FieldKind;
  /** Must have a value (not optional, no default, not nullable). */
  required: boolean;
  nullable: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Enum values (also of enum lists). */
  options?: string[];
  /** API type a reference points at. */
  target?: string;
  /** A reference whose kind is named by another field (a reminder's `relationships.entityType`): that field's path. */
  targetFrom?: string;
  /** Fields of an object, or of each item of an object list. */
  children?: FieldSpec[];
  /** A map (`z.record`): the spec of each value (its `name` is the key schema's), and the key's limits. */
  values?: FieldSpec;
  keyMaxLength?: number;
  /** A value that is a union of scalars (a map of text, number or yes/no): the kinds it may take. */
  alternatives?: FieldKind[];
  /** Maximum items of a list. */
  maxItems?: number;
  hasDefault: boolean;
  /** A field most records leave empty (`detail` in the schema): folded under «Altri dati» of its group. */
  detail?: boolean;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

interface Peeled {
  def: Def;
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
  /** A pipe whose input is a string and output a transform: our ISO date helpers, among others. */
  transformed: boolean;
}

function peel(schema: unknown): Peeled {
  let def = defOf(schema);
  const out = { optional: false, nullable: false, hasDefault: false, transformed: false };
  for (;;) {
    if (def.type === 'optional') out.optional = true;
    else if (def.type === 'nullable') out.nullable = true;
    else if (def.type === 'default' || def.type === 'prefault') out.hasDefault = true;
    else if (def.type === 'readonly' || def.type === 'catch' || def.type === 'nonoptional') {
      /* transparent */
    } else if (def.type === 'pipe') {
      const out2 = defOf(def.out);
      if (out2.type === 'transform') out.transformed = true;
      def = defOf(def.in);
      continue;
    } else break;
    def = defOf(def.innerType);
  }
  return { def, ...out };
}

interface Check { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string }
const checksOf = (def: Def): Check[] => ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

/** A union of `''` and one format (our optional email / url): the format. */
function unionFormat(def: Def): string | undefined {
  const options = (def.options as unknown[] | undefined) ?? [];
  for (const option of options) {
    const d = defOf(option);
    if (d.type === 'string' && typeof d.format === 'string') return d.format;
  }
  return undefined;
}

const DATE_TIME_NAME = /DateTime|^dateTime$/;
const DATE_NAME = /Date|^date$|^validFrom$|^validTo$/;
const LONG_TEXT = 400;

/** The value kinds a union of scalars allows (`string | number | boolean | string[]` → text, number, boolean, textList). */
function unionAlternatives(def: Def): FieldKind[] {
  const kinds = new Set<FieldKind>();
  for (const option of (def.options as unknown[] | undefined) ?? []) {
    const d = peel(option).def;
    if (d.type === 'string') kinds.add('text');
    else if (d.type === 'number') kinds.add('number');
    else if (d.type === 'boolean') kinds.add('boolean');
    else if (d.type === 'array') kinds.add('textList');
  }
  return [...kinds];
}

function scalarKind(name: string, p: Peeled): Pick<FieldSpec, 'kind' | 'minLength' | 'maxLength' | 'min' | 'max' | 'options' | 'alternatives'> | null {
  const { def } = p;
  const checks = checksOf(def);
  if (def.type === 'string') {
    if (def.format === 'uuid' || def.format === 'guid') return { kind: 'reference' };
    if (def.format === 'email') return { kind: 'email' };
    if (def.format === 'url') return { kind: 'url' };
    // Dates are strings normalised by a transform (validation.ts isoDate/isoDateTime): known by name.
    if (p.transformed && DATE_TIME_NAME.test(name)) return { kind: 'datetime' };
    if (p.transformed && DATE_NAME.test(name)) return { kind: 'date' };
    const minLength = checks.find((c) => c.check === 'min_length')?.minimum;
    const maxLength = checks.find((c) => c.check === 'max_length')?.maximum;
    const spec: Pick<FieldSpec, 'kind' | 'minLength' | 'maxLength'> = { kind: maxLength !== undefined && maxLength >= LONG_TEXT ? 'textarea' : 'text' };
    if (minLength !== undefined) spec.minLength = minLength;
    if (maxLength !== undefined) spec.maxLength = maxLength;
    return spec;
  }
  if (def.type === 'number') {
    const integer = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
    const spec: Pick<FieldSpec, 'kind' | 'min' | 'max'> = { kind: integer ? 'integer' : 'number' };
    const min = checks.find((c) => c.check === 'greater_than')?.value;
    const max = checks.find((c) => c.check === 'less_than')?.value;
    if (min !== undefined) spec.min = min;
    if (max !== undefined) spec.max = max;
    return spec;
  }
  if (def.type === 'boolean') return { kind: 'boolean' };
  if (def.type === 'enum') return { kind: 'enum', options: Object.values(def.entries as Record<string, string>) };
  if (def.type === 'union') {
    const format = unionFormat(def);
    if (format === 'email') return { kind: 'email' };
    if (format === 'url') return { kind: 'url' };
    const alternatives = unionAlternatives(def);
    return alternatives.length > 1 ? { kind: 'text', alternatives } : { kind: 'text' };
  }
  if (def.type === 'literal') return { kind: 'text' };
  return null;
}

/** Ids of other systems (an Entra ID object): identifiers typed as text, not records of ours. */
const EXTERNAL_IDS: ReadonlySet<string> = new Set(['azureADObjectId']);
/** Ids of things the product has no kind for (SPEC names no "position" kind): kept, not shown as a raw id. */
const KINDLESS_IDS: ReadonlySet<string> = new Set(['customerPositionId']);

/** One field of `schema` at `path` (`references` maps entity paths to their target kinds). */
export function deriveField(name: string, path: string, schema: unknown, references: Record<string, Reference> = {}): FieldSpec {
  const p = peel(schema);
  const base = {
    name, path, nullable: p.nullable, hasDefault: p.hasDefault, required: !p.optional && !p.nullable && !p.hasDefault,
    ...(z.globalRegistry.get(schema as z.ZodType)?.detail === true ? { detail: true } : {}),
  };
  const scalar = EXTERNAL_IDS.has(name) ? { kind: 'text' as const } : scalarKind(name, p);
  if (scalar) {
    const spec: FieldSpec = { ...base, ...scalar };
    if (spec.kind === 'reference') {
      const target = references[path]?.target;
      if (target) spec.target = target;
    }
    // A text with a minimum length of 1 is required even when the key may be left out.
    if ((spec.kind === 'text' || spec.kind === 'textarea') && (spec.minLength ?? 0) >= 1) spec.required = true;
    if ((spec.kind === 'text' || spec.kind === 'textarea') && (spec.minLength ?? 0) === 0 && base.required) spec.required = false;
    return spec;
  }
  if (p.def.type === 'object') return { ...base, kind: 'object', children: deriveFields(schema, path, references) };
  if (p.def.type === 'array') {
    const maxItems = checksOf(p.def).find((c) => c.check === 'max_length')?.maximum;
    const element = peel(p.def.element);
    const item = scalarKind(name, element);
    const list: FieldSpec = { ...base, kind: 'json' };
    if (maxItems !== undefined) list.maxItems = maxItems;
    if (item?.kind === 'enum') return { ...list, kind: 'enumList', options: item.options ?? [] };
    if (item?.kind === 'reference') {
      const target = references[path]?.target;
      return target ? { ...list, kind: 'referenceList', target } : { ...list, kind: 'referenceList' };
    }
    if (item) return { ...list, kind: 'textList' };
    if (element.def.type === 'object') return { ...list, kind: 'objectList', children: deriveFields(p.def.element, `${path}[]`, references) };
    return list;
  }
  if (p.def.type === 'record') {
    const keyLimit = checksOf(peel(p.def.keyType).def).find((c) => c.check === 'max_length')?.maximum;
    const values = deriveField(name, `${path}.*`, p.def.valueType, references);
    const spec: FieldSpec = { ...base, kind: 'record', values };
    if (keyLimit !== undefined) spec.keyMaxLength = keyLimit;
    return spec;
  }
  return { ...base, kind: 'json' };
}

/** The fields of an object schema; `basePath` prefixes their paths (`attributes`). */
export function deriveFields(schema: unknown, basePath: string, references: Record<string, Reference> = {}): FieldSpec[] {
  const { def } = peel(schema);
  if (def.type !== 'object') return [];
  const shape = def.shape as Record<string, z.ZodType>;
  const fields = Object.entries(shape)
    .filter(([name]) => !KINDLESS_IDS.has(name))
    .map(([name, child]) => deriveField(name, basePath ? `${basePath}.${name}` : name, child, references));
  // `ownerId` + `ownerType`: an id of any kind, the kind named beside it (a media's owner, a reminder's record).
  for (const field of fields) {
    const stem = field.kind === 'reference' && !field.target ? /^(.*)Id$/.exec(field.name)?.[1] : undefined;
    const kindField = stem ? fields.find((f) => f.name === `${stem}Type` && f.kind === 'text') : undefined;
    if (!kindField) continue;
    field.targetFrom = kindField.path;
    kindField.kind = 'enum';
    kindField.options = kindList.map((k) => k.type);
    delete kindField.maxLength;
    delete kindField.minLength;
  }
  return fields;
}

/** Every field of a kind's writable sections, by section. */
export function kindSections(kind: { attributes: unknown; metadata: unknown; relationships: unknown; references: Record<string, Reference> }) {
  return {
    attributes: deriveFields(kind.attributes, 'attributes', kind.references),
    metadata: deriveFields(kind.metadata, 'metadata', kind.references),
    relationships: deriveFields(kind.relationships, 'relationships', kind.references),
  };
}

/** The spec of a dotted path (`attributes.registry.city`, `attributes.items[].productId`) among derived fields. */
export function findField(fields: FieldSpec[], path: string): FieldSpec | undefined {
  for (const field of fields) {
    if (field.path === path) return field;
    if (field.kind === 'object' && path.startsWith(`${field.path}.`)) return findField(field.children ?? [], path);
    if (field.kind === 'objectList' && path.startsWith(`${field.path}[].`)) return findField(field.children ?? [], path);
  }
  return undefined;
}

/** Every field at any depth (list items and map values included), parents before their children. */
export function allFields(fields: FieldSpec[]): FieldSpec[] {
  return fields.flatMap((field) => [field, ...allFields(field.children ?? []), ...(field.values ? allFields([field.values]) : [])]);
}

/** Fields holding ids with no known target kind: they could only render as raw text (none may exist). */
export function untargetedReferences(fields: FieldSpec[]): string[] {
  return allFields(fields).filter((f) => (f.kind === 'reference' || f.kind === 'referenceList') && !f.target && !f.targetFrom).map((f) => f.path);
}

/** The value an empty field of this spec holds in a new entity (for required lists and objects). */
export function emptyValue(field: FieldSpec): unknown {
  switch (field.kind) {
    case 'boolean': return false;
    case 'enumList': case 'referenceList': case 'textList': case 'objectList': return [];
    case 'object': return Object.fromEntries((field.children ?? []).filter((c) => c.required).map((c) => [c.name, emptyValue(c)]));
    default: return undefined;
  }
}
