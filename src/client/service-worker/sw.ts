/*
 * The service worker (SPEC §7, issue 25 "the app is available offline"), built by build.mjs into
 * /sw.js with Workbox's precache manifest injected (workbox-build injectManifest, fed from esbuild's
 * outputs): the shell (index.html), app.css, the icon, the manifest and every hashed JS/CSS chunk of
 * every screen are cached at install, so the app opens and moves between screens without a network.
 *
 * - The API, the sign-in provider (/oidc), the sign-in pages (/auth/…), the public verification and
 *   register pages (/verifica, /registro) and files are never answered from the cache: data is live and
 *   authorised. Only /config.json (the deployment's public settings) keeps its last good copy, for a
 *   start without a network.
 * - A new version installs beside the old one and waits: the page shows the update notice (SPEC §4) and
 *   posts SKIP_WAITING when the user accepts — and only when no offline work is left unsent
 *   (src/client/shell/unsent-work.ts). Nothing is forced.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST, SHELL_URL } from './navigation.ts';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

interface WorkerScope {
  /** Replaced by workbox-build with the precache list. */
  __WB_MANIFEST: PrecacheEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'install', listener: (event: Event & { waitUntil(promise: Promise<unknown>): void }) => void): void;
}

declare const self: WorkerScope;

const CONFIG_CACHE = 'workspace-config';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once (nothing older to replace); an update waits.
clientsClaim();

// Every app route is the same shell; the client router takes it from there. The rest (NAVIGATION_DENYLIST)
// goes to the network as the worker were not there.
registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_URL), { denylist: NAVIGATION_DENYLIST }));

// /config.json kept at install too: a first page may have read it before the worker controlled it.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CONFIG_CACHE).then((cache) => cache.add('/config.json')).catch(() => undefined));
});

// /config.json: the network first, its last good copy without one (start-up cannot begin without it).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  async ({ request }) => {
    const cache = await caches.open(CONFIG_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put('/config.json', response.clone());
      return response;
    } catch (error) {
      const cached = await cache.match('/config.json');
      if (cached) return cached;
      throw error;
    }
  },
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data && data.type === 'SKIP_WAITING') void self.skipWaiting();
});
