// The offline client's per-field merge (issue 25): examples, and fast-check properties of RFC 7396
// patches (a diff applies back, a patch applied twice changes nothing, disjoint patches commute) and of
// the three-way merge (conflicts arise exactly on the fields both sides changed differently).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPatch, composePatches, diffPatch, diffRecord, keepMinePatch, patchPaths, rebasePatch, sameValue, threeWayMerge, toPointer, type JsonMap } from './merge.ts';

const scalar = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom('rosso', 'verde', ''),
  fc.boolean(),
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
);
const key = fc.constantFrom('a', 'b', 'c', 'd');
const value = fc.oneof(scalar, fc.dictionary(key, scalar, { maxKeys: 3 }));
const record = fc.dictionary(key, value, { maxKeys: 4 });
/** Any RFC 7396 patch: nulls remove, nested objects merge. */
const patchOf = (keys: fc.Arbitrary<string>) =>
  fc.dictionary(keys, fc.oneof(scalar, fc.constant(null), fc.dictionary(key, fc.oneof(scalar, fc.constant(null)), { maxKeys: 3 })), { maxKeys: 3 });

describe('merge patch of a local edit', () => {
  it('keeps only the changed fields, nested objects descended, removals as null, arrays whole', () => {
    const before = { attributes: { notes: 'A', registry: { city: 'Roma', zip: '00100' }, tags: ['a'], outcome: 'ok' }, relationships: { siteId: 's1' } };
    const after = { attributes: { notes: 'B', registry: { city: 'Roma', zip: '00200' }, tags: ['a', 'b'] }, relationships: { siteId: 's1' } };
    expect(diffRecord(before, after)).toEqual({ attributes: { notes: 'B', registry: { zip: '00200' }, tags: ['a', 'b'], outcome: null } });
    expect(diffRecord(before, structuredClone(before))).toBeUndefined();
    // A section the edit does not name is not touched.
    expect(diffRecord(before, { relationships: { siteId: 's2' } })).toEqual({ relationships: { siteId: 's2' } });
  });

  it('a null stored and an absent member are the same (RFC 7396 cannot store a null)', () => {
    expect(diffPatch({ a: null, b: 1 }, { b: 1 })).toBeUndefined();
    expect(sameValue({ a: { b: null } }, { a: {} })).toBe(true);
    expect(sameValue([null], [])).toBe(false);
  });

  it('property: applying the diff of two records gives the second', () => {
    fc.assert(fc.property(record, record, (before, after) => sameValue(applyPatch(before, diffPatch(before, after) ?? {}), after)));
  });

  it('property: the diff is minimal (no member it sets equals the one before)', () => {
    fc.assert(fc.property(record, record, (before, after) => {
      const patch = diffPatch(before, after) ?? {};
      return Object.entries(patch).every(([k, v]) => !sameValue(applyPatch(before[k], v), before[k]));
    }));
  });

  it('property: a patch applied twice changes nothing more than applied once (idempotent)', () => {
    fc.assert(fc.property(record, patchOf(key), (target, patch) => {
      const once = applyPatch(target, patch);
      return sameValue(applyPatch(once, patch), once);
    }));
  });

  it('property: patches of disjoint fields commute, and rebasing one on the other conflicts nowhere', () => {
    // Disjoint by construction: other top-level fields, and inside the shared object `n` other members.
    const inner = (keys: fc.Arbitrary<string>) => fc.dictionary(keys, fc.oneof(scalar, fc.constant(null)), { maxKeys: 2 });
    const mine = fc.record({ top: patchOf(fc.constantFrom('a', 'b')), n: fc.option(inner(fc.constantFrom('x', 'y')), { nil: undefined }) });
    const theirs = fc.record({ top: patchOf(fc.constantFrom('c', 'd')), n: fc.option(inner(fc.constantFrom('z', 'w')), { nil: undefined }) });
    const withN = (p: { top: JsonMap; n: JsonMap | undefined }) => (p.n === undefined ? p.top : { ...p.top, n: p.n });
    // The shared `n` is an object or absent: a patch turning a scalar into an object writes the field itself.
    const base = fc.record({ r: record, n: fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), scalar, { maxKeys: 3 }), { nil: undefined }) });
    fc.assert(fc.property(base, mine, theirs, ({ r, n }, m, t) => {
      const start: JsonMap = n === undefined ? r : { ...r, n };
      const p1 = withN(m);
      const p2 = withN(t);
      const oneWay = applyPatch(applyPatch(start, p1), p2);
      const otherWay = applyPatch(applyPatch(start, p2), p1);
      expect(sameValue(oneWay, otherWay)).toBe(true);
      const their = applyPatch(start, p2);
      const rebased = rebasePatch(start, p1, their);
      expect(rebased.conflicts).toEqual([]);
      expect(sameValue(applyPatch(their, rebased.patch ?? {}), oneWay)).toBe(true);
    }));
  });
});

describe('three-way merge (base, mine, theirs)', () => {
  it('office changed other fields: mine is re-sent as it was, theirs kept', () => {
    const base = { notes: 'x', outcome: 'ok', registry: { city: 'Roma', zip: '00100' } };
    const mine = { notes: 'visto estintore', outcome: 'ok', registry: { city: 'Roma', zip: '00100' } };
    const theirs = { notes: 'x', outcome: 'ko', registry: { city: 'Milano', zip: '00100' } };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.patch).toEqual({ notes: 'visto estintore' });
    expect(result.merged).toEqual({ notes: 'visto estintore', outcome: 'ko', registry: { city: 'Milano', zip: '00100' } });
  });

  it('the same field changed on both sides: a conflict with base, mine and theirs; the rest merges', () => {
    const base = { notes: 'x', registry: { city: 'Roma', zip: '00100' }, a: 1 };
    const mine = { notes: 'mio', registry: { city: 'Roma', zip: '00200' }, a: 2 };
    const theirs = { notes: 'loro', registry: { city: 'Roma', zip: '00300' }, a: 1 };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([
      { path: ['notes'], pointer: '/notes', base: 'x', mine: 'mio', theirs: 'loro' },
      { path: ['registry', 'zip'], pointer: '/registry/zip', base: '00100', mine: '00200', theirs: '00300' },
    ]);
    expect(result.patch).toEqual({ a: 2 });
    expect(result.merged).toEqual({ notes: 'loro', registry: { city: 'Roma', zip: '00300' }, a: 2 });
    // «Mantieni il mio»: mine put back on theirs.
    expect(applyPatch(result.merged, keepMinePatch(result.conflicts))).toEqual({ notes: 'mio', registry: { city: 'Roma', zip: '00200' }, a: 2 });
  });

  it('an object the office removed while I changed inside it conflicts on the member I changed', () => {
    const base = { registry: { city: 'Roma', zip: '00100' } };
    const mine = { registry: { city: 'Roma', zip: '00200' } };
    const theirs = {};
    const result = threeWayMerge<JsonMap>(base, mine, theirs);
    expect(result.conflicts.map((c) => c.pointer)).toEqual(['/registry/zip']);
    expect(result.conflicts[0]?.theirs).toBeUndefined();
  });

  it('a scalar replaced by an object on one side and changed on the other is one conflict on the field', () => {
    const result = threeWayMerge<JsonMap>({ v: 1 }, { v: { a: 1 } }, { v: { b: 2 } });
    expect(result.conflicts.map((c) => c.pointer)).toEqual(['/v']);
    // Keeping mine must give exactly mine, not theirs' members mixed in.
    expect(applyPatch(result.merged, keepMinePatch(result.conflicts))).toEqual({ v: { a: 1 } });
  });

  it('pointers escape ~ and / (RFC 6901)', () => {
    expect(toPointer(['attributes', 'a/b~c'])).toBe('/attributes/a~1b~0c');
  });

  it('composes patches keeping the nulls of the second', () => {
    expect(composePatches({ a: 1, n: { x: 1 } }, { n: { y: null }, b: null })).toEqual({ a: 1, n: { x: 1, y: null }, b: null });
    expect(patchPaths({ a: 1, n: { x: 1, y: null }, e: {} })).toEqual(['a', 'n.x', 'n.y', 'e']);
  });

  // Records of a fixed shape, so each leaf field can be named and compared one by one.
  const leaves = ['s1', 's2', 's3', 'o.x', 'o.y'] as const;
  type Leaves = Partial<Record<(typeof leaves)[number], unknown>>;
  const leafValue = fc.option(scalar, { nil: undefined });
  const leafRecord = fc.record(Object.fromEntries(leaves.map((leaf) => [leaf, leafValue])) as Record<(typeof leaves)[number], typeof leafValue>);
  const edit = (base: Leaves) => fc.record(Object.fromEntries(leaves.map((leaf) => [leaf, fc.oneof(fc.constant(base[leaf]), leafValue)])) as Record<(typeof leaves)[number], fc.Arbitrary<unknown>>);
  const build = (l: Leaves): JsonMap => {
    const out: JsonMap = { o: {} };
    for (const leaf of leaves) {
      if (l[leaf] === undefined) continue;
      if (leaf.startsWith('o.')) (out.o as JsonMap)[leaf.slice(2)] = l[leaf];
      else out[leaf] = l[leaf];
    }
    return out;
  };
  const triple = leafRecord.chain((base) => fc.tuple(fc.constant(base), edit(base), edit(base)));

  it('property: conflicts arise exactly on the fields both sides changed to different values', () => {
    fc.assert(fc.property(triple, ([base, mine, theirs]) => {
      const result = threeWayMerge(build(base), build(mine), build(theirs));
      const changed = (side: Leaves, leaf: (typeof leaves)[number]) => !sameValue(side[leaf], base[leaf]);
      const expected = leaves.filter((leaf) => changed(mine, leaf) && changed(theirs, leaf) && !sameValue(mine[leaf], theirs[leaf]));
      expect(result.conflicts.map((c) => c.path.join('.')).sort()).toEqual([...expected].sort());
      for (const conflict of result.conflicts) {
        const leaf = conflict.path.join('.') as (typeof leaves)[number];
        expect([conflict.base, conflict.mine, conflict.theirs]).toEqual([base[leaf], mine[leaf], theirs[leaf]]);
      }
      // Merged: mine where only mine changed, theirs everywhere else (conflicts keep theirs until resolved).
      const merged: Leaves = {};
      for (const leaf of leaves) merged[leaf] = changed(mine, leaf) && !expected.includes(leaf) ? mine[leaf] : theirs[leaf];
      expect(sameValue(result.merged, build(merged))).toBe(true);
      // «Mantieni il mio» on top: mine wherever mine changed.
      const kept: Leaves = {};
      for (const leaf of leaves) kept[leaf] = changed(mine, leaf) ? mine[leaf] : theirs[leaf];
      expect(sameValue(applyPatch(result.merged, keepMinePatch(result.conflicts) ?? {}), build(kept))).toBe(true);
    }));
  });
});
