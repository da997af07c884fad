/**
 * HTTP surface of every entity kind (DESIGN §4): parse the request, call the service, shape the
 * answer. No rules here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Entity } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import type { EntityService } from './service.ts';
import type { CallContext } from './service.ts';
import { EXPORT_MEDIA_TYPES, exportFormatOf, exportStream, openListExport } from '../export/list-export.ts';

/** What the list's spreadsheet export needs (issue 27): its row limit, its page size and the business day for the file name. */
export interface ListExportOptions {
  maxRows: number;
  pageSize: number;
  today(): string;
}

type Params = { type: string; id: string; action: string };
/** PUT only creates: a change is a PATCH on a version. */
const PUT_CREATE_ONLY = 'PUT crea un elemento con un identificativo scelto e richiede l’intestazione If-None-Match: * (per modificare usare PATCH con If-Match)';
type Query = Record<string, string | string[] | undefined>;

function withVersion(reply: FastifyReply, entity: Entity) {
  reply.header('ETag', `"${entity.metadata.lastUpdatedDateTime}"`);
  return { data: entity };
}

export function registerResourceRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext, exports: ListExportOptions): void {
  app.get<{ Params: Params; Querystring: Query }>('/api/:type', async (request, reply) => {
    // Content negotiation: the same list as a CSV or `.xlsx` file, streamed (list-export.ts).
    const format = exportFormatOf(request.headers.accept);
    if (!format) return service.list(request.params.type, request.query, callOf(request));
    const listExport = await openListExport(service, request.params.type, { ...request.query }, callOf(request), { format, maxRows: exports.maxRows, pageSize: exports.pageSize, today: exports.today() });
    const stream = exportStream(listExport);
    // The client went away (cancelled): stop reading the list.
    reply.raw.once('close', () => stream.destroy());
    return reply
      .header('Content-Type', format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx)
      .header('Content-Disposition', `attachment; filename="${listExport.fileName}"; filename*=UTF-8''${encodeURIComponent(listExport.fileName)}`)
      .header('X-Total-Count', String(listExport.total))
      .header('Cache-Control', 'no-store')
      .send(stream);
  });

  // Issue 23: counts and sums of the same list by group (the dashboards' charts); a static segment, so never read as an id.
  app.get<{ Params: Params; Querystring: Query }>('/api/:type/aggregate', async (request) => service.aggregate(request.params.type, request.query, callOf(request)));

  app.post<{ Params: Params }>('/api/:type', async (request, reply) => {
    const entity = await service.create(request.params.type, request.body, callOf(request));
    reply.code(201).header('Location', `/api/${request.params.type}/${entity.id}`);
    return withVersion(reply, entity);
  });

  // Issue 25: a create under the client's id (an offline device's record), only as a first write.
  app.put<{ Params: Params }>('/api/:type/:id', async (request, reply) => {
    if (request.headers['if-none-match']?.trim() !== '*') throw new Problem('PRECONDITION_REQUIRED', { message: PUT_CREATE_ONLY });
    const entity = await service.createWithId(request.params.type, request.params.id, request.body, callOf(request));
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
