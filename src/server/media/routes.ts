/**
 * Media routes (DESIGN §4): `POST /api/media/uploads`, `PUT|GET /api/media/{id}/content?token=…`
 * (the signed addresses: the token is the authorisation, no bearer token), `GET /api/media/{id}/download`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { MediaConfig } from '../config.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import { loadOrCreate } from '../oidc/secrets.ts';
import { randomBytes } from 'node:crypto';
import { createStorage, type MediaStorage } from '../storage/index.ts';
import { linkSigner, MEDIA_CONTENT_PATH } from './links.ts';
import { MediaFiles } from './files.ts';

/** Whether the request is one of the signed addresses, which carry their own authorisation. */
export const isSignedMediaUrl = (url: string) => MEDIA_CONTENT_PATH.test(url);

type Params = { id: string };

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The media files service of this server (its sweep of abandoned uploads is reached by tests and tools). */
    mediaFiles?: MediaFiles;
  }
}
type Query = { token?: string };

export async function registerMediaRoutes(
  app: FastifyInstance,
  options: { db: Kysely<DatabaseSchema>; service: EntityService; config: MediaConfig; callOf: (request: FastifyRequest) => CallContext; storage?: MediaStorage },
): Promise<MediaFiles> {
  const { config } = options;
  const secret = config.signingSecret ?? (await loadOrCreate(options.db, 'media-link-key', async () => randomBytes(32).toString('base64url')));
  const files = new MediaFiles({
    db: options.db,
    service: options.service,
    storage: options.storage ?? createStorage(config),
    config,
    links: linkSigner(secret),
    log: { error: (object, message) => app.log.error(object, message) },
  });

  app.decorate('mediaFiles', files);
  // Abandoned uploads are swept every ten minutes (each process may: the sweep is idempotent).
  const sweep = setInterval(() => {
    files.sweepAbandonedUploads().then(
      (removed) => { if (removed > 0) app.log.info({ removed }, 'caricamenti abbandonati rimossi'); },
      (error: unknown) => app.log.warn({ err: error }, 'pulizia dei caricamenti abbandonati non riuscita'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post('/api/media/uploads', async (request, reply) => {
    // A client's id asked again (issue 25): the same row with a fresh link, 200.
    const { data, upload, created } = await files.createUpload(options.callOf(request), request.body);
    reply.code(created ? 201 : 200).header('Location', `/api/media/${data.id}`).header('Cache-Control', 'no-store');
    return { data, upload };
  });

  // A browser sends its token only from script: `Accept: application/json` gets the address to open instead of the redirect.
  app.get<{ Params: Params }>('/api/media/:id/download', async (request, reply) => {
    const link = await files.downloadLocation(options.callOf(request), request.params.id);
    reply.header('Cache-Control', 'no-store');
    if (/application\/json/.test(request.headers.accept ?? '')) return { data: link };
    return reply.redirect(link.url, 302);
  });

  // The bytes travel as they are: no body parser in this scope, the handler streams the raw request.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put<{ Params: Params; Querystring: Query }>('/api/media/:id/content', async (request) => {
      const media = await files.receiveUpload(request.params.id, request.query.token, request.headers['content-type'], request.raw);
      return { data: media };
    });
    scope.get<{ Params: Params; Querystring: Query }>('/api/media/:id/content', async (request, reply) => {
      const content = await files.openContent(request.params.id, request.query.token);
      reply.headers(content.headers);
      return reply.send(content.stream);
    });
  });
  return files;
}
