/**
 * oidc-provider (Koa, and Node's own HTTP client it loads: about 8 MB of heap and 40 MB resident) is
 * loaded by the first request under /oidc, not when the API process starts: a process that nobody
 * signs in to, or one behind an external issuer, never loads it.
 */
type OidcLibrary = typeof import('oidc-provider');

let library: OidcLibrary | undefined;
let loading: Promise<OidcLibrary> | undefined;

export function loadOidcLibrary(): Promise<OidcLibrary> {
  return (loading ??= import('oidc-provider').then((loaded) => (library = loaded)));
}

/** oidc-provider's error classes: only code the loaded provider runs (its callbacks, its adapter, the interactions after it) reads them. */
export function oidcErrors(): OidcLibrary['errors'] {
  if (!library) throw new Error('oidc-provider non ancora caricato');
  return library.errors;
}
