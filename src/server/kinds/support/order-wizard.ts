/**
 * The order wizard's writes (SPEC §2, `POST /api/orders/wizard`: orders/wizard-routes.ts): the order
 * with its lines priced by the quotations' pricing rule, and the provisional assignment of step 5.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { OrderLine, orderWizardRequest } from '../../../domain/entities/orders.ts';
import type { Entity } from '../../../domain/entity.ts';
import type { DatabaseSchema } from '../../db/database.ts';
import { Problem } from '../../http/problems.ts';
import type { HookContext } from '../../resources/hooks.ts';
import type { CallContext } from '../../resources/service.ts';
import { linePricing } from './pricing.ts';

/**
 * The order wizard's writes (SPEC §2), all inside the caller's transaction `trx`: the order with its
 * lines priced by the quotations' pricing rule (price list, then commercial offer), then the
 * provisional assignment of step 5, linked both ways. Any refusal rolls back the whole.
 */
export async function createWizardOrder(
  trx: Kysely<DatabaseSchema>,
  call: CallContext,
  hookOf: (type: string) => HookContext,
  request: z.output<typeof orderWizardRequest>,
): Promise<{ order: Entity; assignments: Entity[] }> {
  const hook = hookOf('orders');
  const { customerId, officeLocationId } = request.order.relationships;
  const lines: OrderLine[] = [];
  for (const [index, line] of request.lines.entries()) {
    const pricing = await linePricing(hook, line.productId, { relationships: { customerId } });
    if (pricing?.unitPrice === undefined) {
      const message = pricing ? 'Il prodotto non ha un prezzo di listino' : 'Prodotto inesistente';
      throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/lines/${index}/productId`, code: pricing ? 'required' : 'referenceNotFound', message }] });
    }
    lines.push({ ...line, description: pricing.description, unitPrice: pricing.unitPrice, ...(pricing.listPrice !== undefined ? { listPrice: pricing.listPrice } : {}) });
  }
  const order = await hook.service.createWithin(trx, call, 'orders', { attributes: { ...request.order.attributes, lines }, relationships: request.order.relationships });
  if (!request.assignment) return { order, assignments: [] };
  const customer = await hook.repository('customers').findById(customerId);
  // The assignment works for the order's module; an order without one takes its customer's first module.
  const module = request.order.attributes.module ?? (customer?.attributes.allowedModules as string[] | undefined)?.[0];
  if (!module) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/order/attributes/module', code: 'required', message: 'Indicare il modulo dell’ordine: l’incarico ne ha bisogno' }] });
  const assignment = await hook.service.createWithin(trx, call, 'assignments', {
    attributes: { ...request.assignment.attributes, module, isProvisional: true, state: 'open' },
    relationships: { ...request.assignment.relationships, customerId, officeLocationId: officeLocationId ?? null, orderId: order.id },
  });
  const stored = await hook.repository('orders').findById(order.id);
  if (!stored) throw new Error('order written in this transaction not found');
  const linked = await hook.service.replaceWithin(trx, call, stored, 'orders', {
    attributes: stored.attributes,
    metadata: {},
    relationships: { ...stored.relationships, assignmentIds: [assignment.id] },
  });
  return { order: call.access.redact(hook.kind, linked), assignments: [assignment] };
}
