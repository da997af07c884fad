/** The OpenAPI description of the register import routes (routes.ts), added to the document by src/server/openapi/document.ts. */
import { z } from 'zod';
import type { JsonSchema } from '../openapi/json-schema.ts';
import { importRequest } from './register-import-service.ts';

type Helpers = { json: (schema: JsonSchema) => unknown; problems: (...statuses: number[]) => Record<string, unknown> };

export function registerImportPaths({ json, problems }: Helpers): Record<string, JsonSchema> {
  const body = { required: true, content: json(z.toJSONSchema(importRequest, { io: 'input' }) as JsonSchema) };
  const customerId = { name: 'id', in: 'path', required: true, description: 'Il cliente.', schema: { type: 'string', format: 'uuid' } };
  const importId = { name: 'id', in: 'path', required: true, description: 'L’importazione.', schema: { type: 'string', format: 'uuid' } };
  const cell = { type: 'object', properties: { column: { type: ['string', 'null'] }, field: { type: 'string' }, value: { type: 'string' }, message: { type: 'string' } } };
  const row = {
    type: 'object',
    properties: {
      row: { type: 'integer', description: 'Numero di riga nel file (1 = intestazione).' },
      action: { enum: ['create', 'update', 'unchanged', 'refused'] },
      title: { type: 'string', description: 'La riga: matricola, codice fiscale, codice o nome.' },
      id: { type: 'string', format: 'uuid', description: 'Il record esistente aggiornato.' },
      errors: { type: 'array', items: cell },
    },
  };
  const preview = {
    type: 'object',
    properties: {
      register: { enum: ['equipments', 'sites', 'employees', 'products'] },
      fileName: { type: 'string' },
      headers: { type: 'array', items: { type: 'string' } },
      mapping: { type: 'array', items: { type: ['string', 'null'] } },
      mappingSource: { enum: ['request', 'saved', 'names'] },
      targets: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, label: { type: 'string' } } } },
      rowsCount: { type: 'integer' }, createCount: { type: 'integer' }, updateCount: { type: 'integer' },
      unchangedCount: { type: 'integer' }, refusedCount: { type: 'integer' },
      rows: { type: 'array', items: row },
    },
  };
  const previewOperation = (operationId: string, parameters: unknown[], where: string) => ({
    post: {
      operationId,
      summary: `Anteprima dell’importazione ${where}`,
      description: 'Legge il file (.xlsx o CSV, in base64), associa le colonne ai campi del registro (per nome e sinonimi, oppure come indicato, oppure come nell’ultima importazione con le stesse colonne), valida ogni riga e risponde con le righe da creare, da aggiornare (per matricola, codice fiscale, nome della sede o codice prodotto) e scartate con il motivo per cella. Non scrive nulla.',
      tags: ['imports'],
      parameters,
      requestBody: body,
      responses: { 200: { description: 'L’anteprima.', content: json({ type: 'object', properties: { data: preview } }) }, ...problems(401, 403, 404, 413, 415, 422, 503) },
    },
  });
  const commitOperation = (operationId: string, parameters: unknown[], where: string) => ({
    post: {
      operationId,
      summary: `Importazione ${where}`,
      description: 'Come l’anteprima, poi scrive in una transazione le righe valide (con le scadenze calcolate, i prezzi nei listini), conserva il file e registra l’importazione.',
      tags: ['imports'],
      parameters,
      requestBody: body,
      responses: { 201: { description: 'L’importazione registrata; `meta.preview` il riepilogo delle righe.', content: json({ type: 'object' }) }, ...problems(401, 403, 404, 409, 413, 415, 422, 503) },
    },
  });
  return {
    '/api/customers/{id}/imports/preview': previewOperation('previewCustomerImport', [customerId], 'nei registri di un cliente (attrezzature, sedi, dipendenti)'),
    '/api/customers/{id}/imports': commitOperation('commitCustomerImport', [customerId], 'nei registri di un cliente'),
    '/api/catalogue/imports/preview': previewOperation('previewCatalogueImport', [], 'di prodotti e listini'),
    '/api/catalogue/imports': commitOperation('commitCatalogueImport', [], 'di prodotti e listini'),
    '/api/imports/{id}/rows': {
      get: {
        operationId: 'importRows',
        summary: 'Record scritti dall’importazione',
        description: 'Ogni record creato o aggiornato dall’importazione, e se è stato modificato o eliminato dopo (l’annullamento è possibile solo se nessuno lo è).',
        tags: ['imports'],
        parameters: [importId],
        responses: { 200: { description: 'I record.', content: json({ type: 'object' }) }, ...problems(401, 403, 404, 503) },
      },
    },
    '/api/imports/{id}/actions/undo': {
      post: {
        operationId: 'undoImport',
        summary: 'Annulla l’importazione',
        description: 'Ripristina i record aggiornati e elimina quelli creati, se nessuno è cambiato dopo l’importazione; altrimenti 409 `IMPORT_CHANGED_SINCE` con l’elenco delle modifiche.',
        tags: ['imports'],
        parameters: [importId],
        responses: { 200: { description: 'L’importazione annullata.', content: json({ type: 'object' }) }, ...problems(401, 403, 404, 409, 503) },
      },
    },
  };
}
