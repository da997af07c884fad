/**
 * Which offline store priming keeps ready now (issue 25): set by `startPriming`, cleared by its stop.
 * Tiny and without Dexie, so a screen may ask whether there is one (the intervention header's
 * readiness badge) without loading the offline code for an office user who has none.
 */
import type { OfflineDb } from './db.ts';

let current: OfflineDb | null = null;
const listeners = new Set<() => void>();

export function setPrimingDb(db: OfflineDb | null): void {
  if (current === db) return;
  current = db;
  for (const listener of listeners) listener();
}

export function currentPrimingDb(): OfflineDb | null {
  return current;
}

export function onPrimingDb(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
