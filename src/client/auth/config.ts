/** `GET /config.json`, served by the server so a deployment points the client at its issuer without rebuilding. */

export type OidcConfig = { mode: 'oidc'; authority: string; clientId: string; scope: string; resource?: string | null };
export type ClientConfig = { apiBaseUrl: string; auth: { mode: 'disabled' } | OidcConfig };

/**
 * Checks the shape by hand rather than with zod: this runs before the first paint, and zod (even
 * zod/mini) would be the largest library in the initial bundle for five strings.
 */
export function parseClientConfig(value: unknown): ClientConfig {
  const fail = (what: string): never => {
    throw new Error(`config.json non valido: ${what}`);
  };
  const record = (v: unknown, what: string) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(what));
  const text = (v: unknown, what: string) => (typeof v === 'string' && v.length > 0 ? v : fail(what));
  const root = record(value, 'non è un oggetto');
  const apiBaseUrl = text(root.apiBaseUrl, 'apiBaseUrl');
  const auth = record(root.auth, 'auth');
  if (auth.mode === 'disabled') return { apiBaseUrl, auth: { mode: 'disabled' } };
  if (auth.mode !== 'oidc') return fail('auth.mode');
  const resource = auth.resource === undefined || auth.resource === null ? auth.resource : text(auth.resource, 'auth.resource');
  return {
    apiBaseUrl,
    auth: { mode: 'oidc', authority: text(auth.authority, 'auth.authority'), clientId: text(auth.clientId, 'auth.clientId'), scope: text(auth.scope, 'auth.scope'), ...(resource !== undefined ? { resource } : {}) },
  };
}

export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return parseClientConfig(await response.json());
}
