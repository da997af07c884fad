import { describe, expect, it } from 'vitest';
import { referenceValues } from './kind.ts';
import { kindList } from './kinds.ts';
import { schemaAt } from './schema-introspection.ts';

describe('reference paths', () => {
  const order = {
    attributes: { lines: [{ productId: 'p1', activityIds: ['a1', 'a2'] }, { productId: null, activityIds: [] }, { productId: 'p3' }] },
    relationships: { customerId: 'c1', selectedServiceIds: ['s1'] },
  };

  it('expands `[]` to every item, with the JSON pointer of each id', () => {
    expect(referenceValues(order, 'attributes.lines[].productId')).toEqual([
      { pointer: '/attributes/lines/0/productId', id: 'p1' },
      { pointer: '/attributes/lines/2/productId', id: 'p3' },
    ]);
    expect(referenceValues(order, 'attributes.lines[].activityIds', true)).toEqual([
      { pointer: '/attributes/lines/0/activityIds/0', id: 'a1' },
      { pointer: '/attributes/lines/0/activityIds/1', id: 'a2' },
    ]);
  });

  it('reads plain paths and id lists as before', () => {
    expect(referenceValues(order, 'relationships.customerId')).toEqual([{ pointer: '/relationships/customerId', id: 'c1' }]);
    expect(referenceValues(order, 'relationships.selectedServiceIds', true)).toEqual([{ pointer: '/relationships/selectedServiceIds/0', id: 's1' }]);
    expect(referenceValues(order, 'relationships.missing')).toEqual([]);
    expect(referenceValues({ attributes: { lines: 'not a list' } }, 'attributes.lines[].productId')).toEqual([]);
  });

  it('declares only paths that lead to an id in the schema, and gathers into list fields or derived metadata', () => {
    for (const kind of kindList) {
      for (const [path, reference] of Object.entries(kind.references)) {
        if (path.startsWith('metadata.') && !schemaAt(kind, path)) continue; // derived ids (checked by the kind contract)
        const schema = schemaAt(kind, path);
        expect(schema, `${kind.type} ${path}`).toBeDefined();
        expect(schema!._zod.def.type, `${kind.type} ${path}`).toBe(reference.many ? 'array' : 'string');
        if (reference.gatheredIn) expect(reference.gatheredIn, kind.type).toMatch(/^metadata\.[A-Za-z]+$/);
      }
    }
  });
});

import { writePath } from './kind.ts';

describe('writePath', () => {
  it('writes into a list item and keeps the list a list (a price-list row edited in a form)', () => {
    const entity = { attributes: { items: [{ productId: 'a', price: 1 }, { productId: 'b', price: 2 }] } };
    const next = writePath(entity, 'attributes.items.1.productId', 'c');
    expect(next.attributes.items).toEqual([{ productId: 'a', price: 1 }, { productId: 'c', price: 2 }]);
    expect(Array.isArray(next.attributes.items)).toBe(true);
    expect(entity.attributes.items[1]!.productId).toBe('b');
    expect(writePath({ attributes: {} }, 'attributes.registry.city', 'Roma')).toEqual({ attributes: { registry: { city: 'Roma' } } });
  });
});
