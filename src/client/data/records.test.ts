// The records provider against a real local HTTP server (node:http) and a real react-query cache.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../api/http.ts';
import type { Entity } from '../../domain/entity.ts';
import { createRecordsProvider, historyKey, invalidateAfterWrite, listKey, productRemovalFailure, recordKey } from './records.ts';

interface Seen { method: string; url: string; ifMatch: string | undefined; body: string; idempotencyKey?: string | string[] | undefined }

let server: http.Server;
let baseUrl: string;
let seen: Seen[];
let answer: (req: http.IncomingMessage) => { status: number; body: unknown };

const entity = (id: string, version: string, attributes: Record<string, unknown> = {}): Entity => ({
  id,
  attributes,
  relationships: {},
  metadata: {
    createdDateTime: '2026-01-01T00:00:00.000Z', lastUpdatedDateTime: version, deletedDateTime: null,
    createdBy: null, lastUpdatedBy: null, deletedBy: null, isDeleted: false, isArchived: false,
  },
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', ifMatch: req.headers['if-match'], body, idempotencyKey: req.headers['idempotency-key'] });
      const { status, body: out } = answer(req);
      res.writeHead(status, { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let cache: QueryClient;
beforeEach(() => {
  seen = [];
  answer = () => ({ status: 200, body: { data: entity('q1', 'v2') } });
  cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

const provider = () => createRecordsProvider(createApiClient({ baseUrl, backoffMs: 5 }), cache);
const invalidated = (key: readonly unknown[]) => cache.getQueryState(key)?.isInvalidated;

/** Seeds the cache with the queries a screen would hold. */
function seed() {
  cache.setQueryData(recordKey('quotations', 'q1'), entity('q1', 'v1'));
  cache.setQueryData(historyKey('quotations', 'q1'), []);
  cache.setQueryData(recordKey('quotations', 'q9'), entity('q9', 'v1'));
  cache.setQueryData(listKey('quotations', { 'page[number]': 1 }), { data: [], meta: { total: 0 } });
  cache.setQueryData(listKey('customers', { 'page[number]': 1 }), { data: [], meta: { total: 0 } });
  cache.setQueryData(listKey('assignmentActivities', { 'filter[assignmentId]': 'a1' }), { data: [], meta: { total: 0 } });
  cache.setQueryData(recordKey('assignmentActivities', 'x1'), entity('x1', 'v1'));
}

describe('records provider: URLs and versions', () => {
  it('reads lists, records and history under /api/{type}', async () => {
    answer = (req) => ({ status: 200, body: req.url!.includes('history') ? { data: [{ version: 'v1', action: 'create' }] } : req.url!.startsWith('/api/quotations?') ? { data: [], meta: { total: 0 } } : { data: entity('a/b', 'v1') } });
    const records = provider();
    await records.list('quotations', { 'filter[status]': ['draft', 'issued'], 'page[size]': 5, skip: undefined });
    await records.get('quotations', 'a/b');
    await expect(records.history('quotations', 'q1')).resolves.toEqual([{ version: 'v1', action: 'create' }]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/quotations?filter[status]=draft,issued&page[size]=5',
      'GET /api/quotations/a%2Fb',
      'GET /api/quotations/q1/history',
    ]);
  });

  it('reads a record\'s own resource under /api/{type}/{id}/{resource}', async () => {
    answer = () => ({ status: 200, body: { data: { unitPrice: 34.2 } } });
    await expect(provider().related('customers', 'c1', 'price', { productId: 'p1' })).resolves.toEqual({ data: { unitPrice: 34.2 } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/customers/c1/price?productId=p1']);
  });

  it('sends every write with the version it was based on', async () => {
    const records = provider();
    const loaded = (id: string) => entity(id, '2026-02-03T10:00:00.000Z');
    await records.update('quotations', loaded('q1'), { attributes: { title: 'Nuovo' } });
    await records.remove('quotations', loaded('q3'));
    answer = () => ({ status: 200, body: { data: entity('q4', 'v3'), meta: { effects: [] } } });
    await records.runAction('quotations', loaded('q4'), 'emit');
    answer = () => ({ status: 201, body: { data: entity('q2', 'v1') } });
    await records.create('quotations', { attributes: { title: 'T' } });
    expect(seen.map((s) => [s.method, s.url, s.ifMatch])).toEqual([
      ['PATCH', '/api/quotations/q1', '"2026-02-03T10:00:00.000Z"'],
      ['DELETE', '/api/quotations/q3', '"2026-02-03T10:00:00.000Z"'],
      ['POST', '/api/quotations/q4/actions/emit', '"2026-02-03T10:00:00.000Z"'],
      ['POST', '/api/quotations', undefined],
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ attributes: { title: 'Nuovo' } });
    expect(JSON.parse(seen[3]!.body)).toEqual({ attributes: { title: 'T' } });
  });

  // Two deliveries in a row (tests/e2e/sales-flow.test.ts): the second was pressed on the order as
  // the screen held it before the first answer arrived, and the server answered 409 VERSION_CONFLICT.
  it('sends a write based on a version this tab itself wrote over on the version that write answered', async () => {
    const records = provider();
    const shown = entity('o1', 'v1');
    let version = 1;
    answer = () => ({ status: 200, body: { data: entity('o1', `v${++version}`), meta: { effects: [] } } });
    await Promise.all([records.runAction('orders', shown, 'deliver', { quantity: 1 }), records.runAction('orders', shown, 'deliver', { quantity: 2 })]);
    await records.update('orders', shown, { attributes: { note: 'n' } });
    expect(seen.map((s) => s.ifMatch)).toEqual(['"v1"', '"v2"', '"v3"']);
    // Someone else's newer version in the cache: a real conflict, sent as the screen had it.
    cache.setQueryData(recordKey('orders', 'o1'), entity('o1', 'v-mario'));
    await records.update('orders', shown, { attributes: { note: 'm' } });
    expect(seen.at(-1)!.ifMatch).toBe('"v1"');
  });

  it('tells a copy (another id) from a change of the same record', async () => {
    const records = provider();
    answer = () => ({ status: 201, body: { data: entity('q2', 'v1'), meta: { effects: [] } } });
    const copy = await records.runAction('quotations', entity('q1', 'v1'), 'duplicate');
    expect(copy).toMatchObject({ created: true, data: { id: 'q2' }, effects: [] });
    answer = () => ({ status: 200, body: { data: entity('q1', 'v2'), meta: { effects: [{ type: 'x', id: 'y', to: 'closed' }] } } });
    const same = await records.runAction('quotations', entity('q1', 'v1'), 'emit', { note: 'n' });
    expect(same).toMatchObject({ created: false, effects: [{ type: 'x', id: 'y', to: 'closed' }] });
    expect(JSON.parse(seen[1]!.body)).toEqual({ note: 'n' });
  });

  it('rejects with the problem and invalidates nothing when a write fails', async () => {
    seed();
    answer = () => ({ status: 409, body: { status: 409, code: 'VERSION_CONFLICT', title: 'Conflict' } });
    await expect(provider().update('quotations', entity('q1', 'v1'), { attributes: {} })).rejects.toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
    expect(invalidated(listKey('quotations', { 'page[number]': 1 }))).toBe(false);
    expect(cache.getQueryData(recordKey('quotations', 'q1'))).toMatchObject({ metadata: { lastUpdatedDateTime: 'v1' } });
  });
});

describe('records provider: invalidation after writes', () => {
  it('an update stores the answer and invalidates its history and the lists of its type only', async () => {
    seed();
    await provider().update('quotations', entity('q1', 'v1'), { attributes: { title: 'X' } });
    expect(cache.getQueryData(recordKey('quotations', 'q1'))).toMatchObject({ metadata: { lastUpdatedDateTime: 'v2' } });
    expect(invalidated(recordKey('quotations', 'q1'))).toBe(false);
    expect(invalidated(historyKey('quotations', 'q1'))).toBe(true);
    expect(invalidated(listKey('quotations', { 'page[number]': 1 }))).toBe(true);
    expect(invalidated(recordKey('quotations', 'q9'))).toBe(false);
    expect(invalidated(listKey('customers', { 'page[number]': 1 }))).toBe(false);
  });

  it('an action invalidates every record and list the server names in meta.effects', async () => {
    seed();
    answer = () => ({ status: 200, body: { data: entity('q1', 'v2'), meta: { effects: [{ type: 'assignmentActivities', id: 'x1', to: 'closed' }] } } });
    await provider().runAction('quotations', entity('q1', 'v1'), 'close');
    expect(invalidated(recordKey('assignmentActivities', 'x1'))).toBe(true);
    expect(invalidated(listKey('assignmentActivities', { 'filter[assignmentId]': 'a1' }))).toBe(true);
    expect(invalidated(listKey('quotations', { 'page[number]': 1 }))).toBe(true);
    expect(invalidated(listKey('customers', { 'page[number]': 1 }))).toBe(false);
  });

  it('a create and a delete invalidate the lists of their type', async () => {
    seed();
    answer = () => ({ status: 201, body: { data: entity('q5', 'v1') } });
    await provider().create('quotations', { attributes: {} });
    expect(cache.getQueryData(recordKey('quotations', 'q5'))).toMatchObject({ id: 'q5' });
    expect(invalidated(listKey('quotations', { 'page[number]': 1 }))).toBe(true);
    seed();
    answer = () => ({ status: 200, body: { data: { ...entity('q9', 'v2'), metadata: { ...entity('q9', 'v2').metadata, isDeleted: true } } } });
    await provider().remove('quotations', entity('q9', 'v1'));
    expect(cache.getQueryData(recordKey('quotations', 'q9'))).toMatchObject({ metadata: { isDeleted: true } });
    expect(invalidated(listKey('quotations', { 'page[number]': 1 }))).toBe(true);
  });

  it('createOnce sends its key on every try (a 503 is retried with the same key), caches the record and refreshes the ones included', async () => {
    seed();
    cache.setQueryData(listKey('orders', { 'page[number]': 1 }), { data: [], meta: { total: 0 } });
    cache.setQueryData(listKey('assignments', { 'page[number]': 1 }), { data: [], meta: { total: 0 } });
    let tries = 0;
    answer = () => (++tries === 1
      ? { status: 503, body: { status: 503, code: 'SERVICE_UNAVAILABLE', title: 'Service Unavailable' } }
      : { status: 201, body: { data: entity('o1', 'v1'), included: [{ type: 'assignments', ...entity('a1', 'v1') }] } });
    const created = await provider().createOnce('orders', 'wizard', { lines: [] }, 'wizard-key-1');
    expect(created).toMatchObject({ data: { id: 'o1' }, included: [{ type: 'assignments', id: 'a1' }] });
    expect(seen.map((s) => [s.method, s.url, s.idempotencyKey])).toEqual([['POST', '/api/orders/wizard', 'wizard-key-1'], ['POST', '/api/orders/wizard', 'wizard-key-1']]);
    expect(cache.getQueryData(recordKey('orders', 'o1'))).toMatchObject({ id: 'o1' });
    expect(invalidated(listKey('orders', { 'page[number]': 1 }))).toBe(true);
    expect(invalidated(listKey('assignments', { 'page[number]': 1 }))).toBe(true);
    expect(invalidated(listKey('customers', { 'page[number]': 1 }))).toBe(false);
  });

  it('a POST without an idempotency key is not retried', async () => {
    answer = () => ({ status: 503, body: { status: 503, code: 'SERVICE_UNAVAILABLE', title: 'Service Unavailable' } });
    await expect(provider().create('quotations', { attributes: {} }, { silent: true })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });

  it('an action that creates a record of another kind (a quotation’s order) caches it under that kind', async () => {
    seed();
    cache.setQueryData(listKey('orders', { 'page[number]': 1 }), { data: [], meta: { total: 0 } });
    answer = () => ({ status: 201, body: { data: entity('o7', 'v1'), meta: { effects: [], createdType: 'orders' } } });
    const result = await provider().runAction('quotations', entity('q1', 'v1'), 'createOrder');
    expect(result).toMatchObject({ created: true, data: { id: 'o7' } });
    expect(cache.getQueryData(recordKey('orders', 'o7'))).toMatchObject({ id: 'o7' });
    expect(cache.getQueryData(recordKey('quotations', 'o7'))).toBeUndefined();
    expect(invalidated(listKey('orders', { 'page[number]': 1 }))).toBe(true);
  });

  it('invalidateAfterWrite without an answer invalidates the record itself too (a change heard from elsewhere)', async () => {
    seed();
    await invalidateAfterWrite('quotations', 'q1', [], undefined, cache);
    expect(invalidated(recordKey('quotations', 'q1'))).toBe(true);
    expect(invalidated(historyKey('quotations', 'q1'))).toBe(true);
    expect(invalidated(recordKey('quotations', 'q9'))).toBe(false);
  });
});

describe('SPEC §8 failure titles on the data path', () => {
  const failing = (status: number) => () => ({ status, body: { type: '/problems/INTERNAL', code: 'INTERNAL', title: 'Internal Server Error' } });
  const problemOf = async (run: Promise<unknown>) => run.then(() => { throw new Error('expected a failure'); }, (error: unknown) => error as { failure?: string });

  it('a silent write keeps what failed on its problem, for the caller that reports it (the delete command, the form)', async () => {
    answer = failing(500);
    const records = provider();
    expect((await problemOf(records.remove('employees', entity('e1', 'v1'), { silent: true }))).failure).toBe('problems.employeeRemoveError');
    expect((await problemOf(records.remove('orders', entity('o1', 'v1'), { silent: true }))).failure).toBe('problems.deleteError');
    expect((await problemOf(records.create('employees', { attributes: {} }, { silent: true }))).failure).toBe('problems.employeeCreateError');
    expect((await problemOf(records.create('assignments', { attributes: {} }, { silent: true }))).failure).toBe('problems.assignmentCreateError');
    expect((await problemOf(records.list('employees', {}, undefined, { silent: true }))).failure).toBe('problems.employeeFetchError');
  });

  it('the caller\'s own failure wins over the kind\'s (a price list saved without some products; the order wizard\'s assignment)', async () => {
    answer = failing(500);
    const records = provider();
    const update = records.update('priceLists', entity('p1', 'v1'), { attributes: { items: [] } }, { silent: true, failure: 'problems.productRemoveError' });
    expect((await problemOf(update)).failure).toBe('problems.productRemoveError');
    const wizard = records.createOnce('orders', 'wizard', {}, 'key-1', { silent: true, failure: 'problems.assignmentCreateError' });
    expect((await problemOf(wizard)).failure).toBe('problems.assignmentCreateError');
    const lines = records.replaceRelated('quotations', entity('q1', 'v1'), 'lines', { lines: [] }, { silent: true, failure: 'problems.productRemoveError' });
    expect((await problemOf(lines)).failure).toBe('problems.productRemoveError');
  });
});

describe('productRemovalFailure', () => {
  it('names the product removal only when a stored product is left out', () => {
    expect(productRemovalFailure(['a', 'b'], ['b'])).toBe('problems.productRemoveError');
    expect(productRemovalFailure(['a'], ['a', 'c'])).toBeUndefined();
    expect(productRemovalFailure([], [])).toBeUndefined();
  });
});
