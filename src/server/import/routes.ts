/**
 * Equipment import routes (issue 27):
 * - `POST /api/customers/{id}/equipmentImports/preview` `{ fileName, content (base64), mapping? }` → what would be written;
 * - `POST /api/customers/{id}/equipmentImports` (same body) → 201, the import record, committed in one transaction;
 * - `POST /api/equipmentImports/{id}/actions/undo` → the import, undone (409 `IMPORT_CHANGED_SINCE` listing what changed).
 * The record is read like any other: `GET /api/equipmentImports?filter[customerId]=…`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { EquipmentImportService } from './equipment-import-service.ts';

export function registerImportRoutes(
  app: FastifyInstance,
  deps: { service: EntityService; storage: MediaStorage; db: Kysely<DatabaseSchema> },
  callOf: (request: FastifyRequest) => CallContext,
): void {
  const imports = new EquipmentImportService(deps);
  app.post<{ Params: { id: string } }>('/api/customers/:id/equipmentImports/preview', async (request) => ({
    data: await imports.preview(callOf(request), request.params.id, request.body),
  }));
  app.post<{ Params: { id: string } }>('/api/customers/:id/equipmentImports', async (request, reply) => {
    const result = await imports.commit(callOf(request), request.params.id, request.body);
    reply.code(201);
    reply.header('Location', `/api/equipmentImports/${result.import.id}`);
    return { data: result.import, meta: { preview: result.preview } };
  });
  app.post<{ Params: { id: string } }>('/api/equipmentImports/:id/actions/undo', async (request) => ({
    data: await imports.undo(callOf(request), request.params.id),
  }));
}
