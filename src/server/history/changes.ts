/**
 * The field-level changes of one write, as a history row keeps them: `{ pointer, from, to }` per
 * changed leaf (objects descended, arrays compared whole, as JSON Merge Patch treats them). Server
 * bookkeeping (common metadata, who impersonated, cascade and delete markers) is not a change the
 * user made and is left out.
 */
import { isServerMetadataKey } from '../../domain/entity.ts';
import type { EntityShape } from '../../domain/kind.ts';
import { deepEqual } from '../../domain/merge-patch.ts';
import type { FieldChange } from '../../domain/records.ts';
import { pointerOf } from '../http/problems.ts';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function diff(before: unknown, after: unknown, path: string[], out: FieldChange[]): void {
  // An object appearing or disappearing is listed leaf by leaf, so a created record shows its fields.
  const beforeIsObject = isObject(before) || (before === undefined && isObject(after));
  const afterIsObject = isObject(after) || (after === undefined && isObject(before));
  if (beforeIsObject && afterIsObject) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) diff(b[key], a[key], [...path, key], out);
    return;
  }
  if (deepEqual(before ?? null, after ?? null)) return;
  out.push({ pointer: pointerOf(path), ...(before === undefined ? {} : { from: before }), ...(after === undefined ? {} : { to: after }) });
}

/** What changed between two stored versions of a record (`before` undefined: it was created). */
export function fieldChanges(before: EntityShape | undefined, after: EntityShape): FieldChange[] {
  const out: FieldChange[] = [];
  for (const section of ['attributes', 'metadata', 'relationships'] as const) {
    const strip = (value: Record<string, unknown> | undefined) =>
      section === 'metadata' && value ? Object.fromEntries(Object.entries(value).filter(([key]) => !isServerMetadataKey(key))) : (value ?? {});
    diff(strip(before?.[section]), strip(after[section]), [section], out);
  }
  return out;
}
