/**
 * The photo uploads as the app runs them (issue 25): one uploader per offline runtime, sending through
 * the app's HTTP client (`api`: token, refresh, problem parsing) and the signed links, one tab at a time
 * (Web Locks `photo-upload-<userId>`; a second tab waits its turn, and a repeat is harmless anyway). It
 * runs a round (photos.ts `uploadQueuedPhotos`) when a photo is queued, when the outbox or the photos
 * change (an attach answered removes the bytes), when the device is online again, and when the
 * earliest wait ends. Not while an administrator impersonates someone, nor while the device is offline.
 * Loaded lazily (the files panel imports it with `import()`), never by the entry chunk.
 */
import { liveQuery, type Subscription } from 'dexie';
import { api } from '../api/client.ts';
import { readImpersonation } from '../session/impersonation-state.ts';
import { onOfflineRuntime } from './runtime-state.ts';
import type { LockManagerLike } from './outbox.ts';
import { localPhotoOf, queuedPhotosOf, uploadQueuedPhotos, type LocalPhoto, type PhotoRuntime, type PhotoSummary, type UploadPhotosOptions } from './photos.ts';

export interface PhotoUploader {
  /** A round now (or right after the one running). */
  kick(): void;
  stop(): void;
  /** The round running or the last one, for tests. */
  readonly settled: Promise<PhotoSummary | null>;
}

export { queuePhoto, queuedPhotosOf, pendingPhotoCount, photoCounts, retryPhoto, discardPhoto, localPhotoOf, type LocalPhoto, type QueuedPhoto } from './photos.ts';

const uploaders = new WeakMap<PhotoRuntime, PhotoUploader>();
const isOnline = () => globalThis.navigator?.onLine !== false;

export interface PhotoUploaderOptions extends UploadPhotosOptions {
  http?: typeof api;
  locks?: LockManagerLike | null;
}

/** The runtime's uploader, started on first use; it stops by itself when the runtime stops. */
export function startPhotoUploads(runtime: PhotoRuntime, options: PhotoUploaderOptions = {}): PhotoUploader {
  const existing = uploaders.get(runtime);
  if (existing) return existing;
  const http = options.http ?? api;
  const locks = options.locks === undefined ? ((globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null) : options.locks;
  const now = options.now ?? Date.now;
  let stopped = false;
  let busy = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled: Promise<PhotoSummary | null> = Promise.resolve(null);
  let lastSeen = '';

  const round = () =>
    uploadQueuedPhotos(runtime, http, { isCurrentUser: () => !readImpersonation(), ...options });

  async function run(): Promise<PhotoSummary | null> {
    if (stopped || !isOnline()) return null;
    const lockName = `photo-upload-${runtime.userId}`;
    return locks ? locks.request(lockName, round) : round();
  }

  function kick(): void {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    settled = run()
      .catch(() => null)
      .then((summary) => {
        busy = false;
        if (stopped) return summary;
        if (again) {
          again = false;
          kick();
        } else if (summary?.nextAttemptAt != null) {
          timer = setTimeout(kick, Math.max(0, summary.nextAttemptAt - now()));
        }
        return summary;
      });
  }

  const onOnline = () => kick();
  globalThis.addEventListener?.('online', onOnline);
  // The queue and the photos: an attach answered (the outbox's entry gone), a photo queued or removed.
  const subscription: Subscription = liveQuery(() => Promise.all([runtime.db.outbox.count(), runtime.db.photos.count()])).subscribe({
    next: (counts) => {
      const seen = counts.join('/');
      if (seen === lastSeen) return;
      lastSeen = seen;
      kick();
    },
    error: () => undefined,
  });
  const unlisten = onOfflineRuntime((next) => {
    if (next !== runtime) uploader.stop();
  });

  const uploader: PhotoUploader = {
    kick,
    stop() {
      if (stopped) return;
      stopped = true;
      uploaders.delete(runtime);
      if (timer) clearTimeout(timer);
      globalThis.removeEventListener?.('online', onOnline);
      subscription.unsubscribe();
      unlisten();
    },
    get settled() {
      return settled;
    },
  };
  uploaders.set(runtime, uploader);
  return uploader;
}

/**
 * The photos of one record still on the device, as the screen shows them (`onChange` with each change,
 * object URLs of their bytes, revoked when replaced or unwatched); starts the uploader too, so photos
 * queued before a reload go on. Answers the unsubscribe.
 */
export function watchQueuedPhotos(runtime: PhotoRuntime, type: string, recordId: string, onChange: (photos: LocalPhoto[]) => void): () => void {
  startPhotoUploads(runtime).kick();
  let shown: LocalPhoto[] = [];
  const revoke = (photos: LocalPhoto[]) => photos.forEach((photo) => URL.revokeObjectURL(photo.url));
  const subscription = liveQuery(() => queuedPhotosOf(runtime.db, type, recordId)).subscribe({
    next: (rows) => {
      const previous = shown;
      shown = rows.map((row) => localPhotoOf(row));
      onChange(shown);
      revoke(previous);
    },
    error: () => undefined,
  });
  return () => {
    subscription.unsubscribe();
    revoke(shown);
    shown = [];
  };
}
