/** Server configuration from the environment; every variable is listed in the README. */
import path from 'node:path';
import { documentMimeTypes, mediaKindOf } from '../domain/entities/media.ts';
import { DEFAULT_LIMITS, type Limits } from '../domain/rules/limits.ts';
import { INVITATION_TTL_HOURS_DEFAULT } from '../domain/rules/customer-users.ts';
import { FIELD_PRIME_DAYS_DEFAULT, FIELD_PRIME_DAYS_MAX } from '../domain/rules/field-prime-window.ts';
import { parseTrustedProxies } from './http/proxies.ts';

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
  /** Most rows a list exports to CSV or `.xlsx` (`EXPORT_MAX_ROWS`); a larger list is refused with EXPORT_TOO_LARGE. */
  exportMaxRows: number;
  /** Discount % above which a quotation needs approval, unless the customer has its own maximum. */
  maxDiscountPercent: number;
  /** SPEC §9 limits: activities per intervention (refused beyond), report headings per module (warned from). */
  limits: Limits;
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
  /** Resident memory (MB) above which an API process gives back what its heap freed (MEMORY_BUDGET_MB; 0 = never; src/server/memory-reclaimer.ts). */
  memoryBudgetMb: number;
  /** PostgreSQL: longest a request's statement may run (DATABASE_STATEMENT_TIMEOUT_MS; 0 = no limit). */
  statementTimeoutMs: number;
  /** How long start-up waits for an unreachable database before giving up (DATABASE_STARTUP_WAIT_SECONDS). */
  startupWaitMs: number;
  /** Browser navigations that reach another host name (127.0.0.1 vs localhost) are sent to PUBLIC_URL. */
  redirectToPublicUrl: boolean;
  /** Where `npm run backup` writes the embedded database's archives (beside DATA_DIR, not inside it). */
  backupDir: string;
  /** Proxies whose X-Forwarded-For is believed (addresses and CIDRs, TRUSTED_PROXIES); empty = none. */
  trustedProxies: string[];
  /** Slow or too many clients: timeouts and caps of the HTTP server (README "Connections and timeouts"). */
  http: HttpLimits;
  /** Address users reach this server at (redirect URIs, embedded issuer). Default http://localhost:PORT. */
  publicUrl: string;
  /** Files (SPEC §3 Media): where the bytes live, which types are accepted, how big, how long a signed link lasts. */
  media: MediaConfig;
  /** Documents (PDF): the largest document and the longest render; renders run in worker threads. */
  documents: DocumentRenderConfig;
  /** The customer page's map of its sites: where its background tiles come from, and their credit. */
  map: MapConfig;
  /** E-mail (issue 26 §8): through an SMTP server, or written as `.eml` files when none is set. */
  mail: MailConfig;
  /** Working days after today a technician's device keeps ready offline (FIELD_PRIME_DAYS, 0–60, default 7; sent in /config.json). */
  fieldPrimeDays: number;
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

export interface S3Config {
  /** Any S3-compatible service; absent = AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; neither = the SDK's own credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`endpoint/bucket/key`), what most S3-compatible servers want; default on with an endpoint. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket. */
  prefix: string;
}

export interface MediaConfig {
  /** `disk` (default): under DATA_DIR/media. `s3`: when S3_BUCKET is set. */
  driver: 'disk' | 's3';
  /** Disk driver's directory. */
  dir: string;
  s3: S3Config | undefined;
  /** MIME types accepted (`image/*` covers a family); a file of any other type is refused with the list. */
  allowedTypes: string[];
  /** Largest file accepted, in bytes. */
  maxUploadBytes: number;
  uploadLinkSeconds: number;
  downloadLinkSeconds: number;
  /** Key of the links' signatures; absent = generated once and kept in the database (shared by every process). */
  signingSecret: string | undefined;
  /**
   * Bytes one user's files may add in `userQuotaHours` (declared sizes of uploads still pending
   * included); 0: no quota. A link beyond it is refused with 413 MEDIA_QUOTA_EXCEEDED.
   */
  userQuotaBytes: number;
  userQuotaHours: number;
  /** Image previews: how many run at once, how many may wait (beyond: skipped), the largest picture decoded. */
  thumbnails: { concurrency: number; queueLength: number; maxPixels: number };
}

export interface DocumentRenderConfig {
  /** Most lines a filled-in template may have (table rows, text lines, headings): DOCUMENT_MAX_ROWS. */
  maxRows: number;
  /** Most pages of one PDF: DOCUMENT_MAX_PAGES. */
  maxPages: number;
  /** Longest one render may run in its worker before the worker is stopped (DOCUMENT_RENDER_TIMEOUT_MS). */
  renderTimeoutMs: number;
  /** Worker threads rendering documents in each API process (DOCUMENT_RENDER_WORKERS). */
  workers: number;
  /** Renders that may wait for a free worker; one more is refused at once (DOCUMENT_RENDER_QUEUE). */
  queue: number;
}

/** The document limits from the environment (also read on their own by the document routes when not handed them). */
export function documentRenderConfig(env: NodeJS.ProcessEnv = process.env): DocumentRenderConfig {
  return {
    maxRows: integer(env, 'DOCUMENT_MAX_ROWS', 10_000, 1),
    maxPages: integer(env, 'DOCUMENT_MAX_PAGES', 500, 1),
    renderTimeoutMs: integer(env, 'DOCUMENT_RENDER_TIMEOUT_MS', 8000, 100),
    workers: integer(env, 'DOCUMENT_RENDER_WORKERS', 2, 1),
    queue: integer(env, 'DOCUMENT_RENDER_QUEUE', 10, 0),
  };
}

export interface MapConfig {
  /** Tile address with `{z}`, `{x}`, `{y}` (and `{s}`, `{r}` if the provider has them), MAP_TILE_URL; empty: no tiles, the markers on a plain background. */
  tileUrl: string;
  /** The tiles' credit shown on the map as plain text (MAP_TILE_ATTRIBUTION), as the provider's terms require. */
  attribution: string;
  /** The Content-Security-Policy `img-src` source the tiles need (`https://*.host` for `{s}`); none for our own origin or no tiles. */
  tileSource: string | undefined;
}

/** OpenStreetMap's standard tiles, and the credit its tile usage policy asks for. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

/** The map's tiles from the environment: MAP_TILE_URL unset is OpenStreetMap's, set empty is none. */
export function mapConfig(env: NodeJS.ProcessEnv): MapConfig {
  const tileUrl = (env.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL).trim();
  const attribution = (env.MAP_TILE_ATTRIBUTION ?? (tileUrl === DEFAULT_MAP_TILE_URL ? DEFAULT_MAP_ATTRIBUTION : '')).trim();
  if (attribution.length > 300) throw new Error('MAP_TILE_ATTRIBUTION deve essere lunga al più 300 caratteri');
  if (tileUrl === '') return { tileUrl, attribution, tileSource: undefined };
  const fail = (): never => {
    throw new Error(`MAP_TILE_URL deve essere un indirizzo http(s)://… o /… con {z}, {x} e {y} (vuoto: mappa senza sfondo): trovato "${tileUrl}"`);
  };
  if (!['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part)) || /\s/.test(tileUrl)) fail();
  if (/^\/(?!\/)/.test(tileUrl)) return { tileUrl, attribution, tileSource: undefined };
  const origin = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl) ?? fail();
  // A `{s}` subdomain (a.tile…, b.tile…) is any subdomain of the host for the policy.
  const host = origin[2]!.toLowerCase().replace(/^\{s\}\./, '*.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host)) fail();
  return { tileUrl, attribution, tileSource: `${origin[1]!.toLowerCase()}://${host}` };
}

export interface MailConfig {
  /** `smtp://user:password@host:587` or `smtps://…:465` (SMTP_URL); absent: every message is written to `outboxDir` instead. */
  smtpUrl: string | undefined;
  /** The `From` of every message (MAIL_FROM), e.g. `Servizi di sicurezza <noreply@example.it>`. */
  from: string;
  /** Where messages are written as RFC 822 `.eml` files when there is no SMTP_URL: DATA_DIR/outbox. */
  outboxDir: string;
  /**
   * The hour (Europe/Rome, 1–23) from which each working day's «Scadenze entro 30 giorni» digest is
   * sent (DEADLINE_DIGEST_HOUR, default 7); null (`0` or `off`): never sent by the server's timer.
   */
  deadlineDigestHour: number | null;
  /** Hours an invitation link a customer's administrator sends stays valid (INVITATION_TTL_HOURS, default 72, 1–720). */
  invitationTtlHours: number;
}

/** INVITATION_TTL_HOURS: whole hours from 1 to 720 (30 days); default 72. */
export function invitationTtlHours(env: NodeJS.ProcessEnv): number {
  const value = env.INVITATION_TTL_HOURS?.trim();
  if (value === undefined || value === '') return INVITATION_TTL_HOURS_DEFAULT;
  const hours = Number(value);
  if (!/^\d{1,3}$/.test(value) || hours < 1 || hours > 720) throw new Error(`INVITATION_TTL_HOURS deve essere un numero di ore da 1 a 720: trovato "${value}"`);
  return hours;
}

/** DEADLINE_DIGEST_HOUR: an hour 1–23, or `0`/`off` for none; default 7. */
export function deadlineDigestHour(env: NodeJS.ProcessEnv): number | null {
  const value = env.DEADLINE_DIGEST_HOUR?.trim().toLowerCase();
  if (value === undefined || value === '') return 7;
  if (value === '0' || value === 'off') return null;
  const hour = Number(value);
  if (!/^\d{1,2}$/.test(value) || hour < 1 || hour > 23) throw new Error(`DEADLINE_DIGEST_HOUR deve essere un'ora da 1 a 23, oppure 0 o off per non inviare il riepilogo: trovato "${env.DEADLINE_DIGEST_HOUR ?? ''}"`);
  return hour;
}

/** FIELD_PRIME_DAYS: whole working days from 0 (today only) to 60; default 7. */
export function fieldPrimeDays(env: NodeJS.ProcessEnv): number {
  const value = env.FIELD_PRIME_DAYS?.trim();
  if (value === undefined || value === '') return FIELD_PRIME_DAYS_DEFAULT;
  const days = Number(value);
  if (!/^\d{1,2}$/.test(value) || days > FIELD_PRIME_DAYS_MAX) throw new Error(`FIELD_PRIME_DAYS deve essere un numero di giorni lavorativi da 0 a ${FIELD_PRIME_DAYS_MAX}: trovato "${value}"`);
  return days;
}

/** The mail settings from the environment; MAIL_FROM defaults to noreply at PUBLIC_URL's host. */
export function mailConfig(env: NodeJS.ProcessEnv, dataDir: string, publicUrl: string): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  // The address may carry a password: never repeated in the message.
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/i.test(smtpUrl)) throw new Error('SMTP_URL deve essere un indirizzo smtp://… o smtps://… (es. smtp://utente:password@smtp.example.it:587)');
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is checked where it is used; the default sender only needs a host name.
  }
  const from = env.MAIL_FROM?.trim() || `Servizi di sicurezza <noreply@${host}>`;
  if (!/^[^\s<>@]+@[^\s<>@]+$|<[^\s<>@]+@[^\s<>@]+>$/.test(from)) throw new Error(`MAIL_FROM deve essere un indirizzo e-mail, anche con un nome (Nome <indirizzo@dominio>): trovato "${from}"`);
  return { smtpUrl, from, outboxDir: path.join(dataDir, 'outbox'), deadlineDigestHour: deadlineDigestHour(env), invitationTtlHours: invitationTtlHours(env) };
}

export interface HttpLimits {
  /** Longest wait for a request's headers, from its first byte (HTTP_HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number;
  /** Longest wait for a request's body once its headers are in (HTTP_BODY_TIMEOUT_SECONDS); upload links excepted. */
  bodyTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveTimeoutMs: number;
  /** A connection on which no byte moves either way for this long is closed (HTTP_IDLE_TIMEOUT_SECONDS). */
  idleTimeoutMs: number;
  /** An upload link's body is cut when no byte arrives for this long (UPLOAD_IDLE_TIMEOUT_SECONDS). */
  uploadIdleTimeoutMs: number;
  /** Open connections per process; more are refused (MAX_CONNECTIONS; 0 = no cap). */
  maxConnections: number;
  /** Open connections per client address and process, trusted proxies exempt (MAX_CONNECTIONS_PER_ADDRESS; 0 = no cap). */
  maxConnectionsPerAddress: number;
  /** Open `GET /api/events` streams per user and process (MAX_EVENT_STREAMS_PER_USER). */
  maxEventStreamsPerUser: number;
  /** Open `GET /api/events` streams per process (MAX_EVENT_STREAMS). */
  maxEventStreams: number;
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const seconds = (name: string, fallback: number) => integer(env, name, fallback, 1) * 1000;
  return {
    headersTimeoutMs: seconds('HTTP_HEADERS_TIMEOUT_SECONDS', 10),
    bodyTimeoutMs: seconds('HTTP_BODY_TIMEOUT_SECONDS', 30),
    keepAliveTimeoutMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 5),
    idleTimeoutMs: seconds('HTTP_IDLE_TIMEOUT_SECONDS', 60),
    uploadIdleTimeoutMs: seconds('UPLOAD_IDLE_TIMEOUT_SECONDS', 30),
    maxConnections: integer(env, 'MAX_CONNECTIONS', 10_000, 0),
    maxConnectionsPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', 64, 0),
    maxEventStreamsPerUser: integer(env, 'MAX_EVENT_STREAMS_PER_USER', 10, 1),
    maxEventStreams: integer(env, 'MAX_EVENT_STREAMS', 2000, 1),
  };
}

/** What MEDIA_ALLOWED_TYPES is when unset: pictures, video, audio, and the documents of domain/entities/media.ts. */
export const DEFAULT_MEDIA_TYPES = ['image/*', 'video/*', 'audio/*', ...documentMimeTypes];

function mediaTypes(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MEDIA_TYPES;
  const types = raw.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  const bad = types.find((t) => !/^[a-z]+\/(\*|[a-z0-9][\w.+-]*)$/.test(t) || mediaKindOf(t.replace(/\*$/, 'x')) === null);
  if (bad !== undefined) throw new Error(`MEDIA_ALLOWED_TYPES: «${bad}» non è un tipo MIME di file accettabile (immagini, video, audio o documenti; es. image/*,application/pdf)`);
  return types;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE'];
  if (!names.some((name) => env[name])) return undefined;
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error(`S3_BUCKET è obbligatorio quando è impostata una delle variabili ${names.join(', ')}`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET non è un nome di bucket valido: trovato "${bucket}"`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT deve essere un indirizzo http(s)://…: trovato "${endpoint}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno indicate insieme (oppure nessuna delle due)');
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+/, ''),
  };
}

function mediaConfig(env: NodeJS.ProcessEnv, dataDir: string): MediaConfig {
  const s3 = s3Config(env);
  const secret = env.MEDIA_SIGNING_SECRET || undefined;
  if (secret !== undefined && secret.length < 32) throw new Error('MEDIA_SIGNING_SECRET deve essere lunga almeno 32 caratteri');
  return {
    driver: s3 ? 's3' : 'disk',
    dir: path.resolve(env.MEDIA_DIR || path.join(dataDir, 'media')),
    s3,
    allowedTypes: mediaTypes(env.MEDIA_ALLOWED_TYPES),
    maxUploadBytes: integer(env, 'MEDIA_MAX_UPLOAD_MB', 500, 1) * 1024 * 1024,
    uploadLinkSeconds: integer(env, 'MEDIA_UPLOAD_LINK_SECONDS', 900, 10),
    downloadLinkSeconds: integer(env, 'MEDIA_DOWNLOAD_LINK_SECONDS', 300, 10),
    signingSecret: secret,
    userQuotaBytes: integer(env, 'MEDIA_USER_QUOTA_MB', 2048, 0) * 1024 * 1024,
    userQuotaHours: integer(env, 'MEDIA_USER_QUOTA_HOURS', 24, 1),
    thumbnails: {
      concurrency: Math.min(integer(env, 'MEDIA_THUMBNAIL_CONCURRENCY', 1, 1), 4),
      queueLength: integer(env, 'MEDIA_THUMBNAIL_QUEUE', 4, 0),
      maxPixels: integer(env, 'MEDIA_THUMBNAIL_MAX_MEGAPIXELS', 50, 1) * 1_000_000,
    },
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
    exportMaxRows: integer(env, 'EXPORT_MAX_ROWS', 250_000, 1),
    maxDiscountPercent: integer(env, 'MAX_DISCOUNT_PERCENT', 20, 0),
    limits: {
      activitiesPerIntervention: integer(env, 'MAX_ACTIVITIES_PER_INTERVENTION', DEFAULT_LIMITS.activitiesPerIntervention, 1),
      reportHeadingsPerModule: integer(env, 'REPORT_HEADINGS_WARNING_PER_MODULE', DEFAULT_LIMITS.reportHeadingsPerModule, 1),
    },
    seedScale: integer(env, 'SEED_SCALE', 1, 0),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'pretty'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 0) * 1000,
    workers: integer(env, 'WORKERS', 1, 1),
    memoryBudgetMb: integer(env, 'MEMORY_BUDGET_MB', 200, 0),
    // Under the client's 10 s request timeout, so the answer is a 503 and not a dropped connection.
    statementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 8000, 0),
    startupWaitMs: integer(env, 'DATABASE_STARTUP_WAIT_SECONDS', 60, 0) * 1000,
    redirectToPublicUrl: flag(env, 'PUBLIC_URL_REDIRECT', true),
    media: mediaConfig(env, dataDir),
    documents: documentRenderConfig(env),
    map: mapConfig(env),
    mail: mailConfig(env, dataDir, publicUrl),
    fieldPrimeDays: fieldPrimeDays(env),
    // PGlite's dump archives its whole data directory: backups kept inside it would be swept into every later one.
    backupDir: path.resolve(env.BACKUP_DIR || path.join(path.dirname(dataDir), 'backups')),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    http: httpLimits(env),
  };
}
