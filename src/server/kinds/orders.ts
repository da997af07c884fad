/**
 * Server hooks of orders: numbering, delivery recording (SPEC §5), deletable states (SPEC §4); the
 * order wizard's writes (SPEC §2) and the order made from an accepted quotation.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { orderDeletableStates } from '../../domain/machines/order.ts';
import { deliveryCheck } from '../../domain/rules/delivery.ts';
import { countsInTotals, type LineAmounts } from '../../domain/rules/totals.ts';
import type { deliveryRequest, OrderLine, orderWizardRequest } from '../../domain/entities/orders.ts';
import type { Entity } from '../../domain/entity.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem } from '../http/problems.ts';
import type { HookContext, KindHooks } from '../resources/hooks.ts';
import type { CallContext } from '../resources/service.ts';
import { customerName, nextCode, requireUnique } from './support/hook-helpers.ts';
import { linePricing } from './quotations.ts';

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

/** The live order already made from the quotation, with the sentence that says so; undefined when none. */
async function orderOfQuotation(hook: HookContext, quotation: Entity): Promise<{ id: string; message: string } | undefined> {
  const orders = hook.repository('orders');
  const [id] = await orders.findIdsByField('quotationId', quotation.id);
  if (!id) return undefined;
  const number = (await orders.findById(id))?.attributes.orderNumber;
  return { id, message: `Dal preventivo è già stato creato l’ordine ${typeof number === 'string' ? number : ''}`.trim() };
}

/** Why "Crea ordine" cannot run on the quotation now (an order was already made from it), for the actions listing. */
export async function createOrderRefusal(hook: HookContext, quotation: Entity): Promise<{ code: string; message: string } | null> {
  const existing = await orderOfQuotation(hook, quotation);
  return existing ? { code: 'ORDER_ALREADY_EXISTS', message: existing.message } : null;
}

/**
 * "Crea ordine" from an accepted quotation (the quotation's `createOrder` action): a new order for
 * its customer and office location, dated today, with the lines its totals count copied (product,
 * description, quantity, list and unit price, discount) in the quotation's order, linked to it by
 * `relationships.quotationId`. One order per quotation: a second one is refused, naming the first.
 */
export async function createOrderFromQuotation(hook: HookContext, quotation: Entity): Promise<Entity> {
  const existing = await orderOfQuotation(hook, quotation);
  if (existing) throw new Problem('ORDER_ALREADY_EXISTS', { message: existing.message, extensions: { existingId: existing.id } });
  const products = await hook.repository('quotationProducts').listByRelationship('quotationId', quotation.id);
  const position = (line: Entity) => Number(line.attributes.position ?? 0);
  const lines = products
    // What the quotation's totals count is what is ordered: not its sections, notes or optional items.
    .filter((line) => countsInTotals(line.attributes as LineAmounts) && typeof line.attributes.unitPrice === 'number')
    .toSorted((a, b) => position(a) - position(b))
    .map((line) => ({
      productId: typeof line.relationships.productId === 'string' ? line.relationships.productId : null,
      ...(typeof line.attributes.description === 'string' ? { description: line.attributes.description } : {}),
      quantity: line.attributes.quantity,
      deliveredQuantity: 0,
      unitPrice: line.attributes.unitPrice,
      ...(typeof line.attributes.listPrice === 'number' ? { listPrice: line.attributes.listPrice } : {}),
      discountPercent: line.attributes.discountPercent ?? 0,
      activityIds: [],
    }));
  return hook.service.createWithin(hook.db, hook.call, 'orders', {
    attributes: { orderDate: hook.today, ...(quotation.attributes.module ? { module: quotation.attributes.module } : {}), lines },
    relationships: { customerId: quotation.relationships.customerId, officeLocationId: quotation.relationships.officeLocationId ?? null, quotationId: quotation.id },
  });
}

export const orderHooks: Record<string, KindHooks> = {
  orders: {
    async beforeWrite(hook, data, _previous, id) {
      const attributes = { ...data.attributes };
      // ORD-2026-00001: the year of the order date, the next number of that year's series.
      if (!attributes.orderNumber) attributes.orderNumber = await nextCode(hook, 'ORD', Number(String(attributes.orderDate ?? hook.today).slice(0, 4)), 'orderNumber');
      await requireUnique(
        hook, { ...data, attributes }, id, 'orderNumber', 'ORDER_NUMBER_ALREADY_USED',
        (other) => `Numero d’ordine già utilizzato per l’ordine ${other}`,
      );
      return { ...data, attributes, metadata: { ...data.metadata, customerName: await customerName(hook, data.relationships.customerId) } };
    },
    actions: {
      /**
       * Records deliveries on order lines (SPEC §5): when what is delivered would exceed what was
       * ordered the caller must confirm, and the ordered quantity then becomes the delivered total.
       */
      async deliver(hook, entity, body) {
        // The body was checked against the declaration (deliveryRequest), and the order is in a deliverable state.
        const request = body as z.output<typeof deliveryRequest>;
        const lines = [...((entity.attributes.lines as OrderLine[] | undefined) ?? [])].map((line) => ({ ...line }));
        const excess: { line: number; ordered: number; delivered: number }[] = [];
        for (const delivery of request.deliveries) {
          const line = lines[delivery.line];
          if (!line) {
            throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/deliveries/${delivery.line}/line`, code: 'invalidValue', message: 'Riga d’ordine inesistente' }] });
          }
          const check = deliveryCheck({ ordered: line.quantity, alreadyDelivered: line.deliveredQuantity ?? 0, toDeliver: delivery.quantity });
          if (check.exceeds) excess.push({ line: delivery.line, ordered: line.quantity, delivered: check.newOrderedQuantity });
          line.deliveredQuantity = (line.deliveredQuantity ?? 0) + delivery.quantity;
          line.quantity = check.newOrderedQuantity;
        }
        if (excess.length > 0 && !request.confirmExcess) {
          throw new Problem('DELIVERY_EXCEEDS_ORDERED', { extensions: { lines: excess } });
        }
        const updated = await hook.service.replaceWithin(hook.db, hook.call, entity, 'orders', {
          attributes: { ...entity.attributes, lines },
          metadata: {},
          relationships: entity.relationships,
        });
        return { entity: updated };
      },
    },
    async beforeDelete(_hook, entity) {
      // SPEC §4: an order can be deleted only before work on it starts, or once cancelled.
      if (!(orderDeletableStates as readonly string[]).includes(String(entity.attributes.state))) {
        throw new Problem('NOT_DELETABLE', { message: 'Si possono eliminare solo ordini nuovi o annullati' });
      }
    },
  },
};
