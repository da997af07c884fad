// Photos taken offline (issue 25) on fake-indexeddb, through the app's HTTP client over a fake fetch:
// the size they are kept at, queueing with their hash, and the three retry-safe upload steps — each
// crashing and resuming with one media row, a fresh link per attempt, the bytes kept until the attach
// is answered, and a photo of a check not yet sent waiting for it.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
// Dexie's liveQuery (the app uploader's wake-ups) answers only with an IndexedDB installed globally, as in a browser.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createApiClient, ApiProblem, type ApiClient } from '../api/http.ts';
import type { Entity } from '../../domain/entity.ts';
import { openOfflineDb, type OfflineDb } from './db.ts';
import { FakeApi, problem } from './fake-api.test-support.ts';
import { createOutbox, DEFAULT_BACKOFF, retryDelay, type Outbox } from './outbox.ts';
import { discardPhoto, pendingPhotoCount, photoCounts, queuePhoto, queuedPhotosOf, retryPhoto, scaledSize, uploadQueuedPhotos, type QueuedPhoto, type UploadLinkAnswer, type UploadPhotosOptions } from './photos.ts';

const START = Date.parse('2026-11-29T08:00:00.000Z');
const CHECK = '0f3c4e1a-1111-4a2b-8c3d-000000000001';
const opened: OfflineDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const hex = (bytes: ArrayBuffer | Uint8Array) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex');

interface MediaRow { entity: Entity; nonce: string; bytes?: Uint8Array }
type Crash = 'before' | 'after' | undefined;

/**
 * The media routes as README «Files» and tests/api/media-client-id.test.ts describe them: the row under
 * the client's id (201), the same row with a fresh link while its bytes are missing (200), 412 once they
 * arrived or for a removed row; a link works with its own nonce only, once.
 */
class FakeMedia {
  readonly rows = new Map<string, MediaRow>();
  readonly links: string[] = [];
  readonly puts: string[] = [];
  private counter = 0;
  crashUploads: () => Crash = () => undefined;
  crashBytes: () => Crash = () => undefined;
  readonly api: FakeApi;

  constructor(api: FakeApi) {
    this.api = api;
  }

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'POST' && url.pathname === '/api/media/uploads') {
      const crash = this.crashUploads();
      if (crash === 'before') throw new TypeError('fetch failed');
      const answer = this.uploads(JSON.parse(String(init.body)) as Record<string, unknown>);
      if (crash === 'after') throw new TypeError('fetch failed');
      return answer;
    }
    const byId = /^\/api\/media\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && byId) {
      const row = this.rows.get(byId[1]!);
      return row ? json(200, { data: row.entity }) : problem(404, 'NOT_FOUND');
    }
    return this.api.fetch(input, init);
  };

  private uploads(body: Record<string, unknown>): Response {
    const id = String(body.id);
    const owner = body.owner as { type: string; id: string };
    if (!this.api.get(owner.type, owner.id)) return problem(404, 'NOT_FOUND');
    const nonce = `n${(this.counter += 1)}`;
    const existing = this.rows.get(id);
    let status = 201;
    if (existing) {
      const meta = existing.entity.attributes.meta as Record<string, unknown>;
      if (existing.entity.metadata.isDeleted || meta.uploadedAt || existing.entity.attributes.bytesCount !== body.bytesCount) return problem(412, 'RECORD_EXISTS');
      existing.nonce = nonce;
      status = 200;
    } else {
      this.rows.set(id, {
        nonce,
        entity: {
          id, attributes: { name: body.name, mimeType: body.mimeType, bytesCount: body.bytesCount, meta: {} },
          relationships: { ownerType: owner.type, ownerId: owner.id }, metadata: { isDeleted: false, lastUpdatedDateTime: new Date(START).toISOString() } as Entity['metadata'],
        },
      });
    }
    const url = `/api/media/${id}/content?token=${nonce}`;
    this.links.push(url);
    return json(status, { data: this.rows.get(id)!.entity, upload: { url, method: 'PUT', headers: { 'Content-Type': String(body.mimeType) }, expiresAt: new Date(START + 3_600_000 * 24 * 365).toISOString() } });
  }

  /** `PUT` of the bytes to a link. */
  readonly sendBytes = async (link: UploadLinkAnswer, bytes: ArrayBuffer): Promise<Entity> => {
    this.puts.push(link.url);
    const crash = this.crashBytes();
    if (crash === 'before') throw new ApiProblem(0, { code: 'NETWORK_ERROR' });
    const [, id, nonce] = /^\/api\/media\/([^/]+)\/content\?token=(.+)$/.exec(link.url)!;
    const row = this.rows.get(id!);
    if (!row || row.nonce !== nonce) throw new ApiProblem(403, { code: 'MEDIA_LINK_INVALID' });
    const meta = row.entity.attributes.meta as Record<string, unknown>;
    if (meta.uploadedAt) throw new ApiProblem(403, { code: 'MEDIA_LINK_USED' });
    row.bytes = new Uint8Array(bytes);
    row.entity.attributes.meta = { uploadedAt: new Date(START).toISOString(), sha256: hex(bytes) };
    if (crash === 'after') throw new ApiProblem(0, { code: 'NETWORK_ERROR' });
    return structuredClone(row.entity);
  };

  /** Live rows holding bytes. */
  stored(): MediaRow[] {
    return [...this.rows.values()].filter((row) => row.bytes && !row.entity.metadata.isDeleted);
  }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Rig {
  api: FakeApi;
  media: FakeMedia;
  db: OfflineDb;
  outbox: Outbox;
  http: ApiClient;
  clock: { t: number };
  round(extra?: UploadPhotosOptions): ReturnType<typeof uploadQueuedPhotos>;
  queue(bytes?: Uint8Array<ArrayBuffer>): Promise<string>;
}

async function rig(): Promise<Rig> {
  const api = new FakeApi();
  const media = new FakeMedia(api);
  const clock = { t: START };
  const db = await openOfflineDb('tecnico', { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  const http = createApiClient({ baseUrl: 'http://fake/api', fetch: media.fetch, retryLimit: 0, getAccessToken: () => 'token' });
  const outbox = createOutbox({ db, http, locks: null, now: () => clock.t, random: () => 0.5 });
  let ids = 0;
  const runtime = { userId: 'tecnico', db, outbox };
  return {
    api, media, db, outbox, http, clock,
    round: (extra = {}) => uploadQueuedPhotos(runtime, http, { sendBytes: media.sendBytes, now: () => clock.t, random: () => 0.5, newId: () => `9a000000-0000-4000-8000-00000000000${(ids += 1)}`, ...extra }),
    async queue(bytes: Uint8Array<ArrayBuffer> = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5])) {
      const photo = await queuePhoto(runtime, { owner: { type: 'checks', id: CHECK }, file: new Blob([bytes]), name: 'Foto 29-11-2026' }, {
        prepare: async (file) => ({ bytes: await file.arrayBuffer(), mediaType: 'image/jpeg', width: 1600, height: 1200 }),
        newId: () => '5b000000-0000-4000-8000-000000000001',
        now: () => clock.t,
        objectUrl: () => 'blob:photo',
      });
      return photo.id;
    },
  };
}

const checkOnServer = (api: FakeApi) => api.seed('checks', CHECK, { result: true, passed: true, checkedDateTime: '2026-11-29T07:30:00.000Z', photos: [] }, { controlId: 'c1', assignmentActivityId: 'a1' });
const photoRow = async (db: OfflineDb, id: string) => (await db.photos.get(id)) as QueuedPhoto | undefined;
const mediaPosts = (api: FakeApi, media: FakeMedia) => media.links.length + api.log.filter((seen) => seen.path.startsWith('/media')).length;

describe('the size a photo is kept at', () => {
  it('scales the longer side to 1,600 px, keeping the proportions; smaller photos as they are', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(4032, 1908)).toEqual({ width: 1600, height: 757 });
    expect(scaledSize(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(scaledSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('queueing', () => {
  it('stores the prepared bytes with their SHA-256 under a new media id, and answers what the screen shows', async () => {
    const r = await rig();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 9, 8, 7]);
    const id = await r.queue(bytes);
    const row = await photoRow(r.db, id);
    expect(row).toMatchObject({ id, mediaId: id, type: 'checks', recordId: CHECK, mediaType: 'image/jpeg', size: 6, sha256: hex(bytes), name: 'Foto 29-11-2026.jpg', step: 'queued', field: 'photos', width: 1600, height: 1200 });
    expect(new Uint8Array(row!.bytes)).toEqual(bytes);
    expect(await pendingPhotoCount(r.db)).toBe(1);
    expect(await photoCounts(r.db)).toEqual({ pending: 1, failed: 0, bytes: 6 });
    expect((await queuedPhotosOf(r.db, 'checks', CHECK)).map((p) => p.id)).toEqual([id]);
  });
});

describe('uploading in three steps', () => {
  it('makes the row under the photo id, sends the bytes, attaches through the outbox and removes the bytes only once the attach is answered', async () => {
    const r = await rig();
    checkOnServer(r.api);
    const id = await r.queue();
    const first = await r.round();
    expect(first).toMatchObject({ done: 0, waiting: 1 });
    expect(r.media.stored()).toHaveLength(1);
    expect(r.media.stored()[0]!.entity.id).toBe(id);
    // Attached in the outbox, not yet answered: the bytes stay.
    expect(await photoRow(r.db, id)).toMatchObject({ step: 'attaching' });
    expect(await r.round()).toMatchObject({ done: 0, waiting: 1 });
    expect(await pendingPhotoCount(r.db)).toBe(1);
    await r.outbox.drain();
    expect(r.api.get('checks', CHECK)!.attributes.photos).toEqual([id]);
    expect(await r.round()).toMatchObject({ done: 1 });
    expect(await pendingPhotoCount(r.db)).toBe(0);
    expect(r.media.rows.size).toBe(1);
    expect(r.api.writesTo('checks', CHECK)).toBe(1);
  });

  it('step 1 crashes (the row made, the answer lost): the next attempt gets the same row with a fresh link, after the backoff', async () => {
    const r = await rig();
    checkOnServer(r.api);
    const id = await r.queue();
    r.media.crashUploads = () => 'after';
    expect(await r.round()).toMatchObject({ retried: 1 });
    const waiting = await photoRow(r.db, id);
    expect(waiting).toMatchObject({ step: 'queued', attempts: 1, nextAttemptAt: START + retryDelay(1, () => 0.5, DEFAULT_BACKOFF) });
    expect(waiting!.lastError?.code).toBe('NETWORK_ERROR');
    r.media.crashUploads = () => undefined;
    // Within the wait nothing is sent.
    await r.round();
    expect(r.media.links).toHaveLength(1);
    r.clock.t = waiting!.nextAttemptAt;
    await r.round();
    expect(r.media.links).toHaveLength(2);
    expect(r.media.links[1]).not.toBe(r.media.links[0]);
    expect(r.media.rows.size).toBe(1);
    expect(r.media.stored()).toHaveLength(1);
    expect(r.media.puts).toEqual([r.media.links[1]]);
  });

  it('step 2 fails before the bytes arrive: every attempt sends to a link of its own', async () => {
    const r = await rig();
    checkOnServer(r.api);
    await r.queue();
    let failures = 2;
    r.media.crashBytes = () => (failures-- > 0 ? 'before' : undefined);
    for (let i = 0; i < 3; i += 1) {
      await r.round();
      r.clock.t += DEFAULT_BACKOFF.capMs;
    }
    expect(r.media.puts).toHaveLength(3);
    expect(new Set(r.media.puts).size).toBe(3);
    expect(r.media.puts).toEqual(r.media.links);
    expect(r.media.rows.size).toBe(1);
    expect(r.media.stored()).toHaveLength(1);
  });

  it('step 2 crashes after the bytes arrived (the answer lost): the repeat learns it from the row (412, same hash) and sends nothing again', async () => {
    const r = await rig();
    checkOnServer(r.api);
    const id = await r.queue();
    r.media.crashBytes = () => 'after';
    expect(await r.round()).toMatchObject({ retried: 1 });
    r.media.crashBytes = () => undefined;
    r.clock.t += DEFAULT_BACKOFF.capMs;
    await r.round();
    expect(r.media.puts).toHaveLength(1);
    expect(await photoRow(r.db, id)).toMatchObject({ step: 'attaching' });
    await r.outbox.drain();
    await r.round();
    expect(await pendingPhotoCount(r.db)).toBe(0);
    expect(r.media.rows.size).toBe(1);
    expect(r.api.get('checks', CHECK)!.attributes.photos).toEqual([id]);
  });

  it('step 3 crashes: a lost answer of the attach is replayed by the outbox; an attach queued without its id kept is not queued twice', async () => {
    const r = await rig();
    checkOnServer(r.api);
    const id = await r.queue();
    await r.round();
    const attach = await photoRow(r.db, id);
    // The tab died between queueing the attach and noting its id: the round finds the queued edit.
    await r.db.photos.update(id, { attachEntryId: undefined, step: 'sent' } as Partial<QueuedPhoto>);
    await r.round();
    expect(await r.db.outbox.count()).toBe(1);
    expect(await photoRow(r.db, id)).toMatchObject({ step: 'attaching', attachEntryId: attach!.attachEntryId });
    // The PATCH reaches the server, its answer is lost: the bytes stay.
    r.api.intercept = (seen) => (seen.method === 'PATCH' ? 'after' : undefined);
    await r.outbox.drain();
    expect(await r.round()).toMatchObject({ done: 0 });
    expect(await pendingPhotoCount(r.db)).toBe(1);
    r.api.intercept = () => undefined;
    r.clock.t += DEFAULT_BACKOFF.capMs;
    await r.outbox.drain();
    expect(r.api.log.filter((seen) => seen.method === 'PATCH').at(-1)!.replayed).toBe(true);
    expect(await r.round()).toMatchObject({ done: 1 });
    expect(r.api.writesTo('checks', CHECK)).toBe(1);
    expect(r.api.get('checks', CHECK)!.attributes.photos).toEqual([id]);
    expect(r.media.rows.size).toBe(1);
  });

  it('a photo of a check made offline waits until the check is on the server', async () => {
    const r = await rig();
    await r.outbox.enqueueCreate('checks', CHECK, { attributes: { result: true, passed: true, checkedDateTime: '2026-11-29T07:30:00.000Z', photos: [] }, relationships: { controlId: 'c1', assignmentActivityId: 'a1' } });
    const id = await r.queue();
    expect(await r.round()).toMatchObject({ waiting: 1 });
    expect(mediaPosts(r.api, r.media)).toBe(0);
    await r.outbox.drain();
    expect(r.api.get('checks', CHECK)).toBeDefined();
    await r.round();
    await r.outbox.drain();
    await r.round();
    expect(await pendingPhotoCount(r.db)).toBe(0);
    expect(r.api.get('checks', CHECK)!.attributes.photos).toEqual([id]);
  });

  it('a row removed meanwhile (swept after hours without bytes): the photo starts again under a new id', async () => {
    const r = await rig();
    checkOnServer(r.api);
    const id = await r.queue();
    r.media.crashBytes = () => 'before';
    await r.round();
    r.media.rows.get(id)!.entity.metadata.isDeleted = true;
    r.media.crashBytes = () => undefined;
    r.clock.t += DEFAULT_BACKOFF.capMs;
    await r.round();
    const row = await photoRow(r.db, id);
    expect(row!.mediaId).not.toBe(id);
    expect(r.media.stored().map((m) => m.entity.id)).toEqual([row!.mediaId]);
    await r.outbox.drain();
    await r.round();
    expect(r.api.get('checks', CHECK)!.attributes.photos).toEqual([row!.mediaId]);
  });

  it('a refusal marks the photo failed and keeps its bytes; «Riprova» tries again, «Scarta» drops it', async () => {
    const r = await rig();
    checkOnServer(r.api);
    const id = await r.queue();
    const media = r.media;
    const original = media.fetch;
    const refusing = createApiClient({ baseUrl: 'http://fake/api', retryLimit: 0, fetch: async (input, init) => (String(input).includes('/media/uploads') ? problem(403, 'FORBIDDEN', 'Non autorizzato') : original(input, init)) });
    const runtime = { userId: 'tecnico', db: r.db, outbox: r.outbox };
    expect(await uploadQueuedPhotos(runtime, refusing, { sendBytes: media.sendBytes, now: () => r.clock.t })).toMatchObject({ failed: 1 });
    expect(await photoRow(r.db, id)).toMatchObject({ failed: { status: 403, code: 'FORBIDDEN' } });
    expect(await photoCounts(r.db)).toMatchObject({ pending: 0, failed: 1 });
    expect(await r.round()).toMatchObject({ failed: 1 });
    await retryPhoto(r.db, id);
    await r.round();
    expect(r.media.stored()).toHaveLength(1);
    await discardPhoto(r.db, id);
    expect(await pendingPhotoCount(r.db)).toBe(0);
  });
});

describe('the app uploader (photos-app.ts)', () => {
  it('sends a queued photo by itself and drops its bytes once the outbox has sent the attach', async () => {
    const { startPhotoUploads } = await import('./photos-app.ts');
    const r = await rig();
    checkOnServer(r.api);
    const runtime = { userId: 'tecnico', db: r.db, outbox: r.outbox };
    const uploader = startPhotoUploads(runtime, { http: r.http as never, sendBytes: r.media.sendBytes, locks: null });
    try {
      expect(startPhotoUploads(runtime)).toBe(uploader);
      const id = await r.queue();
      // The queued photo wakes it (a liveQuery of the queue and the photos): row, bytes, attach queued.
      await expect.poll(async () => (await photoRow(r.db, id))?.step, { timeout: 10_000 }).toBe('attaching');
      expect(await pendingPhotoCount(r.db)).toBe(1);
      // The attach answered: the outbox's change wakes it again, and the bytes leave the device.
      await r.outbox.drain();
      await expect.poll(() => pendingPhotoCount(r.db), { timeout: 10_000 }).toBe(0);
      expect(r.api.get('checks', CHECK)!.attributes.photos).toEqual([id]);
      expect(r.media.rows.size).toBe(1);
    } finally {
      uploader.stop();
    }
  });
});
