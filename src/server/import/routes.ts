/**
 * Register import routes (issue 27). The body of preview and commit is `{ register, fileName, content (base64), mapping? }`:
 * - `POST /api/customers/{id}/imports/preview` → what would be written in the customer's register
 *   (`equipments`, `sites`, `employees`); `POST /api/catalogue/imports/preview` the same for the catalogue (`products`);
 * - `POST /api/customers/{id}/imports`, `POST /api/catalogue/imports` (same body) → 201, the import record, committed in one transaction;
 * - `GET /api/imports/{id}/rows` → each record the import wrote, and whether it changed since;
 * - `POST /api/imports/{id}/actions/undo` → the import, undone (409 `IMPORT_CHANGED_SINCE` listing what changed).
 * The record is read like any other: `GET /api/imports?filter[customerId]=…`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { RegisterImportService } from './register-import-service.ts';

export function registerImportRoutes(
  app: FastifyInstance,
  deps: { service: EntityService; storage: MediaStorage; db: Kysely<DatabaseSchema> },
  callOf: (request: FastifyRequest) => CallContext,
): void {
  const imports = new RegisterImportService(deps);
  const committed = (reply: FastifyReply, result: Awaited<ReturnType<RegisterImportService['commit']>>) => {
    reply.code(201);
    reply.header('Location', `/api/imports/${result.import.id}`);
    return { data: result.import, meta: { preview: result.preview } };
  };
  app.post<{ Params: { id: string } }>('/api/customers/:id/imports/preview', async (request) => ({
    data: await imports.preview(callOf(request), request.params.id, request.body),
  }));
  app.post('/api/catalogue/imports/preview', async (request) => ({ data: await imports.preview(callOf(request), undefined, request.body) }));
  app.post<{ Params: { id: string } }>('/api/customers/:id/imports', async (request, reply) =>
    committed(reply, await imports.commit(callOf(request), request.params.id, request.body)));
  app.post('/api/catalogue/imports', async (request, reply) => committed(reply, await imports.commit(callOf(request), undefined, request.body)));
  app.get<{ Params: { id: string } }>('/api/imports/:id/rows', async (request) => ({ data: await imports.rows(callOf(request), request.params.id) }));
  app.post<{ Params: { id: string } }>('/api/imports/:id/actions/undo', async (request) => ({
    data: await imports.undo(callOf(request), request.params.id),
  }));
}
