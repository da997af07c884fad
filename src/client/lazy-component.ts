/**
 * A component whose code loads on demand (initial JS budget: screens, the palette) without
 * React.lazy's cost at its first showing: a lazy component suspends once even when its chunk is
 * already in, and React reveals a retried Suspense boundary no sooner than 300 ms after it showed its
 * fallback (its retry throttling), so every screen kind opened for the first time in a session, and
 * the palette's first opening, waited that long.
 *
 * `preload()` fetches the chunk (the app does so for every one once the browser is idle); once it is
 * in, the component renders at once, with no Suspense. Until then it is React.lazy as before.
 * `lazyModule()` is the same for code that is no component (a dialog's opener): one idle list for all
 * on-demand code, so every screen's code, the kinds' own screens included, is in once the browser is idle.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

const everyPreload: (() => Promise<unknown>)[] = [];

function once<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      // A chunk that failed (offline, a new release) is asked again next time.
      pending = undefined;
      throw error;
    }));
}

/** The module `load` imports, fetched once, on first use or when the browser is idle (`preloadLazyComponents`). */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  const preload = once(load);
  everyPreload.push(preload);
  return preload;
}

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const loadModule = once(load);
  const preload = () =>
    loadModule().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function OnDemand(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  everyPreload.push(preload);
  return Object.assign(OnDemand, { preload });
}

/**
 * Loads all on-demand code, one after the other (the app calls it once the browser is idle). Code
 * registered while it runs is loaded in the same pass: the kind registry's chunk, once in, registers
 * the kinds' own screens (src/client/kinds/<type>.ts).
 */
export async function preloadLazyComponents(): Promise<void> {
  for (let i = 0; i < everyPreload.length; i += 1) await everyPreload[i]!().catch(() => undefined);
}

/** Whether the idle preload runs `preload` (a lazy component's or module's). */
export function preloadsWhenIdle(preload: () => Promise<unknown>): boolean {
  return everyPreload.includes(preload);
}
