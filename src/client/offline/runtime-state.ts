/**
 * Whether this tab runs the offline runtime (issue 25), readable by the shell without loading the
 * offline code: the header shows its sync indicator and guards «Esci» only while one exists. runtime.ts
 * sets it and re-exports the readers (`currentOfflineRuntime`, `onOfflineRuntime`, `useOfflineRuntime`,
 * `isFieldUser`); this module imports nothing of Dexie, so the entry chunk stays as it was.
 */
import { useSyncExternalStore } from 'react';
import type { AppAbility } from '../../domain/ability.ts';
import type { OfflineDb } from './db.ts';
import type { Outbox } from './outbox.ts';

export interface OfflineRuntime {
  readonly userId: string;
  readonly db: OfflineDb;
  readonly outbox: Outbox;
}

/**
 * Field users keep an offline store: those who may create checks (the Manutentore, the Operatore on its
 * interventions, administrators). The sync centre's route asks the same (`Sync` in src/domain/routes.ts).
 */
export function isFieldUser(ability: AppAbility): boolean {
  return ability.can('create', 'checks');
}

/** The address of the sync centre (src/domain/routes.ts `Sync`). */
export const SYNC_CENTRE_URL = '/sync';

let current: OfflineRuntime | null = null;
const listeners = new Set<(runtime: OfflineRuntime | null) => void>();

export function currentOfflineRuntime(): OfflineRuntime | null {
  return current;
}

/** Calls `listener` with the runtime whenever one starts or stops; returns the unsubscribe. */
export function onOfflineRuntime(listener: (runtime: OfflineRuntime | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** runtime.ts only: the runtime started (or `null`: stopped). */
export function setOfflineRuntime(next: OfflineRuntime | null): void {
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener(next);
}

export function useOfflineRuntime(): OfflineRuntime | null {
  return useSyncExternalStore(onOfflineRuntime, currentOfflineRuntime, currentOfflineRuntime);
}
