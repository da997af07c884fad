import { describe, expect, it } from 'vitest';
import { jsonBodyError, MAX_JSON_DEPTH } from './json-body.ts';

const nest = (depth: number): unknown => (depth === 0 ? 1 : { a: nest(depth - 1) });

describe('jsonBodyError', () => {
  it('accepts ordinary documents, including Italian and emoji text', () => {
    expect(jsonBodyError({ attributes: { name: 'Città ☃ 😀', tags: ['a', 'b'] }, n: 1, x: null })).toBeUndefined();
    expect(jsonBodyError(nest(MAX_JSON_DEPTH))).toBeUndefined();
  });

  it('rejects a document nested deeper than the limit, pointing at where it gets too deep', () => {
    const error = jsonBodyError(nest(MAX_JSON_DEPTH + 1));
    expect(error?.code).toBe('tooDeep');
    expect(error?.pointer).toBe('/a'.repeat(MAX_JSON_DEPTH));
    // Far deeper than any recursion could survive: the checker is iterative.
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonBodyError(deep)?.code).toBe('tooDeep');
  });

  it('rejects NUL and unpaired surrogates in values and in keys', () => {
    expect(jsonBodyError({ a: ['ok', 'x\u0000y'] })).toMatchObject({ pointer: '/a/1', code: 'invalidCharacters' });
    expect(jsonBodyError({ a: '\ud800' })?.code).toBe('invalidCharacters');
    expect(jsonBodyError({ 'a/b': { '\udc00': 1 } })).toMatchObject({ pointer: '/a~1b/\udc00' });
  });
});
