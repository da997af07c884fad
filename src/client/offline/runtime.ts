/**
 * The offline runtime of the signed-in field user (issue 25): their store and outbox (app-outbox.ts),
 * draining whenever the device is online, the count of unsent changes given to the shell
 * (`provideUnsentWork`: the update notice and the sign-out guard wait for it) and the «last sync» time
 * the sync centre shows. main.tsx imports this module lazily after the first render, never while an
 * administrator impersonates someone, and stops it before the session signs out.
 *
 * «Last sync» (`syncState.lastSync`): the last drain that left nothing to send while online
 * (`syncNow`), or the last time the queue became empty while online — also when another tab sent it.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { AppAbility, Identity } from '../../domain/ability.ts';
import { findKind } from '../../domain/kinds.ts';
import { readImpersonation } from '../session/impersonation-state.ts';
import { provideUnsentWork } from '../shell/unsent-work.ts';
import { installDeviceRecords } from '../data/records.ts';
import { openAppOutbox } from './app-outbox.ts';
import type { OfflineDb } from './db.ts';
import { createDeviceRecords } from './device-records.ts';
import { startPhotoUploads } from './photos-app.ts';
import { startPriming } from './prime.ts';
import { unsentCount } from './unsent.ts';
import type { DrainSummary, OutboxOptions } from './outbox.ts';
import { isFieldUser, setOfflineRuntime, type OfflineRuntime } from './runtime-state.ts';

export { currentOfflineRuntime, isFieldUser, onOfflineRuntime, useOfflineRuntime, type OfflineRuntime } from './runtime-state.ts';

export const LAST_SYNC_KEY = 'lastSync';

const isOnline = () => globalThis.navigator?.onLine !== false;

/** When the device last sent its whole queue while online (ISO), or null: never. */
export async function readLastSync(db: OfflineDb): Promise<string | null> {
  return (await db.syncState.get(LAST_SYNC_KEY))?.value ?? null;
}

export async function recordLastSync(db: OfflineDb, at: Date = new Date()): Promise<void> {
  await db.syncState.put({ key: LAST_SYNC_KEY, value: at.toISOString() });
}

/** The changes not yet answered by the server (unsent.ts: the queue and the photos, each once). */
export { unsentCount } from './unsent.ts';

/**
 * «Riprova ora» of one queued entry (by its id), or of every waiting one: the technician asked, so the
 * backoff's wait is cut short. Entries in «Da risolvere» are not touched (they wait for a choice).
 */
export async function cutWaits(db: OfflineDb, entryId?: string): Promise<void> {
  const waiting = entryId === undefined ? db.outbox.where('state').equals('pending') : db.outbox.where('id').equals(entryId).filter((entry) => entry.state === 'pending');
  await waiting.modify({ nextAttemptAt: 0 });
}

/** «Sincronizza ora»: sends every waiting change now; a drain that leaves nothing waiting while online is the last sync. */
export async function syncNow(runtime: OfflineRuntime, now: () => Date = () => new Date()): Promise<DrainSummary> {
  await cutWaits(runtime.db);
  const summary = await runtime.outbox.drain();
  if (!summary.skipped && summary.retried === 0 && isOnline()) {
    const waiting = await runtime.db.outbox.where('state').anyOf('pending', 'inflight').count();
    if (waiting === 0) await recordLastSync(runtime.db, now());
  }
  return summary;
}

interface Running {
  runtime: OfflineRuntime;
  subscriptions: Subscription[];
  /** What runs with the store: priming, the photo uploads. */
  stops: (() => void)[];
}

let running: Running | null = null;
// Starts and stops run one after the other: a start for the same user while one is under way returns its runtime.
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(step: () => Promise<T>): Promise<T> {
  const next = chain.then(step, step);
  chain = next.catch(() => undefined);
  return next;
}

async function stopNow(): Promise<void> {
  const stopping = running;
  if (!stopping) return;
  running = null;
  installDeviceRecords(null);
  for (const stop of stopping.stops) stop();
  stopping.runtime.outbox.stop();
  for (const subscription of stopping.subscriptions) subscription.unsubscribe();
  provideUnsentWork(null);
  setOfflineRuntime(null);
  stopping.runtime.db.close();
}

/**
 * Opens the user's store and outbox, starts draining, provides the unsent count and notifies the
 * listeners. Null (and any other user's runtime stopped) for a user who is not a field user, or while
 * impersonating. Idempotent: the same user's runtime is returned as it is. `options` reach the outbox
 * (tests: `locks: null`, a clock).
 */
export function startOfflineRuntime(identity: Identity, ability: AppAbility, options: Partial<Omit<OutboxOptions, 'db' | 'http'>> = {}): Promise<OfflineRuntime | null> {
  return serial(async () => {
    if (!isFieldUser(ability) || readImpersonation() !== null) {
      await stopNow();
      return null;
    }
    if (running?.runtime.userId === identity.id) return running.runtime;
    await stopNow();
    const outbox = await openAppOutbox(identity.id, options);
    const { db } = outbox;
    const runtime: OfflineRuntime = { userId: identity.id, db, outbox };
    const counts = liveQuery(() => unsentCount(db));
    let previous: number | undefined;
    const lastSync = counts.subscribe({
      next: (count) => {
        if (previous !== undefined && previous > 0 && count === 0 && isOnline()) {
          void recordLastSync(db).catch((error: unknown) => console.warn('offline runtime: last sync not stored', error));
        }
        previous = count;
      },
      error: (error: unknown) => console.warn('offline runtime: queue count', error),
    });
    running = { runtime, subscriptions: [lastSync], stops: [] };
    provideUnsentWork({
      count: () => unsentCount(db),
      subscribe: (listener) => {
        const subscription = counts.subscribe({ next: () => listener(), error: () => listener() });
        return () => subscription.unsubscribe();
      },
    });
    outbox.start();
    // The screens read and write through the device from now on (data/records.ts), the day's work is
    // kept ready, and photos taken offline go up after their data.
    installDeviceRecords(createDeviceRecords(outbox));
    const photos = startPhotoUploads(runtime);
    const mayRead = (type: string) => {
      const kind = findKind(type);
      return kind === undefined || ability.can('read', kind.subject);
    };
    running.stops.push(startPriming(runtime, { mayRead, onError: (error) => console.warn('offline priming', error) }), () => photos.stop());
    setOfflineRuntime(runtime);
    return runtime;
  });
}

/** Stops draining, provides no unsent count any more, closes the store and notifies the listeners. */
export function stopOfflineRuntime(): Promise<void> {
  return serial(stopNow);
}

