/**
 * What the header needs of the offline runtime (issue 25), without loading it: the sync indicator,
 * loaded only once a runtime runs, and «Esci» guarded while changes are not sent (the dialog loads
 * then). Nothing here imports Dexie: the entry chunk stays as it was.
 */
import { Suspense } from 'react';
import { lazyComponent, lazyModule } from '../lazy-component.ts';
import { unsentWorkCount } from '../shell/unsent-work.ts';
import { currentOfflineRuntime, useOfflineRuntime } from './runtime-state.ts';

const SyncIndicator = lazyComponent(() => import('./sync-centre-indicator.tsx'));
const signOutDialog = lazyModule(() => import('./sync-centre-sign-out.tsx'));

export function SyncIndicatorSlot() {
  const runtime = useOfflineRuntime();
  if (!runtime) return null;
  return (
    <Suspense fallback={null}>
      <SyncIndicator runtime={runtime} />
    </Suspense>
  );
}

/**
 * «Esci»: as before without an offline runtime or with nothing unsent; else the guard's dialog
 * («Annulla», «Apri la sincronizzazione», «Esporta e scarta»). A count that cannot be read counts as unsent.
 */
export async function signOutGuarded(signOut: () => Promise<void>): Promise<void> {
  const runtime = currentOfflineRuntime();
  if (!runtime) return signOut();
  const count = await unsentWorkCount();
  if (count === 0) return signOut();
  const { askBeforeSignOut } = await signOutDialog();
  return askBeforeSignOut(runtime, count, signOut);
}
