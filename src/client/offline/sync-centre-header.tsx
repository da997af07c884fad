/**
 * What the header needs of the offline runtime (issue 25), without loading it: the sync indicator,
 * loaded only once a runtime runs, and «Esci» guarded while changes are not sent (the dialog loads
 * then). Nothing here imports Dexie: the entry chunk stays as it was.
 */
import { Suspense } from 'react';
import { isOffline } from '../auth/offline-start.ts';
import { lazyComponent, lazyModule } from '../lazy-component.ts';
import { unsentWorkCount } from '../shell/unsent-work.ts';
import { currentOfflineRuntime, useOfflineRuntime } from './runtime-state.ts';

const SyncIndicator = lazyComponent(() => import('./sync-centre-indicator.tsx'));
const signOutDialog = lazyModule(() => import('./sync-centre-sign-out.tsx'));
const deviceSignOut = lazyModule(() => import('./sign-out-on-device.tsx'));

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
 * «Esci»: with unsent changes the guard's dialog («Annulla», «Apri la sincronizzazione», «Esporta e
 * scarta»; a count that cannot be read counts as unsent); else the app's sign-out, or without a network
 * the sign-out on this device (sign-out-on-device.tsx: never a navigation to the unreachable provider).
 */
export async function signOutGuarded(signOut: () => Promise<void>): Promise<void> {
  const runtime = currentOfflineRuntime();
  const count = runtime ? await unsentWorkCount() : 0;
  if (runtime && count > 0) {
    const { askBeforeSignOut } = await signOutDialog();
    return askBeforeSignOut(runtime, count, signOut);
  }
  if (!isOffline()) return signOut();
  // Without a network: on this device only, the offline store kept (nothing in it is unsent).
  if (runtime) await (await import('./runtime.ts')).stopOfflineRuntime();
  const { signOutOnDevice } = await deviceSignOut();
  return signOutOnDevice(signOut);
}
