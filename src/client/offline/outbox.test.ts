// The offline outbox (issue 25) on fake-indexeddb, sending through the app's HTTP client
// (src/client/api/http.ts) over a fake fetch (fake-api.test-support.ts): local-first enqueue, FIFO per
// record, backoff with jitter, refusals to the inbox without blocking, per-field merge on 409,
// «Da risolvere», resume after a crash with the same key, one draining tab, one queue per user.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createApiClient } from '../api/http.ts';
import { versionOf } from '../../domain/entity.ts';
import { OfflineDb, offlineDbName, openOfflineDb, sha256Hex, storePhoto } from './db.ts';
import { FakeApi, problem, type SeenRequest } from './fake-api.test-support.ts';
import { createOutbox, DEFAULT_BACKOFF, retryDelay, type LockManagerLike, type Outbox, type OutboxOptions } from './outbox.ts';

const START = Date.parse('2026-11-29T08:00:00.000Z');
const opened: OfflineDb[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
});

interface Rig {
  api: FakeApi;
  outbox: Outbox;
  db: OfflineDb;
  clock: { t: number };
  idb: IDBFactory;
  /** Another tab (or the same tab after a restart) of the same user on the same device. */
  tab(options?: Partial<OutboxOptions> & { token?: string; api?: FakeApi }): Promise<Outbox>;
}

async function rig(options: Partial<OutboxOptions> & { userId?: string } = {}): Promise<Rig> {
  const idb = new IDBFactory();
  const api = new FakeApi();
  const clock = { t: START };
  const tab = async (more: Partial<OutboxOptions> & { token?: string; api?: FakeApi } = {}) => {
    const db = await openOfflineDb(options.userId ?? 'u1', { indexedDB: idb, IDBKeyRange });
    opened.push(db);
    const server = more.api ?? api;
    const http = createApiClient({ baseUrl: 'http://fake/api', fetch: server.fetch, retryLimit: 0, getAccessToken: () => more.token ?? 'token-u1' });
    return createOutbox({ db, http, locks: null, now: () => clock.t, random: () => 0.5, ...options, ...more });
  };
  const outbox = await tab();
  return { api, outbox, db: outbox.db, clock, idb, tab };
}

/** Drains until the queue is empty (advancing the clock past every wait), at most `rounds` times. */
async function drainAll(r: Pick<Rig, 'clock'>, outbox: Outbox, rounds = 40): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    const summary = await outbox.drain();
    const left = await outbox.db.outbox.where('state').anyOf('pending', 'inflight').count();
    if (left === 0) return;
    r.clock.t = Math.max(r.clock.t + 1, summary.nextAttemptAt ?? r.clock.t + 1);
  }
  throw new Error('queue did not drain');
}

const writes = (log: readonly SeenRequest[]) => log.filter((seen) => seen.method !== 'GET');

describe('enqueue: local first', () => {
  it('writes the entry and the local view together; drains through the app client with key, version and token', async () => {
    const r = await rig();
    const check = r.api.seed('checks', 'c1', { notes: 'da vedere', outcome: 'ok', registry: { floor: 1, room: 'A' } });
    await r.outbox.prime('checks', check);
    const entry = await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'estintore scarico', outcome: 'ok', registry: { floor: 1, room: 'B' } } });
    expect(entry).toMatchObject({
      method: 'PATCH', path: '/checks/c1', kind: 'update', type: 'checks', recordId: 'c1', state: 'pending', attempts: 0, dependsOn: [],
      body: { attributes: { notes: 'estintore scarico', registry: { room: 'B' } } },
      baseVersion: versionOf(check), deviceTime: new Date(START).toISOString(),
    });
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Optimistic: the screen reads the change before anything is sent.
    expect((await r.outbox.local('checks', 'c1'))?.attributes).toEqual({ notes: 'estintore scarico', outcome: 'ok', registry: { floor: 1, room: 'B' } });
    expect(r.api.log).toEqual([]);
    // An edit that changes nothing queues nothing.
    expect(await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'estintore scarico', outcome: 'ok', registry: { floor: 1, room: 'B' } } })).toBeNull();

    expect(await r.outbox.drain()).toMatchObject({ sent: 1, refused: 0, conflicts: 0, retried: 0 });
    const [sent] = r.api.log;
    expect(sent?.headers).toMatchObject({ 'idempotency-key': entry?.idempotencyKey, 'if-match': `"${versionOf(check)}"`, authorization: 'Bearer token-u1' });
    expect(sent?.body).toEqual(entry?.body);
    const stored = await r.outbox.local('checks', 'c1');
    expect(stored?.version).toBe(versionOf(r.api.get('checks', 'c1')!));
    expect(stored?.server?.attributes).toEqual(r.api.get('checks', 'c1')?.attributes);
    expect(await r.db.outbox.count()).toBe(0);
  });

  it('a record made here is PUT under its id with If-None-Match: *, and its edits follow on the version answered', async () => {
    const r = await rig();
    const create = await r.outbox.enqueueCreate('anomalies', 'a-1', { attributes: { description: 'Porta REI bloccata' }, relationships: { interventionId: 'i1' } });
    const edit = await r.outbox.enqueueEdit('anomalies', 'a-1', { attributes: { description: 'Porta REI bloccata, maniglione rotto' } });
    expect(edit?.dependsOn).toEqual([create.id]);
    expect(edit?.baseVersion).toBeNull();
    await r.outbox.drain();
    expect(writes(r.api.log).map((seen) => `${seen.method} ${seen.path} ${seen.status}`)).toEqual(['PUT /anomalies/a-1 201', 'PATCH /anomalies/a-1 200']);
    expect(r.api.log[0]?.headers['if-none-match']).toBe('*');
    expect(r.api.get('anomalies', 'a-1')?.attributes).toEqual({ description: 'Porta REI bloccata, maniglione rotto' });
    expect(r.api.get('anomalies', 'a-1')?.relationships).toEqual({ interventionId: 'i1' });
  });

  it('a create answered 412 (already there, its key forgotten) reads the record and goes on', async () => {
    const r = await rig();
    await r.outbox.enqueueCreate('checks', 'c9', { attributes: { outcome: 'ok' } });
    r.api.seed('checks', 'c9', { outcome: 'ok' });
    expect(await r.outbox.drain()).toMatchObject({ sent: 1 });
    expect((await r.outbox.local('checks', 'c9'))?.version).toBe(versionOf(r.api.get('checks', 'c9')!));
    expect(await r.db.inbox.count()).toBe(0);
  });

  it('refuses to edit offline a record the device does not hold', async () => {
    const r = await rig();
    await expect(r.outbox.enqueueEdit('checks', 'nope', { attributes: { a: 1 } })).rejects.toThrow(/prime it/);
  });
});

describe('FIFO per record, parallel across records', () => {
  it('property: each record receives its edits in the order made, each applied once, whatever fails on the way', async () => {
    const edit = fc.record({ record: fc.integer({ min: 0, max: 2 }), value: fc.integer({ min: 0, max: 9 }) });
    const failure = fc.constantFrom<'before' | 'after' | '503' | undefined>(undefined, undefined, undefined, 'before', 'after', '503');
    await fc.assert(fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 10 }), fc.array(failure, { maxLength: 30 }), fc.integer({ min: 1, max: 3 }), async (edits, failures, concurrency) => {
      const r = await rig({ concurrency });
      const ids = ['r0', 'r1', 'r2'];
      for (const id of ids) await r.outbox.prime('checks', r.api.seed('checks', id, { step: -1 }));
      let n = 0;
      r.api.intercept = (seen) => {
        if (seen.method === 'GET') return undefined;
        const f = failures[n++];
        return f === '503' ? problem(503, 'DATABASE_UNAVAILABLE') : f;
      };
      const expected = new Map<string, number[]>();
      for (const [step, { record, value }] of edits.entries()) {
        const id = ids[record] as string;
        await r.outbox.enqueueEdit('checks', id, { attributes: { step, value } });
        expected.set(id, [...(expected.get(id) ?? []), step]);
      }
      await drainAll(r, r.outbox);
      for (const [id, steps] of expected) {
        // The order the server applied them (its history is newest first).
        const applied = r.api.writesTo('checks', id);
        const received = writes(r.api.log).filter((seen) => seen.path === `/checks/${id}` && seen.status === 200 && !seen.replayed).map((seen) => (seen.body as { attributes: { step: number } }).attributes.step);
        expect(received).toEqual(steps);
        expect(applied).toBe(steps.length);
        expect(r.api.get('checks', id)?.attributes.step).toBe(steps.at(-1));
        const local = await r.outbox.local('checks', id);
        expect(local?.attributes).toEqual(r.api.get('checks', id)?.attributes);
      }
      r.outbox.db.close();
    }), { numRuns: 40 });
  }, 60_000); // 40 runs, each with its own database: seconds on a busy machine

  it('sends to several records at once, never two of the same record', async () => {
    const r = await rig({ concurrency: 3 });
    for (const id of ['a', 'b', 'c']) await r.outbox.prime('checks', r.api.seed('checks', id, {}));
    for (const id of ['a', 'b', 'c', 'a', 'b']) await r.outbox.enqueueEdit('checks', id, { attributes: { at: Math.random() } });
    let open = 0;
    let most = 0;
    const openFor = new Set<string>();
    // Each request is held until three are open at once (or 2 s pass, as a serial queue would leave it): no race with a busy machine's timers.
    let allOpen!: () => void;
    const threeOpen = new Promise<void>((resolve) => (allOpen = resolve));
    const fetchOf = r.api.fetch;
    const http = createApiClient({
      baseUrl: 'http://fake/api', retryLimit: 0,
      fetch: async (input, init) => {
        const path = String(input);
        expect(openFor.has(path)).toBe(false);
        openFor.add(path);
        open += 1;
        most = Math.max(most, open);
        if (open === 3) allOpen();
        await Promise.race([threeOpen, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        open -= 1;
        openFor.delete(path);
        return fetchOf(input, init);
      },
    });
    const outbox = createOutbox({ db: r.db, http, locks: null, now: () => r.clock.t, concurrency: 3 });
    expect(await outbox.drain()).toMatchObject({ sent: 5 });
    expect(most).toBe(3);
  });
});

describe('backoff with jitter', () => {
  it('property: the wait lies within [step/2, step] of the exponential step, which grows up to the cap', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempts, r) => {
      const step = Math.min(DEFAULT_BACKOFF.capMs, DEFAULT_BACKOFF.baseMs * 2 ** (attempts - 1));
      const wait = retryDelay(attempts, () => r);
      expect(wait).toBeGreaterThanOrEqual(step / 2);
      expect(wait).toBeLessThanOrEqual(step);
      // Never shorter than any earlier attempt's shortest wait: it grows.
      expect(retryDelay(attempts + 1, () => 0)).toBeGreaterThanOrEqual(retryDelay(attempts, () => 0));
    }));
    // Jitter: the same attempt does not always wait the same.
    expect(new Set([0, 0.25, 0.5, 0.75, 0.99].map((r) => retryDelay(3, () => r))).size).toBe(5);
    expect(retryDelay(40, () => 1)).toBe(DEFAULT_BACKOFF.capMs);
  });

  it('a network failure or 5xx waits, is not sent before its time, then goes with the same key', async () => {
    const r = await rig({ random: () => 0 });
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', {}));
    const entry = await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'x' } });
    r.api.intercept = () => 'before';
    expect(await r.outbox.drain()).toMatchObject({ retried: 1, nextAttemptAt: START + DEFAULT_BACKOFF.baseMs / 2 });
    r.api.intercept = () => problem(503, 'DATABASE_UNAVAILABLE');
    expect(await r.outbox.drain()).toMatchObject({ sent: 0, retried: 0 }); // still waiting: nothing sent
    expect(r.api.log).toHaveLength(1);
    r.clock.t = START + DEFAULT_BACKOFF.baseMs / 2;
    const second = await r.outbox.drain();
    expect(second).toMatchObject({ retried: 1, nextAttemptAt: r.clock.t + DEFAULT_BACKOFF.baseMs });
    const stored = await r.db.outbox.toArray();
    expect(stored[0]).toMatchObject({ attempts: 2, state: 'pending', lastError: { status: 503, code: 'DATABASE_UNAVAILABLE' } });
    r.api.intercept = () => undefined;
    r.clock.t = second.nextAttemptAt as number;
    expect(await r.outbox.drain()).toMatchObject({ sent: 1 });
    expect(new Set(r.api.log.map((seen) => seen.headers['idempotency-key']))).toEqual(new Set([entry?.idempotencyKey]));
  });

  it('a wait that ends while the drain winds up is still its next attempt: a slow machine loses no retry', async () => {
    const r = await rig({ random: () => 0 });
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', {}));
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'x' } });
    r.api.intercept = () => 'before';
    // The drain's last read of the queue outlasts the wait (a loaded machine): the clock passes it meanwhile.
    const where = r.db.outbox.where.bind(r.db.outbox);
    r.db.outbox.where = ((index: string) => {
      if (index === 'state') r.clock.t += DEFAULT_BACKOFF.baseMs;
      return where(index);
    }) as typeof r.db.outbox.where;
    expect(await r.outbox.drain()).toMatchObject({ retried: 1, nextAttemptAt: START + DEFAULT_BACKOFF.baseMs / 2 });
  });
});

describe('refusals go to the inbox and never block the queue', () => {
  it('a poison entry is isolated: the others drain, its record goes on, what depends on it is held with it', async () => {
    const reread: string[] = [];
    const r = await rig({ onRefused: (type, id) => void reread.push(`${type}/${id}`) });
    for (const id of ['a', 'b', 'c']) await r.outbox.prime('checks', r.api.seed('checks', id, { notes: '' }));
    const poison = await r.outbox.enqueueEdit('checks', 'a', { attributes: { invalid: true, notes: 'scritto' } });
    await r.outbox.enqueueEdit('checks', 'b', { attributes: { notes: 'b' } });
    const later = await r.outbox.enqueueEdit('checks', 'a', { attributes: { invalid: true, notes: 'scritto', extinguishers: 3 } });
    const held = await r.outbox.enqueueEdit('checks', 'c', { attributes: { notes: 'dopo a' } }, { dependsOn: [poison!.id] });
    const summary = await r.outbox.drain();
    expect(summary).toMatchObject({ sent: 2, refused: 1 });
    const [item] = await r.db.inbox.toArray();
    expect(item).toMatchObject({ id: poison?.id, status: 422, code: 'VALIDATION_FAILED', message: 'Dati non validi', errors: [{ pointer: '/attributes/invalid' }] });
    expect(r.api.get('checks', 'b')?.attributes.notes).toBe('b');
    // The record's later entry went on (its patch: only what it changed).
    expect(r.api.get('checks', 'a')?.attributes).toEqual({ notes: '', extinguishers: 3 });
    expect(later?.body).toEqual({ attributes: { extinguishers: 3 } });
    // The refused change is no longer shown as made, on the device and (read again) on the screens.
    expect((await r.outbox.local('checks', 'a'))?.attributes).toEqual({ notes: '', extinguishers: 3 });
    expect(reread).toEqual(['checks/a']);
    // Held with it: not sent, still queued, for as long as the refusal stays.
    expect(writes(r.api.log).some((seen) => seen.path === '/checks/c')).toBe(false);
    expect(await r.db.outbox.toArray()).toMatchObject([{ id: held?.id, state: 'pending' }]);
    expect(await r.outbox.drain()).toMatchObject({ sent: 0 });
    // Dropped by the technician: what it held goes.
    await r.outbox.discardRefused(poison!.id);
    expect(await r.outbox.drain()).toMatchObject({ sent: 1 });
    expect(r.api.get('checks', 'c')?.attributes.notes).toBe('dopo a');
  });

  it('a refused entry corrected and put back is sent in its place with a new key', async () => {
    const r = await rig();
    await r.outbox.prime('checks', r.api.seed('checks', 'a', {}));
    const poison = await r.outbox.enqueueEdit('checks', 'a', { attributes: { invalid: true } });
    await r.outbox.drain();
    await r.outbox.retryRefused(poison!.id, { attributes: { notes: 'corretto' } });
    expect((await r.outbox.local('checks', 'a'))?.attributes).toEqual({ notes: 'corretto' });
    expect(await r.outbox.drain()).toMatchObject({ sent: 1 });
    const [first, second] = writes(r.api.log);
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
    expect(r.api.get('checks', 'a')?.attributes).toEqual({ notes: 'corretto' });
  });

  it('every entry of a record whose create was refused is held with it', async () => {
    const r = await rig();
    await r.outbox.enqueueCreate('anomalies', 'x', { attributes: { invalid: true } });
    await r.outbox.enqueueEdit('anomalies', 'x', { attributes: { invalid: true, description: 'dopo' } });
    expect(await r.outbox.drain()).toMatchObject({ refused: 1, sent: 0 });
    expect(writes(r.api.log)).toHaveLength(1);
    expect(await r.db.outbox.count()).toBe(1);
  });
});

describe('409: per-field merge', () => {
  it('the office changed other fields: the patch is re-sent on the new version without asking', async () => {
    const r = await rig();
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', { notes: 'x', outcome: 'ok' }));
    const entry = await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'pressione bassa', outcome: 'ok' } });
    const office = r.api.officeEdit('checks', 'c1', { attributes: { outcome: 'ko' } });
    expect(await r.outbox.drain()).toMatchObject({ sent: 1, conflicts: 0 });
    expect(writes(r.api.log).map((seen) => `${seen.method} ${seen.status} ${seen.headers['if-match']}`)).toEqual([
      `PATCH 409 "${entry?.baseVersion}"`,
      `PATCH 200 "${versionOf(office)}"`,
    ]);
    expect(writes(r.api.log)[1]?.body).toEqual({ attributes: { notes: 'pressione bassa' } });
    expect(r.api.get('checks', 'c1')?.attributes).toEqual({ notes: 'pressione bassa', outcome: 'ko' });
    expect((await r.outbox.local('checks', 'c1'))?.attributes).toEqual({ notes: 'pressione bassa', outcome: 'ko' });
  });

  it('the same field changed on both sides goes to «Da risolvere» with base, mine, theirs, who and when; the record waits, others go', async () => {
    const r = await rig();
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', { notes: 'x', pressure: 10 }));
    await r.outbox.prime('checks', r.api.seed('checks', 'c2', {}));
    const mine = await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'mio', pressure: 12 } });
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'mio', pressure: 12, seal: 'integro' } });
    await r.outbox.enqueueEdit('checks', 'c2', { attributes: { notes: 'altro' } });
    const office = r.api.officeEdit('checks', 'c1', { attributes: { notes: 'loro' } }, 'planner-1', 'Paola Pianificatrice');
    expect(await r.outbox.drain()).toMatchObject({ conflicts: 1, sent: 1 });
    const [conflict] = await r.db.conflicts.toArray();
    expect(conflict).toMatchObject({
      entryId: mine?.id, type: 'checks', recordId: 'c1', reason: 'fields', theirsVersion: versionOf(office),
      fields: [{ pointer: '/attributes/notes', base: 'x', mine: 'mio', theirs: 'loro', changedBy: 'planner-1', changedByName: 'Paola Pianificatrice', changedAt: versionOf(office) }],
      autoPatch: { attributes: { pressure: 12 } },
    });
    expect(r.api.get('checks', 'c2')?.attributes.notes).toBe('altro');
    // The record's later entry waits behind the conflict.
    expect(writes(r.api.log).filter((seen) => seen.path === '/checks/c1')).toHaveLength(1);
    expect((await r.db.outbox.toArray()).map((entry) => entry.state)).toEqual(['conflict', 'pending']);

    await r.outbox.keepMine(conflict!.id);
    await drainAll(r, r.outbox);
    expect(r.api.get('checks', 'c1')?.attributes).toEqual({ notes: 'mio', pressure: 12, seal: 'integro' });
    expect(await r.db.conflicts.count()).toBe(0);
    expect((await r.outbox.local('checks', 'c1'))?.attributes).toEqual(r.api.get('checks', 'c1')?.attributes);
  });

  it('«accetta il loro» drops mine on the conflicting field and still sends what merged', async () => {
    const r = await rig();
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', { notes: 'x', pressure: 10 }));
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'mio', pressure: 12 } });
    r.api.officeEdit('checks', 'c1', { attributes: { notes: 'loro' } });
    await r.outbox.drain();
    const [conflict] = await r.db.conflicts.toArray();
    // Until resolved the device shows mine.
    expect((await r.outbox.local('checks', 'c1'))?.attributes.notes).toBe('mio');
    await r.outbox.acceptTheirs(conflict!.id);
    expect((await r.outbox.local('checks', 'c1'))?.attributes).toEqual({ notes: 'loro', pressure: 12 });
    await r.outbox.drain();
    expect(r.api.get('checks', 'c1')?.attributes).toEqual({ notes: 'loro', pressure: 12 });
    expect(writes(r.api.log).at(-1)?.body).toEqual({ attributes: { pressure: 12 } });
  });

  it('a record the office keeps changing is re-sent a few times, then waits with backoff instead of spinning', async () => {
    const r = await rig();
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', { notes: '', counter: 0 }));
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'mio', counter: 0 } });
    let office = 0;
    r.api.intercept = (seen) => {
      if (seen.method === 'PATCH') r.api.officeEdit('checks', 'c1', { attributes: { counter: ++office } });
      return undefined;
    };
    expect(await r.outbox.drain()).toMatchObject({ sent: 0, retried: 1, conflicts: 0 });
    expect(writes(r.api.log)).toHaveLength(5);
    expect((await r.db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 1, rebases: 0, lastError: { status: 409, code: 'VERSION_CONFLICT' } });
    // The office stops: the next attempt goes through, on the latest version, with only my field.
    r.api.intercept = () => undefined;
    await drainAll(r, r.outbox);
    expect(r.api.get('checks', 'c1')?.attributes).toEqual({ notes: 'mio', counter: 5 });
  });

  it('a state change the office made impossible goes to «Da risolvere» as refused; accepting theirs drops it', async () => {
    const reread: string[] = [];
    const r = await rig({ onRefused: (type, id) => void reread.push(`${type}/${id}`) });
    await r.outbox.prime('interventions', r.api.seed('interventions', 'i1', { state: 'planned' }));
    await r.outbox.enqueueAction('interventions', 'i1', 'complete', { note: 'fatto' });
    r.api.officeEdit('interventions', 'i1', { attributes: { state: 'cancelled' } });
    await r.outbox.drain();
    const [conflict] = await r.db.conflicts.toArray();
    expect(conflict).toMatchObject({ reason: 'refused', code: 'TRANSITION_NOT_ALLOWED', message: 'L’intervento è stato annullato', theirs: { attributes: { state: 'cancelled' } } });
    // The screens, which showed the state the queued change led to, read the office's record again.
    expect(reread).toEqual(['interventions/i1']);
    await r.outbox.acceptTheirs(conflict!.id);
    expect(await r.db.outbox.count()).toBe(0);
    expect((await r.outbox.local('interventions', 'i1'))?.attributes.state).toBe('cancelled');
  });
});

describe('a killed tab loses nothing and duplicates nothing', () => {
  it('an entry left in flight is sent again on resume with the same key and body; the server applies it once', async () => {
    const r = await rig({ concurrency: 2 });
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', { notes: '' }));
    const create = await r.outbox.enqueueCreate('anomalies', 'a-1', { attributes: { description: 'Cartello mancante' } });
    const edit = await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'ok' } });
    // The server applies both, then the tab dies before any answer arrives.
    r.api.intercept = () => 'hang';
    void r.outbox.drain();
    await expect.poll(() => r.api.log.length, { timeout: 10_000 }).toBe(2);
    expect((await r.db.outbox.toArray()).map((entry) => entry.state)).toEqual(['inflight', 'inflight']);
    r.db.close();

    r.api.intercept = () => undefined;
    const restarted = await r.tab();
    expect(await restarted.drain()).toMatchObject({ sent: 2 });
    const byKey = (key?: string) => r.api.log.filter((seen) => seen.headers['idempotency-key'] === key);
    for (const entry of [create, edit]) {
      const [first, again] = byKey(entry?.idempotencyKey);
      expect(again?.replayed).toBe(true);
      expect(again?.body).toEqual(first?.body);
      expect(again?.path).toBe(first?.path);
    }
    expect(r.api.writesTo('checks', 'c1')).toBe(1);
    expect(r.api.get('anomalies', 'a-1')?.attributes).toEqual({ description: 'Cartello mancante' });
    expect(await restarted.db.outbox.count()).toBe(0);
    expect((await restarted.local('checks', 'c1'))?.version).toBe(versionOf(r.api.get('checks', 'c1')!));
  });

  it('what was queued survives closing the database (a closed tab) and drains from the next one', async () => {
    const r = await rig();
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', {}));
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'offline' } });
    r.db.close();
    const next = await r.tab();
    expect((await next.local('checks', 'c1'))?.attributes).toEqual({ notes: 'offline' });
    expect(await next.drain()).toMatchObject({ sent: 1 });
  });
});

/** Web Locks as the browser grants them: exclusive, in request order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const state = { held: 0, most: 0, names: [] as string[] };
  const locks: LockManagerLike = {
    request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T> {
      state.names.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(async () => {
        state.held += 1;
        state.most = Math.max(state.most, state.held);
        try {
          return await callback({ name });
        } finally {
          state.held -= 1;
        }
      });
      tails.set(name, run.catch(() => undefined));
      return run;
    },
  };
  return { locks, state };
}

describe('one tab drains', () => {
  it('two tabs draining at once: one holds outbox-drain-<user>, each entry is sent once', async () => {
    const { locks, state } = fakeLocks();
    const r = await rig({ locks });
    for (const id of ['a', 'b', 'c', 'd']) {
      await r.outbox.prime('checks', r.api.seed('checks', id, {}));
      await r.outbox.enqueueEdit('checks', id, { attributes: { notes: id } });
    }
    const other = await r.tab({ token: 'token-u1-tab2' });
    const [one, two] = await Promise.all([r.outbox.drain(), other.drain()]);
    expect(one.sent + two.sent).toBe(4);
    expect(state.most).toBe(1);
    expect(new Set(state.names)).toEqual(new Set(['outbox-drain-u1']));
    expect(writes(r.api.log)).toHaveLength(4);
    expect(new Set(writes(r.api.log).map((seen) => seen.headers.authorization)).size).toBe(1);
  });
});

describe('draining on its own', () => {
  it('once started, an enqueued entry is sent, and one that failed is sent again when its wait ends', async () => {
    const r = await rig({ now: () => Date.now(), backoff: { baseMs: 20, capMs: 40 } });
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', {}));
    let failures = 1;
    r.api.intercept = () => (failures-- > 0 ? 'before' : undefined);
    r.outbox.start();
    try {
      await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'da sola' } });
      await expect.poll(() => r.api.get('checks', 'c1')?.attributes.notes, { timeout: 10_000 }).toBe('da sola');
      expect(r.api.log.map((seen) => seen.status)).toEqual([0, 200]);
    } finally {
      r.outbox.stop();
    }
    // Stopped (once the drain under way has ended): nothing more is sent by itself.
    expect(await r.outbox.drain()).toMatchObject({ sent: 0 });
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'ferma' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.api.log).toHaveLength(2);
  }, 30_000);
});

describe('offline, then online', () => {
  it('offline, nothing is tried on a schedule; when the network is back the queue goes at once, with no wait built up offline', async () => {
    // The browser's `online` event, on a target of the test's own (Node's global object has none).
    const events = new EventTarget();
    const global = globalThis as { addEventListener?: unknown; removeEventListener?: unknown };
    const saved = { add: global.addEventListener, remove: global.removeEventListener };
    global.addEventListener = events.addEventListener.bind(events);
    global.removeEventListener = events.removeEventListener.bind(events);
    let online = false;
    const r = await rig({ now: () => Date.now(), isOnline: () => online, backoff: { baseMs: 60_000, capMs: 60_000 } });
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', {}));
    // Offline every request fails before reaching the server.
    r.api.intercept = () => (online ? undefined : 'before');
    r.outbox.start();
    try {
      await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'in cantina' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(r.api.log).toHaveLength(0);
      expect(await r.db.outbox.toArray()).toMatchObject([{ attempts: 0, nextAttemptAt: 0, state: 'pending' }]);
      online = true;
      events.dispatchEvent(new Event('online'));
      await expect.poll(() => r.api.get('checks', 'c1')?.attributes.notes, { timeout: 5_000 }).toBe('in cantina');
      expect(r.api.log.map((seen) => seen.status)).toEqual([200]);
    } finally {
      r.outbox.stop();
      global.addEventListener = saved.add;
      global.removeEventListener = saved.remove;
    }
  }, 30_000);
});

describe('a queue belongs to its user', () => {
  it('one database per user; nothing is sent while another user is signed in', async () => {
    expect(offlineDbName('u1')).toBe('backoffice-offline-u1');
    expect(() => new OfflineDb('  ')).toThrow();
    let signedIn = 'u2';
    const r = await rig({ isCurrentUser: () => signedIn === 'u1' });
    await r.outbox.prime('checks', r.api.seed('checks', 'c1', {}));
    await r.outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'di u1' } });
    expect(await r.outbox.drain()).toMatchObject({ sent: 0, skipped: 'other-user' });
    expect(r.api.log).toEqual([]);
    const u2 = await openOfflineDb('u2', { indexedDB: r.idb, IDBKeyRange });
    opened.push(u2);
    expect(await u2.outbox.count()).toBe(0);
    expect(createOutbox({ db: u2, http: createApiClient({ baseUrl: 'http://fake/api', fetch: r.api.fetch }), locks: null }).lockName).toBe('outbox-drain-u2');
    signedIn = 'u1';
    expect(await r.outbox.drain()).toMatchObject({ sent: 1 });
  });
});

describe('photos', () => {
  it('are stored as bytes with their SHA-256', async () => {
    const r = await rig();
    const bytes = new TextEncoder().encode('abc').buffer as ArrayBuffer;
    const photo = await storePhoto(r.db, { id: 'p1', type: 'checks', recordId: 'c1', mediaType: 'image/jpeg', bytes }, () => START);
    expect(photo.sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const stored = await r.db.photos.get('p1');
    expect(new Uint8Array(stored!.bytes)).toEqual(new Uint8Array(bytes));
    expect(stored).toMatchObject({ size: 3, createdAt: new Date(START).toISOString() });
    expect(await sha256Hex(new Uint8Array([97, 98, 99]))).toBe(photo.sha256);
  });
});
