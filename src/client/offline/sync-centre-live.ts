/**
 * What the sync centre and the header's indicator read, live: Dexie's `liveQuery` over the user's
 * store (it answers again after every write, also one made by another tab), and whether the browser
 * says it is online.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import type { ConflictItem, InboxItem, OfflineDb, OutboxEntry, StoredRecord } from './db.ts';
import type { QueuedPhoto } from './photos.ts';
import { namingReferences, recordKeyOf } from './record-label.ts';
import { readLastSync } from './runtime.ts';
import { unsentCount, unsentWork } from './unsent.ts';

export { recordKeyOf } from './record-label.ts';

/** `query` over `db`, answered again whenever what it read changes; undefined until the first answer. `query` must be stable (module-level). */
export function useLiveQuery<T>(db: OfflineDb | null, query: (db: OfflineDb) => Promise<T>): T | undefined {
  const [state, setState] = useState<{ db: OfflineDb | null; value: T | undefined }>({ db, value: undefined });
  useEffect(() => {
    if (!db) return undefined;
    const subscription = liveQuery(() => query(db)).subscribe({
      next: (value) => setState({ db, value }),
      error: (error: unknown) => console.warn('sync centre: live query', error),
    });
    return () => subscription.unsubscribe();
  }, [db, query]);
  // An answer about another store (the user changed) is not shown.
  return state.db === db ? state.value : undefined;
}

function subscribeOnline(listener: () => void): () => void {
  globalThis.addEventListener?.('online', listener);
  globalThis.addEventListener?.('offline', listener);
  return () => {
    globalThis.removeEventListener?.('online', listener);
    globalThis.removeEventListener?.('offline', listener);
  };
}

const readOnline = () => globalThis.navigator?.onLine !== false;

/** The browser's idea of being online (`navigator.onLine`, its `online`/`offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, readOnline, () => true);
}

/** The indicator's count: the one count of unsent work (unsent.ts), the sync centre's «Da inviare» too. */
export const queueLength = (db: OfflineDb) => unsentCount(db);

export interface SyncSnapshot {
  /** The queue, in its order (waiting, in flight, «Da risolvere»). */
  entries: OutboxEntry[];
  /** The photos waiting on the device that no queued entry stands for (unsent.ts). */
  photos: QueuedPhoto[];
  inbox: InboxItem[];
  conflicts: ConflictItem[];
  lastSync: string | null;
  /** The device's copy of each record named above and of the records that name them (record-label.ts), by `type/id`. */
  records: Map<string, StoredRecord>;
}

/** Everything the sync centre lists, in one read. */
export async function syncSnapshot(db: OfflineDb): Promise<SyncSnapshot> {
  const [{ entries, photos }, inbox, conflicts, lastSync] = await Promise.all([
    unsentWork(db),
    db.inbox.orderBy('at').toArray(),
    db.conflicts.orderBy('at').toArray(),
    readLastSync(db),
  ]);
  const records = new Map<string, StoredRecord>();
  const read = async (keys: [string, string][]) => {
    const missing = new Map(keys.filter(([type, id]) => !records.has(recordKeyOf(type, id))).map((key) => [recordKeyOf(...key), key] as const));
    const stored = missing.size ? await db.records.bulkGet([...missing.values()]) : [];
    for (const record of stored) if (record) records.set(recordKeyOf(record.type, record.id), record);
    return stored.filter((record): record is StoredRecord => record !== undefined);
  };
  const named = await read([...entries, ...inbox.map((item) => item.entry), ...conflicts, ...photos.map((photo) => ({ type: photo.type, recordId: photo.recordId }))].map(({ type, recordId }) => [type, recordId]));
  // The control, equipment or installation each one refers to: what it is called in the field.
  await read(named.flatMap((record) => namingReferences(record.type, record)));
  return { entries, photos, inbox, conflicts, lastSync, records };
}
