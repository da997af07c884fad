/** Server hooks of orders: numbering, delivery recording (SPEC §5); its deletable states are the kind's deleteLock (src/domain). */
import type { z } from 'zod';
import { deliveryCheck } from '../../domain/rules/delivery.ts';
import type { deliveryRequest, OrderLine } from '../../domain/entities/orders.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { customerName, nextCode, requireUnique } from './support/hook-helpers.ts';

export const ordersKind = defineKindHooks('orders', {
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
});
