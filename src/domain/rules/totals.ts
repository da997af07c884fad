/**
 * Totals of a commercial document (quotation products, order lines): per line and summed.
 * Every amount is rounded to cents line by line, so the document shows the sum of what its
 * lines show (an invoice never disagrees with itself by a cent).
 */
import { discountPercent } from './discount.ts';
import { roundEur } from './money.ts';

// A type alias, not an interface: stored attributes (Record<string, unknown>) can then be cast to it.
export type LineAmounts = {
  quantity: number;
  /** Price per unit agreed for this document, before the line discount. */
  unitPrice: number;
  /** Catalogue price; when absent the unit price is the list price (no discount against list). */
  listPrice?: number | null;
  discountPercent?: number | null;
  /** Purchase cost per unit; when absent the margin is the whole net total. */
  costPrice?: number | null;
  /** A quotation line's kind: a section or a note sells nothing (absent: a product). */
  kind?: string | null;
  /** An optional (alternative) item, offered but not part of the total. */
  isOptional?: boolean | null;
};

/** Whether a line is part of its document's totals: products and services, not sections, notes or optional items. */
export function countsInTotals(line: Pick<LineAmounts, 'kind' | 'isOptional'>): boolean {
  return (line.kind ?? 'product') === 'product' && line.isOptional !== true;
}

export interface LineTotals {
  /** listPrice × quantity. */
  listTotal: number;
  /** unitPrice × quantity. */
  grossTotal: number;
  /** The line discount on the gross total. */
  discountAmount: number;
  /** grossTotal − discountAmount: what the customer pays for the line. */
  netTotal: number;
  /** netTotal − costPrice × quantity. */
  margin: number;
  /** Margin as a % of the net total (0 when the net total is 0). */
  marginPercent: number;
}

export interface DocumentTotals extends LineTotals {
  /** Discount against list price: listTotal − netTotal (negative when sold above list). */
  totalDiscount: number;
  /** totalDiscount as a % of the list total (0 when the list total is 0). */
  totalDiscountPercent: number;
}

/** `part` as a % of `whole`, to two decimals; 0 when there is no whole to compare with. */
function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : roundEur((part / whole) * 100);
}

export function lineTotals(line: LineAmounts): LineTotals {
  const { quantity, unitPrice } = line;
  const listTotal = roundEur((line.listPrice ?? unitPrice) * quantity);
  const grossTotal = roundEur(unitPrice * quantity);
  const discountAmount = roundEur((grossTotal * (line.discountPercent ?? 0)) / 100);
  const netTotal = roundEur(grossTotal - discountAmount);
  const margin = roundEur(netTotal - roundEur((line.costPrice ?? 0) * quantity));
  return { listTotal, grossTotal, discountAmount, netTotal, margin, marginPercent: percentOf(margin, netTotal) };
}

/** The document's totals over the lines that count in them (`countsInTotals`). */
export function documentTotals(lines: readonly LineAmounts[]): DocumentTotals {
  const sum = { listTotal: 0, grossTotal: 0, discountAmount: 0, netTotal: 0, margin: 0 };
  for (const line of lines) {
    if (!countsInTotals(line)) continue;
    const totals = lineTotals(line);
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] = roundEur(sum[key] + totals[key]);
  }
  const totalDiscount = roundEur(sum.listTotal - sum.netTotal);
  return {
    ...sum,
    marginPercent: percentOf(sum.margin, sum.netTotal),
    totalDiscount,
    // The same measure the approval rule uses (SPEC §5 discount against list price).
    totalDiscountPercent: discountPercent(sum.listTotal, sum.netTotal),
  };
}
