/**
 * Media files (DESIGN §4 "Media"): an upload link for a new media row, the upload itself streamed
 * to the store with its size, type and SHA-256 checked and recorded, and downloads through a
 * signed, expiring address once the caller may read the record the file belongs to.
 */
import { logDownload } from '../documents/download-log.ts';
import { createHash, randomUUID } from 'node:crypto';
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { tableName } from '../db/entity-sql.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { MediaConfig } from '../config.ts';
import { Problem } from '../http/problems.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import { callerOfUser } from '../auth/identity.ts';
import type { Entity } from '../../domain/entity.ts';
import { bareMimeType, extensionOf, fileTypeNotAllowedMessage, inlineImageTypes, isAllowedType, mediaKindOf, normaliseMimeType, OWNER_NOT_ALLOWED_MESSAGE, OWNER_TYPES_WITHOUT_FILES } from '../../domain/entities/media.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { StorageNotFound } from '../storage/storage.ts';
import { contentPath, newNonce, type LinkClaims, type LinkSigner } from './links.ts';
import { contentFitsType, SNIFF_BYTES } from './sniff.ts';
import { ImagePreviews } from './images.ts';
import { recordingFacts } from './server-facts.ts';

export interface UploadRequest {
  /**
   * The id the client chose for the media row (a UUID; offline photos, issue 25): a repeat of the
   * request for the same file answers a fresh link for the same row instead of a second row.
   */
  id?: string | null;
  name: string;
  mimeType: string;
  bytesCount: number;
  parentId?: string | null;
  customerId?: string | null;
  /** The record the file is attached to: its API type and id. */
  owner?: { type: string; id: string } | null;
}

export interface UploadLink {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

export interface ContentAnswer {
  stream: Readable;
  size: number | undefined;
  headers: Record<string, string>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a media row's bytes are kept. */
export const storageKeyOf = (mediaId: string) => `media/${mediaId.toLowerCase()}`;

/**
 * The Content-Type a file is served with: its stored type, bare (a row stored before types were
 * normalised loses its parameters: `image/png;,text/html` is `image/png`); a stored type that is not
 * `type/subtype` is served as bytes.
 */
export function servedType(mimeType: unknown): string {
  return (typeof mimeType === 'string' ? normaliseMimeType(mimeType) : null) ?? 'application/octet-stream';
}

/** Raster images are shown in place; everything else (SVG, which can carry scripts, PDF, documents) is downloaded. */
export function isInlineType(mimeType: string): boolean {
  return inlineImageTypes.has(servedType(mimeType));
}

/** `attachment; filename="Preventivo firmato.pdf"; filename*=UTF-8''…` (RFC 6266). */
export function contentDisposition(mimeType: string, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${isInlineType(mimeType) ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Counts, hashes and checks the bytes on their way to the store. */
/**
 * Each socket read of an upload (64 KiB) is garbage outside V8's heap once written, and V8 collects
 * such memory only when about 64 MB of it has piled up: a 200 MB upload grew the server by ~55 MB. A
 * young-generation collection every 16 MB (where `--expose-gc` provides `gc`, as `npm start` does)
 * frees them as they go: ~16 MB. Without the flag, V8's own pace.
 */
const COLLECT_READS_EVERY_BYTES = 16 * 1024 * 1024;
const collectYoungGarbage = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;

class UploadMeter extends Transform {
  size = 0;
  private sinceCollected = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer | undefined = Buffer.alloc(0);

  private readonly expected: number;
  private readonly mimeType: string;

  constructor(expected: number, mimeType: string) {
    super();
    this.expected = expected;
    this.mimeType = mimeType;
  }

  get sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.expected) return callback(new Problem('FILE_TOO_LARGE', { message: `Il file supera la dimensione dichiarata (${this.expected} byte)` }));
    this.hash.update(chunk);
    this.sinceCollected += chunk.length;
    if (collectYoungGarbage && this.sinceCollected >= COLLECT_READS_EVERY_BYTES) {
      this.sinceCollected = 0;
      collectYoungGarbage({ type: 'minor' });
    }
    if (this.head !== undefined) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= SNIFF_BYTES) {
        if (!contentFitsType(this.mimeType, this.head)) return callback(new Problem('FILE_CONTENT_MISMATCH'));
        this.head = undefined;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.head !== undefined && !contentFitsType(this.mimeType, this.head)) return callback(new Problem('FILE_CONTENT_MISMATCH'));
    callback();
  }
}

export interface MediaFilesDeps {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  storage: MediaStorage;
  config: MediaConfig;
  links: LinkSigner;
  log: { error(object: unknown, message: string): void };
}


/** What every media row starts from: its kind by type, its name, type and size, its name's extension. */
function fileAttributes(name: string, mimeType: string, bytesCount: number): Record<string, unknown> {
  const extension = extensionOf(name);
  return { nodeKind: 'media', type: mediaKindOf(mimeType), name, mimeType, bytesCount, ...(extension ? { extension } : {}) };
}
export class MediaFiles {
  private readonly uploading = new Set<string>();
  private readonly deps: MediaFilesDeps;
  /** Image previews of this server: bounded (images.ts). */
  readonly previews: ImagePreviews;

  constructor(deps: MediaFilesDeps) {
    this.deps = deps;
    this.previews = new ImagePreviews(deps.config.thumbnails);
  }

  /**
   * `POST /api/media/uploads`: a media row for the file, and the link its bytes go to (`created`:
   * a new row, 201). With a client `id` (issue 25, retry-safe uploads) the row is made under that id;
   * asked again for the same file (same owner or customer, folder, type and declared size) while its
   * bytes have not arrived, it answers the same row with a fresh link (`created: false`, 200): a new
   * nonce, so earlier links stop working. Any other row under that id (another file, a removed one,
   * one whose bytes arrived) is 412 RECORD_EXISTS: the client reads it to know which.
   */
  async createUpload(call: CallContext, body: unknown): Promise<{ data: Entity; upload: UploadLink; created: boolean }> {
    const { config } = this.deps;
    const request = parseUploadRequest(body);
    if (request.owner && OWNER_TYPES_WITHOUT_FILES.has(request.owner.type)) {
      throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/owner/type', code: 'ownerNotAllowed', message: OWNER_NOT_ALLOWED_MESSAGE }] });
    }
    if (!isAllowedType(config.allowedTypes, request.mimeType)) {
      throw new Problem('FILE_TYPE_NOT_ALLOWED', { message: fileTypeNotAllowedMessage(config.allowedTypes), extensions: { allowedTypes: config.allowedTypes } });
    }
    if (request.bytesCount > config.maxUploadBytes) {
      throw new Problem('FILE_TOO_LARGE', { message: `Il file è troppo grande: al massimo ${Math.floor(config.maxUploadBytes / (1024 * 1024))} MB`, extensions: { maxBytes: config.maxUploadBytes } });
    }
    // Who may not attach to the record learns nothing of which ids are taken.
    await this.authorizeTarget(call, request);
    const nonce = newNonce();
    const existing = request.id ? await this.mediaRow(request.id) : undefined;
    const media = existing ? await this.renewNonce(call, existing, request, nonce) : await this.createRow(call, request, { uploadNonce: nonce });
    return { data: media, upload: this.uploadLink(call, media.id, nonce, request), created: !existing };
  }

  /** The signed link for `mediaId`'s bytes: bound to the row, its nonce, size, type and uploader. */
  private uploadLink(call: CallContext, mediaId: string, nonce: string, request: Pick<UploadRequest, 'bytesCount' | 'mimeType'>): UploadLink {
    const { config, links } = this.deps;
    const mimeType = bareMimeType(request.mimeType);
    const exp = Math.floor(Date.now() / 1000) + config.uploadLinkSeconds;
    const claims: LinkClaims = {
      p: 'upload',
      m: mediaId,
      exp,
      n: nonce,
      s: request.bytesCount,
      t: mimeType,
      ...(call.identity.userId ? { u: call.identity.userId } : {}),
      ...(call.identity.impersonatorId ? { i: call.identity.impersonatorId } : {}),
    };
    return { url: contentPath(mediaId, links.sign(claims)), method: 'PUT', headers: { 'Content-Type': mimeType }, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /**
   * Attached to a record, a file is that record's: the caller must be allowed to update the record,
   * and that is enough (the media kind's `attachedTo`: no right on customers needed). A file of a
   * customer's tree needs the right to change the customer.
   */
  private async authorizeTarget(call: CallContext, request: UploadRequest): Promise<void> {
    const { service } = this.deps;
    if (request.owner) {
      // Attaching a file is changing the record: who may not change it may not attach to it, whatever their rights on files.
      const owner = await service.get(request.owner.type, request.owner.id, call);
      call.access.authorize('update', service.kind(request.owner.type), owner);
    } else if (request.customerId) {
      const customer = await service.get('customers', request.customerId, call);
      call.access.authorize('update', service.kind('customers'), customer);
    }
  }

  /**
   * A fresh link for the row a client made under its own id, still waiting for its bytes: the new
   * nonce is recorded through the write pipeline (the caller must be allowed to change the row, as
   * for any media write), and its version moves, so the sweep of abandoned uploads counts from now.
   */
  private async renewNonce(call: CallContext, media: Entity, request: UploadRequest, nonce: string): Promise<Entity> {
    const meta = isRecord(media.attributes.meta) ? media.attributes.meta : {};
    const same =
      !media.metadata.isDeleted &&
      media.attributes.nodeKind === 'media' &&
      !meta.uploadedAt &&
      !this.uploading.has(media.id) &&
      media.attributes.bytesCount === request.bytesCount &&
      media.attributes.mimeType === bareMimeType(request.mimeType) &&
      (media.attributes.parentId ?? null) === (request.parentId ?? null) &&
      (request.owner
        ? media.relationships.ownerType === request.owner.type && String(media.relationships.ownerId ?? '').toLowerCase() === request.owner.id.toLowerCase()
        : !media.relationships.ownerId && (media.relationships.customerId ?? null) === (request.customerId ?? null));
    if (!same) throw new Problem('RECORD_EXISTS');
    // The server records the nonce (server facts: media kind's beforeWrite).
    return this.deps.service.update('media', media.id, { attributes: { meta: { uploadNonce: nonce } } }, `"${media.metadata.lastUpdatedDateTime}"`, recordingFacts(call));
  }

  /**
   * The media row of a file about to be uploaded (the caller's right to attach it was checked:
   * `authorizeTarget`), under the client's id when it chose one. The declared size counts against
   * the caller's quota (`reserveQuota`), in the transaction that makes the row.
   */
  private async createRow(call: CallContext, request: UploadRequest, meta: Record<string, unknown>): Promise<Entity> {
    const { service } = this.deps;
    const customerId = request.owner ? null : (request.customerId ?? null);
    const mimeType = bareMimeType(request.mimeType);
    const id = request.id ? request.id.toLowerCase() : undefined;
    return service.transaction(call, async (trx) => {
      await this.reserveQuota(trx, call, request.bytesCount);
      // The server records the declared size and the upload's nonce (server facts: media kind's beforeWrite).
      return service.createWithin(
        trx,
        recordingFacts(call),
        'media',
        {
          attributes: {
            ...fileAttributes(request.name, mimeType, request.bytesCount),
            ...(request.parentId ? { parentId: request.parentId } : {}),
            meta,
          },
          metadata: {},
          relationships: { customerId, ...(request.owner ? { ownerType: request.owner.type, ownerId: request.owner.id } : {}) },
        },
        id ? { id } : undefined,
      );
    }).catch(async (error: unknown) => {
      // Two first requests for the same client id at once: the loser's insert meets the winner's key.
      if (id && (error as { code?: unknown }).code === '23505' && (await this.mediaRow(id))) throw new Problem('RECORD_EXISTS');
      throw error;
    });
  }

  /**
   * The per-user quota (MEDIA_USER_QUOTA_MB in MEDIA_USER_QUOTA_HOURS): the sizes of the files the
   * caller made in the window (stored ones, and the declared sizes of those still waiting for their
   * bytes; not those removed before their bytes arrived), with `bytes` more, must stay within it. One
   * user's links are made one at a time (an advisory lock for the transaction), so a burst of them
   * cannot all pass on the same count.
   */
  private async reserveQuota(trx: Kysely<DatabaseSchema>, call: CallContext, bytes: number): Promise<void> {
    const { config, service } = this.deps;
    const userId = call.identity.userId;
    if (config.userQuotaBytes === 0 || !userId) return;
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`media-quota:${userId}`}))`.execute(trx);
    const since = new Date(Date.now() - config.userQuotaHours * 3600 * 1000).toISOString();
    const result = await sql<{ used: string | number | null }>`SELECT coalesce(sum((attributes->>'bytesCount')::bigint), 0) AS used
      FROM ${sql.raw(tableName(service.kind('media')))}
      WHERE created_by = ${userId} AND created_date_time > ${since}::timestamptz
        AND attributes->>'nodeKind' = 'media' AND (NOT is_deleted OR attributes->'meta'->>'uploadedAt' IS NOT NULL)`.execute(trx);
    const used = Number(result.rows[0]?.used ?? 0);
    if (used + bytes <= config.userQuotaBytes) return;
    const mb = (value: number) => Math.round((value / (1024 * 1024)) * 10) / 10;
    const left = Math.max(0, config.userQuotaBytes - used);
    throw new Problem('MEDIA_QUOTA_EXCEEDED', {
      message: `Hai raggiunto il limite di ${mb(config.userQuotaBytes)} MB di file caricati nelle ultime ${config.userQuotaHours} ore: restano ${mb(left)} MB, il file ne richiede ${mb(bytes)}. Riprova più tardi o elimina file non più necessari`,
      extensions: { quotaBytes: config.userQuotaBytes, usedBytes: used, requestedBytes: bytes, windowHours: config.userQuotaHours },
    });
  }

  /**
   * A file the server made (a printed document), stored as a file of `owner` in a transaction of its
   * own (`POST /api/{type}/{id}/document`): see `storeGeneratedFile`.
   */
  async storeGenerated(call: CallContext, file: GeneratedFile): Promise<Entity> {
    const { service, storage, log } = this.deps;
    return service.transaction(call, (trx) => storeGeneratedFile({ service, storage, log }, trx, call, file));
  }

  /** `PUT /api/media/{id}/content?token=…`: the bytes, streamed to the store; the media row then records size, checksum and preview. */
  async receiveUpload(id: string, token: unknown, contentType: string | undefined, body: Readable): Promise<Entity> {
    const { links, storage, service } = this.deps;
    const claims = links.verify(token, 'upload', id);
    const expected = claims.s ?? 0;
    const mimeType = claims.t ?? '';
    if (!claims.u) throw new Problem('MEDIA_LINK_INVALID');
    const media = await this.mediaRow(id);
    if (!media || media.metadata.isDeleted) throw new Problem('MEDIA_LINK_INVALID');
    const meta = isRecord(media.attributes.meta) ? media.attributes.meta : {};
    if (meta.uploadedAt || this.uploading.has(id)) throw new Problem('MEDIA_LINK_USED');
    if (meta.uploadNonce !== claims.n) throw new Problem('MEDIA_LINK_INVALID');
    if (contentType !== undefined && bareMimeType(contentType) !== mimeType) {
      throw new Problem('FILE_TYPE_NOT_ALLOWED', { message: `Il tipo del contenuto (${bareMimeType(contentType)}) non è quello dichiarato (${mimeType})` });
    }
    // Resolve the uploader first: a user removed meanwhile uploads nothing.
    const call = claims.i ? await callerOfUser(this.deps.db, claims.i, claims.u) : await callerOfUser(this.deps.db, claims.u);
    this.uploading.add(id);
    try {
      const key = storageKeyOf(id);
      const meter = new UploadMeter(expected, mimeType);
      pipeline(body, meter, () => undefined);
      try {
        await storage.put(key, meter, { contentType: mimeType, size: expected });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        if (error instanceof Problem) throw error;
        if (meter.size < expected) throw new Problem('FILE_UPLOAD_INCOMPLETE');
        this.deps.log.error({ err: error }, 'archiviazione del file non riuscita');
        throw new Problem('FILE_UPLOAD_FAILED');
      }
      if (meter.size !== expected) {
        await storage.delete(key);
        throw new Problem('FILE_UPLOAD_INCOMPLETE', { message: `Errore nel caricamento del file: ricevuti ${meter.size} byte su ${expected}` });
      }
      const sha256 = meter.sha256;
      const image = mimeType.startsWith('image/') ? await this.previews.describe(() => storage.get(key), meter.size) : null;
      const current = await this.mediaRow(id);
      if (!current) throw new Problem('NOT_FOUND');
      // The server records what it received (server facts: media kind's beforeWrite).
      return await service.update(
        'media',
        id,
        {
          attributes: {
            bytesCount: meter.size,
            storageHandle: key,
            storagePolicy: storage.driver,
            storedFileName: id,
            meta: { uploadNonce: null, uploadedAt: new Date().toISOString(), sha256, ...(image ?? {}) },
          },
        },
        `"${current.metadata.lastUpdatedDateTime}"`,
        recordingFacts(call),
      );
    } finally {
      this.uploading.delete(id);
    }
  }

  /**
   * Removes the files whose bytes never arrived: media rows whose last upload link (the row's last
   * change: a link asked again for a client's id renews the nonce) expired more than `graceSeconds`
   * ago without an upload (a closed tab, a cancelled or failed transfer),
   * with whatever part of them reached the store. Answers how many were removed.
   */
  async sweepAbandonedUploads(now = new Date(), graceSeconds = 3600): Promise<number> {
    const { db, service, storage, config } = this.deps;
    const kind = service.kind('media');
    const before = new Date(now.getTime() - (config.uploadLinkSeconds + graceSeconds) * 1000);
    const result = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(kind))}
      WHERE NOT is_deleted AND last_updated_date_time < ${before.toISOString()}::timestamptz
        AND attributes->'meta'->>'uploadNonce' IS NOT NULL AND attributes->'meta'->>'uploadedAt' IS NULL
      LIMIT 500`.execute(db);
    const ids = result.rows.map((row) => row.id).filter((id) => !this.uploading.has(id));
    if (ids.length === 0) return 0;
    const repository = service.repository(kind);
    const rows = [...(await repository.findByIds(ids)).values()];
    for (const row of rows) await storage.delete(storageKeyOf(row.id)).catch(() => undefined);
    const removed = await repository.softDeleteMany(rows.map((row) => ({ id: row.id, expectedVersion: String(row.metadata.lastUpdatedDateTime), before: row })), null);
    return removed?.length ?? 0;
  }

  /** `GET /api/media/{id}/download`: where the caller may fetch the file for a while. */
  async downloadLocation(call: CallContext, id: string): Promise<{ url: string; expiresAt: string }> {
    const { storage, config, links, service } = this.deps;
    if (!UUID.test(id)) throw new Problem('NOT_FOUND');
    // The one read rule (DESIGN §4): the media row as GET /api/media/{id} reads it, through the record it
    // belongs to (its owner) and its own rules (its customer).
    const media = await service.get('media', id, call);
    if (media.metadata.isDeleted) throw new Problem('NOT_FOUND');
    const meta = isRecord(media.attributes.meta) ? media.attributes.meta : {};
    if (!meta.uploadedAt) throw new Problem('MEDIA_NOT_UPLOADED');
    const mimeType = servedType(media.attributes.mimeType);
    // A customer's file taken: its download log (issue 26 §5).
    const customerId = media.relationships.customerId;
    if (typeof customerId === 'string' && customerId) {
      const ownerType = typeof media.relationships.ownerType === 'string' ? media.relationships.ownerType : 'media';
      const ownerId = typeof media.relationships.ownerId === 'string' ? media.relationships.ownerId : media.id;
      await logDownload(this.deps.db, call, { customerId, what: 'file', recordType: ownerType, recordId: ownerId, title: String(media.attributes.name ?? '') }, this.deps.log);
    }
    const exp = Math.floor(Date.now() / 1000) + config.downloadLinkSeconds;
    const expiresAt = new Date(exp * 1000).toISOString();
    if (storage.presignedDownload) {
      const url = await storage.presignedDownload(storageKeyOf(id), {
        expiresInSeconds: config.downloadLinkSeconds,
        contentType: mimeType,
        contentDisposition: contentDisposition(mimeType, String(media.attributes.name)),
      });
      return { url, expiresAt };
    }
    return { url: contentPath(id, links.sign({ p: 'download', m: id, exp })), expiresAt };
  }

  /** `GET /api/media/{id}/content?token=…`: the bytes behind a download link, with the type checked at upload. */
  async openContent(id: string, token: unknown): Promise<ContentAnswer> {
    this.deps.links.verify(token, 'download', id);
    const media = await this.mediaRow(id);
    if (!media || media.metadata.isDeleted) throw new Problem('NOT_FOUND');
    // The stored type, bare: never parameters a browser could read as another type.
    const mimeType = servedType(media.attributes.mimeType);
    try {
      const stream = await this.deps.storage.get(storageKeyOf(id));
      const size = typeof media.attributes.bytesCount === 'number' ? media.attributes.bytesCount : undefined;
      return {
        stream,
        size,
        headers: {
          'Content-Type': mimeType,
          'Content-Disposition': contentDisposition(mimeType, String(media.attributes.name)),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          'Cache-Control': 'private, max-age=300',
          ...(size !== undefined ? { 'Content-Length': String(size) } : {}),
        },
      };
    } catch (error) {
      if (error instanceof StorageNotFound) throw new Problem('MEDIA_NOT_UPLOADED');
      throw error;
    }
  }

  private async mediaRow(id: string): Promise<Entity | undefined> {
    return this.deps.service.repository(this.deps.service.kind('media')).findById(id);
  }
}

/** A file the server made: what it is attached to, its name and type, its bytes, and what made it (`meta`). */
export interface GeneratedFile {
  owner: { type: string; id: string };
  name: string;
  mimeType: string;
  bytes: Buffer;
  meta: Record<string, unknown>;
}

/**
 * The one way a file the server made is stored (a printed document, a course certificate), inside
 * the caller's write transaction `trx`: the bytes go to the store first, under the id the media row
 * then gets, and the row (attached to `owner`, so allowed by the right to update it) records size,
 * SHA-256, the store and `meta`. A store that refuses the bytes fails the write; a transaction that
 * rolls back later removes them again.
 */
export async function storeGeneratedFile(
  deps: { service: EntityService; storage: MediaStorage; log?: MediaFilesDeps['log'] },
  trx: Kysely<DatabaseSchema>,
  call: CallContext,
  file: GeneratedFile,
): Promise<Entity> {
  const { service, storage } = deps;
  const id = randomUUID();
  const key = storageKeyOf(id);
  const mimeType = bareMimeType(file.mimeType);
  try {
    await storage.put(key, Readable.from([file.bytes]), { contentType: mimeType, size: file.bytes.length });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    deps.log?.error({ err: error }, 'archiviazione del documento non riuscita');
    throw new Problem('FILE_UPLOAD_FAILED');
  }
  service.onRollback(trx, () => storage.delete(key));
  // The server records size, store, SHA-256 and what made the file (server facts: media kind's beforeWrite).
  return service.createWithin(
    trx,
    recordingFacts(call),
    'media',
    {
      attributes: {
        ...fileAttributes(file.name, mimeType, file.bytes.length),
        storageHandle: key,
        storagePolicy: storage.driver,
        storedFileName: id,
        meta: { ...file.meta, uploadedAt: new Date().toISOString(), sha256: createHash('sha256').update(file.bytes).digest('hex') },
      },
      metadata: {},
      // The customer is the owner's (the media kind's hook).
      relationships: { ownerType: file.owner.type, ownerId: file.owner.id },
    },
    { id },
  );
}

const UPLOAD_REQUEST_KEYS: ReadonlySet<string> = new Set(['id', 'name', 'mimeType', 'bytesCount', 'parentId', 'customerId', 'owner']);

function parseUploadRequest(body: unknown): UploadRequest {
  const errors: { pointer: string; code: string; message: string }[] = [];
  const b = isRecord(body) ? body : {};
  const text = (key: string, max: number) => {
    const value = b[key];
    if (typeof value !== 'string' || value.trim() === '') errors.push({ pointer: `/${key}`, code: 'required', message: 'Obbligatorio' });
    else if (value.length > max) errors.push({ pointer: `/${key}`, code: 'tooLong', message: `Al massimo ${max} caratteri` });
    return typeof value === 'string' ? value.trim() : '';
  };
  const optionalId = (key: string) => {
    const value = b[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || !UUID.test(value)) errors.push({ pointer: `/${key}`, code: 'invalidValue', message: 'Valore non valido' });
    return typeof value === 'string' ? value : null;
  };
  const name = text('name', 255);
  const mimeType = text('mimeType', 200);
  const bytesCount = b.bytesCount;
  if (typeof bytesCount !== 'number' || !Number.isInteger(bytesCount) || bytesCount < 0) errors.push({ pointer: '/bytesCount', code: 'invalidValue', message: 'Valore non valido' });
  const id = optionalId('id');
  const parentId = optionalId('parentId');
  const customerId = optionalId('customerId');
  let owner: UploadRequest['owner'] = null;
  if (b.owner !== undefined && b.owner !== null) {
    const o = isRecord(b.owner) ? b.owner : {};
    if (typeof o.type !== 'string' || !/^[a-z][A-Za-z]{0,49}$/.test(o.type)) errors.push({ pointer: '/owner/type', code: 'invalidValue', message: 'Valore non valido' });
    if (typeof o.id !== 'string' || !UUID.test(o.id)) errors.push({ pointer: '/owner/id', code: 'invalidValue', message: 'Valore non valido' });
    owner = { type: String(o.type), id: String(o.id) };
  }
  // Nothing else: what a file's row records beyond these (its store, its `meta`) is the server's.
  for (const key of Object.keys(b).filter((k) => !UPLOAD_REQUEST_KEYS.has(k))) errors.push({ pointer: `/${key}`, code: 'unrecognizedKeys', message: 'Campo non previsto' });
  if (!isRecord(body)) errors.unshift({ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' });
  if (errors.length > 0) throw new Problem('VALIDATION_FAILED', { errors });
  return { id, name, mimeType, bytesCount: bytesCount as number, parentId, customerId, owner };
}
