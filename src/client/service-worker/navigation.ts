/**
 * Which page loads the service worker answers with the app shell (sw.ts's NavigationRoute). Every app
 * route is the shell; these go to the network: the API, the sign-in provider and its pages (/oidc),
 * the client's sign-in steps (/auth/callback, /auth/silent, /auth/logged-out: they need the provider),
 * the public verification and register pages (/verifica, /registro, no account), the API reference,
 * and any file (a last segment with an extension: downloads, /config.json, /sw.js, /verifica.js).
 */
export const SHELL_URL = '/index.html';

/** Tested by Workbox against the path and query of a navigation. */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/(api|oidc|auth|verifica|registro)(\/|\?|$)/, /\/[^/?]*\.[^/?]+(\?|$)/];

/** True when a navigation to `pathAndQuery` is answered with the precached shell. */
export function isShellNavigation(pathAndQuery: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndQuery));
}
