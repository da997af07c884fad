/**
 * Per-field merge of the offline client (issue 25), pure: no storage, no network.
 *
 * A local edit is kept as the JSON Merge Patch (RFC 7396, `src/domain/merge-patch.ts`, the same
 * code the server applies) of only the fields it changed. When the server answers 409
 * VERSION_CONFLICT the outbox reads the current record («theirs») and rebases its patch («mine»)
 * against the snapshot the edit was made on («base»), field by field:
 *
 * - a field only one side changed is no conflict: mine is re-sent, theirs is kept;
 * - a field both sides changed to the same value is no conflict (nothing left to send for it);
 * - a field both sides changed to different values is a conflict, with base, mine and theirs.
 *
 * Objects are descended (a nested object is a map of fields, as RFC 7396 merges it); arrays and
 * scalars are values, replaced whole. `null` and an absent member are the same thing: RFC 7396
 * cannot store a null, it removes the member.
 */
import { applyMergePatch, mergePatch } from '../../domain/merge-patch.ts';

export type JsonMap = Record<string, unknown>;

/** The part of a record the offline client edits and merges. */
export interface RecordSections {
  attributes: JsonMap;
  relationships: JsonMap;
}

/** One field both sides changed differently. `mine`/`theirs`/`base` are undefined when the field is absent. */
export interface FieldConflict {
  /** The keys from the top of the merged object, e.g. `['attributes', 'notes']`. */
  path: string[];
  /** The same as a JSON pointer (`/attributes/notes`), as the API's errors and history name fields. */
  pointer: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface Rebased {
  /** What is left to send on theirs (undefined: nothing); conflicting fields are not in it. */
  patch: JsonMap | undefined;
  conflicts: FieldConflict[];
}

export const isJsonMap = (value: unknown): value is JsonMap => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Equality where null and absent are the same (RFC 7396), objects compared by member, arrays whole. */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, i) => sameValue(item, right[i]));
  if (isJsonMap(left) && isJsonMap(right)) {
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) if (!sameValue(left[key], right[key])) return false;
    return true;
  }
  return false;
}

/** `['attributes', 'a/b']` → `/attributes/a~1b` (RFC 6901). */
export function toPointer(path: readonly string[]): string {
  return path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** RFC 7396 apply (the server's own function): objects merge, null removes, anything else replaces. */
export function applyPatch<T>(target: T, patch: unknown): T {
  return applyMergePatch(target, patch);
}

/**
 * The minimal merge patch turning `before` into `after`: only changed members, nested objects
 * descended, removals as null; undefined when nothing changed. `applyPatch(before, diff(before, after))`
 * equals `after` (null and absent alike).
 */
export function diffPatch(before: JsonMap, after: JsonMap): JsonMap | undefined {
  const patch = mergePatch(stripNulls(before), stripNulls(after));
  return isJsonMap(patch) ? patch : undefined;
}

/** A local edit of a record as the patch of its sections (what a `PATCH /api/{type}/{id}` sends). */
export function diffRecord(before: RecordSections, after: Partial<RecordSections>): Partial<RecordSections> | undefined {
  const patch: Partial<RecordSections> = {};
  const attributes = after.attributes === undefined ? undefined : diffPatch(before.attributes, after.attributes);
  const relationships = after.relationships === undefined ? undefined : diffPatch(before.relationships, after.relationships);
  if (attributes) patch.attributes = attributes;
  if (relationships) patch.relationships = relationships;
  return attributes || relationships ? patch : undefined;
}

/** A copy without null members at any depth (a stored null is an absent member for RFC 7396). */
function stripNulls(value: JsonMap): JsonMap {
  const out: JsonMap = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === null || member === undefined) continue;
    out[key] = isJsonMap(member) ? stripNulls(member) : member;
  }
  return out;
}

/**
 * Rebases `patch` (made on `base`) onto `theirs`: what may be sent on theirs without losing either
 * side's change, and the fields where both changed the same member to different values.
 */
export function rebasePatch(base: unknown, patch: JsonMap, theirs: unknown, path: readonly string[] = []): Rebased {
  const baseMap = isJsonMap(base) ? base : {};
  const theirMap = isJsonMap(theirs) ? theirs : {};
  const out: JsonMap = {};
  const conflicts: FieldConflict[] = [];
  for (const [key, change] of Object.entries(patch)) {
    if (change === undefined) continue;
    const b = baseMap[key];
    const t = theirMap[key];
    const mine = change === null ? undefined : applyMergePatch(b, change);
    const here = [...path, key];
    if (sameValue(mine, b)) continue; // mine changes nothing here
    if (sameValue(t, b)) {
      out[key] = change; // only mine changed it
      continue;
    }
    if (sameValue(mine, t)) continue; // both made the same change
    const nestable = (value: unknown) => value === undefined || value === null || isJsonMap(value);
    if (isJsonMap(change) && nestable(b) && nestable(t) && (isJsonMap(b) || isJsonMap(t))) {
      // Both changed inside the same object: decide member by member.
      const inner = rebasePatch(b ?? {}, change, t ?? {}, here);
      if (inner.patch) out[key] = inner.patch;
      conflicts.push(...inner.conflicts);
      continue;
    }
    conflicts.push({ path: here, pointer: toPointer(here), base: b, mine, theirs: t });
  }
  return { patch: Object.keys(out).length ? out : undefined, conflicts };
}

export interface ThreeWay<T> {
  /** Theirs with every change of mine that does not conflict (conflicting fields keep theirs). */
  merged: T;
  /** What to send on theirs' version. */
  patch: JsonMap | undefined;
  conflicts: FieldConflict[];
}

/** Three-way merge of two full edits of the same base (maps of fields, nested objects descended). */
export function threeWayMerge<T extends JsonMap>(base: T, mine: T, theirs: T): ThreeWay<T> {
  const patch = diffPatch(base, mine);
  if (!patch) return { merged: theirs, patch: undefined, conflicts: [] };
  const rebased = rebasePatch(base, patch, theirs);
  return { merged: rebased.patch ? applyMergePatch(theirs, rebased.patch) : theirs, ...rebased };
}

/**
 * Two patches as one: `first` then `second` (later members win, nested objects combined). Unlike
 * applying `second` to `first`, a null of `second` stays a null (it must still remove the member).
 */
export function composePatches(first: JsonMap | undefined, second: JsonMap | undefined): JsonMap | undefined {
  if (!first) return second;
  if (!second) return first;
  const out: JsonMap = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const prior = out[key];
    out[key] = isJsonMap(prior) && isJsonMap(value) ? composePatches(prior, value) : value;
  }
  return out;
}

/**
 * The patch that puts mine back on each conflicting field of theirs («mantieni il mio»): mine's value
 * (absent → null, removed); where both are objects, the members that make theirs equal mine.
 */
export function keepMinePatch(conflicts: readonly FieldConflict[]): JsonMap | undefined {
  let patch: JsonMap | undefined;
  for (const conflict of conflicts) {
    const { mine, theirs } = conflict;
    let leaf: unknown = isJsonMap(mine) && isJsonMap(theirs) ? (mergePatch(stripNulls(theirs), stripNulls(mine)) ?? {}) : (mine ?? null);
    for (let i = conflict.path.length - 1; i >= 0; i -= 1) leaf = { [conflict.path[i] as string]: leaf };
    patch = composePatches(patch, leaf as JsonMap);
  }
  return patch;
}

/** Leaf paths a patch touches (the members it sets or removes), dotted: `attributes.registry.zip`. */
export function patchPaths(patch: unknown, prefix = ''): string[] {
  if (!isJsonMap(patch) || Object.keys(patch).length === 0) return prefix ? [prefix] : [];
  return Object.entries(patch).flatMap(([key, value]) => patchPaths(value, prefix ? `${prefix}.${key}` : key));
}
