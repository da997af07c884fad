/**
 * Where an intervention shows its offline readiness (issue 25): nothing for a user whose device keeps
 * no offline store (an office user), else the badge of readiness.tsx, loaded only then so Dexie stays
 * out of the screens' chunks until priming runs.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { OfflineDb } from './db.ts';
import { currentPrimingDb, onPrimingDb } from './prime-registry.ts';

const Badge = lazy(() => import('./readiness.tsx').then((module) => ({ default: module.OfflineReadinessBadge })));

/** The store priming keeps now, or null (no priming in this tab). */
export function usePrimingDb(): OfflineDb | null {
  return useSyncExternalStore(onPrimingDb, currentPrimingDb, () => null);
}

export function OfflineReadinessSlot({ assignmentId }: { assignmentId: string }) {
  const db = usePrimingDb();
  if (!db) return null;
  return (
    <Suspense fallback={null}>
      <Badge assignmentId={assignmentId} db={db} />
    </Suspense>
  );
}
