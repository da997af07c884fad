import { describe, expect, it } from 'vitest';
import { changedPaths, mergePatch, pointerToPath } from './merge-patch.ts';

describe('merge patch of a form', () => {
  it('sends only what changed, nested objects merged, arrays whole, removals as null', () => {
    const before = { attributes: { title: 'A', registry: { city: 'Roma', zip: '00100' }, tags: ['a'], notes: 'x' } };
    const after = { attributes: { title: 'B', registry: { city: 'Roma', zip: '00200' }, tags: ['a', 'b'] } };
    expect(mergePatch(before, after)).toEqual({ attributes: { title: 'B', registry: { zip: '00200' }, tags: ['a', 'b'], notes: null } });
    expect(mergePatch(before, structuredClone(before))).toBeUndefined();
  });

  it('lists the changed leaves for the conflict comparison', () => {
    expect(changedPaths({ a: { b: 1, c: [1] }, d: null }, { a: { b: 2, c: [1] } })).toEqual(['a.b']);
  });

  it('reads API error pointers as form paths', () => {
    expect(pointerToPath('/attributes/registry/email')).toBe('attributes.registry.email');
  });
});
