/**
 * JSON Merge Patch (RFC 7396), written once for the server and the client: `applyMergePatch` is
 * what the API does with a PATCH body; `mergePatch` is the patch between the version a form loaded
 * and what the user has now (a save sends only the changed fields); `changedPaths` lists the
 * changed leaves (the 409 comparison, the history). Arrays are values (replaced whole), objects
 * merge key by key, null removes.
 */

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function deepEqual(a: unknown, b: unknown): boolean {
  // An absent key reads as undefined, so it equals an undefined value here (null does not).
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/** RFC 7396 apply: objects merge, null removes a key, anything else replaces. */
export function applyMergePatch<T>(target: T, patch: unknown): T {
  if (!isObject(patch)) return patch as T;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result as T;
}

/** The merge patch turning `before` into `after`, or undefined when nothing changed. */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return deepEqual(before, after) ? undefined : (after ?? null);
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key];
    const a = after[key];
    if (a === undefined) {
      if (b !== undefined) patch[key] = null;
      continue;
    }
    const child = isObject(b) && isObject(a) ? mergePatch(b, a) : deepEqual(b, a) ? undefined : a;
    if (child !== undefined) patch[key] = child;
  }
  return Object.keys(patch).length ? patch : undefined;
}

/** Dotted paths of the leaves that differ (objects descended, arrays compared whole). */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (isObject(before) && isObject(after)) {
    const out: string[] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      out.push(...changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
    }
    return out;
  }
  return deepEqual(before ?? null, after ?? null) ? [] : [prefix];
}

/** `/attributes/registry/email` (an API error pointer) → `attributes.registry.email`. */
export function pointerToPath(pointer: string): string {
  return pointer.replace(/^#?\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}
