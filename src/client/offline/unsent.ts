/**
 * The one count of unsent work (issue 25): the header's indicator, the sync centre's «Da inviare» and
 * the sign-out guard («N modifiche…») all read it here, so they say the same number. It is every entry
 * of the queue — waiting, in flight, or held in «Da risolvere» — and every photo still on the device,
 * each once: a photo whose attach is already queued is that entry (the entry is listed, not the photo).
 * Refusals («Rifiutate») left the queue and are not counted. Only Dexie reads: liveQuery-friendly.
 */
import type { OfflineDb, OutboxEntry } from './db.ts';
import type { QueuedPhoto } from './photos.ts';

export interface UnsentWork {
  /** The queue, in its order. */
  entries: OutboxEntry[];
  /** The photos on the device not represented by a queued entry, oldest first. */
  photos: QueuedPhoto[];
}

/** The photos that count on their own: those whose attach is not (or no longer) a queued entry. */
export function photosOnTheirOwn(photos: readonly QueuedPhoto[], queuedIds: ReadonlySet<string>): QueuedPhoto[] {
  return photos.filter((photo) => !(photo.attachEntryId && queuedIds.has(photo.attachEntryId)));
}

/** Everything unsent, as the sync centre lists it. */
export async function unsentWork(db: OfflineDb): Promise<UnsentWork> {
  const [entries, photos] = await Promise.all([db.outbox.orderBy('seq').toArray(), db.photos.orderBy('createdAt').toArray()]);
  return { entries, photos: photosOnTheirOwn(photos as QueuedPhoto[], new Set(entries.map((entry) => entry.id))) };
}

/** How many: the length of what `unsentWork` lists. */
export async function unsentCount(db: OfflineDb): Promise<number> {
  const { entries, photos } = await unsentWork(db);
  return entries.length + photos.length;
}
