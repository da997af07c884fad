/** The one HTTP process: /api, the static client, and the embedded sign-in provider at /oidc. */
import { registerDownloadLogRoutes } from './documents/download-log.ts';
import { registerRegisterShareRoutes } from './documents/register-share.ts';
import { registerQuotationSignatureRoutes } from './signature/quotation-signature.ts';
import { registerInvitationRoutes } from './users/invitations.ts';
import { businessDay } from '../domain/business-day.ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Database } from './db/database.ts';
import type { ServerConfig } from './config.ts';
import { errorHandler, sendProblem } from './http/error-handler.ts';
import { Problem } from './http/problems.ts';
import { jsonBodyError, registerJsonParsers } from './http/json-body.ts';
import { registerCanonicalHost } from './http/canonical-host.ts';
import { bodyPending, clientErrorHandler, guardConnections, serverTimeouts } from './http/connections.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { loggingOptions } from './logging.ts';
import { EntityService, type CallContext } from './resources/service.ts';
import { kindHooks } from './kinds/index.ts';
import { registerLimitRoutes } from './limits/routes.ts';
import { registerResourceRoutes } from './resources/controller.ts';
import { MaintenanceSwitch, registerMaintenanceRoutes } from './admin/maintenance.ts';
import { registerOrderWizardRoutes } from './orders/wizard-routes.ts';
import { registerIdempotentWrites } from './idempotency/idempotent-writes.ts';
import { registerImportRoutes } from './import/routes.ts';
import { registerStaffNameRoutes } from './users/staff-names.ts';
import { registerCustomerPriceRoutes } from './kinds/support/customer-price.ts';
import { registerComplianceRoutes } from './kinds/support/employee-compliance.ts';
import { registerNextEditionsRoutes } from './kinds/support/next-editions.ts';
import { registerAdditionalFieldRoutes } from './kinds/support/additional-fields.ts';
import { registerQuotationLinesRoutes } from './kinds/support/quotation-lines.ts';
import { inProcessChangeBus, postgresChangeBus } from './events/bus.ts';
import { cachedIdentities } from './auth/caller-cache.ts';
import { isEventStream, registerEventRoutes } from './events/routes.ts';
import { developmentIdentity, tokenIdentity, type Caller } from './auth/identity.ts';
import { ImpersonationAuditWriter } from './auth/impersonation-audit.ts';
import { createTokenVerifier, remoteIssuerKeys } from './auth/tokens.ts';
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { createEmbeddedProvider, embeddedProviderMetadata, registerOidcRoutes, type LoginLimits } from './oidc/index.ts';
import { isPublicDocumentation, registerOpenApiRoutes } from './openapi/routes.ts';
import { isSignedMediaUrl, registerMediaRoutes } from './media/routes.ts';
import { isCalendarFeedUrl, registerCalendarFeedRoutes } from './calendar/feed.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerMailRoutes } from './mail/routes.ts';
import { VisitConfirmedNotifier } from './mail/visit-confirmed.ts';
import { QuotationIssuedNotifier } from './mail/quotation-issued.ts';
import { DocumentsReadyNotifier } from './mail/documents-ready.ts';
import { EnrolmentDecidedNotifier } from './mail/enrolment-decided.ts';
import { DeadlineDigest } from './mail/deadline-digest.ts';
import { withAfterCommitHooks, type AfterCommitHook } from './events/after-commit.ts';
import type { MediaStorage } from './storage/storage.ts';
import { createStorage } from './storage/index.ts';
import { registerDocumentRoutes } from './documents/routes.ts';
import { registerIconRoutes } from './icons/routes.ts';
import { documentRenderer } from './documents/render-pool.ts';

export interface AppOptions {
  database: Database;
  config: ServerConfig;
  /** Directory of the built client; absent in API tests. */
  publicDir?: string;
  /** Pins "today" (tests). */
  today?: () => string;
  logger?: boolean;
  /** Keys that sign access tokens; by default the issuer's published keys (tests pass their own). */
  tokenKeys?: JWTVerifyGetKey;
  /** Mount the embedded OpenID provider at /oidc; default: when no external issuer is configured (API tests turn it off). */
  oidcProvider?: boolean;
  /** Failed sign-ins allowed before the login form refuses for a while (tests lower it). */
  loginLimits?: LoginLimits;
  /** Where media files live; by default the store the configuration names (disk or S3). */
  mediaStorage?: MediaStorage;
  /** The mail service; by default the one the configuration names (SMTP_URL, or `.eml` files in DATA_DIR/outbox). */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyInstance {
    /** The mail service (mail/mailer.ts): what other features send their e-mail through. */
    mailer: Mailer;
    /**
     * The e-mail notifications (issue 26 §8): those sent after commits (mail/visit-confirmed.ts,
     * quotation-issued.ts, documents-ready.ts, enrolment-decided.ts), `idle` resolving once those started have left; and the
     * daily deadline digest (mail/deadline-digest.ts), whose timer the serving process starts.
     */
    notifications: { idle(): Promise<void>; deadlineDigest: DeadlineDigest };
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : loggingOptions(config)),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // request.ip: the right-most X-Forwarded-For hop that is not a trusted proxy (none trusted by default).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Slow clients: headers, body, keep-alive and idle timeouts (http/connections.ts).
    ...serverTimeouts(config.http),
    clientErrorHandler,
    // Framework-level failures (bad URL encoding, bad content-length…) are problem+json too.
    frameworkErrors: (error, request, reply) => {
      if (bodyPending(request.raw)) reply.header('Connection', 'close');
      sendProblem(reply, new Problem('BAD_REQUEST', { message: `Richiesta non valida: ${error.code ?? ''}`.trim() }));
    },
  });
  app.setErrorHandler(errorHandler);
  guardConnections(app, {
    limits: config.http,
    trustedProxies: config.trustedProxies,
    // Upload links stream large files for as long as bytes keep coming.
    isStreamedBody: (request) => request.method === 'PUT' && isSignedMediaUrl(request.url ?? ''),
    log: app.log,
  });
  const publicDir = options.publicDir;
  const indexHtml = publicDir === undefined ? undefined : readIfExists(path.join(publicDir, 'index.html'));
  registerSecurityHeaders(app, { publicUrl: config.publicUrl, issuer: config.oidc.issuer, indexHtml, mediaOrigins: mediaStoreOrigins(config.media.s3), imageOrigins: config.map.tileSource ? [config.map.tileSource] : [] });

  // Answers of 1 kB and more are compressed on the fly (Brotli at a fast level, else gzip); the client's
  // files come precompressed from the build (fastifyStatic below). Event streams hijack their reply
  // and stay plain. Request bodies are never inflated: a compressed body is refused like any non-JSON.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
  registerJsonParsers(app);
  if (config.redirectToPublicUrl) registerCanonicalHost(app, config.publicUrl);
  // The API speaks JSON only: a text/plain body is 415, not a string handed to the rules.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    const error = request.body === undefined ? undefined : jsonBodyError(request.body);
    if (error) throw new Problem('VALIDATION_FAILED', { errors: [error] });
  });

  // Committed writes are announced (GET /api/events): NOTIFY between processes on PostgreSQL, in-process on PGlite.
  const changes =
    database.engine === 'postgres' && config.databaseUrl
      ? postgresChangeBus({ url: config.databaseUrl, schema: database.schema, log: { error: (message) => app.log.error(message) } })
      : inProcessChangeBus((error) => app.log.error({ err: error }, 'ascolto delle modifiche non riuscito'));
  const mediaStorage = options.mediaStorage ?? createStorage(config.media);
  // One pool of document workers per process: the document routes and the certificates share it.
  const renderer = documentRenderer(config.documents, (message, error) => app.log.error({ err: error }, message));
  app.addHook('onClose', () => renderer.close());
  // Business effects after a write has committed, in the process that made it (events/after-commit.ts): e-mail notifications.
  const afterCommit: AfterCommitHook[] = [];
  const service = new EntityService(database.db, {
    hooks: kindHooks,
    documents: renderer,
    maxPageSize: config.maxPageSize,
    maxDiscountPercent: config.maxDiscountPercent,
    limits: config.limits,
    today: options.today,
    changes: withAfterCommitHooks(changes, afterCommit, (error) => app.log.error({ err: error }, 'effetto dopo il salvataggio non riuscito')),
    storage: mediaStorage,
  });
  // The embedded provider (when on) signs our access tokens: they are checked against its keys directly.
  const embedded = (options.oidcProvider ?? config.oidc.embedded)
    ? await createEmbeddedProvider(database.db, config, (error) => app.log.error({ err: error }, 'errore del provider di accesso'))
    : undefined;
  const resolver = config.authDisabled
    ? developmentIdentity(database.db, config.devUserEmail)
    : tokenIdentity(
        database.db,
        createTokenVerifier({
          issuer: config.oidc.issuer,
          audience: config.oidc.audience,
          apiScope: config.oidc.apiScope,
          keys: options.tokenKeys ?? (embedded ? createLocalJWKSet(embedded.jwks) : issuerKeys(config)),
          tokenType: config.oidc.tokenType,
        }),
      );
  // Three queries per request become none while nothing about the caller changes (see caller-cache.ts).
  const identities = cachedIdentities(resolver, changes);
  afterCommit.push(identities.forgetOnOwnWrite);

  // What the client needs to sign in (and the map's tiles), read at start-up rather than built into the bundle.
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      apiBaseUrl: '/api',
      map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution },
      // Issue 25: how many working days after today a technician's device keeps ready offline.
      offline: { primeDays: config.fieldPrimeDays },
      auth: config.authDisabled
        ? { mode: 'disabled' }
        : {
            mode: 'oidc',
            authority: config.oidc.issuer,
            clientId: config.oidc.clientId,
            scope: config.oidc.scope,
            // The embedded provider's endpoints: the client skips the discovery request (one round trip less on a first visit).
            ...(embedded ? { metadata: embeddedProviderMetadata(config.oidc.issuer) } : {}),
            // RFC 8707 resource indicator: our provider issues API tokens for it; Entra ID v2 refuses the parameter
            // (the scope names the API there), so an external issuer gets it only when OIDC_RESOURCE asks for it.
            ...(config.oidc.resource ? { resource: config.oidc.resource } : {}),
          },
    };
  });

  // Readiness (for a load balancer): 503 while the database does not answer. Liveness: the process answers at all.
  app.get('/api/health', async (_request, reply) => {
    const up = await database.ping(2000);
    reply.header('Cache-Control', 'no-store');
    if (!up) reply.code(503);
    return { status: up ? 'ok' : 'unavailable', engine: database.engine, database: up ? 'up' : 'down' };
  });
  app.get('/api/health/live', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  const maintenance = new MaintenanceSwitch(database.db);
  // Who calls is settled as soon as the headers are in, before any body is read: an anonymous
  // request does not get to send its body (the answer closes the connection, http/connections.ts).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || isHealthProbe(request.url) || isEventStream(request) || isPublicDocumentation(request.url) || isSignedMediaUrl(request.url) || isCalendarFeedUrl(request.url)) return;
    request.caller = await identities.resolve(request);
    await maintenance.enforce(request, request.caller);
  });
  // Every request answered while impersonating goes to the audit, written after the answer in batches.
  const impersonationAudit = new ImpersonationAuditWriter(database.db, { log: app.log });
  app.addHook('onResponse', async (request, reply) => impersonationAudit.record(request, reply.statusCode));
  app.addHook('onClose', () => impersonationAudit.close());
  const callOf = (request: FastifyRequest): CallContext => {
    if (!request.caller) throw new Problem('UNAUTHORIZED');
    return request.caller;
  };
  // SPEC §7: the answer is a list whose first item is the signed-in (or impersonated) identity.
  app.get('/api/identity/authorization', async (request) => {
    if (!request.caller) throw new Problem('UNAUTHORIZED');
    return [request.caller.profile];
  });
  // SPEC §7 icon service: behind sign-in, the sidebar that shows the icons exists only once signed in.
  registerIconRoutes(app, callOf);
  registerMaintenanceRoutes(app, maintenance, (request) => {
    if (!request.caller) throw new Problem('UNAUTHORIZED');
    return request.caller;
  });
  // Issue 25: Idempotency-Key on every write route registered after this line (idempotency/idempotent-writes.ts).
  registerIdempotentWrites(app, database.db, app.log);
  registerOrderWizardRoutes(app, service, callOf);
  registerImportRoutes(app, { service, storage: mediaStorage, db: database.db }, callOf);
  registerCustomerPriceRoutes(app, service, callOf);
  registerComplianceRoutes(app, service, callOf);
  registerNextEditionsRoutes(app, { service }, callOf);
  registerAdditionalFieldRoutes(app, { service }, callOf);
  registerQuotationLinesRoutes(app, service, callOf);
  registerLimitRoutes(app, service, callOf);
  registerCalendarFeedRoutes(app, { db: database.db, service, publicUrl: config.publicUrl, today: () => options.today?.() ?? businessDay() }, (request) => {
    if (!request.caller) throw new Problem('UNAUTHORIZED');
    return request.caller;
  });
  // Issue 26 §8: e-mail through SMTP_URL or to DATA_DIR/outbox; the administrator's outbox.
  const mailer = options.mailer ?? createMailer(database.db, config.mail, app.log);
  app.decorate('mailer', mailer);
  // «Visita confermata» to the customer's portal users when an intervention is planned.
  const visitConfirmed = new VisitConfirmedNotifier({ db: database.db, service, mailer, publicUrl: config.publicUrl, log: app.log });
  // «Preventivo da firmare» when a quotation is issued; «Documenti pronti» when a write stores a customer's documents.
  const quotationIssued = new QuotationIssuedNotifier({ db: database.db, service, mailer, publicUrl: config.publicUrl, log: app.log });
  const documentsReady = new DocumentsReadyNotifier({ db: database.db, service, mailer, publicUrl: config.publicUrl, log: app.log });
  // «Iscrizione accettata» / «Iscrizione rifiutata» to the customer's user who asked, when the office decides.
  const enrolmentDecided = new EnrolmentDecidedNotifier({ db: database.db, service, mailer, publicUrl: config.publicUrl, log: app.log });
  afterCommit.push(visitConfirmed.hook, quotationIssued.hook, documentsReady.hook, enrolmentDecided.hook);
  // «Scadenze entro 30 giorni»: the daily digest (its timer is started by the serving process, main.ts).
  const deadlineDigest = new DeadlineDigest({ db: database.db, service, mailer, publicUrl: config.publicUrl, hour: config.mail.deadlineDigestHour, log: app.log });
  const notificationsIdle = async () => {
    await Promise.all([visitConfirmed.idle(), quotationIssued.idle(), documentsReady.idle(), enrolmentDecided.idle()]);
  };
  app.decorate('notifications', { idle: notificationsIdle, deadlineDigest });
  app.addHook('onClose', async () => {
    await deadlineDigest.stop();
    await notificationsIdle();
    mailer.close();
  });
  registerMailRoutes(app, { service, mailer }, callOf);
  // Issue 26 §3: quotations signed (or refused) online by their customer's user.
  registerQuotationSignatureRoutes(app, { db: database.db, service, storage: mediaStorage, mailer, publicUrl: config.publicUrl }, callOf);
  registerInvitationRoutes(app, { db: database.db, service, mailer, publicUrl: config.publicUrl, ttlHours: config.mail.invitationTtlHours }, callOf);
  // Issue 22: staff read their colleagues' names (only those), whatever their rights on users.
  registerStaffNameRoutes(app, service, (request) => {
    if (!request.caller) throw new Problem('UNAUTHORIZED');
    return request.caller;
  });
  registerResourceRoutes(app, service, callOf, { maxRows: config.exportMaxRows, pageSize: config.maxPageSize, today: () => options.today?.() ?? businessDay() });
  const mediaFiles = await registerMediaRoutes(app, { db: database.db, service, config: config.media, callOf, storage: mediaStorage });
  const printer = registerDocumentRoutes(app, { db: database.db, service, callOf, storage: mediaStorage, files: mediaFiles, limits: config.documents, renderer, publicUrl: config.publicUrl });
  // Issue 26 §2: the register's verification page and the inspector's share links (no account).
  registerRegisterShareRoutes(app, { db: database.db, service, publicUrl: config.publicUrl, printRegister: (customerId, call) => printer.printRegister(customerId, call), registerRows: (customerId, siteId, call) => printer.registerRows(customerId, siteId, call) }, callOf);
  // Issue 26 §5: who took which of a customer's documents.
  registerDownloadLogRoutes(app, { db: database.db, service }, callOf);
  registerEventRoutes(app, {
    db: database.db,
    bus: changes,
    identities,
    log: app.log,
    limits: { perUser: config.http.maxEventStreamsPerUser, total: config.http.maxEventStreams },
  });
  registerOpenApiRoutes(app, config);
  if (embedded) await registerOidcRoutes(app, { provider: embedded.provider, db: database.db, publicUrl: config.publicUrl, loginLimits: options.loginLimits, mailer });

  const hasClient = publicDir !== undefined && indexHtml !== undefined;
  if (hasClient) {
    await app.register(fastifyStatic, { root: publicDir, index: ['index.html'], wildcard: false, cacheControl: false, preCompressed: true, setHeaders: immutableAssets });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasClient) {
      return sendProblem(reply, new Problem('ROUTE_NOT_FOUND', { message: `Risorsa non trovata: ${request.method} ${request.url.split('?')[0]}` }));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendProblem(reply, new Problem('METHOD_NOT_ALLOWED'));
    // Client routes (deep links) are served the app shell; the client router takes it from there.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}

/**
 * The issuer's signing keys, fetched on first use: the embedded provider's JWKS, or an external
 * issuer's from its discovery document. A failed discovery is retried on the next request.
 */
function issuerKeys(config: ServerConfig): JWTVerifyGetKey {
  if (config.oidc.embedded) return createRemoteJWKSet(new URL(`${config.oidc.issuer}/jwks`));
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keys ??= remoteIssuerKeys(config.oidc.issuer).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

function readIfExists(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/**
 * Where an S3-compatible store serves presigned downloads: the endpoint (path-style) or the bucket's
 * host under it (virtual-hosted), AWS's own hosts without an endpoint. Nothing for the disk store.
 */
export function mediaStoreOrigins(s3: ServerConfig['media']['s3']): string[] {
  if (!s3) return [];
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return s3.forcePathStyle ? [url.origin] : [`${url.protocol}//${s3.bucket}.${url.host}`];
  }
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
}

/** Hashed assets never change; everything else is revalidated. */
function immutableAssets(reply: FastifyReply, filePath: string) {
  // The build's .br/.gz copies are the same asset.
  const hashed = /\/assets\/.+-[A-Z0-9]{8,}\.(js|css|map|woff2?|png|svg)(\.br|\.gz)?$/i.test(filePath);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The health probes (`/api/health`, `/api/health/live`) answer without sign-in; nothing else does,
 * not even a resource whose name begins the same way (`/api/healthSurveillanceVisits`).
 */
export function isHealthProbe(url: string): boolean {
  return /^\/api\/health(\/live)?(?:[?#]|$)/.test(url);
}
