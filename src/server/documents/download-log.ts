/**
 * The download log of a customer's documents (issue 26 §5): who took which file or printed document
 * of the customer's records, and when. Written beside the answer (a failure is logged, never the
 * request's), read by `GET /api/customers/{id}/downloads` under the customer's read rule: a customer's
 * user reads its own customer's log only, as every reader of that customer does.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { CallContext, EntityService } from '../resources/service.ts';

/** Most recent entries answered. */
export const DOWNLOAD_LOG_LIMIT = 200;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The customer a record's document belongs to: itself (a customer), else its `customerId`. */
export function customerOfRecord(type: string, record: Entity): string | undefined {
  if (type === 'customers') return record.id;
  return text(record.relationships.customerId);
}

export interface DownloadEntry {
  customerId: string;
  what: 'file' | 'document';
  recordType: string;
  recordId: string;
  title: string;
}

/** Records one download; a failure to record is logged and never fails the download itself. */
export async function logDownload(db: Kysely<DatabaseSchema>, call: CallContext, entry: DownloadEntry, log?: { error(object: unknown, message: string): void }): Promise<void> {
  try {
    await sql`INSERT INTO document_downloads (id, customer_id, user_id, user_name, impersonator_id, what, record_type, record_id, title)
      VALUES (${randomUUID()}::uuid, ${entry.customerId}::uuid, ${call.identity.userId ?? null}::uuid, ${call.identity.displayName ?? ''},
        ${call.identity.impersonatorId ?? null}::uuid, ${entry.what}, ${entry.recordType}, ${entry.recordId}::uuid, ${entry.title.slice(0, 500)})`.execute(db);
  } catch (error) {
    log?.error({ err: error }, 'registro dei download: voce non scritta');
  }
}

export function registerDownloadLogRoutes(app: FastifyInstance, deps: { db: Kysely<DatabaseSchema>; service: EntityService }, callOf: (request: FastifyRequest) => CallContext): void {
  app.get<{ Params: { id: string } }>('/api/customers/:id/downloads', async (request) => {
    const call = callOf(request);
    // The customer's read rule: who reads the customer reads who took its documents.
    const customer = await deps.service.get('customers', request.params.id, call);
    const { rows } = await sql<{ id: string; user_name: string; what: string; record_type: string; record_id: string; title: string; at: Date }>`
      SELECT id, user_name, what, record_type, record_id, title, at FROM document_downloads
      WHERE customer_id = ${customer.id}::uuid ORDER BY at DESC LIMIT ${DOWNLOAD_LOG_LIMIT}`.execute(deps.db);
    return {
      data: rows.map((row) => ({ id: row.id, userName: row.user_name, what: row.what, recordType: row.record_type, recordId: row.record_id, title: row.title, dateTime: new Date(row.at).toISOString() })),
      meta: { limit: DOWNLOAD_LOG_LIMIT },
    };
  });
}
