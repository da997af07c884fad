/**
 * SPEC §5/§9: a quotation needs approval when its discount against list price exceeds the
 * maximum discount allowed (a per-customer value; 20% when none is configured).
 */

export const DEFAULT_MAX_DISCOUNT_PERCENT = 20;

/**
 * The discount of a net total against its list total, in percent with 2 decimals (negative when
 * the net is above list, i.e. a surcharge). 0 when the list total is 0: nothing to discount.
 */
export function discountPercent(totalListPrice: number, totalNetPrice: number): number {
  if (!Number.isFinite(totalListPrice) || !Number.isFinite(totalNetPrice) || totalListPrice === 0) return 0;
  const percent = ((totalListPrice - totalNetPrice) / totalListPrice) * 100;
  // Two decimals, so 80 out of 100 is exactly 20 and does not cross a 20% limit by a rounding error.
  const rounded = Math.round(Number((percent * 100).toPrecision(15))) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** A discount needs approval only when it is strictly above the maximum: exactly the maximum is allowed. */
export function needsApproval(percent: number, maxPercent: number = DEFAULT_MAX_DISCOUNT_PERCENT): boolean {
  return percent > maxPercent;
}
