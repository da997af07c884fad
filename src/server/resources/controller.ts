/**
 * HTTP surface of every entity kind (DESIGN §4): parse the request, call the service, shape the
 * answer. No rules here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Entity } from '../../domain/entity.ts';
import type { EntityService } from './service.ts';
import type { CallContext } from './service.ts';

type Params = { type: string; id: string; action: string };
type Query = Record<string, string | string[] | undefined>;

function withVersion(reply: FastifyReply, entity: Entity) {
  reply.header('ETag', `"${entity.metadata.lastUpdatedDateTime}"`);
  return { data: entity };
}

export function registerResourceRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext): void {
  app.get<{ Params: Params; Querystring: Query }>('/api/:type', async (request) =>
    service.list(request.params.type, request.query, callOf(request)),
  );

  app.post<{ Params: Params }>('/api/:type', async (request, reply) => {
    const entity = await service.create(request.params.type, request.body, callOf(request));
    reply.code(201).header('Location', `/api/${request.params.type}/${entity.id}`);
    return withVersion(reply, entity);
  });

  app.get<{ Params: Params }>('/api/:type/:id', async (request, reply) =>
    withVersion(reply, await service.get(request.params.type, request.params.id, callOf(request))),
  );

  app.patch<{ Params: Params }>('/api/:type/:id', async (request, reply) =>
    withVersion(
      reply,
      await service.update(request.params.type, request.params.id, request.body, request.headers['if-match'], callOf(request)),
    ),
  );

  app.delete<{ Params: Params }>('/api/:type/:id', async (request, reply) =>
    withVersion(reply, await service.remove(request.params.type, request.params.id, request.headers['if-match'], callOf(request))),
  );

  app.get<{ Params: Params }>('/api/:type/:id/history', async (request) => ({
    data: await service.history(request.params.type, request.params.id, callOf(request)),
  }));

  app.get<{ Params: Params }>('/api/:type/:id/actions', async (request) => ({
    data: await service.actions(request.params.type, request.params.id, callOf(request)),
  }));

  app.post<{ Params: Params }>('/api/:type/:id/actions/:action', async (request, reply) => {
    const { type, id, action } = request.params;
    const result = await service.runAction(type, id, action, request.body, request.headers['if-match'], callOf(request));
    if (result.created) reply.code(201).header('Location', `/api/${result.createdType ?? type}/${result.entity.id}`);
    reply.header('ETag', `"${result.entity.metadata.lastUpdatedDateTime}"`);
    // A created record of another kind says which, so a client need not know the action's declaration.
    return { data: result.entity, meta: { ...result.meta, effects: result.effects ?? [], ...(result.created && result.createdType ? { createdType: result.createdType } : {}) } };
  });
}
