/**
 * The products of a quotation (SPEC §3 Quotation: unit price, margin, quantity, discount):
 * one row per line, so a long quotation is paged and edited line by line. Each line's totals
 * are derived into its metadata; the server sums them into the quotation's.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { unitsOfMeasure } from '../enums.ts';
import { messages, money, nonNegativeInt, optionalText, percentage } from '../validation.ts';
import { lineTotals } from '../rules/totals.ts';

/** Money that cannot be negative (prices and costs). */
const price = () => money().pipe(z.number().min(0));

export const quotationProductAttributes = z.strictObject({
  /** Order of the line in the quotation. */
  position: nonNegativeInt().default(0),
  /** Copied from the product when there is one; required when there is not. */
  description: optionalText(2000),
  quantity: z.number().finite().gt(0).max(1_000_000),
  /** Copied from the product when not sent (DESIGN §4); `each` for a line without a product. */
  unitOfMeasure: z.enum(unitsOfMeasure).optional(),
  /** Catalogue (or price list) price per unit: the reference for the discount needing approval. */
  listPrice: price().optional(),
  /**
   * The "unit net price" agreed with the customer, before the line discount. Changing it needs the
   * `updateUnitNetPrice` ability on `quotation` (SPEC §6), enforced by the API: without it the
   * unit price is the one the pricing rule gives (src/domain/rules/pricing.ts). Left out on a line
   * with a product, the server fills it from that rule; a line without a product must state it.
   */
  unitPrice: price().optional(),
  discountPercent: percentage().default(0),
  /** Purchase cost per unit, for the margin (SPEC §3 "margin"). */
  costPrice: price().optional(),
  notes: optionalText(2000),
});

export const quotationProductRelationships = z.strictObject({
  quotationId: z.uuid(),
  productId: z.uuid().nullable().optional(),
  /** Who supplies the product for this quotation, when not the product's default supplier. */
  supplierId: z.uuid().nullable().optional(),
});

type QuotationProductShape = EntityShape & {
  attributes: z.infer<typeof quotationProductAttributes>;
  relationships: z.infer<typeof quotationProductRelationships>;
};

/** A line says what it sells: a product from the catalogue, or at least a description. */
export function quotationProductIssues(entity: QuotationProductShape): RuleIssue[] {
  if (entity.relationships.productId) return [];
  const issues: RuleIssue[] = [];
  if (!entity.attributes.description?.trim()) issues.push({ path: ['attributes', 'description'], code: 'required', message: messages.required });
  // Only a product gives a price to fill in; without one the line must say what it costs.
  if (entity.attributes.unitPrice === undefined) issues.push({ path: ['attributes', 'unitPrice'], code: 'required', message: messages.required });
  return issues;
}

/** A line's derived totals, once it has a unit price (the server fills a product's before storing). */
export function quotationProductTotals(attributes: z.infer<typeof quotationProductAttributes>): Record<string, number> {
  const { unitPrice } = attributes;
  return unitPrice === undefined ? {} : { ...lineTotals({ ...attributes, unitPrice }) };
}

export const quotationProducts = defineKind({
  type: 'quotationProducts',
  subject: 'quotation products',
  label: { singular: 'Prodotto del preventivo', plural: 'Prodotti del preventivo' },
  attributes: quotationProductAttributes,
  // listTotal, grossTotal, discountAmount, netTotal, margin, marginPercent are derived (lineTotals).
  metadata: z.strictObject({}),
  relationships: quotationProductRelationships,
  fields: {
    position: { path: 'attributes.position', type: 'number', sortable: true },
    quotationId: { path: 'relationships.quotationId', type: 'uuid' },
    productId: { path: 'relationships.productId', type: 'uuid' },
    supplierId: { path: 'relationships.supplierId', type: 'uuid' },
  },
  fullText: ['attributes.description', 'attributes.notes'],
  references: {
    'relationships.quotationId': { target: 'quotations', owned: true },
    'relationships.productId': { target: 'products' },
    'relationships.supplierId': { target: 'suppliers' },
  },
  rules: (entity) => quotationProductIssues(entity as QuotationProductShape),
  derivedMetadata: (entity) => quotationProductTotals((entity as QuotationProductShape).attributes),
  title: (entity) => {
    const { description, position } = (entity as QuotationProductShape).attributes;
    return description?.trim() || `Riga ${position}`;
  },
});
