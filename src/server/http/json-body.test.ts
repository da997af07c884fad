import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { jsonBodyError, MAX_JSON_DEPTH, registerJsonParsers } from './json-body.ts';

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

describe('registerJsonParsers', () => {
  async function appWithRoutes() {
    const app = Fastify({ logger: false });
    registerJsonParsers(app);
    app.setErrorHandler((error: { code?: string }, _request, reply) => reply.code(400).send({ code: error.code }));
    app.delete('/things/1', async (request) => ({ body: request.body === undefined ? 'none' : request.body }));
    app.post('/things', async (request) => ({ body: request.body === undefined ? 'none' : request.body }));
    app.patch('/things/1', async (request) => ({ body: request.body === undefined ? 'none' : request.body }));
    await app.ready();
    return app;
  }

  it('takes an empty body sent as JSON as no body (DELETE, body-less POST)', async () => {
    const app = await appWithRoutes();
    for (const [method, url] of [['DELETE', '/things/1'], ['POST', '/things']] as const) {
      const response = await app.inject({ method, url, headers: { 'content-type': 'application/json', 'content-length': '0' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ body: 'none' });
    }
    const patch = await app.inject({ method: 'PATCH', url: '/things/1', headers: { 'content-type': 'application/merge-patch+json' }, payload: '' });
    expect(patch.json()).toEqual({ body: 'none' });
  });

  it('still parses JSON bodies and refuses malformed ones and prototype poisoning', async () => {
    const app = await appWithRoutes();
    const ok = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"a":1}' });
    expect(ok.json()).toEqual({ body: { a: 1 } });
    const merge = await app.inject({ method: 'PATCH', url: '/things/1', headers: { 'content-type': 'application/merge-patch+json' }, payload: '{"a":null}' });
    expect(merge.json()).toEqual({ body: { a: null } });
    const whitespace = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '  ' });
    expect(whitespace.statusCode).toBe(400);
    const broken = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(broken.json()).toEqual({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    const poisoned = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect(poisoned.statusCode).toBe(400);
  });
});
