/**
 * Retry-safe uploads (issue 25, photos taken offline): `POST /api/media/uploads` with the client's
 * `id` makes the row under that id (201); asked again for the same file while its bytes have not
 * arrived it answers the same row with a fresh link (200) and the earlier link stops working; once
 * the bytes arrived, or for another file, it is 412 RECORD_EXISTS. One row, whatever the repeats.
 * A link asked again postpones the sweep of abandoned uploads. On both engines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('media under a client id on %s', (engine) => {
  let api: Api;
  let dir: string;
  let customerId: string;
  let jpeg: Buffer;

  const put = (url: string, body: Buffer, contentType = 'image/jpeg') => api.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
  const ask = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.as(api.adminId).request('POST', '/api/media/uploads', { name: 'Foto.jpg', mimeType: 'image/jpeg', bytesCount: jpeg.length, owner: { type: 'customers', id: customerId }, ...body }, headers);
  const rowsWithId = async (id: string) => (await api.as(api.adminId).request('GET', `/api/media?ids=${id}`)).body;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-client-id-'));
    api = await setupApi(engine, { authDisabled: false, env: { MEDIA_DIR: dir } });
    customerId = (await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Gamma Srl' } } })).body.data.id;
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg({ quality: 85 }).toBuffer();
    // PGlite's migrations take a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes the row under the client id, answers a fresh link for it while the bytes are missing, then 412 once they arrived', async () => {
    const id = randomUUID();
    const first = await ask({ id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.id).toBe(id);
    expect(first.body.data.relationships).toMatchObject({ ownerType: 'customers', ownerId: customerId, customerId });

    // The send failed (or the link expired): the same request again answers the same row and a new link.
    const again = await ask({ id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.id).toBe(id);
    expect(again.body.upload.url).not.toBe(first.body.upload.url);
    expect(Date.parse(again.body.upload.expiresAt)).toBeGreaterThan(Date.now());

    // The earlier link no longer works: only the latest one takes the bytes.
    const stale = await put(first.body.upload.url, jpeg);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('MEDIA_LINK_INVALID');
    const sent = await put(again.body.upload.url, jpeg);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.attributes.meta.sha256).toBe(createHash('sha256').update(jpeg).digest('hex'));

    // Bytes arrived: asking again is 412 (the client reads the row and finds its hash), and a resend is refused.
    const after = await ask({ id });
    expect(after.status).toBe(412);
    expect(after.body.code).toBe('RECORD_EXISTS');
    expect((await put(again.body.upload.url, jpeg)).statusCode).toBe(403);

    const listed = await rowsWithId(id);
    expect(listed.meta.total).toBe(1);
    expect(listed.data[0].attributes.meta.sha256).toBe(createHash('sha256').update(jpeg).digest('hex'));
  });

  it('refuses another file under a taken id (other size, type or owner) with 412, and a malformed id with 422', async () => {
    const id = randomUUID();
    expect((await ask({ id })).status).toBe(201);
    expect((await ask({ id, bytesCount: jpeg.length + 1 })).status).toBe(412);
    expect((await ask({ id, mimeType: 'image/png' })).status).toBe(412);
    expect((await ask({ id, owner: null, customerId })).status).toBe(412);
    const bad = await ask({ id: 'not-a-uuid' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].pointer).toBe('/id');
    expect((await rowsWithId(id)).meta.total).toBe(1);
  });

  it('with the same Idempotency-Key the first answer is replayed; the client id still makes one row', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const first = await ask({ id }, { 'idempotency-key': key });
    const replay = await ask({ id }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.upload.url).toBe(first.body.upload.url);
    expect((await ask({ id })).status).toBe(200);
    expect((await rowsWithId(id)).meta.total).toBe(1);
  });

  it('a link asked again postpones the sweep: the row is swept only once its latest link expired', async () => {
    const id = randomUUID();
    expect((await ask({ id })).status).toBe(201);
    const files = api.app.mediaFiles!;
    const pastGrace = (api.config.media.uploadLinkSeconds + 3601) * 1000;
    // Made long ago (its first link long expired), asked again now.
    const old = new Date(Date.now() - 2 * pastGrace).toISOString();
    await sql`UPDATE media SET created_date_time = ${old}::timestamptz, last_updated_date_time = ${old}::timestamptz WHERE id = ${id}`.execute(api.database.db);
    expect((await ask({ id })).status).toBe(200);
    await files.sweepAbandonedUploads(new Date());
    expect((await api.as(api.adminId).request('GET', `/api/media/${id}`)).body.data.metadata.isDeleted).toBe(false);
    expect(await files.sweepAbandonedUploads(new Date(Date.now() + pastGrace))).toBeGreaterThanOrEqual(1);
    expect((await api.as(api.adminId).request('GET', `/api/media/${id}`)).body.data.metadata.isDeleted).toBe(true);
    // A removed row's id is not made again: 412, the client starts over under a new id.
    expect((await ask({ id })).status).toBe(412);
  });
});
