/**
 * SPEC §4 commercial offer of a customer: a discount or a surcharge on list prices, valid only
 * when today is between validityDateTimeStart and validityDateTimeEnd, both days included.
 * Outside that window (or without both dates) the percentage counts as 0.
 */
import { calendarDay } from './calendar.ts';
import { roundEur } from './money.ts';

/** The customer attributes the offer is made of (SPEC §3). */
export interface CommercialOfferTerms {
  /** SPEC §3 default: discount. */
  commercialOfferType?: 'discount' | 'surcharge' | null;
  commercialPercentage?: number | null;
  validityDateTimeStart?: string | null;
  validityDateTimeEnd?: string | null;
}

/** Whether the offer applies on `today`, compared by calendar day (in Rome) and inclusive of both ends. */
export function isCommercialOfferValid(terms: CommercialOfferTerms, today: Date | string): boolean {
  const start = calendarDay(terms.validityDateTimeStart);
  const end = calendarDay(terms.validityDateTimeEnd);
  const day = calendarDay(today);
  if (!start || !end || !day) return false;
  return start <= day && day <= end;
}

/** The percentage that applies today, signed: negative for a discount, positive for a surcharge, 0 when not valid. */
export function effectiveCommercialPercentage(terms: CommercialOfferTerms, today: Date | string): number {
  const percentage = terms.commercialPercentage;
  if (typeof percentage !== 'number' || !Number.isFinite(percentage) || percentage === 0) return 0;
  if (!isCommercialOfferValid(terms, today)) return 0;
  return terms.commercialOfferType === 'surcharge' ? percentage : -percentage;
}

/** What a list price is multiplied by: 1 − p/100 for a discount, 1 + p/100 for a surcharge, 1 when not valid. */
export function commercialPriceFactor(terms: CommercialOfferTerms, today: Date | string): number {
  return 1 + effectiveCommercialPercentage(terms, today) / 100;
}

/** The customer's price for a list price, rounded to the cent. */
export function applyCommercialOffer(listPrice: number, terms: CommercialOfferTerms, today: Date | string): number {
  // Adding the signed share keeps 100 − 10% at exactly 90 rather than 100 × 0.9.
  return roundEur(listPrice + (listPrice * effectiveCommercialPercentage(terms, today)) / 100);
}
