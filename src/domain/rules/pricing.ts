/**
 * The price of a product for a customer on a day (SPEC §2 price lists and commercial offers, §4
 * commercial offer validity; DESIGN §4 "Quotation lines"). One rule, used by the server when it
 * fills a quotation line and by the client editor when a product is chosen, so both agree:
 *
 * 1. The applicable price list is the customer's active one (`metadata.activePriceListId`, else
 *    the newest list of the customer's own), else its commercial zone's, else the general one
 *    (`isDefault`); each only when valid today (`validFrom`/`validTo`, both days included).
 * 2. List price = that list's row for the product (minus the row's discount %), else the
 *    product's own list price. A list without the product does not hand over to the next list:
 *    the list chosen for the customer is the agreement, and what it does not price is catalogue.
 * 3. Unit price = list price with the customer's commercial offer applied (discount or surcharge,
 *    counted as 0 outside its validity: commercial-offer.ts).
 * 4. Cost and supplier = the product's default supplier and its cost (the product's own cost when
 *    the supplier has none).
 * Money is rounded to the cent (EUR).
 */
import { calendarDay } from './calendar.ts';
import { applyCommercialOffer, effectiveCommercialPercentage, type CommercialOfferTerms } from './commercial-offer.ts';
import { roundEur } from './money.ts';
import { formatPercent } from './price-list-rows.ts';

export interface PricedProduct {
  name: string;
  description?: string | null;
  unitOfMeasure?: string | null;
  listPrice?: number | null;
  costPrice?: number | null;
  suppliers?: readonly { supplierId: string; costPrice?: number | null; isDefault?: boolean }[];
}

export interface PricedCustomer extends CommercialOfferTerms {
  id: string;
  activePriceListId?: string | null;
  commercialZoneId?: string | null;
}

export interface PricingList {
  id: string;
  customerId?: string | null;
  commercialZoneId?: string | null;
  isDefault?: boolean;
  validFrom?: string | null;
  validTo?: string | null;
  items: readonly { productId: string; price: number; discountPercent?: number | null }[];
}

export type PriceListSource = 'customer' | 'zone' | 'general';

export interface LinePricing {
  description: string;
  unitOfMeasure?: string;
  /** The list the price came from; null when the product's own list price was used. */
  priceListId: string | null;
  priceListSource: PriceListSource | null;
  listPrice?: number;
  unitPrice?: number;
  /** The offer applied, signed: −10 for a 10% discount, +5 for a 5% surcharge, 0 when none is valid. */
  offerPercent: number;
  costPrice?: number;
  supplierId?: string;
}

/** Whether a list is valid on `today`: a missing end is open, both days are included. */
export function isPriceListValid(list: Pick<PricingList, 'validFrom' | 'validTo'>, today: string): boolean {
  const from = calendarDay(list.validFrom);
  const to = calendarDay(list.validTo);
  const day = calendarDay(today);
  if (!day) return false;
  return (!from || from <= day) && (!to || day <= to);
}

/** The newest valid list among `candidates` (latest start first, so a renewed list wins over the old one). */
function newestValid(candidates: readonly PricingList[], today: string): PricingList | undefined {
  return candidates
    .filter((list) => isPriceListValid(list, today))
    .sort((a, b) => String(b.validFrom ?? '').localeCompare(String(a.validFrom ?? '')) || a.id.localeCompare(b.id))[0];
}

/** The price list that applies to the customer today, and why (step 1 of the rule). */
export function applicablePriceList(customer: PricedCustomer, lists: readonly PricingList[], today: string): { list: PricingList; source: PriceListSource } | undefined {
  const active = customer.activePriceListId ? lists.find((list) => list.id === customer.activePriceListId) : undefined;
  const own = active && isPriceListValid(active, today) ? active : newestValid(lists.filter((list) => list.customerId === customer.id), today);
  if (own) return { list: own, source: 'customer' };
  const zone = customer.commercialZoneId ? newestValid(lists.filter((list) => !list.customerId && list.commercialZoneId === customer.commercialZoneId), today) : undefined;
  if (zone) return { list: zone, source: 'zone' };
  const general = newestValid(lists.filter((list) => list.isDefault && !list.customerId && !list.commercialZoneId), today);
  return general ? { list: general, source: 'general' } : undefined;
}

/** What a quotation (or order) line for `product` is worth for `customer` on `today`. */
export function priceLine(input: { productId: string; product: PricedProduct; customer: PricedCustomer | undefined; priceLists: readonly PricingList[]; today: string }): LinePricing {
  const { productId, product, customer, priceLists, today } = input;
  const applicable = customer ? applicablePriceList(customer, priceLists, today) : undefined;
  const row = applicable?.list.items.find((item) => item.productId === productId);
  const listPrice = row
    ? roundEur(row.price - (row.price * (row.discountPercent ?? 0)) / 100)
    : typeof product.listPrice === 'number' ? roundEur(product.listPrice) : undefined;
  const supplier = product.suppliers?.find((s) => s.isDefault);
  const cost = typeof supplier?.costPrice === 'number' ? supplier.costPrice : product.costPrice;
  const terms: CommercialOfferTerms = customer ?? {};
  return {
    description: product.description?.trim() || product.name,
    ...(product.unitOfMeasure ? { unitOfMeasure: product.unitOfMeasure } : {}),
    priceListId: row && applicable ? applicable.list.id : null,
    priceListSource: row && applicable ? applicable.source : null,
    ...(listPrice !== undefined ? { listPrice, unitPrice: applyCommercialOffer(listPrice, terms, today) } : {}),
    offerPercent: effectiveCommercialPercentage(terms, today),
    ...(typeof cost === 'number' ? { costPrice: roundEur(cost) } : {}),
    ...(supplier ? { supplierId: supplier.supplierId } : {}),
  };
}

/**
 * How far a line's unit price is from its list price when it has no discount of its own: the
 * customer's commercial offer, already applied to the unit price (positive a discount, negative a
 * surcharge), so an empty «Sconto %» beside a lower price says why («offerta 10%») on the editor, the
 * portal and the printed quotation alike. Undefined when nothing differs.
 */
export function offerPercentOfLine(line: { kind?: string | null; discountPercent?: number | null; listPrice?: number | null; unitPrice?: number | null }): number | undefined {
  if ((line.kind ?? 'product') !== 'product' || line.discountPercent || !line.listPrice || line.unitPrice === undefined || line.unitPrice === null || line.unitPrice === line.listPrice) return undefined;
  return Math.round(((line.listPrice - line.unitPrice) / line.listPrice) * 10_000) / 100;
}

/** What an empty «Sconto %» says of the offer in the unit price: «offerta 10%», «maggior. 5%», or nothing. */
export function offerHintText(line: Parameters<typeof offerPercentOfLine>[0]): string {
  const offer = offerPercentOfLine(line);
  if (offer === undefined) return '';
  return `${offer > 0 ? 'offerta' : 'maggior.'} ${formatPercent(Math.abs(offer))}`;
}

/**
 * A line's «Sconto %» as the editor, the portal, the line lists and the printed quotation and order
 * all write it: its own discount («8%»), else what the customer's offer did to its price («offerta
 * 15%»), else nothing (never «0%» beside a price the offer lowered).
 */
export function lineDiscountText(line: Parameters<typeof offerPercentOfLine>[0]): string {
  return line.discountPercent ? formatPercent(line.discountPercent) : offerHintText(line);
}
