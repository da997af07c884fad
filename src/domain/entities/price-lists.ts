/**
 * Price lists (SPEC /marketing/commercialOffers/{customerId}/priceList/{id}): prices of products
 * for a period, general or for one customer or commercial zone. SPEC §8: a product appears at
 * most once in a list (PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST).
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { isoDate, messages, money, optionalText, percentage, requiredText } from '../validation.ts';

/** SPEC §8 code and text, reported on the repeated item. */
export const productAlreadyInPriceList = { code: 'PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST', message: 'Il prodotto è già presente nel listino' } as const;

export const priceListItem = z.strictObject({
  productId: z.uuid(),
  price: money().pipe(z.number().min(0)),
  discountPercent: percentage().optional(),
});

export const priceListAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  description: optionalText(2000),
  validFrom: isoDate().nullable().optional(),
  validTo: isoDate().nullable().optional(),
  currency: z.literal('EUR').default('EUR'),
  /** The list used when a customer has none of its own. */
  isDefault: z.boolean().default(false),
  items: z.array(priceListItem).max(10_000).default([]),
});

export const priceListRelationships = z.strictObject({
  /** Set for a customer's own list (the customer's "active price list"). */
  customerId: z.uuid().nullable().optional(),
  commercialZoneId: z.uuid().nullable().optional(),
});

type PriceListShape = EntityShape & { attributes: z.infer<typeof priceListAttributes> };

/** Validity ends on or after it starts; no product twice. */
export function priceListIssues(attributes: z.infer<typeof priceListAttributes>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { validFrom, validTo, items } = attributes;
  if (validFrom && validTo && validTo < validFrom) {
    issues.push({ path: ['attributes', 'validTo'], code: 'validityEndAfterStart', message: messages.validityEndAfterStart });
  }
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.productId)) issues.push({ path: ['attributes', 'items', index, 'productId'], ...productAlreadyInPriceList });
    seen.add(item.productId);
  });
  return issues;
}

export const priceLists = defineKind({
  type: 'priceLists',
  subject: 'price list',
  label: { singular: 'Listino', plural: 'Listini' },
  attributes: priceListAttributes,
  metadata: z.strictObject({}),
  relationships: priceListRelationships,
  archivable: true,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    validFrom: { path: 'attributes.validFrom', type: 'date', sortable: true, range: true },
    validTo: { path: 'attributes.validTo', type: 'date', sortable: true, range: true },
    isDefault: { path: 'attributes.isDefault', type: 'boolean' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    commercialZoneId: { path: 'relationships.commercialZoneId', type: 'uuid' },
    /** "Lists that price this product": derived from `attributes.items`. */
    productIds: { path: 'metadata.productIds', type: 'uuidArray' },
  },
  fullText: ['attributes.code', 'attributes.name', 'attributes.description'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.commercialZoneId': { target: 'commercialZones' },
    'attributes.items[].productId': { target: 'products', gatheredIn: 'metadata.productIds' },
  },
  rules: (entity) => priceListIssues((entity as PriceListShape).attributes),
  derivedMetadata: (entity) => ({ productIds: [...new Set((entity as PriceListShape).attributes.items.map((item) => item.productId))] }),
  title: (entity) => {
    const { code, name } = (entity as PriceListShape).attributes;
    return `${code} – ${name}`;
  },
});
