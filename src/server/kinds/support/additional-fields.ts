/**
 * `GET /api/customers/{id}/additional-fields`: the definitions of a customer's additional fields on
 * equipments (SPEC §3 "Additional field", `metadata.additionalPEFields`), for whoever edits or reads
 * that customer's equipment. An equipment's additional data is typed and labelled by its customer's
 * definitions; a role that reads equipment but not customers (the Esterno) would otherwise see the
 * values as bare keys and «no fields», and be answered 403 for the customer it never asked to read.
 *
 * A declared, narrow read: only the definitions (label, type, options, family, report order), nothing
 * else of the customer. Who: whoever may read the customer (its read rule), or may read at least one
 * equipment of that customer (the equipments' read rule, module and customer scope included); anyone
 * else is answered 404, as for a customer that does not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { additionalField } from '../../../domain/entities/customer.ts';
import { isUuid } from '../../auth/read-rule.ts';
import { Problem } from '../../http/problems.ts';
import type { CallContext, EntityService } from '../../resources/service.ts';

export type AdditionalFieldDefinition = z.infer<typeof additionalField>;

async function readsAnEquipmentOf(service: EntityService, call: CallContext, customerId: string): Promise<boolean> {
  if (!call.access.can('read', service.kind('equipments'))) return false;
  const some = await service.list('equipments', { 'filter[customerId]': customerId, 'page[size]': '1', 'filter[isArchived]': 'all' }, call);
  return some.data.length > 0;
}

export async function additionalFieldsOf(service: EntityService, call: CallContext, customerId: string): Promise<{ data: AdditionalFieldDefinition[] }> {
  let customer;
  try {
    customer = await service.get('customers', customerId, call);
  } catch (error) {
    // Not a reader of the customer: a reader of its equipment still gets the definitions.
    if (!(error instanceof Problem) || !['FORBIDDEN', 'NOT_FOUND', 'MODULE_NOT_ALLOWED', 'CTM_FST_NOT_AUTHORIZED'].includes(error.code)) throw error;
    const found = isUuid(customerId) ? await service.repository(service.kind('customers')).findById(customerId.toLowerCase()) : undefined;
    if (!found || found.metadata.isDeleted || !(await readsAnEquipmentOf(service, call, found.id))) throw new Problem('NOT_FOUND', { message: 'Cliente non trovato' });
    customer = found;
  }
  const definitions = customer.metadata.additionalPEFields;
  return { data: Array.isArray(definitions) ? (definitions as AdditionalFieldDefinition[]) : [] };
}

export function registerAdditionalFieldRoutes(app: FastifyInstance, deps: { service: EntityService }, callOf: (request: FastifyRequest) => CallContext): void {
  app.get<{ Params: { id: string } }>('/api/customers/:id/additional-fields', async (request) => additionalFieldsOf(deps.service, callOf(request), request.params.id));
}
