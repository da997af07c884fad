/**
 * «Esporta e scarta» (issue 25): before a user with unsent changes signs out, what only this device
 * holds — the queue, the refusals, «Da risolvere» and the photos not yet uploaded (their bytes as
 * base64: deleted with the database, they would be lost) — is saved as a JSON file, and only then the
 * user's offline database is deleted.
 */
import { Dexie } from 'dexie';
import { downloadBlob } from '../shell/download.ts';
import type { ConflictItem, InboxItem, OfflineDb, OutboxEntry, PhotoBlob } from './db.ts';
import { stopOfflineRuntime, type OfflineRuntime } from './runtime.ts';

export const UNSENT_EXPORT_FORMAT = 'backoffice-offline-unsent';

export interface UnsentExport {
  format: typeof UNSENT_EXPORT_FORMAT;
  version: 1;
  userId: string;
  exportedAt: string;
  outbox: OutboxEntry[];
  inbox: InboxItem[];
  conflicts: ConflictItem[];
  photos: (Omit<PhotoBlob, 'bytes'> & { base64: string })[];
}

/** Bytes as base64, in slices (a whole photo at once would overflow the argument list). */
function base64Of(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let text = '';
  for (let at = 0; at < view.length; at += 0x8000) text += String.fromCharCode(...view.subarray(at, at + 0x8000));
  return btoa(text);
}

/** Everything of the user's store that the server has not taken, in one read. */
export async function collectUnsent(db: OfflineDb, at: Date = new Date()): Promise<UnsentExport> {
  return db.transaction('r', [db.outbox, db.inbox, db.conflicts, db.photos], async () => ({
    format: UNSENT_EXPORT_FORMAT,
    version: 1 as const,
    userId: db.userId,
    exportedAt: at.toISOString(),
    outbox: await db.outbox.orderBy('seq').toArray(),
    inbox: await db.inbox.orderBy('at').toArray(),
    conflicts: await db.conflicts.orderBy('at').toArray(),
    photos: (await db.photos.orderBy('createdAt').toArray()).map(({ bytes, ...metadata }) => ({ ...metadata, base64: base64Of(bytes) })),
  }));
}

const two = (n: number) => String(n).padStart(2, '0');

/** `modifiche-non-inviate-2026-11-29-0915.json` (the device's local date and time). */
export function unsentFileName(at: Date): string {
  return `modifiche-non-inviate-${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}.json`;
}

export interface ExportAndDiscardOptions {
  /** Saves the file (default: the browser's download). */
  download?: (blob: Blob, fileName: string) => void;
  now?: () => Date;
}

/**
 * Saves the user's unsent work as a file, then stops the runtime and deletes the user's offline
 * database. A failure before the download leaves everything as it was.
 */
export async function exportAndDiscard(runtime: OfflineRuntime, options: ExportAndDiscardOptions = {}): Promise<UnsentExport> {
  const at = (options.now ?? (() => new Date()))();
  const data = await collectUnsent(runtime.db, at);
  (options.download ?? downloadBlob)(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), unsentFileName(at));
  await stopOfflineRuntime();
  await Dexie.delete(runtime.db.name);
  return data;
}
