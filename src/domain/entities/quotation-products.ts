/**
 * The products of a quotation (SPEC §3 Quotation: unit price, margin, quantity, discount):
 * one row per line, so a long quotation is paged and edited line by line. Each line's totals
 * are derived into its metadata; the server sums them into the quotation's.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { unitsOfMeasure } from '../enums.ts';
import { MAX_QUANTITY, messages, money, nonNegativeInt, optionalText, percentage } from '../validation.ts';
import { lineTotals } from '../rules/totals.ts';

/** Money that cannot be negative (prices and costs). */
const price = () => money().pipe(z.number().min(0));

/**
 * What a line is (Odoo's `display_type`): a product or service sold, a section heading that groups
 * the lines below it, or a note; only product lines have amounts and count in the totals.
 */
export const quotationLineKinds = ['product', 'section', 'note'] as const;
export type QuotationLineKind = (typeof quotationLineKinds)[number];

export const quotationProductAttributes = z.strictObject({
  /** Order of the line in the quotation. */
  position: nonNegativeInt().default(0),
  kind: z.enum(quotationLineKinds).default('product'),
  /** An optional (alternative) item: shown with its amounts, left out of the quotation's totals and of its order. */
  isOptional: z.boolean().default(false),
  /** Copied from the product when there is one; required when there is not. */
  description: optionalText(2000),
  /** 1 when left out (a section or a note has no quantity of its own). */
  quantity: z.number().finite().gt(0).max(MAX_QUANTITY).default(1),
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
  const describe: RuleIssue = { path: ['attributes', 'description'], code: 'required', message: messages.required };
  // A section or a note is its text: it sells nothing and has no price.
  if (entity.attributes.kind !== 'product') return entity.attributes.description?.trim() ? [] : [describe];
  if (entity.relationships.productId) return [];
  const issues: RuleIssue[] = [];
  if (!entity.attributes.description?.trim()) issues.push(describe);
  // Only a product gives a price to fill in; without one the line must say what it costs.
  if (entity.attributes.unitPrice === undefined) issues.push({ path: ['attributes', 'unitPrice'], code: 'required', message: messages.required });
  return issues;
}

/** A line's derived totals, once it has a unit price (the server fills a product's before storing); none for a section or a note. */
export function quotationProductTotals(attributes: z.infer<typeof quotationProductAttributes>): Record<string, number> {
  const { unitPrice } = attributes;
  return unitPrice === undefined || attributes.kind !== 'product' ? {} : { ...lineTotals({ ...attributes, unitPrice }) };
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
  // A line is read where its quotation is: a customer reads the lines of the quotations it may read, no others.
  readThrough: [{ path: 'relationships.quotationId', target: 'quotations' }],
  derivedMetadata: (entity) => quotationProductTotals((entity as QuotationProductShape).attributes),
  title: (entity) => {
    const { description, position } = (entity as QuotationProductShape).attributes;
    return description?.trim() || `Riga ${position}`;
  },
});

/**
 * One line of `PUT /api/quotations/{id}/lines`: a stored line of this quotation (`id`), merged like a
 * PATCH (what it leaves out is kept, null clears), or a new line (no `id`), created like a POST, so
 * `{ relationships: { productId }, attributes: { quantity } }` is priced by the server. Its position
 * is its place in the list and its quotation the one in the path: neither is sent.
 */
export const quotationLineInput = z.strictObject({
  id: z.uuid().optional(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  relationships: z.strictObject({
    productId: z.uuid().nullable().optional(),
    supplierId: z.uuid().nullable().optional(),
  }).default({}),
});

/** Most lines one quotation may have (the editor is measured with 500). */
export const MAX_QUOTATION_LINES = 2000;

/**
 * The body of `PUT /api/quotations/{id}/lines` (with `If-Match`: the quotation's version): the
 * quotation's whole set of lines in order, and optionally a merge patch of the quotation itself,
 * written together in one transaction. Stored lines left out are deleted.
 */
export const quotationLinesBody = z.strictObject({
  quotation: z.strictObject({
    attributes: z.record(z.string(), z.unknown()).optional(),
    relationships: z.record(z.string(), z.unknown()).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }).optional(),
  lines: z.array(quotationLineInput).max(MAX_QUOTATION_LINES),
});
export type QuotationLinesBody = z.infer<typeof quotationLinesBody>;
