/**
 * Media hardening (the files' security issue): no files on self-service records and a per-user quota
 * (1), the facts of a file's bytes are the server's (2), MIME types stored bare and served as stored
 * (3), image previews bounded in pixels and in concurrency (4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
const KB = 1024;

describe.each(engines())('media hardening on %s', (engine) => {
  let api: Api;
  let dir: string;
  let png: Buffer;
  const ids: Record<string, string> = {};

  const put = (url: string, body: Buffer, contentType: string) => api.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
  const uploadLink = (userId: string, body: Record<string, unknown>) =>
    api.as(userId).request('POST', '/api/media/uploads', { name: 'Verbale.pdf', mimeType: 'application/pdf', bytesCount: pdf.length, ...body });
  /** An uploaded file of `userId` (the administrator by default): the media row as the upload answered it. */
  async function uploaded(body: Record<string, unknown> = {}, bytes: Buffer = pdf, userId = api.adminId): Promise<any> {
    const created = await uploadLink(userId, { bytesCount: bytes.length, ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const answer = await put(created.body.upload.url, bytes, created.body.upload.headers['Content-Type']);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  }
  const patch = (userId: string, row: any, body: unknown) =>
    api.as(userId).request('PATCH', `/api/media/${row.id as string}`, body, { 'if-match': `"${row.metadata.lastUpdatedDateTime as string}"` });
  const pointers = (body: any) => (body.errors ?? []).map((e: { pointer: string; code: string }) => `${e.pointer}:${e.code}`);
  const download = async (userId: string, id: string) => {
    const link = await api.as(userId).request('GET', `/api/media/${id}/download`);
    expect(link.status, JSON.stringify(link.body)).toBe(302);
    return api.app.inject({ method: 'GET', url: String(link.headers.location) });
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-hardening-'));
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 90, b: 160 } } }).png().toBuffer();
    // A small quota (1 MB a day), files up to 1 MB.
    api = await setupApi(engine, { authDisabled: false, env: { MEDIA_DIR: dir, MEDIA_MAX_UPLOAD_MB: '1', MEDIA_USER_QUOTA_MB: '1' } });
    const roleIds = await insertDemoRoles(api);
    const customer = await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    ids.customer = customer.body.data.id;
    ids.client = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Alfa', email: 'cliente@alfa.it', customerId: ids.customer, allowedModules: ['fire'] });
    ids.sellerRole = roleIds.Commerciale!;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Finding 1
  it('no files on saved views or user settings: the upload link, POST and PATCH /api/media are refused 422 with the pointer', async () => {
    const client = api.as(ids.client!);
    const view = await client.request('POST', '/api/savedViews', { attributes: { name: 'I miei file', path: '/marketing/quotations', query: '' }, relationships: { userId: ids.client } });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    const settings = await client.request('POST', '/api/userSettings', { attributes: { hasDarkTheme: true }, relationships: { userId: ids.client } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(201);

    for (const owner of [{ type: 'savedViews', id: view.body.data.id }, { type: 'userSettings', id: settings.body.data.id }]) {
      const link = await uploadLink(ids.client!, { bytesCount: 400 * KB, owner });
      expect(link.status, JSON.stringify(link.body)).toBe(422);
      expect(link.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ pointer: '/owner/type', code: 'ownerNotAllowed', message: 'Non si possono allegare file a viste salvate o impostazioni utente' }] });
      const row = await client.request('POST', '/api/media', { attributes: { nodeKind: 'media', type: 'document', name: 'a.pdf', mimeType: 'application/pdf' }, relationships: { ownerType: owner.type, ownerId: owner.id } });
      expect(row.status, JSON.stringify(row.body)).toBe(422);
      expect(pointers(row.body)).toEqual(['/relationships/ownerType:ownerNotAllowed']);
    }
    // Nor is a file moved onto one (by anyone: the administrator here).
    const file = await uploaded({ customerId: ids.customer });
    const moved = await patch(api.adminId, file, { relationships: { customerId: null, ownerType: 'savedViews', ownerId: view.body.data.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(422);
    expect(pointers(moved.body)).toEqual(['/relationships/ownerType:ownerNotAllowed']);
  });

  it('a per-user quota: links beyond MEDIA_USER_QUOTA_MB in the window are refused 413 MEDIA_QUOTA_EXCEEDED, pending sizes count, other users are not affected', async () => {
    const seller = await insertUser(api, [ids.sellerRole!], { displayName: 'Venditore Quota', isSalesman: true });
    const other = await insertUser(api, [ids.sellerRole!], { displayName: 'Altro Venditore', isSalesman: true });
    const link = (userId: string, bytesCount: number) => uploadLink(userId, { bytesCount, owner: { type: 'customers', id: ids.customer } });
    // A pending link (no bytes sent) counts with its declared size.
    expect((await link(seller, 600 * KB)).status).toBe(201);
    const refused = await link(seller, 600 * KB);
    expect(refused.status, JSON.stringify(refused.body)).toBe(413);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'MEDIA_QUOTA_EXCEEDED', quotaBytes: 1024 * KB, usedBytes: 600 * KB, requestedBytes: 600 * KB, windowHours: 24 });
    expect(refused.body.message).toMatch(/^Hai raggiunto il limite di 1 MB di file caricati nelle ultime 24 ore: restano 0\.4 MB/);
    // What is left still fits; another user has their own quota.
    expect((await link(seller, 400 * KB)).status).toBe(201);
    expect((await link(other, 600 * KB)).status).toBe(201);

    // A burst of links is counted one at a time: of three 400 KB links at once, two fit in 1 MB.
    const third = await insertUser(api, [ids.sellerRole!], { displayName: 'Terzo Venditore', isSalesman: true });
    const burst = await Promise.all([1, 2, 3].map(() => link(third, 400 * KB)));
    expect(burst.map((answer) => answer.status).sort()).toEqual([201, 201, 413]);
  });

  // Finding 2
  it('server facts are read-only: a PATCH of bytesCount, storageHandle, storedFileName, meta.sha256 or meta.generated is refused 422 readOnly; a client sets none at creation', async () => {
    const quotation = await api.as(api.adminId).request('POST', '/api/quotations', { attributes: { date: '2026-06-15', title: 'Preventivo firmato' }, relationships: { customerId: ids.customer } });
    expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);
    const file = await uploaded({ owner: { type: 'quotations', id: quotation.body.data.id } });
    expect(file.attributes).toMatchObject({ bytesCount: pdf.length, storedFileName: file.id });
    expect(file.attributes.meta.sha256).toMatch(/^[0-9a-f]{64}$/);

    const changes: [Record<string, unknown>, string][] = [
      [{ bytesCount: 10 * pdf.length }, '/attributes/bytesCount:readOnly'],
      [{ storageHandle: 'media/00000000-0000-4000-8000-000000000000' }, '/attributes/storageHandle:readOnly'],
      [{ storedFileName: 'altro' }, '/attributes/storedFileName:readOnly'],
      [{ meta: { sha256: '0'.repeat(64) } }, '/attributes/meta/sha256:readOnly'],
      [{ meta: { generated: { documentType: 'quotation', templateId: 'x' } } }, '/attributes/meta/generated:readOnly'],
      [{ meta: { uploadedAt: null } }, '/attributes/meta/uploadedAt:readOnly'],
      [{ mimeType: 'text/plain' }, '/attributes/mimeType:readOnly'],
    ];
    for (const [attributes, pointer] of changes) {
      const answer = await patch(api.adminId, file, { attributes });
      expect(answer.status, `${JSON.stringify(attributes)} → ${JSON.stringify(answer.body)}`).toBe(422);
      expect(pointers(answer.body)).toEqual([pointer]);
    }
    // The row is unchanged; what a client may change (its name) still is, with the facts sent back as they are.
    const renamed = await patch(api.adminId, file, { attributes: { ...file.attributes, name: 'Preventivo firmato.pdf' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.attributes).toMatchObject({ name: 'Preventivo firmato.pdf', bytesCount: pdf.length, meta: file.attributes.meta });

    // At creation: a declared size only, no meta, no store.
    const base = { nodeKind: 'media', type: 'document', name: 'Falso.pdf', mimeType: 'application/pdf' };
    const forged = await api.as(api.adminId).request('POST', '/api/media', {
      attributes: { ...base, storageHandle: `media/${file.id as string}`, meta: { generated: { documentType: 'quotation' }, sha256: 'f'.repeat(64) } },
      relationships: { ownerType: 'quotations', ownerId: quotation.body.data.id },
    });
    expect(forged.status, JSON.stringify(forged.body)).toBe(422);
    expect(pointers(forged.body)).toEqual(['/attributes/storageHandle:readOnly', '/attributes/meta/generated:readOnly', '/attributes/meta/sha256:readOnly']);
    const declared = await api.as(api.adminId).request('POST', '/api/media', { attributes: { ...base, bytesCount: 1200 }, relationships: { customerId: ids.customer } });
    expect(declared.status, JSON.stringify(declared.body)).toBe(201);
    // The upload link's own fields are no way around it.
    const link = await uploadLink(api.adminId, { meta: { generated: {} }, storageHandle: 'x' });
    expect(link.status).toBe(422);
    expect(pointers(link.body)).toEqual(['/meta:unrecognizedKeys', '/storageHandle:unrecognizedKeys']);
  });

  // Finding 3
  it('MIME types are stored bare (parameters dropped, an invalid one refused) and served as stored: nosniff, attachment unless a raster image', async () => {
    const create = (mimeType: string, type = 'picture') =>
      api.as(api.adminId).request('POST', '/api/media', { attributes: { nodeKind: 'media', type, name: 'Foto.png', mimeType }, relationships: { customerId: ids.customer } });
    const bare = await create('image/png;,text/html');
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data.attributes.mimeType).toBe('image/png');
    expect((await create('IMAGE/PNG; charset=binary')).body.data.attributes.mimeType).toBe('image/png');
    const invalid = await create('image/png,text/html');
    expect(invalid.status).toBe(422);
    expect(pointers(invalid.body)).toContain('/attributes/mimeType:invalidMimeType');
    // Before its bytes arrive, a type may still change, and is stored bare.
    const changed = await patch(api.adminId, bare.body.data, { attributes: { mimeType: 'image/jpeg; q=1' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes.mimeType).toBe('image/jpeg');

    // The upload link binds the bare type.
    const link = await uploadLink(api.adminId, { name: 'Foto.png', mimeType: 'image/png;,text/html', bytesCount: png.length, customerId: ids.customer });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.data.attributes.mimeType).toBe('image/png');
    expect(link.body.upload.headers['Content-Type']).toBe('image/png');
    expect((await put(link.body.upload.url, png, 'image/png')).statusCode).toBe(200);

    // A row stored before types were normalised is served with its bare type, never its parameters.
    await sql`UPDATE media SET attributes = jsonb_set(attributes, '{mimeType}', '"image/png;,text/html"') WHERE id = ${link.body.data.id}`.execute(api.database.db);
    const image = await download(api.adminId, link.body.data.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(String(image.headers['content-disposition'])).toMatch(/^inline;/);
    await sql`UPDATE media SET attributes = jsonb_set(attributes, '{mimeType}', '"text/html"') WHERE id = ${link.body.data.id}`.execute(api.database.db);
    const html = await download(api.adminId, link.body.data.id);
    expect(html.headers['content-type']).toBe('text/html');
    expect(String(html.headers['content-disposition'])).toMatch(/^attachment;/);
    await sql`UPDATE media SET attributes = jsonb_set(attributes, '{mimeType}', '"image/png,text/html"') WHERE id = ${link.body.data.id}`.execute(api.database.db);
    const garbled = await download(api.adminId, link.body.data.id);
    expect(garbled.headers['content-type']).toBe('application/octet-stream');
    expect(String(garbled.headers['content-disposition'])).toMatch(/^attachment;/);
    // SVG and PDF are downloaded, not shown in place.
    const text = await uploaded({ name: 'note.txt', mimeType: 'text/plain; charset=utf-8', customerId: ids.customer }, Buffer.from('appunti'));
    expect(text.attributes.mimeType).toBe('text/plain');
    const served = await download(api.adminId, text.id);
    expect(served.headers['content-type']).toBe('text/plain');
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  // One read rule: a file (its thumbnail in `meta` included) is read through the record it is attached to.
  it('a file attached to a record the caller cannot read is refused by id, history and download, and not listed; their own record’s file is read with its thumbnail', async () => {
    const seller = await insertUser(api, [ids.sellerRole!], { displayName: 'Venditore Lettura', isSalesman: true });
    const others = await api.as(api.adminId).request('POST', '/api/quotations', { attributes: { date: '2026-06-15', title: 'Preventivo altrui' }, relationships: { customerId: ids.customer } });
    expect(others.status, JSON.stringify(others.body)).toBe(201);
    const hidden = await uploaded({ name: 'Foto.png', mimeType: 'image/png', bytesCount: png.length, owner: { type: 'quotations', id: others.body.data.id } }, png);
    expect(hidden.attributes.meta.thumbnail).toMatch(/^data:image\/webp;base64,/);
    const as = api.as(seller);
    for (const path of [`/api/media/${hidden.id as string}`, `/api/media/${hidden.id as string}/history`, `/api/media/${hidden.id as string}/download`]) {
      const answer = await as.request('GET', path);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
    }
    for (const query of [`ids=${hidden.id as string}`, `filter[customerId]=${ids.customer}&page[size]=500`]) {
      const listed = await as.request('GET', `/api/media?${query}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.data.map((row: { id: string }) => row.id)).not.toContain(hidden.id);
    }

    const own = await as.request('POST', '/api/quotations', { attributes: { date: '2026-06-15', title: 'Preventivo mio' }, relationships: { customerId: ids.customer } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const mine = await uploaded({ name: 'Foto.png', mimeType: 'image/png', bytesCount: png.length, owner: { type: 'quotations', id: own.body.data.id } }, png, seller);
    const read = await as.request('GET', `/api/media/${mine.id as string}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.attributes.meta.thumbnail).toMatch(/^data:image\/webp;base64,/);
    expect((await as.request('GET', `/api/media/${mine.id as string}/download`)).status).toBe(302);
  });

  // Finding 4
  it('image previews wait their turn: beyond the queue a preview is skipped («busy»), the upload still succeeds', async () => {
    const previews = api.app.mediaFiles!.previews;
    expect(previews.queue.concurrency).toBe(1);
    // Every place taken: the running slot and the queue's places.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: 1 + previews.queue.queueLength }, () => previews.queue.run(() => gate));
    expect(held.every((turn) => turn !== null)).toBe(true);
    const busy = await uploaded({ name: 'Foto.png', mimeType: 'image/png', customerId: ids.customer }, png);
    expect(busy.attributes.meta).toMatchObject({ thumbnailSkipped: 'busy' });
    expect(busy.attributes.meta.thumbnail).toBeUndefined();
    release();
    await Promise.all(held);
    const previewed = await uploaded({ name: 'Foto.png', mimeType: 'image/png', customerId: ids.customer }, png);
    expect(previewed.attributes.meta).toMatchObject({ width: 40, height: 30, thumbnail: expect.stringMatching(/^data:image\/webp;base64,/) });
    expect(previewed.attributes.meta.thumbnailSkipped).toBeUndefined();
  });
});

describe('a picture beyond MEDIA_THUMBNAIL_MAX_MEGAPIXELS', () => {
  let api: Api;
  let dir: string;
  let big: Buffer;

  beforeAll(async () => {
    // 8,000 × 8,000 = 64 megapixels, over the default cap of 50 (made before the server sets sharp to one thread).
    big = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png({ compressionLevel: 1 }).toBuffer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-big-image-'));
    api = await setupApi(engines()[0]!, { authDisabled: false, env: { MEDIA_DIR: dir } });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is refused from its header, quickly, without a 500, while the API keeps answering', async () => {
    expect(api.config.media.thumbnails).toEqual({ concurrency: 1, queueLength: 4, maxPixels: 50_000_000 });
    // The preview alone: refused before decoding.
    const previews = api.app.mediaFiles!.previews;
    const started = performance.now();
    const { Readable } = await import('node:stream');
    expect(await previews.describe(async () => Readable.from([big]), big.length)).toEqual({ thumbnailSkipped: 'tooLarge' });
    expect(performance.now() - started).toBeLessThan(1000);

    // Through the API, with the event loop watched and the health route asked meanwhile.
    const created = await api.as(api.adminId).request('POST', '/api/media/uploads', { name: 'Enorme.png', mimeType: 'image/png', bytesCount: big.length });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const upload = api.app.inject({ method: 'PUT', url: created.body.upload.url, payload: big, headers: { 'content-type': 'image/png' } });
    const health = await api.app.inject({ method: 'GET', url: '/api/health' });
    const answer = await upload;
    delay.disable();
    expect(health.statusCode).toBe(200);
    expect(answer.statusCode, answer.body).toBe(200);
    const meta = answer.json().data.attributes.meta;
    expect(meta).toMatchObject({ thumbnailSkipped: 'tooLarge', sha256: expect.any(String) });
    expect(meta.thumbnail).toBeUndefined();
    // Nothing held the event loop (a 64-megapixel decode on it would take seconds).
    expect(delay.max / 1e6).toBeLessThan(500);
  }, 60_000);
});
