/**
 * The pricing rule's reads on the server (DESIGN §4 "Quotation lines"), shared by the quotation
 * lines, the order wizard and `GET /api/customers/{id}/price`: the price lists that can apply to a
 * customer and what the rule gives for a product today (`linePricing`). Also a quotation's totals
 * kept in step with its lines (`refreshQuotationTotals`), summed once per batch of lines
 * (`withTotalsDeferred`, `PUT /api/quotations/{id}/lines`), with the rule asked once per product.
 */
import { sql } from 'kysely';
import { priceLine, type LinePricing, type PricedCustomer, type PricedProduct, type PricingList } from '../../../domain/rules/pricing.ts';
import { documentTotals } from '../../../domain/rules/totals.ts';
import type { Entity } from '../../../domain/entity.ts';
import { tableName } from '../../db/entity-sql.ts';
import type { HookContext } from '../../resources/hooks.ts';

/**
 * Quotations whose lines are being written together in a transaction (`PUT …/lines`): their totals
 * are summed once at the end (`refreshQuotationTotals`) rather than after each of hundreds of lines.
 */
const totalsDeferred = new WeakMap<object, Map<string, Entity>>();

/**
 * Runs `work` (writes of the quotation's lines) with the quotation's totals summed once after it, in
 * the same transaction; the lines' hooks read `quotation` (locked by the caller) instead of reading it once per line.
 */
export async function withTotalsDeferred<T>(hook: HookContext, quotation: Entity, work: () => Promise<T>): Promise<T> {
  const deferred = totalsDeferred.get(hook.db) ?? new Map<string, Entity>();
  totalsDeferred.set(hook.db, deferred.set(quotation.id, quotation));
  const pricing = new Map<string, Promise<LinePricing | undefined>>();
  pricingOfBatch.set(hook.db, pricing);
  try {
    return await work();
  } finally {
    deferred.delete(quotation.id);
    pricingOfBatch.delete(hook.db);
  }
}

/**
 * While a batch of lines is written (`withTotalsDeferred`): the pricing rule's answer per customer and
 * product, asked once however many lines have that product (same transaction, same day, same lists).
 */
const pricingOfBatch = new WeakMap<object, Map<string, Promise<LinePricing | undefined>>>();

/** The quotation of a line: the one a batch of lines is written for, else read. */
export async function quotationOf(hook: HookContext, quotationId: string): Promise<Entity | undefined> {
  return totalsDeferred.get(hook.db)?.get(quotationId) ?? hook.repository('quotations').findById(quotationId);
}

/** Recomputes a quotation's totals from its live products; totals are derived, so the version does not move. */
export async function refreshQuotationTotals(hook: HookContext, quotationId: unknown): Promise<void> {
  if (typeof quotationId !== 'string' || totalsDeferred.get(hook.db)?.has(quotationId)) return;
  const lines = await hook.repository('quotationProducts').listByRelationship('quotationId', quotationId);
  const totals = documentTotals(lines.map((line) => line.attributes as Parameters<typeof documentTotals>[0][number]));
  await hook.repository('quotations').patchDerivedMetadata(quotationId, {
    totalListPrice: totals.listTotal,
    totalNetPrice: totals.netTotal,
    totalDiscount: totals.totalDiscount,
    discountPercent: totals.totalDiscountPercent,
    totalMargin: totals.margin,
    productsCount: lines.filter((line) => line.attributes.kind !== 'section' && line.attributes.kind !== 'note').length,
  });
}

/** The quotation's customer with what the pricing rule reads (its active list, zone and commercial offer). */
function pricedCustomer(customer: Entity): PricedCustomer {
  const { attributes, metadata, relationships } = customer;
  return {
    id: customer.id,
    activePriceListId: typeof metadata.activePriceListId === 'string' ? metadata.activePriceListId : null,
    commercialZoneId: typeof relationships.commercialZoneId === 'string' ? relationships.commercialZoneId : null,
    commercialOfferType: attributes.commercialOfferType === 'surcharge' ? 'surcharge' : 'discount',
    commercialPercentage: typeof attributes.commercialPercentage === 'number' ? attributes.commercialPercentage : 0,
    validityDateTimeStart: typeof attributes.validityDateTimeStart === 'string' ? attributes.validityDateTimeStart : null,
    validityDateTimeEnd: typeof attributes.validityDateTimeEnd === 'string' ? attributes.validityDateTimeEnd : null,
  };
}

/** The live, unarchived price lists that can apply to the customer: its own, its zone's, the general ones. */
async function candidatePriceLists(hook: HookContext, customer: PricedCustomer): Promise<PricingList[]> {
  const repository = hook.repository('priceLists');
  const byCustomer = JSON.stringify({ customerId: customer.id });
  const byZone = customer.commercialZoneId ? JSON.stringify({ commercialZoneId: customer.commercialZoneId }) : null;
  const active = customer.activePriceListId ?? null;
  const table = sql.raw(tableName({ type: 'priceLists' }));
  const rows = await sql<{ id: string }>`SELECT id FROM ${table} WHERE NOT is_deleted AND NOT is_archived AND (
      relationships @> ${byCustomer}::jsonb OR (${byZone}::jsonb IS NOT NULL AND relationships @> ${byZone}::jsonb)
      OR attributes @> '{"isDefault": true}'::jsonb OR id = ${active}::uuid)`.execute(hook.db);
  const lists = await repository.findByIds(rows.rows.map((row) => row.id));
  return [...lists.values()].map((list) => ({
    id: list.id,
    customerId: typeof list.relationships.customerId === 'string' ? list.relationships.customerId : null,
    commercialZoneId: typeof list.relationships.commercialZoneId === 'string' ? list.relationships.commercialZoneId : null,
    isDefault: list.attributes.isDefault === true,
    validFrom: typeof list.attributes.validFrom === 'string' ? list.attributes.validFrom : null,
    validTo: typeof list.attributes.validTo === 'string' ? list.attributes.validTo : null,
    items: (list.attributes.items as PricingList['items'] | undefined) ?? [],
  }));
}

/** What the pricing rule gives for the line's product and its quotation's (or order's) customer today (undefined without a product). */
export async function linePricing(hook: HookContext, productId: unknown, quotation: Pick<Entity, 'relationships'> | undefined): Promise<LinePricing | undefined> {
  if (typeof productId !== 'string') return undefined;
  const product = await hook.repository('products').findById(productId);
  // A missing product is the reference check's to report.
  if (!product || product.metadata.isDeleted) return undefined;
  const customerId = quotation?.relationships.customerId;
  const customerEntity = typeof customerId === 'string' ? await hook.repository('customers').findById(customerId) : undefined;
  const customer = customerEntity ? pricedCustomer(customerEntity) : undefined;
  const priceLists = customer ? await candidatePriceLists(hook, customer) : [];
  return priceLine({ productId, product: product.attributes as unknown as PricedProduct, customer, priceLists, today: hook.today });
}

/** `linePricing`, once per customer and product within a batch of lines. */
export function batchedLinePricing(hook: HookContext, productId: unknown, quotation: Pick<Entity, 'relationships'> | undefined): Promise<LinePricing | undefined> {
  const batch = pricingOfBatch.get(hook.db);
  if (!batch || typeof productId !== 'string') return linePricing(hook, productId, quotation);
  const key = `${String(quotation?.relationships.customerId ?? '')}|${productId}`;
  let answer = batch.get(key);
  if (!answer) {
    answer = linePricing(hook, productId, quotation);
    batch.set(key, answer);
  }
  return answer;
}
