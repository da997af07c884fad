/**
 * Server hooks of quotation lines: a line with a product is priced by the pricing rule
 * (support/pricing.ts), its unit price follows the list unless the caller may set it, and the
 * quotation's totals follow its lines.
 */
import type { z } from 'zod';
import { quotations } from '../../domain/entities/quotations.ts';
import { quotationProductTotals, type quotationProductAttributes } from '../../domain/entities/quotation-products.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { sameJson } from './support/hook-helpers.ts';
import { batchedLinePricing, quotationOf, refreshQuotationTotals } from './support/pricing.ts';

type LineAttributes = z.infer<typeof quotationProductAttributes>;
const PRICED_ATTRIBUTES = ['description', 'unitOfMeasure', 'listPrice', 'unitPrice', 'costPrice'] as const;

/**
 * DESIGN §4 "Quotation lines": a line with a product gets what the client left out from the pricing
 * rule (description, unit, list price, unit price, cost, supplier); a value the client sent is kept.
 * On an update the same happens when the product changes, for the values the client did not change.
 * SPEC §6 `updateUnitNetPrice`: without it the unit price is the rule's and cannot be set otherwise.
 */
async function priceQuotationLine(hook: HookContext, data: EntityData, previous: Entity | undefined): Promise<EntityData> {
  // A section or a note sells nothing: no price to fill or to protect.
  if (data.attributes.kind !== undefined && data.attributes.kind !== 'product') return data;
  const quotationId = data.relationships.quotationId;
  const quotation = typeof quotationId === 'string' ? await quotationOf(hook, quotationId) : undefined;
  const productId = data.relationships.productId;
  const productChanged = !previous || (previous.relationships.productId ?? null) !== (productId ?? null);
  const pricing = productChanged ? await batchedLinePricing(hook, productId, quotation) : undefined;
  const attributes = { ...data.attributes } as Record<string, unknown>;
  const relationships = { ...data.relationships };
  const leftOut = (section: Record<string, unknown>, key: string, before: Record<string, unknown> | undefined) =>
    previous ? sameJson(section[key], before?.[key]) : section[key] === undefined || section[key] === null;
  if (pricing) {
    for (const key of PRICED_ATTRIBUTES) {
      if (pricing[key] !== undefined && leftOut(attributes, key, previous?.attributes)) attributes[key] = pricing[key];
    }
    if (pricing.supplierId && leftOut(relationships, 'supplierId', previous?.relationships)) relationships.supplierId = pricing.supplierId;
  }
  attributes.unitOfMeasure ??= 'each';
  if (attributes.unitPrice === undefined) {
    const message = 'Prezzo unitario obbligatorio: il prodotto non ha un prezzo di listino';
    throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/attributes/unitPrice', code: 'required', message }] });
  }
  const priceChanged = previous ? attributes.unitPrice !== previous.attributes.unitPrice : true;
  // Without a product there is no list price to follow: the line's price is what is typed (an extra, a note).
  // A product the rule cannot price (no list row, no catalogue price) leaves nothing to follow either.
  const follows = productChanged ? pricing?.unitPrice : previous?.attributes.unitPrice;
  if (typeof productId === 'string' && priceChanged && follows !== undefined && attributes.unitPrice !== follows && !hook.call.access.can('updateUnitNetPrice', quotations, quotation)) {
    throw new Problem('FIELD_NOT_AUTHORIZED', {
      message: 'Non hai i permessi per modificare il prezzo unitario: segue il listino',
      errors: [{ pointer: '/attributes/unitPrice', code: 'fieldNotAuthorized', message: 'Il prezzo unitario segue il listino' }],
    });
  }
  return {
    ...data,
    attributes,
    relationships,
    metadata: { ...data.metadata, ...quotationProductTotals(attributes as LineAttributes) },
  };
}

export const quotationProductsKind = defineKindHooks('quotationProducts', {
  // Written only while the quotation is editable: the service applies the quotation's lock (`ownedRows`).
  beforeWrite: (hook, data, previous) => priceQuotationLine(hook, data, previous),
  async afterWrite(hook, entity, previous) {
    await refreshQuotationTotals(hook, entity.relationships.quotationId);
    if (previous && previous.relationships.quotationId !== entity.relationships.quotationId) {
      await refreshQuotationTotals(hook, previous.relationships.quotationId);
    }
  },
});
