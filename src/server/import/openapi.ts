/** The OpenAPI description of the equipment import routes (routes.ts), added to the document by src/server/openapi/document.ts. */
import { z } from 'zod';
import type { JsonSchema } from '../openapi/json-schema.ts';
import { importRequest } from './equipment-import-service.ts';

type Helpers = { json: (schema: JsonSchema) => unknown; problems: (...statuses: number[]) => Record<string, unknown> };

export function equipmentImportPaths({ json, problems }: Helpers): Record<string, JsonSchema> {
  const body = { required: true, content: json(z.toJSONSchema(importRequest, { io: 'input' }) as JsonSchema) };
  const customerId = { name: 'id', in: 'path', required: true, description: 'Il cliente.', schema: { type: 'string', format: 'uuid' } };
  const cell = { type: 'object', properties: { column: { type: ['string', 'null'] }, field: { type: 'string' }, value: { type: 'string' }, message: { type: 'string' } } };
  const row = {
    type: 'object',
    properties: {
      row: { type: 'integer', description: 'Numero di riga nel file (1 = intestazione).' },
      action: { enum: ['create', 'update', 'unchanged', 'refused'] },
      equipmentId: { type: 'string' },
      serialNumber: { type: 'string' },
      id: { type: 'string', format: 'uuid', description: 'L’attrezzatura esistente aggiornata.' },
      errors: { type: 'array', items: cell },
    },
  };
  const preview = {
    type: 'object',
    properties: {
      fileName: { type: 'string' },
      headers: { type: 'array', items: { type: 'string' } },
      mapping: { type: 'array', items: { type: ['string', 'null'] } },
      mappingSource: { enum: ['request', 'saved', 'names'] },
      rowsCount: { type: 'integer' }, createCount: { type: 'integer' }, updateCount: { type: 'integer' },
      unchangedCount: { type: 'integer' }, refusedCount: { type: 'integer' },
      rows: { type: 'array', items: row },
    },
  };
  return {
    '/api/customers/{id}/equipmentImports/preview': {
      post: {
        operationId: 'previewEquipmentImport',
        summary: 'Anteprima dell’importazione di attrezzature',
        description: 'Legge il file (.xlsx o CSV, in base64), associa le colonne ai campi (per nome e sinonimi, oppure come indicato, oppure come nell’ultima importazione con le stesse colonne), valida ogni riga e risponde con le righe da creare, da aggiornare (per matricola) e scartate con il motivo per cella. Non scrive nulla.',
        tags: ['equipmentImports'],
        parameters: [customerId],
        requestBody: body,
        responses: { 200: { description: 'L’anteprima.', content: json({ type: 'object', properties: { data: preview } }) }, ...problems(401, 403, 404, 413, 415, 422, 503) },
      },
    },
    '/api/customers/{id}/equipmentImports': {
      post: {
        operationId: 'commitEquipmentImport',
        summary: 'Importazione di attrezzature',
        description: 'Come l’anteprima, poi scrive in una transazione le righe valide (con le scadenze calcolate), conserva il file tra i file del cliente e registra l’importazione.',
        tags: ['equipmentImports'],
        parameters: [customerId],
        requestBody: body,
        responses: { 201: { description: 'L’importazione registrata; `meta.preview` il riepilogo delle righe.', content: json({ type: 'object' }) }, ...problems(401, 403, 404, 409, 413, 415, 422, 503) },
      },
    },
    '/api/equipmentImports/{id}/actions/undo': {
      post: {
        operationId: 'undoEquipmentImport',
        summary: 'Annulla l’importazione',
        description: 'Elimina le attrezzature create e ripristina quelle aggiornate, se nessuna è cambiata dopo l’importazione; altrimenti 409 `IMPORT_CHANGED_SINCE` con l’elenco delle modifiche.',
        tags: ['equipmentImports'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { 200: { description: 'L’importazione annullata.', content: json({ type: 'object' }) }, ...problems(401, 403, 404, 409, 503) },
      },
    },
  };
}
