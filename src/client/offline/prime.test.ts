// Priming (issue 25) on fake-indexeddb, reading through the app's HTTP client (src/client/api/http.ts)
// over a fake list API that answers the SPEC §7 list language with the kinds' own list fields: the
// window, the batches, a refused kind, pruning that spares queued work, the budget, one run at a time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createApiClient, type ApiClient } from '../api/http.ts';
import type { Entity } from '../../domain/entity.ts';
import { readPath } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { openOfflineDb, type OfflineDb } from './db.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { ID_BATCH, primeFieldWork, startPriming } from './prime.ts';
import type { OfflineRuntime } from './runtime-state.ts';

const ME = 'u-me';
// Friday 4 December 2026, 11:00 in Rome; Tuesday the 8th is a holiday (Immacolata).
const NOW = Date.parse('2026-12-04T10:00:00Z');
const opened: OfflineDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

let version = 0;
function entity(id: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}): Entity {
  version += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 0, 0, 0, version)).toISOString();
  return { id, attributes, relationships, metadata: { createdDateTime: at, lastUpdatedDateTime: at, deletedDateTime: null, createdBy: 'office', lastUpdatedBy: 'office', deletedBy: null, isDeleted: false, isArchived: false } };
}

/** A 1×1 WebP as the server's media rows carry their preview. */
const THUMB = `data:image/webp;base64,${Buffer.from('RIFF-fake-webp-thumbnail-bytes').toString('base64')}`;

/** The list API: `filter[field]=a,b`, `ids`, `from`/`to`, `has`, `sort`, pages; 403 for the kinds in `forbidden`. */
class FakeListApi {
  readonly rows = new Map<string, Entity[]>();
  readonly forbidden = new Set<string>();
  readonly log: { type: string; query: URLSearchParams }[] = [];

  put(type: string, ...entities: Entity[]): void {
    const list = (this.rows.get(type) ?? []).filter((row) => !entities.some((e) => e.id === row.id));
    this.rows.set(type, [...list, ...entities]);
  }

  readonly fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const [, , type = '', id] = url.pathname.split('/');
    this.log.push({ type, query: url.searchParams });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' } });
    if (this.forbidden.has(type)) return json(403, { type: '/problems/FORBIDDEN', title: 'FORBIDDEN', status: 403, code: 'FORBIDDEN', message: 'Non autorizzato' });
    if (id) return json(404, { code: 'ROUTE_NOT_FOUND', status: 404, message: 'one request per record is not expected' });
    const kind = findKind(type);
    let rows = [...(this.rows.get(type) ?? [])];
    const fieldOf = (name: string) => kind?.fields[name];
    for (const [parameter, raw] of url.searchParams) {
      const values = raw.split(',');
      const match = /^(filter|from|to|has)\[(\w+)\]$/.exec(parameter);
      if (parameter === 'ids') rows = rows.filter((row) => values.includes(row.id));
      if (!match || match[2] === 'isArchived') continue;
      const [, group, name] = match as unknown as [string, string, string];
      const field = fieldOf(name);
      if (!field) return json(400, { code: 'INVALID_QUERY', status: 400, message: parameter });
      const at = (row: Entity) => readPath(row, field.path);
      if (group === 'filter') rows = rows.filter((row) => { const v = at(row); return Array.isArray(v) ? v.some((x) => values.includes(String(x))) : values.includes(String(v ?? false)); });
      if (group === 'has') rows = rows.filter((row) => Boolean(at(row)) === (raw === 'true'));
      if (group === 'from') rows = rows.filter((row) => typeof at(row) === 'string' && (at(row) as string) >= raw);
      if (group === 'to') rows = rows.filter((row) => typeof at(row) === 'string' && (at(row) as string).slice(0, 10) <= raw);
    }
    const sort = url.searchParams.get('sort');
    if (sort) {
      const descending = sort.startsWith('-');
      const field = fieldOf(sort.replace(/^-/, ''));
      rows.sort((a, b) => String(readPath(a, field!.path)).localeCompare(String(readPath(b, field!.path))) * (descending ? -1 : 1));
    }
    const size = Number(url.searchParams.get('page[size]') ?? 10);
    const number = Number(url.searchParams.get('page[number]') ?? 1);
    return json(200, { data: rows.slice((number - 1) * size, number * size), meta: { total: rows.length, page: { number, size } } });
  };

  listed(type: string): URLSearchParams[] {
    return this.log.filter((request) => request.type === type).map((request) => request.query);
  }
}

const assignment = (id: string, state: string, planned: string | null, relationships: Record<string, unknown>) =>
  entity(id, { state, module: 'fire', plannedStartDateTime: planned, notes: '' }, { operatorIds: [ME], operatorInChargeId: ME, ...relationships });

/** Interventions around the window, their sites, equipments, checks, anomalies, deadlines and photos. */
function demo(): FakeListApi {
  const api = new FakeListApi();
  api.put('assignments',
    assignment('a-today', 'scheduled', '2026-12-04T08:00:00.000Z', { customerId: 'c1', officeLocationId: 'l1' }),
    assignment('a-wed', 'scheduled', '2026-12-09T07:00:00.000Z', { customerId: 'c2' }),
    assignment('a-thu', 'scheduled', '2026-12-10T07:00:00.000Z', { customerId: 'c1', officeLocationId: 'l1' }),
    assignment('a-running', 'running', '2026-11-20T07:00:00.000Z', { customerId: 'c1', officeLocationId: 'l2' }),
    assignment('a-paused', 'paused', null, { customerId: 'c1', officeLocationId: 'l2' }),
    assignment('a-closed', 'closed', '2026-11-20T07:00:00.000Z', { customerId: 'c1', officeLocationId: 'l1' }),
    entity('a-other', { state: 'scheduled', module: 'fire', plannedStartDateTime: '2026-12-04T09:00:00.000Z' }, { customerId: 'c1', operatorIds: ['u-other'] }),
  );
  api.put('assignmentActivities',
    entity('aa-today', { state: 'open' }, { assignmentId: 'a-today', activityId: 'k-check', equipmentId: 'e1' }),
    entity('aa-wed', { state: 'open' }, { assignmentId: 'a-wed', activityId: 'k-check', equipmentId: 'e4' }),
    entity('aa-thu', { state: 'open' }, { assignmentId: 'a-thu', activityId: 'k-check', equipmentId: 'e2' }),
  );
  api.put('customers',
    entity('c1', { registry: { businessName: 'Agripack Srl', phoneNumber: '02 123' } }),
    entity('c2', { registry: { businessName: 'Bianchi Spa' } }),
    entity('l1', { parentId: 'c1', registry: { businessName: 'Agripack – Rho' }, additionalInformations: { referents: [{ firstName: 'Anna', lastName: 'Neri', notes: 'Chiavi in portineria' }] } }),
    entity('l2', { parentId: 'c1', registry: { businessName: 'Agripack – Pero' } }),
    entity('l3', { parentId: 'c2', registry: { businessName: 'Bianchi – Monza' } }),
  );
  api.put('equipments',
    entity('e1', { equipmentId: 'EST-1', module: 'fire', medias: [] }, { customerId: 'c1', customerLocationId: 'l1', equipmentFamilyId: 'f1' }),
    entity('e2', { equipmentId: 'EST-2', module: 'fire', medias: [] }, { customerId: 'c1', customerLocationId: 'l1', equipmentFamilyId: 'f1' }),
    entity('e3', { equipmentId: 'EST-3', module: 'fire', medias: [] }, { customerId: 'c1', customerLocationId: 'l9', equipmentFamilyId: 'f2' }),
    entity('e4', { equipmentId: 'EST-4', module: 'fire', medias: ['m3'] }, { customerId: 'c2', customerLocationId: null, equipmentFamilyId: 'f1' }),
    entity('e5', { equipmentId: 'EST-5', module: 'fire', medias: [] }, { customerId: 'c2', customerLocationId: 'l3', equipmentFamilyId: 'f1' }),
    entity('e6', { equipmentId: 'EST-6', module: 'fire', medias: [] }, { customerId: 'c1', customerLocationId: 'l2', equipmentFamilyId: 'f1' }),
  );
  api.put('installations', entity('i1', { code: 'IMP-1', name: 'Idranti', module: 'fire' }, { customerId: 'c1', customerLocationId: 'l1' }));
  api.put('equipmentFamilies',
    entity('f1', { code: 'EST6', name: 'Estintore a polvere 6 kg', defaultAgent: 'powder', maintenanceRules: [{ kind: 'check', months: 6, from: 'lastExecution', activityId: 'k-review' }] }),
    entity('f2', { code: 'CO2', name: 'Estintore CO2', maintenanceRules: [] }),
  );
  api.put('activities', entity('k-check', { code: 'SORV', name: 'Sorveglianza' }), entity('k-review', { code: 'REV', name: 'Revisione' }), entity('k-other', { code: 'X', name: 'Altro' }));
  api.put('controls',
    entity('ctl-1', { code: 'P', name: 'Pressione' }, { equipmentFamilyId: 'f1' }),
    entity('ctl-2', { code: 'S', name: 'Sigillo' }, { equipmentFamilyId: 'f1' }),
    entity('ctl-9', { code: 'Z', name: 'Altro' }, { equipmentFamilyId: 'f2' }),
  );
  // e1: four earlier visits (v1 oldest … v4 newest), two controls each; the last two are kept.
  const visits = ['v1', 'v2', 'v3', 'v4'];
  visits.forEach((visit, n) => {
    for (const control of ['ctl-1', 'ctl-2']) {
      api.put('checks', entity(`chk-${visit}-${control}`, { passed: true, checkedDateTime: `2026-0${n + 1}-10T09:00:00.000Z`, photos: visit === 'v4' && control === 'ctl-1' ? ['m1', 'm2'] : [] }, { controlId: control, assignmentActivityId: visit, equipmentId: 'e1' }));
    }
  });
  api.put('checks', entity('chk-today', { passed: false, checkedDateTime: '2026-12-04T08:30:00.000Z', photos: [] }, { controlId: 'ctl-1', assignmentActivityId: 'aa-today', equipmentId: 'e1' }));
  api.put('anomalies',
    entity('an-open', { state: 'unresolved', risk: 'high', description: 'Manometro rotto' }, { customerId: 'c1', equipmentId: 'e1' }),
    entity('an-done', { state: 'resolved', risk: 'low', description: 'Cartello mancante' }, { customerId: 'c1', equipmentId: 'e2' }),
  );
  api.put('physicalActivities',
    entity('pa-open', { deadlineDate: '2027-01-10', isExecuted: false, isEnded: false }, { equipmentId: 'e1' }),
    entity('pa-done', { deadlineDate: '2026-06-10', isExecuted: true, isEnded: false }, { equipmentId: 'e1' }),
    entity('pa-inst', { deadlineDate: '2027-02-10', isExecuted: false, isEnded: false }, { installationId: 'i1' }),
  );
  api.put('technicianQualifications', entity('q-me', { systemTypes: ['extinguishers'] }, { userId: ME }), entity('q-other', { systemTypes: ['doors'] }, { userId: 'u-other' }));
  api.put('media',
    entity('m1', { type: 'picture', name: 'manometro.jpg', meta: { blurhash: 'LEHV6nWB2yk8', thumbnail: THUMB } }),
    entity('m2', { type: 'picture', name: 'grande.jpg', meta: { thumbnailSkipped: 'tooLarge' } }),
    entity('m3', { type: 'picture', name: 'targhetta.jpg', meta: { thumbnail: THUMB.replace('RIFF', 'RIFX') } }),
  );
  return api;
}

interface Rig { api: FakeListApi; db: OfflineDb; outbox: Outbox; http: ApiClient }

async function rig(api = demo()): Promise<Rig> {
  const db = await openOfflineDb(ME, { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  const http = createApiClient({ baseUrl: 'http://fake/api', fetch: api.fetch, retryLimit: 0, getAccessToken: () => 'token' });
  const outbox = createOutbox({ db, http, locks: null, now: () => NOW });
  return { api, db, outbox, http };
}

const prime = (r: Rig, more: { budgetBytes?: number; days?: number; mayRead?: (type: string) => boolean } = {}) =>
  primeFieldWork({ db: r.db, outbox: r.outbox, userId: ME, http: r.http, days: 2, now: () => NOW, ...more });
const held = async (r: Rig, type: string) => (await r.db.records.where('type').equals(type).primaryKeys()).map(([, id]) => id).sort();

describe('primeFieldWork', () => {
  it('keeps today through the N-th working day (weekend and holiday skipped) and every running or paused intervention', async () => {
    const r = await rig();
    const summary = await prime(r);
    // 2 working days after Friday the 4th: Monday the 7th and (Tuesday the 8th being a holiday) Wednesday the 9th.
    expect(summary.window).toEqual({ from: '2026-12-04', to: '2026-12-09' });
    expect(await held(r, 'assignments')).toEqual(['a-paused', 'a-running', 'a-today', 'a-wed']);
    expect((await r.db.readiness.toArray()).map((row) => [row.assignmentId, row.day]).sort()).toEqual([
      ['a-paused', '2026-12-04'], ['a-running', '2026-12-04'], ['a-today', '2026-12-04'], ['a-wed', '2026-12-09'],
    ]);
    // Only the technician's own interventions were asked for.
    expect(r.api.listed('assignments').every((query) => query.get('filter[operatorIds]') === ME)).toBe(true);
    expect(await held(r, 'assignmentActivities')).toEqual(['aa-today', 'aa-wed']);
    // Customers and office locations; the equipments at those sites (l1, l2; c2's own without a location), not elsewhere.
    expect(await held(r, 'customers')).toEqual(['c1', 'c2', 'l1', 'l2']);
    expect(await held(r, 'equipments')).toEqual(['e1', 'e2', 'e4', 'e6']);
    expect(await held(r, 'installations')).toEqual(['i1']);
    expect(await held(r, 'equipmentFamilies')).toEqual(['f1']);
    expect(await held(r, 'activities')).toEqual(['k-check', 'k-review']);
    expect(await held(r, 'controls')).toEqual(['ctl-1', 'ctl-2']);
    expect(await held(r, 'physicalActivities')).toEqual(['pa-inst', 'pa-open']);
    expect(await held(r, 'anomalies')).toEqual(['an-open']);
    // The last two visits of e1 (v3, v4) and today's check; not the older visits.
    expect(await held(r, 'checks')).toEqual(['chk-today', 'chk-v3-ctl-1', 'chk-v3-ctl-2', 'chk-v4-ctl-1', 'chk-v4-ctl-2']);
    expect(await held(r, 'technicianQualifications')).toEqual(['q-me']);
    // Stored as the outbox stores a primed record: server answer, version, local view.
    const location = await r.outbox.local('customers', 'l1');
    expect(location).toMatchObject({ version: expect.any(String), primedAt: '2026-12-04T10:00:00.000Z', attributes: { additionalInformations: { referents: [{ notes: 'Chiavi in portineria' }] } } });
    expect(location?.server).toEqual({ attributes: location?.attributes, relationships: location?.relationships });
  });

  it('stores thumbnails as bytes, and says which intervention lacks one', async () => {
    const r = await rig();
    const summary = await prime(r);
    const thumbs = await r.db.thumbnails.toArray();
    expect(thumbs.map((t) => [t.mediaId, t.mediaType, t.day]).sort()).toEqual([['m1', 'image/webp', '2026-12-04'], ['m3', 'image/webp', '2026-12-09']]);
    expect(new TextDecoder().decode(thumbs.find((t) => t.mediaId === 'm1')!.bytes)).toBe('RIFF-fake-webp-thumbnail-bytes');
    expect(summary.thumbnailBytes).toBe(thumbs.reduce((sum, t) => sum + t.size, 0));
    // The media row keeps its blurhash, not a second copy of the preview.
    expect((await r.outbox.local('media', 'm1'))?.attributes.meta).toEqual({ blurhash: 'LEHV6nWB2yk8', thumbnailOffline: true });
    const today = await r.db.readiness.get('a-today');
    expect(today).toMatchObject({ ready: false, missing: { kinds: [], thumbnails: 1, thumbnailsOverBudget: 0, overBudget: false } });
    expect(await r.db.readiness.get('a-wed')).toMatchObject({ ready: true, primedAt: '2026-12-04T10:00:00.000Z' });
  });

  it('reads related records with list requests batched by ids, never one request per record', async () => {
    const api = demo();
    // 150 activities of today's intervention, each on its own equipment at another site: named by ids.
    for (let n = 0; n < 150; n += 1) {
      api.put('equipments', entity(`ex-${n}`, { equipmentId: `X-${n}`, module: 'fire', medias: [] }, { customerId: 'c9', customerLocationId: 'l9', equipmentFamilyId: 'f1' }));
      api.put('assignmentActivities', entity(`aax-${n}`, { state: 'open' }, { assignmentId: 'a-today', activityId: 'k-check', equipmentId: `ex-${n}` }));
    }
    const r = await rig(api);
    const summary = await prime(r);
    expect((await held(r, 'equipments')).length).toBe(4 + 150);
    // The 150 named equipments in two requests of at most ID_BATCH ids.
    const byIds = api.listed('equipments').filter((query) => query.has('ids'));
    expect(byIds.map((query) => query.get('ids')!.split(',').length)).toEqual([ID_BATCH, 50]);
    expect(api.listed('checks').every((query) => query.has('filter[assignmentActivityId]') || query.has('filter[equipmentId]'))).toBe(true);
    expect(api.log.every((request) => request.query.get('page[size]') === '500')).toBe(true);
    expect(summary.requests).toBe(api.log.length);
    expect(summary.requests).toBeLessThan(40);
  });

  it('leaves out a kind the user may not read, names it in the readiness, and keeps the rest', async () => {
    const api = demo();
    api.forbidden.add('physicalActivities');
    const r = await rig(api);
    const summary = await prime(r);
    expect(summary.refused).toEqual(['physicalActivities']);
    expect(await held(r, 'physicalActivities')).toEqual([]);
    expect(await held(r, 'equipments')).toEqual(['e1', 'e2', 'e4', 'e6']);
    expect(await r.db.readiness.get('a-wed')).toMatchObject({ ready: false, missing: { kinds: ['physicalActivities'] } });
    // Asked once, then not again in the run.
    expect(api.listed('physicalActivities')).toHaveLength(1);
  });

  it('does not ask for a kind the session may not read (no 403 for the browser to log): left out the same way', async () => {
    const api = demo();
    const r = await rig(api);
    const summary = await prime(r, { mayRead: (type: string) => type !== 'technicianQualifications' });
    expect(api.listed('technicianQualifications')).toHaveLength(0);
    expect(summary.refused).toEqual(['technicianQualifications']);
    expect(await held(r, 'equipments')).toEqual(['e1', 'e2', 'e4', 'e6']);
  });

  it('removes what fell out of the window, but never a record with queued work', async () => {
    const api = demo();
    const r = await rig(api);
    await prime(r);
    // Offline, the technician edits a note of Wednesday's customer's equipment; then the office moves Wednesday's intervention out of the window.
    await r.outbox.enqueueEdit('equipments', 'e4', { attributes: { ...(await r.outbox.local('equipments', 'e4'))!.attributes, note: 'Targhetta illeggibile' } });
    api.put('assignments', assignment('a-wed', 'scheduled', '2026-12-21T07:00:00.000Z', { customerId: 'c2' }));
    const summary = await prime(r);
    expect(await held(r, 'assignments')).toEqual(['a-paused', 'a-running', 'a-today']);
    expect(await r.db.readiness.get('a-wed')).toBeUndefined();
    expect(await held(r, 'assignmentActivities')).toEqual(['aa-today']);
    // c2 and Wednesday's activity and thumbnail went; e4 stays, with its queued note on top.
    expect(await held(r, 'customers')).toEqual(['c1', 'l1', 'l2']);
    expect(await held(r, 'equipments')).toEqual(['e1', 'e2', 'e4', 'e6']);
    expect((await r.outbox.local('equipments', 'e4'))?.attributes.note).toBe('Targhetta illeggibile');
    expect(await r.db.thumbnails.get('m3')).toBeUndefined();
    expect(summary.pruned).toBe(4); // a-wed, aa-wed, c2, m3's media row
    // Once the note is sent and the queue is empty, the next run removes e4 too.
    await r.db.outbox.clear();
    await prime(r);
    expect(await held(r, 'equipments')).toEqual(['e1', 'e2', 'e6']);
  });

  it('keeps the queued patches on top when a record with queued work is primed again', async () => {
    const api = demo();
    const r = await rig(api);
    await prime(r);
    await r.outbox.enqueueEdit('assignments', 'a-today', { attributes: { ...(await r.outbox.local('assignments', 'a-today'))!.attributes, notes: 'Portare la scala' } });
    const office = assignment('a-today', 'scheduled', '2026-12-04T08:00:00.000Z', { customerId: 'c1', officeLocationId: 'l1' });
    office.attributes.priority = 'high';
    api.put('assignments', office);
    await prime(r);
    const local = await r.outbox.local('assignments', 'a-today');
    expect(local?.attributes).toMatchObject({ notes: 'Portare la scala', priority: 'high' });
    expect(local?.server?.attributes.notes).toBe('');
    expect(local?.version).toBe(office.metadata.lastUpdatedDateTime);
  });

  it('stays within the budget: the farthest day’s thumbnails go first, then the farthest interventions', async () => {
    const r = await rig();
    const full = await prime(r);
    const m1 = (await r.db.thumbnails.get('m1'))!.size;
    // Room for the records and today's thumbnail only: Wednesday's goes.
    const tight = await prime(r, { budgetBytes: full.recordBytes + m1 });
    expect(tight.recordBytes + tight.thumbnailBytes).toBeLessThanOrEqual(full.recordBytes + m1);
    expect((await r.db.thumbnails.toArray()).map((t) => t.mediaId)).toEqual(['m1']);
    expect(await r.db.readiness.get('a-wed')).toMatchObject({ ready: false, missing: { thumbnailsOverBudget: 1, overBudget: false } });
    expect(await r.db.readiness.get('a-today')).toMatchObject({ missing: { thumbnailsOverBudget: 0 } });
    // Less than the records: Wednesday's intervention is left out (the running and paused ones never are).
    const less = await prime(r, { budgetBytes: full.recordBytes - 1 });
    expect(less.droppedInterventions).toBeGreaterThan(0);
    expect(less.recordBytes + less.thumbnailBytes).toBeLessThan(full.recordBytes);
    expect(await r.db.readiness.get('a-wed')).toMatchObject({ ready: false, missing: { overBudget: true } });
    expect(await held(r, 'assignments')).toEqual(['a-paused', 'a-running', 'a-today']);
  });
});

describe('one run at a time', () => {
  it('two calls at once share one run', async () => {
    const r = await rig();
    const [first, second] = await Promise.all([prime(r), prime(r)]);
    expect(second).toBe(first);
    const single = await rig();
    await prime(single);
    expect(r.api.log.length).toBe(single.api.log.length);
  });

  it('startPriming runs at start, once after a burst of relevant notices, never two at once, and stops', async () => {
    const r = await rig();
    let listener: ((notice: { type: string }) => void) | undefined;
    const runs: number[] = [];
    let active = 0;
    let calls = 0;
    let overlap = false;
    const http: ApiClient = {
      ...r.http,
      get: async (path, options) => {
        active += 1;
        calls += 1;
        if (active > 1) overlap = true;
        try {
          return await r.http.get(path, options);
        } finally {
          active -= 1;
        }
      },
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The runtime's own object (runtime.ts) is what the coordinator passes.
    const runtime: OfflineRuntime = { userId: ME, db: r.db, outbox: r.outbox };
    const stop = startPriming(runtime, {
      http, days: 2, now: () => NOW, debounceMs: 20, refreshMs: 60_000, isOnline: () => true,
      subscribe: (l) => { listener = l; return () => { listener = undefined; }; },
      onRun: (summary) => runs.push(summary.interventions),
    });
    await vi.waitFor(() => expect(runs).toEqual([4]), { timeout: 10_000 });
    // A burst of relevant notices is one run; a notice of a kind priming does not keep is none.
    for (let n = 0; n < 5; n += 1) listener?.({ type: 'checks' });
    listener?.({ type: 'quotations' });
    await vi.waitFor(() => expect(runs).toEqual([4, 4]), { timeout: 10_000 });
    await pause(200);
    expect(runs).toEqual([4, 4]);
    // Notices arriving while a run is under way make exactly one more run after it.
    const before = calls;
    listener?.({ type: 'assignments' });
    await vi.waitFor(() => expect(calls).toBeGreaterThan(before), { timeout: 10_000, interval: 1 });
    listener?.({ type: 'assignments' });
    listener?.({ type: 'equipments' });
    await vi.waitFor(() => expect(runs).toHaveLength(4), { timeout: 10_000 });
    await pause(200);
    expect(runs).toHaveLength(4);
    expect(overlap).toBe(false);
    stop();
    expect(listener).toBeUndefined();
    await pause(100);
    expect(runs).toHaveLength(4);
  });
});
