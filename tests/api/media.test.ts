/**
 * Media files (DESIGN §4, SPEC §7): upload link, streamed upload with checksum, signed download,
 * refusals (changed, expired, reused or foreign link; refused type; too large; content that is not
 * the declared type) and BOLA, on both engines and both storage drivers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';
import { startLocalS3, type LocalS3 } from '../support/s3-server.ts';

const drivers = ['disk', 's3'] as const;
// Every store on the first engine; the other engine with the default store (disk). The store does
// not depend on the engine, nor the rows on the store: the full cross product proved nothing more.
const cases = engines().flatMap((engine, index) => (index === 0 ? drivers : (['disk'] as const)).map((driver) => ({ engine, driver })));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

describe.each(cases)('media files on $engine with the $driver store', ({ engine, driver }) => {
  let api: Api;
  let s3: LocalS3 | undefined;
  let dir: string;
  const ids: Record<string, string> = {};

  const put = (url: string, body: Buffer, contentType = 'application/pdf') =>
    api.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });

  /** An upload link for `name` attached to `owner`, as `userId` (the administrator by default). */
  async function uploadLink(body: Record<string, unknown>, userId = api.adminId) {
    return api.as(userId).request('POST', '/api/media/uploads', { name: 'Preventivo firmato.pdf', mimeType: 'application/pdf', bytesCount: pdf.length, ...body });
  }

  /** Follows a download: the app's own signed address (disk) or the store's presigned one (S3). */
  async function fetchDownload(location: string): Promise<{ status: number; headers: Headers | Record<string, unknown>; body: Buffer }> {
    if (location.startsWith('/')) {
      const answer = await api.app.inject({ method: 'GET', url: location });
      return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
    }
    const answer = await fetch(location);
    return { status: answer.status, headers: answer.headers, body: Buffer.from(await answer.arrayBuffer()) };
  }
  const header = (headers: Headers | Record<string, unknown>, name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-api-'));
    if (driver === 's3') s3 = await startLocalS3();
    api = await setupApi(engine, { authDisabled: false, env: { MEDIA_DIR: dir, MEDIA_MAX_UPLOAD_MB: '1', ...s3?.env } });
    const roleIds = await insertDemoRoles(api);
    const customer = async (businessName: string) => (await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName } } })).body.data;
    const customerA = await customer('Alfa Srl');
    const customerB = await customer('Beta Srl');
    ids.customerA = customerA.id;
    ids.customerB = customerB.id;
    ids.seller = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Venditore', isSalesman: true });
    ids.technicianRole = roleIds.Manutentore!;
    ids.clientA = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Alfa', email: 'cliente@alfa.it', customerId: customerA.id, allowedModules: ['fire'] });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round trip: link, streamed upload with its SHA-256, signed download of the same bytes with safe headers', async () => {
    const created = await uploadLink({ owner: { type: 'customers', id: ids.customerA } }, ids.seller);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { data, upload } = created.body;
    expect(data.attributes).toMatchObject({ type: 'document', mimeType: 'application/pdf', extension: 'pdf', name: 'Preventivo firmato.pdf' });
    expect(data.relationships).toMatchObject({ customerId: ids.customerA, ownerType: 'customers', ownerId: ids.customerA });
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' } });
    expect(Date.parse(upload.expiresAt)).toBeGreaterThan(Date.now());

    const before = await api.as(ids.seller!).request('GET', `/api/media/${data.id}/download`);
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('MEDIA_NOT_UPLOADED');

    const uploaded = await put(upload.url, pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const media = uploaded.json().data;
    expect(media.attributes.meta).toMatchObject({ sha256: sha256(pdf) });
    expect(media.attributes).toMatchObject({ bytesCount: pdf.length, storagePolicy: driver });
    ids.fileA = data.id;

    const download = await api.as(ids.seller!).request('GET', `/api/media/${data.id}/download`);
    expect(download.status).toBe(302);
    expect(download.headers['cache-control']).toBe('no-store');
    // Script (which alone can send the token) may ask for the address itself.
    const asJson = await api.as(ids.seller!).request('GET', `/api/media/${data.id}/download`, undefined, { accept: 'application/json' });
    expect(asJson.status).toBe(200);
    expect(asJson.body.data).toMatchObject({ url: expect.any(String), expiresAt: expect.any(String) });
    const file = await fetchDownload(String(download.headers.location));
    expect(file.status).toBe(200);
    expect(sha256(file.body)).toBe(sha256(pdf));
    expect(header(file.headers, 'content-type')).toBe('application/pdf');
    expect(String(header(file.headers, 'content-disposition'))).toMatch(/^attachment; filename="Preventivo firmato\.pdf"/);
    if (driver === 'disk') expect(header(file.headers, 'x-content-type-options')).toBe('nosniff');
  });

  it('refuses a reused, a changed, an expired and a foreign upload link with 403 problem+json', async () => {
    const first = (await uploadLink({ customerId: ids.customerA })).body;
    expect((await put(first.upload.url, pdf)).statusCode).toBe(200);
    const reused = await put(first.upload.url, pdf);
    expect(reused.statusCode).toBe(403);
    expect(reused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(reused.json().code).toBe('MEDIA_LINK_USED');

    const second = (await uploadLink({ customerId: ids.customerA })).body;
    const url = new URL(second.upload.url, 'http://x');
    const [payload, mac] = url.searchParams.get('token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...claims, s: 10 * pdf.length })).toString('base64url');
    const changed = await put(`${url.pathname}?token=${bigger}.${mac}`, pdf);
    expect(changed.statusCode).toBe(403);
    expect(changed.json().code).toBe('MEDIA_LINK_INVALID');

    // The same token on another media row's address.
    const foreign = await put(second.upload.url.replace(second.data.id, first.data.id), pdf);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('MEDIA_LINK_INVALID');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600_000 });
    try {
      const expired = await put(second.upload.url, pdf);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('MEDIA_LINK_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
    // Unharmed by the refusals, the real link still works once.
    expect((await put(second.upload.url, pdf)).statusCode).toBe(200);
  });

  it('refuses a download link that was changed or made for another file', async () => {
    if (driver === 's3') return; // the store checks its own presigned addresses
    const location = String((await api.as(ids.seller!).request('GET', `/api/media/${ids.fileA}/download`)).headers.location);
    const tampered = await api.app.inject({ method: 'GET', url: `${location.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe('MEDIA_LINK_INVALID');
    const other = (await uploadLink({ customerId: ids.customerB })).body;
    const foreign = await api.app.inject({ method: 'GET', url: location.replace(ids.fileA!, other.data.id) });
    expect(foreign.statusCode).toBe(403);
  });

  it('a refused type gets the SPEC message with the allowed types', async () => {
    const refused = await uploadLink({ name: 'setup.exe', mimeType: 'application/x-msdownload' });
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(refused.body.message).toMatch(/^Il tipo di file non è consentito\. Tipi consentiti: immagini, video, audio, PDF, .*DOCX/);
    expect(refused.body.allowedTypes).toContain('application/pdf');
  });

  it('keeps to the size limit and to the declared size and type', async () => {
    const tooBig = await uploadLink({ bytesCount: 2 * 1024 * 1024 });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Il file è troppo grande: al massimo 1 MB' });

    const declared = (await uploadLink({})).body;
    const longer = await put(declared.upload.url, Buffer.concat([pdf, Buffer.alloc(1000, 32)]));
    expect(longer.statusCode).toBe(413);
    expect(longer.json().code).toBe('FILE_TOO_LARGE');

    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(pdf.length, ' '));
    const mismatch = await put((await uploadLink({})).body.upload.url, html);
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json().code).toBe('FILE_CONTENT_MISMATCH');

    const otherType = await put((await uploadLink({})).body.upload.url, pdf, 'text/html');
    expect(otherType.statusCode).toBe(415);
  });

  it('BOLA: a customer user downloads its own customer’s files and not another’s, by id', async () => {
    const own = await api.as(ids.clientA!).request('GET', `/api/media/${ids.fileA}/download`);
    expect(own.status).toBe(302);
    const other = (await uploadLink({ owner: { type: 'customers', id: ids.customerB } })).body;
    expect((await put(other.upload.url, pdf)).statusCode).toBe(200);
    const foreign = await api.as(ids.clientA!).request('GET', `/api/media/${other.data.id}/download`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
    // Nor may a customer user attach files to its customer, nor list the media rows of others.
    expect((await uploadLink({ owner: { type: 'customers', id: ids.customerA } }, ids.clientA)).status).toBe(403);
    const listed = await api.as(ids.clientA!).request('GET', `/api/media?ids=${other.data.id}`);
    expect(listed.body.data ?? []).toEqual([]);
    // Its own customer's files it lists, as the customer's files section and media tree do.
    const ownListed = await api.as(ids.clientA!).request('GET', `/api/media?filter[customerId]=${ids.customerA}&page[size]=100`);
    expect(ownListed.status, JSON.stringify(ownListed.body)).toBe(200);
    expect(ownListed.body.data.map((m: { id: string }) => m.id)).toContain(ids.fileA);
  });

  it('a technician attaches a photo to a check of their intervention (written through the check), and nothing to a customer', async () => {
    const technician = await insertUser(api, [ids.technicianRole!], { displayName: 'Tecnico Foto', isMainteiner: true, allowedModules: ['fire'] });
    const admin = api.as(api.adminId);
    const create = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    const family = await create('equipmentFamilies', { attributes: { code: `FOTO-${driver}`, name: 'Estintore', module: 'fire' } });
    const control = await create('controls', { attributes: { code: 'C1', name: 'Manometro' }, relationships: { equipmentFamilyId: family.id } });
    const activity = await create('activities', { attributes: { code: `SORV-${driver}`, name: 'Sorveglianza', module: 'fire' } });
    const assignment = await create('assignments', {
      attributes: { code: `INT-FOTO-${driver}`, module: 'fire', plannedStartDateTime: '2026-06-15T07:00:00.000Z' },
      relationships: { customerId: ids.customerA, operatorIds: [technician], operatorInChargeId: technician },
    });
    const equipment = await create('equipments', { attributes: { equipmentId: `EST-FOTO-${driver}`, module: 'fire' }, relationships: { customerId: ids.customerA, equipmentFamilyId: family.id } });
    const line = await create('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId: activity.id, equipmentId: equipment.id } });
    const tech = api.as(technician);
    const check = await tech.request('POST', '/api/checks', {
      attributes: { result: true, passed: true, checkedDateTime: '2026-06-15T08:10:00.000Z' },
      relationships: { controlId: control.id, assignmentActivityId: line.id, equipmentId: equipment.id },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(201);

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const photo = { name: 'Manometro.png', mimeType: 'image/png', bytesCount: png.length };
    const created = await uploadLink({ ...photo, owner: { type: 'checks', id: check.body.data.id } }, technician);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.relationships).toMatchObject({ ownerType: 'checks', ownerId: check.body.data.id });
    const uploaded = await put(created.body.upload.url, png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data.attributes.meta).toMatchObject({ sha256: sha256(png), width: 64 });
    // The check then lists it, and the technician downloads it.
    const withPhoto = await tech.request('PATCH', `/api/checks/${check.body.data.id as string}`, { attributes: { photos: [created.body.data.id] } }, { 'if-match': `"${check.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(withPhoto.status, JSON.stringify(withPhoto.body)).toBe(200);
    const file = await fetchDownload(String((await tech.request('GET', `/api/media/${created.body.data.id as string}/download`)).headers.location));
    expect(sha256(file.body)).toBe(sha256(png));
    // Renaming the photo is changing the check: allowed to the technician, as the row's own write.
    const renamed = await tech.request('PATCH', `/api/media/${created.body.data.id as string}`, { attributes: { name: 'Manometro C1.png' } }, { 'if-match': `"${uploaded.json().data.metadata.lastUpdatedDateTime as string}"` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    // Naming another customer does not put the photo in that customer's files: it is the check's.
    const elsewhere = await tech.request('POST', '/api/media', {
      attributes: { nodeKind: 'media', type: 'picture', name: 'Altro.png', mimeType: 'image/png' },
      relationships: { customerId: ids.customerB, ownerType: 'checks', ownerId: check.body.data.id },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    expect(elsewhere.body.data.relationships.customerId ?? null).toBeNull();

    // A customer's record is not the technician's to change: no files on it, none in its tree, none made free of their check.
    const onCustomer = await uploadLink({ ...photo, owner: { type: 'customers', id: ids.customerA } }, technician);
    expect(onCustomer.status).toBe(403);
    expect(onCustomer.body.code).toBe('FORBIDDEN');
    expect((await uploadLink({ ...photo, customerId: ids.customerA }, technician)).status).toBe(403);
    const free = await tech.request('POST', '/api/media', { attributes: { nodeKind: 'media', type: 'picture', name: 'Libero.png', mimeType: 'image/png' }, relationships: { customerId: ids.customerA } });
    expect(free.status).toBe(403);
    const detached = await tech.request('PATCH', `/api/media/${created.body.data.id as string}`, { relationships: { ownerType: null, ownerId: null } }, { 'if-match': `"${renamed.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(detached.status).toBe(403);
    // A customer user may not change the check, so may not attach to it; nor may anyone to a check that does not exist.
    expect((await uploadLink({ ...photo, owner: { type: 'checks', id: check.body.data.id } }, ids.clientA)).status).toBe(403);
    const missing = await uploadLink({ ...photo, owner: { type: 'checks', id: '00000000-0000-4000-8000-000000000000' } }, technician);
    expect(missing.status).toBe(404);
    const missingRow = await tech.request('POST', '/api/media', {
      attributes: { nodeKind: 'media', type: 'picture', name: 'Nessuna.png', mimeType: 'image/png' },
      relationships: { ownerType: 'checks', ownerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missingRow.status).toBe(422);
    expect(missingRow.body.errors[0]).toMatchObject({ pointer: '/relationships/ownerId', code: 'referenceNotFound' });
    const unknownType = await tech.request('POST', '/api/media', {
      attributes: { nodeKind: 'media', type: 'picture', name: 'Nessuna.png', mimeType: 'image/png' },
      relationships: { ownerType: 'nothing', ownerId: check.body.data.id },
    });
    expect(unknownType.status).toBe(422);
    // Who may change a customer's files organises its tree (a seller moves a file of the customer into a
    // folder); a file attached to a record is read through that record (the one read rule): another
    // seller's quotation copy is neither seen nor moved by this seller, nor can they attach to that quotation.
    const folder = await api.as(api.adminId).request('POST', '/api/media', { attributes: { nodeKind: 'folder', name: `Foto ${driver}` }, relationships: { customerId: ids.customerA } });
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    const customerFile = await api.as(api.adminId).request('POST', '/api/media', { attributes: { nodeKind: 'media', type: 'document', name: 'Visura.pdf', mimeType: 'application/pdf' }, relationships: { customerId: ids.customerA } });
    expect(customerFile.status, JSON.stringify(customerFile.body)).toBe(201);
    const sellerMoves = await api.as(ids.seller!).request('PATCH', `/api/media/${customerFile.body.data.id as string}`, { attributes: { parentId: folder.body.data.id } }, { 'if-match': `"${customerFile.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(sellerMoves.status, JSON.stringify(sellerMoves.body)).toBe(200);
    expect(sellerMoves.body.data.attributes.parentId).toBe(folder.body.data.id);
    const othersQuotation = await api.as(api.adminId).request('POST', '/api/quotations', { attributes: { date: TODAY, title: `Preventivo ${driver}` }, relationships: { customerId: ids.customerA } });
    expect(othersQuotation.status, JSON.stringify(othersQuotation.body)).toBe(201);
    const quotationOwned = await api.as(api.adminId).request('POST', '/api/media', {
      attributes: { nodeKind: 'media', type: 'document', name: 'Copia firmata.pdf', mimeType: 'application/pdf' },
      relationships: { ownerType: 'quotations', ownerId: othersQuotation.body.data.id },
    });
    expect(quotationOwned.status, JSON.stringify(quotationOwned.body)).toBe(201);
    const sellerMovesOthers = await api.as(ids.seller!).request('PATCH', `/api/media/${quotationOwned.body.data.id as string}`, { attributes: { parentId: folder.body.data.id } }, { 'if-match': `"${quotationOwned.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(sellerMovesOthers.status, JSON.stringify(sellerMovesOthers.body)).toBe(403);
    expect(sellerMovesOthers.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
    expect((await uploadLink({ owner: { type: 'quotations', id: othersQuotation.body.data.id } }, ids.seller)).status).toBe(403);
  });

  it('sweeps the uploads whose link expired without bytes, and keeps the uploaded files', async () => {
    const abandoned = (await uploadLink({ owner: { type: 'customers', id: ids.customerA } })).body.data;
    const files = api.app.mediaFiles!;
    // Within the link's life and its grace, nothing is swept.
    await files.sweepAbandonedUploads(new Date());
    expect((await api.as(api.adminId).request('GET', `/api/media/${abandoned.id as string}`)).status).toBe(200);
    const later = new Date(Date.now() + (api.config.media.uploadLinkSeconds + 3601) * 1000);
    expect(await files.sweepAbandonedUploads(later)).toBeGreaterThanOrEqual(1);
    expect((await api.as(api.adminId).request('GET', `/api/media/${abandoned.id as string}`)).body.data?.metadata?.isDeleted ?? true).toBe(true);
    const kept = await api.as(api.adminId).request('GET', `/api/media/${ids.fileA}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data.metadata.isDeleted ?? false).toBe(false);
  });

  it('an image gets its size, a 4×4 blurhash of a 32 px rendition and a thumbnail', async () => {
    const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const created = (await uploadLink({ name: 'Foto.png', mimeType: 'image/png', bytesCount: png.length, customerId: ids.customerA })).body;
    expect(created.data.attributes.type).toBe('picture');
    const uploaded = await put(created.upload.url, png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const meta = uploaded.json().data.attributes.meta;
    expect(meta).toMatchObject({ width: 640, height: 320, sha256: sha256(png) });
    // 4×4 components: 1 size + 1 max + 4 DC + 2 × 15 AC characters.
    expect(meta.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{36}$/);
    expect(meta.thumbnail).toMatch(/^data:image\/webp;base64,/);
    const file = await fetchDownload(String((await api.as(ids.seller!).request('GET', `/api/media/${created.data.id}/download`)).headers.location));
    expect(String(header(file.headers, 'content-disposition'))).toMatch(/^inline;/);
    expect(header(file.headers, 'content-type')).toBe('image/png');
  });
});

describe.each(drivers)('a 200 MB upload streams through the server (%s store)', (driver) => {
  let api: Api;
  let s3: LocalS3 | undefined;
  let dir: string;
  let origin: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-big-'));
    if (driver === 's3') s3 = await startLocalS3();
    api = await setupApi('pglite', { authDisabled: false, env: { MEDIA_DIR: dir, MEDIA_MAX_UPLOAD_MB: '250', ...s3?.env } });
    origin = await api.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the growth of the resident memory far under the file’s size and records the checksum', async () => {
    const rest = Buffer.alloc(1024 * 1024, 0x41);
    const first = Buffer.from(rest);
    first.write('%PDF-1.7\n');
    const total = 200;
    const hash = createHash('sha256').update(first);
    for (let i = 1; i < total; i++) hash.update(rest);
    // The client is another process: only the server's memory is measured here.
    const client = `
      const http = require('node:http');
      const [url, total] = process.argv.slice(1);
      const rest = Buffer.alloc(1024 * 1024, 0x41);
      const first = Buffer.from(rest); first.write('%PDF-1.7\\n');
      const request = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': String(Number(total) * rest.length) } }, (response) => {
        let text = ''; response.on('data', (d) => (text += d)); response.on('end', () => { process.stdout.write(JSON.stringify({ status: response.statusCode, text })); });
      });
      let sent = 0;
      const write = () => { while (sent < Number(total)) { const ok = request.write(sent++ === 0 ? first : rest); if (!ok) return request.once('drain', write); } request.end(); };
      write();`;
    const upload = async (megabytes: number, during?: () => void) => {
      const created = await api.as(api.adminId).request('POST', '/api/media/uploads', { name: 'Grande.pdf', mimeType: 'application/pdf', bytesCount: megabytes * rest.length });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const sampler = during ? setInterval(during, 20) : undefined;
      const output = await new Promise<string>((resolve, reject) => {
        execFile(process.execPath, ['-e', client, `${origin}${created.body.upload.url}`, String(megabytes)], { maxBuffer: 10 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
      });
      clearInterval(sampler);
      return JSON.parse(output) as { status: number; text: string };
    };
    // A small upload first: what the first one loads (modules, pools) is not growth.
    expect((await upload(8)).status).toBe(200);
    const before = process.memoryUsage().rss;
    let peak = before;
    const answer = await upload(total, () => (peak = Math.max(peak, process.memoryUsage().rss)));
    const text = answer.text;
    expect(answer.status, text).toBe(200);
    expect(JSON.parse(text).data.attributes.meta.sha256).toBe(hash.digest('hex'));
    // A file held whole would add 200 MB. The socket's 64 KiB reads are garbage outside V8's heap once
    // written; the upload collects them every 16 MB (this project runs with --expose-gc, as npm start):
    // about 16 MB here, against ~55 MB when V8 waits for 64 MB of them.
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('function');
    expect((peak - before) / (1024 * 1024)).toBeLessThan(50);
  }, 120_000);
});

describe.each(engines())('a customer’s folder tree on %s', (engine) => {
  let api: Api;
  let dir: string;
  let customerA: string;
  let customerB: string;

  const folder = (name: string, customerId: string, parentId?: string) =>
    api.as(api.adminId).request('POST', '/api/media', { attributes: { nodeKind: 'folder', name, ...(parentId ? { parentId } : {}) }, relationships: { customerId } });
  const move = async (node: any, changes: Record<string, unknown>) =>
    api.as(api.adminId).request('PATCH', `/api/media/${node.id}`, { attributes: changes }, { 'if-match': `"${node.metadata.lastUpdatedDateTime}"` });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-tree-'));
    api = await setupApi(engine, { authDisabled: false, env: { MEDIA_DIR: dir } });
    const customer = async (businessName: string) => (await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName } } })).body.data.id;
    customerA = await customer('Alfa Srl');
    customerB = await customer('Beta Srl');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second folder of the same name side by side, with the SPEC message', async () => {
    const documents = await folder('Documenti', customerA);
    expect(documents.status, JSON.stringify(documents.body)).toBe(201);
    const again = await folder(' documenti ', customerA);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'FOLDER_ALREADY_EXISTS', message: 'È già presente una cartella con questo nome', errors: [{ pointer: '/attributes/name' }] });
    // Another customer, or another place in the tree, may have one.
    expect((await folder('Documenti', customerB)).status).toBe(201);
    expect((await folder('Documenti', customerA, documents.body.data.id)).status).toBe(201);
    // Renaming into a clash is refused too.
    const other = (await folder('Verbali', customerA)).body.data;
    const renamed = await move(other, { name: 'DOCUMENTI' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('FOLDER_ALREADY_EXISTS');
  });

  it('moves files and folders within the customer’s tree only, never a folder into itself', async () => {
    const archive = (await folder('Archivio', customerA)).body.data;
    const year = (await folder('2026', customerA, archive.id)).body.data;
    const file = (await api.as(api.adminId).request('POST', '/api/media/uploads', { name: 'Verbale.pdf', mimeType: 'application/pdf', bytesCount: pdf.length, customerId: customerA })).body.data;
    const moved = await move(file, { parentId: year.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes.parentId).toBe(year.id);
    const intoItself = await move(archive, { parentId: year.id });
    expect(intoItself.status).toBe(422);
    expect(intoItself.body.errors[0]).toMatchObject({ pointer: '/attributes/parentId', code: 'invalidParent' });
    const foreign = (await folder('Altro', customerB)).body.data;
    const elsewhere = await move(moved.body.data, { parentId: foreign.id });
    expect(elsewhere.status).toBe(422);
    const intoFile = await move(year, { parentId: file.id });
    expect(intoFile.status).toBe(422);
  });
});
