/**
 * Photos taken offline (issue 25): captured with the camera input, scaled to about 1,600 px, kept on
 * the device as bytes with their SHA-256 (the `photos` table of db.ts) under a media id the device
 * chose, shown at once, and uploaded after the data in three retry-safe steps:
 *
 * 1. **The media row** — `POST /api/media/uploads` with the photo's `id` (the client id): the first
 *    request makes the row (201); a repeat, after a crash or a failed send, answers the same row with a
 *    fresh signed link (200). Never a second row. `412 RECORD_EXISTS` means the row is there but takes
 *    no link: its bytes arrived (a lost answer: the row's SHA-256 is compared with ours) or it was
 *    removed (a link abandoned for hours is swept: the photo starts again under a new id).
 * 2. **The bytes** — sent to the link just answered: every attempt asks for its own link (step 1's
 *    request), so an expired or half-used link is never reused. The server's SHA-256 must be ours.
 * 3. **Attach** — what the online flow does after the bytes: the media id joins the record's list
 *    (a check's `photos`) through the outbox (`enqueueEdit`), so it merges like any offline edit. The
 *    stored bytes are removed only once the server's answer holds the id.
 *
 * A photo waits while its record has unsent entries in the outbox (a check made offline must exist on
 * the server first). Failures wait with the outbox's backoff (`retryDelay`); a refusal (403, 404, 422…)
 * marks the photo failed, kept with its bytes for «Riprova» or «Scarta». Every step can be repeated
 * after a crash: its state is in the store, and the server's answers make a repeat harmless.
 */
import type { Entity } from '../../domain/entity.ts';
import { ApiProblem, type ApiClient } from '../api/http.ts';
import { storePhoto, type OfflineDb, type PhotoBlob } from './db.ts';
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy, type Outbox } from './outbox.ts';
import { isJsonMap } from './merge.ts';

/** The longer side of a photo kept on the device, in px (about what a report or a register needs). */
export const MAX_PHOTO_SIDE = 1600;
/** JPEG quality of a scaled photo. */
export const PHOTO_QUALITY = 0.85;

/** The record's list of media ids a photo joins (step 3), per API type. */
export const PHOTO_FIELDS: Readonly<Record<string, string>> = { checks: 'photos', rectifications: 'evidenceMediaIds' };

/** What the upload needs of the runtime (runtime-state.ts `OfflineRuntime`). */
export interface PhotoRuntime {
  readonly userId: string;
  readonly db: OfflineDb;
  readonly outbox: Outbox;
}

export interface PreparedPhoto {
  bytes: ArrayBuffer;
  mediaType: string;
  width: number;
  height: number;
}

/** `queued`: nothing sent yet (or starting again); `sent`: the server holds the bytes; `attaching`: the attach is in the outbox. */
export type PhotoStep = 'queued' | 'sent' | 'attaching';

/** A photo row as this module keeps it: db.ts's `PhotoBlob` and the upload's progress (not indexed). */
export interface QueuedPhoto extends PhotoBlob {
  /** The media row's id: the photo's own id, unless a removed row made it start again under a new one. */
  mediaId: string;
  name: string;
  width: number;
  height: number;
  /** The record's list the id joins (an attribute name), or null: the row's owner is enough. */
  field: string | null;
  step: PhotoStep;
  attempts: number;
  nextAttemptAt: number;
  /** The last transient failure (network, 5xx, 429). */
  lastError?: { status: number; code: string; message: string };
  /** A refusal: the photo waits for «Riprova» or «Scarta». */
  failed?: { status: number; code: string; message: string };
  /** The outbox entry that attaches it (step 3). */
  attachEntryId?: string;
}

/** What the screen shows of a queued photo at once. */
export interface LocalPhoto {
  id: string;
  mediaId: string;
  name: string;
  mediaType: string;
  width: number;
  height: number;
  size: number;
  sha256: string;
  /** An object URL of the stored bytes (the caller revokes it). */
  url: string;
  step: PhotoStep;
  failed?: QueuedPhoto['failed'];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const recordPath = (type: string, id: string) => `/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
const TRANSIENT_STATUSES = new Set([0, 401, 408, 413, 425, 429]);

// ---- scaling ----

/** The size a photo is kept at: the longer side at most `max`, the proportions kept; a smaller one as it is. */
export function scaledSize(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max || longer <= 0) return { width, height };
  const scale = max / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Types kept as they are when small enough (the server previews them; anything else is re-encoded as JPEG). */
const KEPT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The photo as kept: decoded with its EXIF orientation applied (`imageOrientation: 'from-image'`),
 * scaled so its longer side is at most 1,600 px and encoded as JPEG (quality 0.85). A photo already
 * that small, in a type the server previews, is kept byte for byte. Browser only (createImageBitmap
 * and a canvas); the unit tests inject their own scaler and test `scaledSize`.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    if (width === bitmap.width && height === bitmap.height && KEPT_TYPES.has(file.type)) {
      return { bytes: await file.arrayBuffer(), mediaType: file.type, width, height };
    }
    let blob: Blob | null;
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('2D canvas unavailable');
      context.drawImage(bitmap, 0, 0, width, height);
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('2D canvas unavailable');
      context.drawImage(bitmap, 0, 0, width, height);
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
    }
    if (!blob) throw new Error('JPEG encoding failed');
    return { bytes: await blob.arrayBuffer(), mediaType: 'image/jpeg', width, height };
  } finally {
    bitmap.close();
  }
}

// ---- queueing ----

export interface QueuePhotoInput {
  owner: { type: string; id: string };
  /** Kept for the screens (the row takes its customer from the owner). */
  customerId?: string | null;
  file: Blob;
  /** The file's name without extension (the screen's «Foto 29/11/2026 11:30»); the extension follows the type. */
  name?: string;
  /** The owner's list the photo joins; default `PHOTO_FIELDS[owner.type]`. */
  field?: string | null;
}

export interface QueuePhotoOptions {
  prepare?: (file: Blob) => Promise<PreparedPhoto>;
  newId?: () => string;
  now?: () => number;
  /** Makes the shown address of the bytes (default `URL.createObjectURL`). */
  objectUrl?: (blob: Blob) => string;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export function localPhotoOf(row: QueuedPhoto, objectUrl: (blob: Blob) => string = (blob) => URL.createObjectURL(blob)): LocalPhoto {
  return {
    id: row.id, mediaId: row.mediaId, name: row.name, mediaType: row.mediaType, width: row.width, height: row.height, size: row.size, sha256: row.sha256,
    url: objectUrl(new Blob([row.bytes], { type: row.mediaType })), step: row.step, ...(row.failed ? { failed: row.failed } : {}),
  };
}

/** Prepares the photo, stores its bytes and hash under a new media id, and answers what the screen shows at once. */
export async function queuePhoto(runtime: Pick<PhotoRuntime, 'db'>, input: QueuePhotoInput, options: QueuePhotoOptions = {}): Promise<LocalPhoto> {
  const prepared = await (options.prepare ?? preparePhoto)(input.file);
  const id = (options.newId ?? (() => crypto.randomUUID()))();
  const extension = EXTENSIONS[prepared.mediaType] ?? 'jpg';
  const base = (input.name ?? 'foto').replace(/[\\/:*?"<>|]+/g, '-').trim() || 'foto';
  const field = input.field === undefined ? (PHOTO_FIELDS[input.owner.type] ?? null) : input.field;
  const photo = {
    id, type: input.owner.type, recordId: input.owner.id, mediaType: prepared.mediaType, bytes: prepared.bytes,
    mediaId: id, name: `${base}.${extension}`, width: prepared.width, height: prepared.height, field, step: 'queued' as const, attempts: 0, nextAttemptAt: 0,
  };
  const stored = (await storePhoto(runtime.db, photo, options.now)) as QueuedPhoto;
  return localPhotoOf(stored, options.objectUrl);
}

// ---- reading (liveQuery-friendly: only Dexie reads) ----

/** The photos of one record still on the device, oldest first. */
export async function queuedPhotosOf(db: OfflineDb, type: string, recordId: string): Promise<QueuedPhoto[]> {
  const rows = (await db.photos.where('[type+recordId]').equals([type, recordId]).toArray()) as QueuedPhoto[];
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Photos not yet uploaded and attached (each removed once its attach is answered). */
export function pendingPhotoCount(db: OfflineDb): Promise<number> {
  return db.photos.count();
}

/** For the sync centre (`liveQuery(() => photoCounts(db))`): waiting, refused, and the bytes kept. */
export async function photoCounts(db: OfflineDb): Promise<{ pending: number; failed: number; bytes: number }> {
  let pending = 0;
  let failed = 0;
  let bytes = 0;
  await db.photos.each((row) => {
    const photo = row as QueuedPhoto;
    if (photo.failed) failed += 1;
    else pending += 1;
    bytes += photo.size;
  });
  return { pending, failed, bytes };
}

/** «Riprova» of a refused (or waiting) photo: tried again at the next round. */
export async function retryPhoto(db: OfflineDb, id: string): Promise<void> {
  await db.photos.where('id').equals(id).modify((row) => {
    const photo = row as QueuedPhoto;
    delete photo.failed;
    photo.attempts = 0;
    photo.nextAttemptAt = 0;
  });
}

/** «Scarta»: the photo and its bytes are dropped (whatever the server holds of it stays there, unattached). */
export async function discardPhoto(db: OfflineDb, id: string): Promise<void> {
  await db.photos.delete(id);
}

// ---- uploading ----

export interface UploadLinkAnswer {
  url: string;
  method: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export interface UploadPhotosOptions {
  /** Sends the bytes to a signed link; answers the media row (default: `fetch`). */
  sendBytes?: (link: UploadLinkAnswer, bytes: ArrayBuffer, mediaType: string) => Promise<Entity>;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  backoff?: BackoffPolicy;
  /** False while the queue is not this session's to send (an administrator impersonating). */
  isCurrentUser?: () => boolean;
  /** After a photo left the device (attached, its bytes removed). */
  onDone?: (photo: QueuedPhoto) => void;
}

export interface PhotoSummary {
  /** Photos attached and removed from the device. */
  done: number;
  /** Waiting for their record's entries, or for the outbox to send the attach. */
  waiting: number;
  /** Transient failures (backoff). */
  retried: number;
  failed: number;
  /** The earliest time a waiting photo may be tried again (epoch ms), or null. */
  nextAttemptAt: number | null;
}

/** `PUT` of the bytes to the signed link; its answer (the media row with its SHA-256), or the problem. */
export async function sendBytesWithFetch(link: UploadLinkAnswer, bytes: ArrayBuffer, mediaType: string): Promise<Entity> {
  let response: Response;
  try {
    response = await fetch(link.url, { method: link.method, headers: { 'Content-Type': mediaType, ...link.headers }, body: new Blob([bytes], { type: mediaType }) });
  } catch {
    throw new ApiProblem(0, { code: 'NETWORK_ERROR', message: 'Impossibile contattare il server' });
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    /* not JSON: the status says it */
  }
  if (!response.ok) throw new ApiProblem(response.status, body);
  return (body as { data: Entity }).data;
}

type Outcome = 'done' | 'waiting' | 'again' | 'retry' | 'failed';

const problemOf = (error: unknown): ApiProblem => (error instanceof ApiProblem ? error : new ApiProblem(0, { code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) }));
const isTransient = (problem: ApiProblem) => TRANSIENT_STATUSES.has(problem.status) || problem.status >= 500 || problem.code === 'IDEMPOTENCY_KEY_IN_USE';
const listOf = (sections: { attributes?: unknown } | null | undefined, field: string): string[] => {
  const value = isRecord(sections?.attributes) ? sections.attributes[field] : undefined;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase()) : [];
};

/**
 * One round over the photos on the device, oldest first: each goes as far as it can (steps 1–3 above).
 * Safe to call at any time, also twice at once from two tabs (the client id and the outbox make a repeat
 * harmless); the scheduler (photos-app.ts) calls it when the queue changes, when the device is online
 * again and when a wait ends.
 */
export async function uploadQueuedPhotos(runtime: PhotoRuntime, http: ApiClient, options: UploadPhotosOptions = {}): Promise<PhotoSummary> {
  const { db, outbox } = runtime;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const sendBytes = options.sendBytes ?? sendBytesWithFetch;
  const summary: PhotoSummary = { done: 0, waiting: 0, retried: 0, failed: 0, nextAttemptAt: null };
  if (options.isCurrentUser && !options.isCurrentUser()) return summary;

  const update = (photo: QueuedPhoto, change: Partial<QueuedPhoto>) => {
    Object.assign(photo, change);
    return db.photos.update(photo.id, change as Partial<PhotoBlob>);
  };

  async function wait(photo: QueuedPhoto, problem: ApiProblem): Promise<Outcome> {
    const attempts = photo.attempts + 1;
    await update(photo, { attempts, nextAttemptAt: now() + retryDelay(attempts, random, backoff), lastError: { status: problem.status, code: problem.code, message: problem.message } });
    return 'retry';
  }

  async function fail(photo: QueuedPhoto, problem: ApiProblem): Promise<Outcome> {
    await update(photo, { failed: { status: problem.status, code: problem.code, message: problem.message } });
    return 'failed';
  }

  /** The owner's entries still to send (or refused/held): its row may not be on the server yet. */
  async function ownerUnsent(photo: QueuedPhoto): Promise<boolean> {
    if ((await db.outbox.where('[type+recordId]').equals([photo.type, photo.recordId]).count()) > 0) return true;
    const refused = await db.inbox.toArray();
    return refused.some((item) => item.entry.type === photo.type && item.entry.recordId === photo.recordId && item.entry.kind === 'create');
  }

  /** Steps 1 and 2: a link (the row made the first time), then the bytes to it. */
  async function upload(photo: QueuedPhoto): Promise<Outcome> {
    let answer: { data: Entity; upload: UploadLinkAnswer };
    try {
      answer = await http.post<{ data: Entity; upload: UploadLinkAnswer }>(
        '/media/uploads',
        { id: photo.mediaId, name: photo.name, mimeType: photo.mediaType, bytesCount: photo.size, owner: { type: photo.type, id: photo.recordId } },
        { silent: true, quietWhenUnreachable: true },
      );
    } catch (error) {
      const problem = problemOf(error);
      if (problem.status === 412) return existing(photo);
      return isTransient(problem) ? wait(photo, problem) : fail(photo, problem);
    }
    // Sent at once to the link just answered (its expiry is not compared with the device's clock, which may be wrong).
    let media: Entity;
    try {
      media = await sendBytes(answer.upload, photo.bytes, photo.mediaType);
    } catch (error) {
      const problem = problemOf(error);
      // A link refused (used meanwhile by another tab, expired, renewed): the next attempt asks for a new one and learns which.
      if (problem.status === 403 && problem.code.startsWith('MEDIA_LINK')) return wait(photo, problem);
      return isTransient(problem) ? wait(photo, problem) : fail(photo, problem);
    }
    return received(photo, media);
  }

  /** The server's row after the bytes: its SHA-256 must be the device's. */
  async function received(photo: QueuedPhoto, media: Entity): Promise<Outcome> {
    const meta = isRecord(media.attributes.meta) ? media.attributes.meta : {};
    if (meta.sha256 !== photo.sha256) {
      return fail(photo, new ApiProblem(409, { code: 'PHOTO_HASH_MISMATCH', message: `Il file ricevuto dal server non corrisponde alla foto (${String(meta.sha256 ?? '—')})` }));
    }
    await update(photo, { step: 'sent', attempts: 0, nextAttemptAt: 0 });
    return 'again';
  }

  /** 412: the row is there and takes no link — its bytes arrived (a lost answer), or it was removed (start again under a new id). */
  async function existing(photo: QueuedPhoto): Promise<Outcome> {
    let media: Entity;
    try {
      media = (await http.get<{ data: Entity }>('/media/{id}', { params: { id: photo.mediaId }, silent: true, quietWhenUnreachable: true })).data;
    } catch (error) {
      const problem = problemOf(error);
      return isTransient(problem) ? wait(photo, problem) : fail(photo, problem);
    }
    const meta = isRecord(media.attributes.meta) ? media.attributes.meta : {};
    if (!media.metadata.isDeleted && meta.uploadedAt && String(media.relationships.ownerId ?? '').toLowerCase() === photo.recordId.toLowerCase()) return received(photo, media);
    await update(photo, { mediaId: newId(), step: 'queued' });
    return 'again';
  }

  /** Step 3: the media id joins the record's list through the outbox; done once the server's answer holds it. */
  async function attach(photo: QueuedPhoto): Promise<Outcome> {
    const field = photo.field;
    if (!field) return finish(photo);
    const mediaId = photo.mediaId.toLowerCase();
    let stored = await db.records.get([photo.type, photo.recordId]);
    if (stored?.server && listOf(stored.server, field).includes(mediaId)) return finish(photo);
    if (photo.attachEntryId) {
      if (await db.outbox.where('id').equals(photo.attachEntryId).count()) return 'waiting';
      const refused = await db.inbox.get(photo.attachEntryId);
      if (refused) return fail(photo, new ApiProblem(refused.status, { code: refused.code, message: refused.message }));
    }
    if (!stored) {
      // Made or read online only: the device reads it first, so the attach is an edit like any other.
      try {
        const current = (await http.get<{ data: Entity }>(recordPath(photo.type, photo.recordId), { silent: true, quietWhenUnreachable: true })).data;
        await outbox.prime(photo.type, current);
      } catch (error) {
        const problem = problemOf(error);
        return isTransient(problem) ? wait(photo, problem) : fail(photo, problem);
      }
      stored = await db.records.get([photo.type, photo.recordId]);
      if (stored?.server && listOf(stored.server, field).includes(mediaId)) return finish(photo);
    }
    const view = listOf(stored, field);
    if (view.includes(mediaId)) {
      // Queued by an attach whose id was not kept (a crash between the two writes): the outbox sends it.
      const queued = await db.outbox.where('[type+recordId]').equals([photo.type, photo.recordId]).filter((entry) => listOf(entry.body, field).includes(mediaId)).first();
      if (queued) {
        await update(photo, { step: 'attaching', attachEntryId: queued.id });
        return 'waiting';
      }
    }
    const current = isRecord(stored?.attributes) && Array.isArray(stored.attributes[field]) ? (stored.attributes[field] as unknown[]) : [];
    const entry = await outbox.enqueueEdit(photo.type, photo.recordId, { attributes: { ...(isJsonMap(stored?.attributes) ? stored.attributes : {}), [field]: [...current.filter((id) => String(id).toLowerCase() !== mediaId), photo.mediaId] } });
    if (!entry) return finish(photo);
    await update(photo, { step: 'attaching', attachEntryId: entry.id });
    return 'waiting';
  }

  /** The attach is answered: the bytes leave the device. */
  async function finish(photo: QueuedPhoto): Promise<Outcome> {
    await db.photos.delete(photo.id);
    options.onDone?.(photo);
    return 'done';
  }

  async function process(photo: QueuedPhoto): Promise<Outcome> {
    if (photo.failed) return 'failed';
    if (photo.step === 'queued') {
      if (photo.nextAttemptAt > now()) return 'retry';
      if (await ownerUnsent(photo)) return 'waiting';
      return upload(photo);
    }
    if (photo.nextAttemptAt > now()) return 'retry';
    return attach(photo);
  }

  const photos = ((await db.photos.orderBy('createdAt').toArray()) as QueuedPhoto[]).filter((photo) => photo.mediaId !== undefined);
  for (const photo of photos) {
    let outcome: Outcome;
    // A step that moved on (bytes sent, a new id) continues at once; a few turns at most.
    let turns = 0;
    do {
      try {
        outcome = await process(photo);
      } catch (error) {
        // The store itself failed (quota, a closed database): the photo waits rather than spinning.
        outcome = await wait(photo, problemOf(error)).catch(() => 'retry' as const);
      }
      turns += 1;
    } while (outcome === 'again' && turns < 4);
    if (outcome === 'done') summary.done += 1;
    else if (outcome === 'failed') summary.failed += 1;
    else if (outcome === 'retry' || outcome === 'again') summary.retried += 1;
    else summary.waiting += 1;
    if (!photo.failed && photo.nextAttemptAt > now() && (await db.photos.get(photo.id))) {
      summary.nextAttemptAt = summary.nextAttemptAt === null ? photo.nextAttemptAt : Math.min(summary.nextAttemptAt, photo.nextAttemptAt);
    }
  }
  return summary;
}
