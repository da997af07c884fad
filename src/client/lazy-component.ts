/**
 * A component whose code loads on demand (initial JS budget: screens, the palette) without
 * React.lazy's cost at its first showing: a lazy component suspends once even when its chunk is
 * already in, and React reveals a retried Suspense boundary no sooner than 300 ms after it showed its
 * fallback (its retry throttling), so every screen kind opened for the first time in a session, and
 * the palette's first opening, waited that long.
 *
 * `preload()` fetches the chunk (the app does so for every one once the browser is idle); once it is
 * in, the component renders at once, with no Suspense. Until then it is React.lazy as before.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

const everyComponent: (() => Promise<void>)[] = [];

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A chunk that failed (offline, a new release) is asked again next time.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function OnDemand(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  everyComponent.push(preload);
  return Object.assign(OnDemand, { preload });
}

/** Loads every on-demand component's code, one after the other (the app calls it once the browser is idle). */
export async function preloadLazyComponents(): Promise<void> {
  for (const preload of everyComponent) await preload().catch(() => undefined);
}
