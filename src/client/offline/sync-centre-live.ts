/**
 * What the sync centre and the header's indicator read, live: Dexie's `liveQuery` over the user's
 * store (it answers again after every write, also one made by another tab), and whether the browser
 * says it is online.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import type { ConflictItem, InboxItem, OfflineDb, OutboxEntry, StoredRecord } from './db.ts';
import { readLastSync } from './runtime.ts';

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

/** The queue's length: every change not yet answered (the indicator's count). */
export const queueLength = (db: OfflineDb) => db.outbox.count();

export interface SyncSnapshot {
  entries: OutboxEntry[];
  inbox: InboxItem[];
  conflicts: ConflictItem[];
  lastSync: string | null;
  /** The device's copy of each record named above, by `type/id` (its name for the lists). */
  records: Map<string, StoredRecord>;
}

export const recordKeyOf = (type: string, id: string) => `${type}/${id}`;

/** Everything the sync centre lists, in one read. */
export async function syncSnapshot(db: OfflineDb): Promise<SyncSnapshot> {
  const [entries, inbox, conflicts, lastSync] = await Promise.all([
    db.outbox.orderBy('seq').toArray(),
    db.inbox.orderBy('at').toArray(),
    db.conflicts.orderBy('at').toArray(),
    readLastSync(db),
  ]);
  const keys = new Map<string, [string, string]>();
  for (const { type, recordId } of [...entries, ...inbox.map((item) => item.entry), ...conflicts]) keys.set(recordKeyOf(type, recordId), [type, recordId]);
  const stored = keys.size ? await db.records.bulkGet([...keys.values()]) : [];
  const records = new Map<string, StoredRecord>();
  for (const record of stored) if (record) records.set(recordKeyOf(record.type, record.id), record);
  return { entries, inbox, conflicts, lastSync, records };
}
