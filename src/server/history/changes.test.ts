import { describe, expect, it } from 'vitest';
import { pointerOf } from '../http/problems.ts';
import { fieldChanges } from './changes.ts';

const shape = (attributes: Record<string, unknown>, metadata: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) => ({ attributes, metadata, relationships });

describe('fieldChanges', () => {
  it('lists every leaf of a created record, objects descended and arrays whole', () => {
    expect(fieldChanges(undefined, shape({ name: 'Alfa', registry: { city: 'Milano' }, tags: ['a', 'b'] }, {}, { customerId: 'c1' }))).toEqual([
      { pointer: '/attributes/name', to: 'Alfa' },
      { pointer: '/attributes/registry/city', to: 'Milano' },
      { pointer: '/attributes/tags', to: ['a', 'b'] },
      { pointer: '/relationships/customerId', to: 'c1' },
    ]);
  });

  it('lists only what changed, with the value before and after, and removed fields without `to`', () => {
    const before = shape({ name: 'Alfa', registry: { city: 'Milano', zip: '20100' }, notes: 'x' });
    const after = shape({ name: 'Alfa', registry: { city: 'Monza', zip: '20100' }, lines: [{ q: 1 }] });
    expect(fieldChanges(before, after)).toEqual([
      { pointer: '/attributes/registry/city', from: 'Milano', to: 'Monza' },
      { pointer: '/attributes/notes', from: 'x' },
      { pointer: '/attributes/lines', to: [{ q: 1 }] },
    ]);
  });

  it('leaves out server bookkeeping: common metadata, impersonators, cascade and delete markers', () => {
    const before = shape({ state: 'open' }, { lastUpdatedDateTime: '2026-01-01T00:00:00.000Z', isDeleted: false, customerName: 'Alfa' });
    const after = shape({ state: 'closed' }, { lastUpdatedDateTime: '2026-01-02T00:00:00.000Z', isDeleted: true, lastUpdatedByImpersonator: 'u', cascadedBy: 'assignments:1', deletedWith: 'quotations:1', customerName: 'Beta' });
    expect(fieldChanges(before, after)).toEqual([
      { pointer: '/attributes/state', from: 'open', to: 'closed' },
      { pointer: '/metadata/customerName', from: 'Alfa', to: 'Beta' },
    ]);
  });

  it('escapes pointer segments (RFC 6901)', () => {
    expect(pointerOf(['attributes', 'a/b', 'c~d'])).toBe('/attributes/a~1b/c~0d');
    expect(fieldChanges(shape({ 'a/b': 1 }), shape({ 'a/b': 2 }))).toEqual([{ pointer: '/attributes/a~1b', from: 1, to: 2 }]);
  });

  it('finds nothing when nothing changed (null and absent are the same field)', () => {
    expect(fieldChanges(shape({ a: null, b: { c: [1] } }), shape({ b: { c: [1] } }))).toEqual([]);
  });
});
