/**
 * The offline store of one user (issue 25): an IndexedDB database per user, through Dexie, named
 * `backoffice-offline-<userId>`, so a queue, its refusals and its conflicts belong to who made them
 * and another user signing in on the same device never sees or sends them.
 *
 * Tables (schema version 1; a later version adds `this.version(2).stores(…).upgrade(…)` below it and
 * never edits this one, so a device that kept its queue across an update opens it again):
 *
 * - `records`: what the device holds of a record — the server's last answer (`server`, `version`,
 *   `metadata`), the local view the screens show (`attributes`, `relationships`: the server's answer
 *   with the patches still queued on top), and when it was primed;
 * - `outbox`: the queued writes, FIFO by `seq` (see outbox.ts);
 * - `inbox`: writes the server refused (a validation 422, 403, 404…), with the problem, kept for the
 *   technician to see and never blocking the queue;
 * - `conflicts`: «Da risolvere», the writes whose fields the office changed too (base, mine, theirs,
 *   who and when), or that the office's change made impossible (an intervention cancelled);
 * - `photos`: photos taken offline, as bytes with their SHA-256, until they are uploaded.
 *
 * Version 2 adds `syncState`: small named values of the device's sync (`lastSync`: when the queue was
 * last sent whole while online; runtime.ts writes it, the sync centre reads it), and what priming keeps
 * (prime.ts): `primed` (the records a priming run keeps, to remove them once out of the window),
 * `readiness` (per intervention: primed when, what is missing), `thumbnails` (photo thumbnails as bytes).
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import type { FieldConflict, JsonMap, RecordSections } from './merge.ts';

export const OFFLINE_DB_PREFIX = 'backoffice-offline-';
export const OFFLINE_SCHEMA_VERSION = 1;

export interface StoredRecord {
  type: string;
  id: string;
  /** The version the server last answered (its `lastUpdatedDateTime`); null: made here, not yet sent. */
  version: string | null;
  /** The record as the server last answered it; null until a record made here is sent. */
  server: RecordSections | null;
  /** The server's metadata as last answered (who changed it and when, deleted, archived). */
  metadata: JsonMap;
  /** The local view: `server` with the queued patches applied in order (what the screens show). */
  attributes: JsonMap;
  relationships: JsonMap;
  /** When the record was read for offline use (ISO); null when it was only made or written here. */
  primedAt: string | null;
  updatedAt: string;
}

/** `create`: `PUT /api/{type}/{id}` with `If-None-Match: *`; `update`: `PATCH` with the merge patch; `action`: `POST …/actions/{action}`. */
export type EntryKind = 'create' | 'update' | 'action';
/** `pending` (waiting, maybe until `nextAttemptAt`), `inflight` (sent, answer not yet stored), `conflict` (in «Da risolvere»). */
export type EntryState = 'pending' | 'inflight' | 'conflict';

export interface OutboxEntry {
  /** Dexie's auto-increment key: the order of the queue. */
  seq?: number;
  id: string;
  /** Sent as `Idempotency-Key`; the same on every repeat of the same request (a resume after a crash). */
  idempotencyKey: string;
  method: 'PUT' | 'PATCH' | 'POST';
  /** Under the API's base, its segments URL-encoded: `/checks/<id>`, `/interventions/<id>/actions/close`. */
  path: string;
  kind: EntryKind;
  type: string;
  recordId: string;
  action?: string;
  /** The body: a create's sections, an update's merge patch of only the changed fields, an action's body. */
  body: JsonMap;
  /** The local view the edit was made on (the «base» of the three-way merge); null for a create. */
  base: RecordSections | null;
  /** The version sent as `If-Match`; null for a create, or an edit of a record whose create is still queued. */
  baseVersion: string | null;
  /** The device's time when the technician acted (ISO). */
  deviceTime: string;
  /** Entries that must be applied first (ids); one refused holds this one with it. */
  dependsOn: string[];
  attempts: number;
  /** Epoch ms before which the entry is not sent again (backoff); 0: now. */
  nextAttemptAt: number;
  state: EntryState;
  /** Automatic re-sends after a 409 in a row (a record the office keeps changing waits with backoff). */
  rebases: number;
  /** The last transient failure (network, 5xx, 429), for the sync centre. */
  lastError?: { status: number; code: string; message: string };
}

export interface InboxItem {
  /** The refused entry's id. */
  id: string;
  entry: OutboxEntry;
  status: number;
  code: string;
  /** The server's message (Italian, from its problem+json). */
  message: string;
  errors: { pointer: string; code: string; message: string }[];
  at: string;
}

/** Who changed a conflicting field on the server, and when (the record's history). */
export interface ConflictField extends FieldConflict {
  changedBy?: string | null;
  changedByName?: string | null;
  changedAt?: string | null;
}

export interface ConflictItem {
  id: string;
  entryId: string;
  type: string;
  recordId: string;
  /** `fields`: the same fields changed on both sides; `refused`: the office's change made the write impossible (409 with `code`). */
  reason: 'fields' | 'refused';
  fields: ConflictField[];
  code?: string;
  message?: string;
  /** The server's record when the conflict was found, and its version (what a resolution is sent on). */
  theirs: RecordSections;
  theirsVersion: string;
  /** The part of mine that merges without conflict, sent whichever side the technician keeps. */
  autoPatch?: JsonMap;
  at: string;
}

/** A named value of the device's sync (version 2), e.g. `{ key: 'lastSync', value: '2026-11-29T08:00:00.000Z' }`. */
export interface SyncStateRow {
  key: string;
  value: string;
}

/** A record kept by priming (version 2): `run` is the run that last wanted it; others' are removed unless work on them is queued. */
export interface PrimedKey {
  type: string;
  id: string;
  run: string;
}

/** What an intervention lacks offline (prime.ts): kinds the user may not read, thumbnails that failed or were left out. */
export interface ReadinessMissing {
  /** API types refused (403) or unreadable, so left out. */
  kinds: string[];
  /** Thumbnails that could not be read (refused, none made, unreadable). */
  thumbnails: number;
  /** Thumbnails dropped to stay within the budget (the farthest days first). */
  thumbnailsOverBudget: number;
  /** The intervention itself was left out to stay within the budget. */
  overBudget: boolean;
}

/** Per intervention (version 2): when it was last primed and what it lacks; ready when nothing does. */
export interface ReadinessRow {
  assignmentId: string;
  primedAt: string;
  /** Its day in Rome (`YYYY-MM-DD`); today for one running or paused. */
  day: string;
  ready: boolean;
  missing: ReadinessMissing;
}

/** A photo's thumbnail as bytes (version 2), from the media row's preview. */
export interface ThumbnailRow {
  mediaId: string;
  mediaType: string;
  bytes: ArrayBuffer;
  size: number;
  /** The nearest day of an intervention that shows it: the farthest days are dropped first over the budget. */
  day: string;
  primedAt: string;
}

export interface PhotoBlob {
  id: string;
  type: string;
  recordId: string;
  mediaType: string;
  bytes: ArrayBuffer;
  /** Lower-case hex SHA-256 of `bytes`. */
  sha256: string;
  size: number;
  createdAt: string;
}

export class OfflineDb extends Dexie {
  declare records: Table<StoredRecord, [string, string]>;
  declare outbox: Table<OutboxEntry, number>;
  declare inbox: Table<InboxItem, string>;
  declare conflicts: Table<ConflictItem, string>;
  declare photos: Table<PhotoBlob, string>;
  declare syncState: Table<SyncStateRow, string>;
  declare primed: Table<PrimedKey, [string, string]>;
  declare readiness: Table<ReadinessRow, string>;
  declare thumbnails: Table<ThumbnailRow, string>;
  readonly userId: string;

  constructor(userId: string, options?: DexieOptions) {
    if (!userId.trim()) throw new Error('Offline store needs the signed-in user id');
    super(offlineDbName(userId), options);
    this.userId = userId;
    this.version(OFFLINE_SCHEMA_VERSION).stores({
      records: '[type+id], type, primedAt',
      outbox: '++seq, &id, [type+recordId], state, nextAttemptAt',
      inbox: 'id, at',
      conflicts: 'id, &entryId, [type+recordId], at',
      photos: 'id, sha256, [type+recordId], createdAt',
    });
    this.version(2).stores({
      syncState: 'key',
      primed: '[type+id], run',
      readiness: 'assignmentId',
      thumbnails: 'mediaId, day',
    });
  }
}

export function offlineDbName(userId: string): string {
  return `${OFFLINE_DB_PREFIX}${userId}`;
}

/** Opens (creating or upgrading) the user's store; `options` passes another IndexedDB (tests: fake-indexeddb). */
export async function openOfflineDb(userId: string, options?: DexieOptions): Promise<OfflineDb> {
  const db = new OfflineDb(userId, options);
  await db.open();
  return db;
}

/** Lower-case hex SHA-256 (Web Crypto). */
export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes instanceof Uint8Array ? new Uint8Array(bytes) : bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Stores a photo's bytes with their hash (hashed before the transaction: Dexie's must not await other work). */
export async function storePhoto(db: OfflineDb, photo: { id: string; type: string; recordId: string; mediaType: string; bytes: ArrayBuffer }, now = () => Date.now()): Promise<PhotoBlob> {
  const row: PhotoBlob = { ...photo, sha256: await sha256Hex(photo.bytes), size: photo.bytes.byteLength, createdAt: new Date(now()).toISOString() };
  await db.photos.put(row);
  return row;
}
