/**
 * References (`kind.references`) on the server: which ids a write names, with the JSON pointer of
 * each (list items included: `/attributes/items/3/productId`), and the SQL condition "this row
 * points at that record" used to count (or cascade to) the rows naming a deleted record.
 */
import { sql, type RawBuilder } from 'kysely';
import { referenceValues, type KindDefinition, type Reference } from '../../domain/kind.ts';
import { fieldSql, jsonPathSql } from '../db/entity-sql.ts';
import type { FieldError } from '../http/problems.ts';

export interface NamedId {
  pointer: string;
  id: string;
}

/** The ids a write names, by target kind, and the self-references it may not hold. */
export function referencedIds(kind: KindDefinition, id: string, data: unknown): { wanted: Map<string, NamedId[]>; errors: FieldError[] } {
  const wanted = new Map<string, NamedId[]>();
  const errors: FieldError[] = [];
  for (const [path, reference] of Object.entries(kind.references)) {
    for (const ref of referenceValues(data, path, reference.many ?? false)) {
      if (reference.target === kind.type && ref.id.toLowerCase() === id.toLowerCase()) {
        errors.push({ pointer: ref.pointer, code: 'selfReference', message: 'Un elemento non può riferirsi a sé stesso' });
        continue;
      }
      wanted.set(reference.target, [...(wanted.get(reference.target) ?? []), ref]);
    }
  }
  return { wanted, errors };
}

/** Field errors for the named ids that do not exist among `existing` (live rows of `target`). */
export function missingReferenceErrors(target: KindDefinition, refs: NamedId[], existing: ReadonlySet<string>): FieldError[] {
  return refs
    .filter((ref) => !existing.has(ref.id.toLowerCase()))
    .map((ref) =>
      target.type === 'priceLists'
        ? { pointer: ref.pointer, code: 'PRICE_LIST_NOT_FOUND', message: 'Listino non trovato' }
        : { pointer: ref.pointer, code: 'referenceNotFound', message: `${target.label.singular}: elemento non trovato` },
    );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECTIONS = new Set(['attributes', 'metadata', 'relationships']);

/**
 * SQL condition "the value at `path` of a row of `kind` points at `targetId`", through an index when
 * there is one: the path's own list field, the list field its ids are gathered in (`gatheredIn`), or
 * the relationships containment index; otherwise a JSON path over the document (items included).
 */
export function referenceCondition(kind: KindDefinition, path: string, targetId: string, many: boolean): RawBuilder<unknown> {
  // Ids are uuids: anything else names nothing (and never reaches a JSON path).
  if (!UUID.test(targetId)) return sql`false`;
  const id = targetId.toLowerCase();
  const reference: Reference | undefined = kind.references[path];
  const listFieldAt = (at: string) => Object.values(kind.fields).find((f) => f.path === at && (f.type === 'uuid' || f.type === 'uuidArray'));
  const own = listFieldAt(path);
  if (own?.type === 'uuid') return sql`${fieldSql(own)} = ${id}`;
  if (own) return sql`${fieldSql(own)} ? ${id}`;
  if (reference?.gatheredIn) {
    const gathered = listFieldAt(reference.gatheredIn);
    return gathered ? sql`${fieldSql(gathered)} ? ${id}` : sql`coalesce(${sql.raw(jsonPathSql(reference.gatheredIn, true))} ? ${id}, false)`;
  }
  const [section, ...keys] = path.split('.');
  if (!section || !SECTIONS.has(section) || keys.length === 0 || keys.some((k) => !/^[A-Za-z0-9_]+(\[\])?$/.test(k))) {
    throw new Error(`Invalid reference path ${path}`);
  }
  if (keys.some((k) => k.endsWith('[]'))) {
    // `items[].productId` → `$.items[*].productId`; the id is a bound variable, never part of the path text.
    const jsonPath = `$.${keys.map((k) => (k.endsWith('[]') ? `${k.slice(0, -2)}[*]` : k)).join('.')}${many ? '[*]' : ''} ? (@ == $id)`;
    return sql`jsonb_path_exists(${sql.raw(section)}, ${jsonPath}::jsonpath, jsonb_build_object('id', ${id}::text))`;
  }
  if (section === 'relationships' && keys.length === 1) {
    const probe = { [keys[0] as string]: many ? [id] : id };
    return sql`relationships @> ${JSON.stringify(probe)}::jsonb`;
  }
  return many ? sql`coalesce(${sql.raw(jsonPathSql(path, true))} ? ${id}, false)` : sql`${sql.raw(jsonPathSql(path))} = ${id}`;
}
