/** Server configuration from the environment; every variable is listed in the README. */
import path from 'node:path';

export interface ServerConfig {
  /** TCP port of the one process serving client, /api and /oidc. */
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: the schema to work in (it must exist); default the connection's own (`public`). */
  databaseSchema: string | undefined;
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
  /** pino level: fatal, error, warn, info (default), debug, trace or silent (a LogLevel; tests spread their own). */
  logLevel: string;
  /** `pretty` (default): readable lines, request logs at debug. `json`: one JSON object a line, request logs at info. */
  logFormat: LogFormat;
  /** Longest wait for in-flight requests on SIGTERM/SIGINT before their connections are cut (ms). */
  shutdownTimeoutMs: number;
  /** API processes sharing the port (node:cluster); more than one needs DATABASE_URL. */
  workers: number;
  /** PostgreSQL: longest a request's statement may run (DATABASE_STATEMENT_TIMEOUT_MS; 0 = no limit). */
  statementTimeoutMs: number;
  /** How long start-up waits for an unreachable database before giving up (DATABASE_STARTUP_WAIT_SECONDS). */
  startupWaitMs: number;
  /** Browser navigations that reach another host name (127.0.0.1 vs localhost) are sent to PUBLIC_URL. */
  redirectToPublicUrl: boolean;
  /** Where `npm run backup` writes the embedded database's archives (beside DATA_DIR, not inside it). */
  backupDir: string;
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

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} deve essere uno fra ${allowed.join(', ')}: trovato "${raw}"`);
  return value as T;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'si', 'sì'].includes(raw.trim().toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.trim().toLowerCase())) return false;
  throw new Error(`${name} deve essere 1 o 0: trovato "${raw}"`);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} deve essere un numero intero ≥ ${min}: trovato "${raw}"`);
  return value;
}

function schemaName(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  // It goes into `-c search_path=…`: a plain identifier only.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) throw new Error(`DATABASE_SCHEMA deve essere un nome semplice (lettere minuscole, cifre, _): trovato "${raw}"`);
  return raw;
}

export const DEFAULT_API_SCOPE = 'api.sync';

export function loadConfig(env = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8080, 0);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
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
    databaseSchema: schemaName(env.DATABASE_SCHEMA),
    dataDir,
    authDisabled: env.AUTH_DISABLED === '1',
    devUserEmail: env.DEV_USER_EMAIL ?? 'admin@demo.sicurezza.it',
    maxPageSize: integer(env, 'MAX_PAGE_SIZE', 500, 1),
    maxDiscountPercent: integer(env, 'MAX_DISCOUNT_PERCENT', 20, 0),
    seedScale: integer(env, 'SEED_SCALE', 1, 0),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'pretty'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 0) * 1000,
    workers: integer(env, 'WORKERS', 1, 1),
    // Under the client's 10 s request timeout, so the answer is a 503 and not a dropped connection.
    statementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 8000, 0),
    startupWaitMs: integer(env, 'DATABASE_STARTUP_WAIT_SECONDS', 60, 0) * 1000,
    redirectToPublicUrl: flag(env, 'PUBLIC_URL_REDIRECT', true),
    // PGlite's dump archives its whole data directory: backups kept inside it would be swept into every later one.
    backupDir: path.resolve(env.BACKUP_DIR || path.join(path.dirname(dataDir), 'backups')),
  };
}
