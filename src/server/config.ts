/** Server configuration from the environment; every variable is listed in the README. */
import path from 'node:path';

export interface ServerConfig {
  /** TCP port of the one process serving client, /api and /oidc. */
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Development only: run API requests as `devUserEmail` without a token. Never the default. */
  authDisabled: boolean;
  devUserEmail: string;
  /** Largest `page[size]` a list answers with; larger requests are capped. */
  maxPageSize: number;
  /** Discount % above which a quotation needs approval, unless the customer has its own maximum. */
  maxDiscountPercent: number;
  /** Seed multiplier used on first start (1 = demo size). */
  seedScale: number;
  logLevel: string;
  /** Address users reach this server at (redirect URIs, embedded issuer). Default http://localhost:PORT. */
  publicUrl: string;
  /** Sign-in (OpenID Connect). `embedded` is true when no OIDC_ISSUER is set: the provider at /oidc serves it. */
  oidc: {
    embedded: boolean;
    issuer: string;
    clientId: string;
    /** Audience of access tokens for this API. */
    audience: string;
    /** RFC 8707 `resource` the client sends when signing in: the audience for the embedded provider, OIDC_RESOURCE for an external one (Entra ID v2 refuses it). */
    resource: string | undefined;
    /** Scopes the client asks for: openid, offline_access and the API's sync scope (SPEC §7). */
    scope: string;
    /** The API's own scope, which every access token must carry. */
    apiScope: string;
    /** JOSE `typ` access tokens must have (`at+jwt`; empty = unchecked, for issuers that send `JWT`). */
    tokenType: string;
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export const DEFAULT_API_SCOPE = 'api.sync';

export function loadConfig(env = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8080, 0);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const scope = env.OIDC_SCOPE || `openid offline_access ${DEFAULT_API_SCOPE}`;
  const requested = scope.split(/\s+/).find((s) => s !== 'openid' && s !== 'offline_access' && s !== 'profile' && s !== 'email');
  // Entra ID is asked for `api://<app>/api.sync` but writes only `api.sync` in the token's `scp`.
  const apiScope = requested?.replace(/^[a-z][a-z0-9+.-]*:\/\/.*\//i, '') || DEFAULT_API_SCOPE;
  return {
    publicUrl,
    oidc: {
      embedded: !env.OIDC_ISSUER,
      // Exactly as the issuer writes it in its tokens (some end with a slash).
      issuer: env.OIDC_ISSUER || `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID || 'backoffice-workspace',
      audience: env.OIDC_AUDIENCE || `${publicUrl}/api`,
      resource: env.OIDC_ISSUER ? env.OIDC_RESOURCE || undefined : env.OIDC_AUDIENCE || `${publicUrl}/api`,
      scope,
      apiScope,
      tokenType: env.OIDC_TOKEN_TYPE ?? 'at+jwt',
    },
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    authDisabled: env.AUTH_DISABLED === '1',
    devUserEmail: env.DEV_USER_EMAIL ?? 'admin@demo.sicurezza.it',
    maxPageSize: integer(env, 'MAX_PAGE_SIZE', 500, 1),
    maxDiscountPercent: integer(env, 'MAX_DISCOUNT_PERCENT', 20, 0),
    seedScale: integer(env, 'SEED_SCALE', 1, 0),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
