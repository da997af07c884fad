/** `GET /config.json`, served by the server so a deployment points the client at its issuer without rebuilding. */

/** The provider's discovery document as far as the client reads it (sent by the embedded provider only). */
export type OidcMetadata = Record<string, string | string[]>;
export type OidcConfig = { mode: 'oidc'; authority: string; clientId: string; scope: string; resource?: string | null; metadata?: OidcMetadata };
/** The customer page's map: its tile address (empty: no tiles) and their credit, plain text (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export type MapTiles = { tileUrl: string; attribution: string };
/** Issue 25: working days after today a technician's device keeps ready offline (FIELD_PRIME_DAYS). */
export type OfflineSettings = { primeDays: number };
export type ClientConfig = { apiBaseUrl: string; auth: { mode: 'disabled' } | OidcConfig; map?: MapTiles; offline?: OfflineSettings };

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
  const string = (v: unknown, what: string) => (typeof v === 'string' ? v : fail(what));
  const root = record(value, 'non è un oggetto');
  const apiBaseUrl = text(root.apiBaseUrl, 'apiBaseUrl');
  const auth = record(root.auth, 'auth');
  const mapRecord = root.map === undefined ? undefined : record(root.map, 'map');
  const offlineRecord = root.offline === undefined ? undefined : record(root.offline, 'offline');
  const primeDays = offlineRecord && (Number.isInteger(offlineRecord.primeDays) && (offlineRecord.primeDays as number) >= 0 ? (offlineRecord.primeDays as number) : fail('offline.primeDays'));
  // The optional parts, as the server sent them: the map's tiles, the offline settings (issue 25).
  const map = {
    ...(mapRecord && { map: { tileUrl: string(mapRecord.tileUrl, 'map.tileUrl'), attribution: string(mapRecord.attribution, 'map.attribution') } }),
    ...(primeDays === undefined ? {} : { offline: { primeDays } }),
  };
  if (auth.mode === 'disabled') return { apiBaseUrl, auth: { mode: 'disabled' }, ...map };
  if (auth.mode !== 'oidc') return fail('auth.mode');
  const resource = auth.resource === undefined || auth.resource === null ? auth.resource : text(auth.resource, 'auth.resource');
  const metadataRecord = auth.metadata === undefined ? undefined : record(auth.metadata, 'auth.metadata');
  const metadata: OidcMetadata | undefined = metadataRecord && Object.fromEntries(
    Object.entries(metadataRecord).map(([key, v]) => [key, Array.isArray(v) ? v.map((item) => text(item, `auth.metadata.${key}`)) : text(v, `auth.metadata.${key}`)]),
  );
  return {
    apiBaseUrl,
    ...map,
    auth: { mode: 'oidc', authority: text(auth.authority, 'auth.authority'), clientId: text(auth.clientId, 'auth.clientId'), scope: text(auth.scope, 'auth.scope'), ...(resource !== undefined ? { resource } : {}), ...(metadata ? { metadata } : {}) },
  };
}

let loaded: Promise<ClientConfig> | undefined;

/** The configuration, read once per page (start-up reads it; the map asks again and gets the same answer). */
export function loadClientConfig(): Promise<ClientConfig> {
  loaded ??= (async () => {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return parseClientConfig(await response.json());
  })();
  // A failed read is asked again next time (start-up offers a reload; the map draws without tiles).
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
