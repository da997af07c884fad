/**
 * "Unsent work exists" for the update notice (SPEC §4, issue 25): an update of the app is never
 * installed while the user's offline changes wait to be sent. The offline outbox
 * (src/client/offline/) provides the count; without it (not started, signed out) there is none.
 *
 * The contract for the outbox:
 *   provideUnsentWork({ count: () => <entries of this user's outbox not yet answered by the server>,
 *                       subscribe: (listener) => <call listener when that may have changed; return the unsubscribe> });
 *   provideUnsentWork(null) when it stops (sign-out, another user).
 * `subscribe` is optional: a waiting update also asks `count()` again every few seconds, which covers
 * a queue drained by another tab. A `count()` that fails counts as unsent work (never force).
 */
export interface UnsentWorkSource {
  /** How many changes are not sent yet (queued, in flight or waiting for a retry). */
  count(): Promise<number>;
  /** Calls `listener` when the count may have changed; returns the unsubscribe. */
  subscribe?(listener: () => void): () => void;
}

let source: UnsentWorkSource | null = null;
const listeners = new Set<() => void>();
let unsubscribeSource: (() => void) | undefined;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** The outbox registers itself (or `null` when it stops). */
export function provideUnsentWork(next: UnsentWorkSource | null): void {
  unsubscribeSource?.();
  unsubscribeSource = undefined;
  source = next;
  if (next?.subscribe) unsubscribeSource = next.subscribe(notify);
  notify();
}

/** How many changes wait to be sent: 0 without an outbox; a failed read counts as 1 (not known to be empty). */
export async function unsentWorkCount(): Promise<number> {
  if (!source) return 0;
  try {
    const count = await source.count();
    return Number.isFinite(count) && count > 0 ? Math.ceil(count) : 0;
  } catch (error) {
    console.warn('unsent work: count failed', error);
    return 1;
  }
}

export async function hasUnsentWork(): Promise<boolean> {
  return (await unsentWorkCount()) > 0;
}

/** Calls `listener` when the outbox says its count may have changed (or another outbox is provided). */
export function onUnsentWorkChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
