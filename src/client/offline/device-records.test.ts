// The records data path with the device's part installed (issue 25): the app's records provider
// (src/client/data/records.ts) over the app's HTTP client and a fake server, with the offline store on
// fake-indexeddb. Online writes go to the server at once under a client id and a key; offline, behind
// unsent work, or with the answer lost, they are kept on the device and sent by the outbox, once.
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createApiClient } from '../api/http.ts';
import { createRecordsProvider, expectDeviceRecords, installDeviceRecords } from '../data/records.ts';
import { openOfflineDb, type OfflineDb } from './db.ts';
import { createDeviceRecords } from './device-records.ts';
import { FakeApi } from './fake-api.test-support.ts';
import { answerLocally } from './local-query.ts';
import { createOutbox } from './outbox.ts';

const ACTIVITY = '0b0b0b0b-0000-4000-8000-000000000001';
const CONTROL = '0c0c0c0c-0000-4000-8000-000000000001';
const ASSIGNMENT = '0a0a0a0a-0000-4000-8000-000000000001';
const opened: OfflineDb[] = [];

afterEach(() => {
  installDeviceRecords(null);
  for (const db of opened.splice(0)) db.close();
});

async function rig({ installed = true } = {}) {
  const api = new FakeApi();
  const db = await openOfflineDb('tecnico', { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  const http = createApiClient({ baseUrl: 'http://fake/api', fetch: api.fetch, retryLimit: 0, getAccessToken: () => 'token' });
  const outbox = createOutbox({ db, http, locks: null, random: () => 0.5 });
  const network = { up: true };
  let n = 0;
  const device = createDeviceRecords(outbox, { online: () => network.up, newId: () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}` });
  const client = new QueryClient();
  if (installed) installDeviceRecords(device, client);
  const records = createRecordsProvider(http, client);
  return { api, db, outbox, network, records, device, client };
}

const check = (passed: boolean) => ({
  attributes: { passed, result: passed, checkedDateTime: '2026-11-29T07:59:00.000Z' },
  metadata: {},
  relationships: { controlId: CONTROL, assignmentActivityId: ACTIVITY },
});

describe('writes of field kinds', () => {
  it('online: sent at once under the record’s own id with a key, answered by the server, kept on the device', async () => {
    const r = await rig();
    const made = await r.records.create('checks', check(true));
    const put = r.api.log.find((seen) => seen.method === 'PUT')!;
    expect(put.path).toBe(`/checks/${made.id}`);
    expect(put.headers['if-none-match']).toBe('*');
    expect(put.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.metadata.lastUpdatedDateTime).not.toBe('');
    expect(await r.db.outbox.count()).toBe(0);
    expect((await r.outbox.local('checks', made.id))?.version).toBe(made.metadata.lastUpdatedDateTime);
  });

  it('offline: kept on the device and in its lists, then sent once when the network is back', async () => {
    const r = await rig();
    r.network.up = false;
    const made = await r.records.create('checks', check(false));
    expect(r.api.log).toHaveLength(0);
    expect(made.metadata.unsent).toBe(1);
    const list = await r.records.list('checks', { 'filter[assignmentActivityId]': ACTIVITY, 'page[size]': 50 });
    expect(list.data.map((entity) => entity.id)).toEqual([made.id]);
    // Its total is the device's, and says so (the dashboard's figures show «solo sul dispositivo»).
    expect(list.meta.onDevice).toBe(true);
    expect(await r.records.get('checks', made.id)).toMatchObject({ attributes: { passed: false } });

    r.network.up = true;
    await r.outbox.drain();
    expect([...r.api.records.keys()]).toEqual([`checks/${made.id}`]);
    expect(r.api.records.get(`checks/${made.id}`)!.attributes.checkedDateTime).toBe('2026-11-29T07:59:00.000Z');
    // Online again, the list is the server's, without the mark.
    const after = await r.records.list('checks', { 'filter[assignmentActivityId]': ACTIVITY });
    expect(after.data).toHaveLength(1);
    expect(after.meta.onDevice).toBeUndefined();
    expect(after.data[0]!.metadata.unsent).toBeUndefined();
  });

  it('an answer lost on the way is queued under the same key: the server replays it, one row', async () => {
    const r = await rig();
    let lost = true;
    r.api.intercept = (seen) => (seen.method === 'PUT' && lost ? ((lost = false), 'after') : undefined);
    const made = await r.records.create('checks', check(true));
    expect(made.metadata.unsent).toBe(1);
    await r.outbox.drain();
    const puts = r.api.log.filter((seen) => seen.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.headers['idempotency-key']).toBe(puts[0]!.headers['idempotency-key']);
    expect(puts[1]!.replayed).toBe(true);
    expect([...r.api.records.keys()].filter((key) => key.startsWith('checks/'))).toHaveLength(1);
  });

  it('a write behind unsent work waits behind it, and one pointing at an unsent record depends on it', async () => {
    const r = await rig();
    r.network.up = false;
    const first = await r.records.create('checks', check(false));
    r.network.up = true;
    // Online now, but the check is not sent yet: the anomaly that names it is queued after it.
    r.api.intercept = () => 'before';
    const anomaly = await r.records.create('anomalies', { attributes: { state: 'unresolved', description: 'Manometro fuori scala' }, metadata: {}, relationships: { checkId: first.id, assignmentActivityId: ACTIVITY } });
    const entry = await r.db.outbox.where('recordId').equals(anomaly.id).first().catch(() => undefined)
      ?? (await r.db.outbox.toArray()).find((queued) => queued.recordId === anomaly.id);
    const create = (await r.db.outbox.toArray()).find((queued) => queued.recordId === first.id)!;
    expect(entry?.dependsOn).toContain(create.id);
    r.api.intercept = () => undefined;
    for (let i = 0; i < 3 && (await r.db.outbox.count()) > 0; i += 1) {
      await r.db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await r.outbox.drain();
    }
    const order = r.api.log.filter((seen) => seen.method === 'PUT' && seen.status === 201).map((seen) => seen.path.split('/')[1]);
    expect(order).toEqual(['checks', 'anomalies']);
  });

  it('an edit and a state change offline show on the record at once and reach the server in order', async () => {
    const r = await rig();
    r.api.seed('assignments', ASSIGNMENT, { state: 'scheduled', notes: null });
    const loaded = await r.records.get('assignments', ASSIGNMENT);
    r.network.up = false;
    await r.records.update('assignments', loaded, { attributes: { notes: 'Chiavi dal custode' } });
    const started = await r.records.runAction('assignments', loaded, 'start', {});
    expect(started.data.attributes).toMatchObject({ state: 'running', notes: 'Chiavi dal custode' });
    expect(await r.records.actions('assignments', ASSIGNMENT)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'pause', to: 'paused' })]));

    r.network.up = true;
    // Read online before the queue is sent: the server's answer with the device's changes on top.
    const shown = await r.records.get('assignments', ASSIGNMENT);
    expect(shown.attributes).toMatchObject({ state: 'running', notes: 'Chiavi dal custode' });
    for (let i = 0; i < 3 && (await r.db.outbox.count()) > 0; i += 1) await r.outbox.drain();
    expect(r.api.records.get(`assignments/${ASSIGNMENT}`)!.attributes).toMatchObject({ notes: 'Chiavi dal custode', state: 'start' });
    expect(r.api.log.filter((seen) => seen.method !== 'GET').map((seen) => seen.method)).toEqual(['PATCH', 'POST']);
  });

  it('a state change offline goes after every change queued before it, on any record (the close after its checks)', async () => {
    const r = await rig();
    r.api.seed('assignments', ASSIGNMENT, { state: 'running', notes: null });
    const loaded = await r.records.get('assignments', ASSIGNMENT);
    r.network.up = false;
    const recorded = await r.records.create('checks', check(true));
    await r.records.runAction('assignments', loaded, 'close', {});
    const queued = await r.db.outbox.toArray();
    const close = queued.find((entry) => entry.recordId === ASSIGNMENT)!;
    expect(close.dependsOn).toContain(queued.find((entry) => entry.recordId === recorded.id)!.id);
    r.network.up = true;
    for (let i = 0; i < 3 && (await r.db.outbox.count()) > 0; i += 1) await r.outbox.drain();
    expect(r.api.log.filter((seen) => seen.method !== 'GET').map((seen) => `${seen.method} ${seen.path.split('/')[1]}`)).toEqual(['PUT checks', 'POST assignments']);
  });

  it('a refusal online is shown where it happened: nothing is queued', async () => {
    const r = await rig();
    await expect(r.records.create('checks', { ...check(true), attributes: { invalid: true } })).rejects.toMatchObject({ status: 422 });
    expect(await r.db.outbox.count()).toBe(0);
    expect(await r.db.inbox.count()).toBe(0);
  });

  it('a read the server cannot answer falls back on the device; a kind it does not hold still fails', async () => {
    const r = await rig();
    // Primed for offline use (prime.ts does it for the technician's interventions).
    await r.outbox.prime('assignments', r.api.seed('assignments', ASSIGNMENT, { state: 'scheduled' }));
    r.api.intercept = () => 'before';
    expect((await r.records.get('assignments', ASSIGNMENT)).attributes.state).toBe('scheduled');
    await expect(r.records.list('customers', {}, undefined, { silent: true })).rejects.toMatchObject({ status: 0 });
  });

  it('a start without a network: the first screen’s read waits for the device’s part on its way, and asks the network nothing', async () => {
    const r = await rig({ installed: false });
    await r.outbox.prime('assignments', r.api.seed('assignments', ASSIGNMENT, { state: 'scheduled' }));
    r.network.up = false;
    let open!: () => void;
    const opening = new Promise<void>((resolve) => (open = resolve));
    // The offline runtime's chunk is still loading: the store opens later, and installs the device's part itself.
    expectDeviceRecords(opening.then(() => installDeviceRecords(r.device, r.client)), r.client);
    const read = r.records.get('assignments', ASSIGNMENT);
    open();
    expect((await read).attributes.state).toBe('scheduled');
    expect(r.api.log).toHaveLength(0);
  });
});

describe('lists answered on the device (SPEC §7 query language)', () => {
  const entity = (id: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => ({
    id, attributes, relationships,
    metadata: { createdDateTime: '', lastUpdatedDateTime: 'v', deletedDateTime: null, createdBy: null, lastUpdatedBy: null, deletedBy: null, isDeleted: false, isArchived: false },
  });
  const rows = [
    entity('00000000-0000-4000-8000-000000000003', { checkedDateTime: '2026-11-03', passed: true }, { assignmentActivityId: ACTIVITY }),
    entity('00000000-0000-4000-8000-000000000001', { checkedDateTime: '2026-11-01', passed: false }, { assignmentActivityId: ACTIVITY.toUpperCase() }),
    entity('00000000-0000-4000-8000-000000000002', { checkedDateTime: '2026-11-02', passed: true }, { assignmentActivityId: CONTROL }),
  ];

  it('filters by any of the values, ids, ranges and presence; sorts and pages', () => {
    expect(answerLocally('checks', rows, { 'filter[assignmentActivityId]': `${ACTIVITY},other`, sort: '-checkedDateTime' })!.data.map((row) => row.id.slice(-1))).toEqual(['3', '1']);
    expect(answerLocally('checks', rows, { ids: '00000000-0000-4000-8000-000000000002' })!.meta.total).toBe(1);
    expect(answerLocally('checks', rows, { 'from[checkedDateTime]': '2026-11-02', sort: 'checkedDateTime', 'page[size]': 1, 'page[number]': 2 })!.data[0]!.id.slice(-1)).toBe('3');
  });

  it('what only the server answers is not guessed', () => {
    expect(answerLocally('checks', rows, { 'filter[fullText]': 'estintore' })).toBeUndefined();
    expect(answerLocally('checks', rows, { 'filter[nonsense]': 'x' })).toBeUndefined();
    expect(answerLocally('checks', rows, { sort: 'nonsense' })).toBeUndefined();
  });
});
