/**
 * Issue 26, the customer portal: the state of one deadline as the customer sees it, and the
 * deadlines of the next 12 months counted per month (the portal's chart and its table
 * alternative). Pure: the caller passes today's calendar day.
 */
import { addMonths, daysBetween } from './calendar.ts';

/** The «in scadenza» bands the portal shows: within 30, 60 or 90 days. */
export const PORTAL_EXPIRING_BANDS = [30, 60, 90] as const;
export type PortalExpiringBand = (typeof PORTAL_EXPIRING_BANDS)[number];

export type PortalComplianceState =
  | { state: 'ok' }
  | { state: 'expiring'; withinDays: PortalExpiringBand; daysLeft: number }
  | { state: 'expired'; daysLate: number }
  | { state: 'missing' };

/**
 * «in regola» when the deadline is more than 90 days away, «in scadenza» in the smallest band
 * that holds it, «scaduto» from the day after the deadline (the deadline day itself is still
 * expiring, 0 days left), «mancante» when there is no date.
 */
export function portalComplianceState(due: string | null | undefined, today: string): PortalComplianceState {
  if (!due) return { state: 'missing' };
  const daysLeft = daysBetween(today, due);
  if (daysLeft < 0) return { state: 'expired', daysLate: -daysLeft };
  const band = PORTAL_EXPIRING_BANDS.find((days) => daysLeft <= days);
  return band === undefined ? { state: 'ok' } : { state: 'expiring', withinDays: band, daysLeft };
}

export interface PortalMonthCount {
  /** First day of the month, YYYY-MM-01. */
  month: string;
  count: number;
}

/**
 * The 12 months starting with today's month, each with how many of the given deadlines fall in
 * it; deadlines already past or beyond the 12th month are left out, so the chart shows only
 * what falls due.
 */
export function dueByMonth(dues: ReadonlyArray<string | null | undefined>, today: string): PortalMonthCount[] {
  const first = `${today.slice(0, 7)}-01`;
  const months: PortalMonthCount[] = Array.from({ length: 12 }, (_, i) => ({ month: addMonths(first, i), count: 0 }));
  const index = new Map(months.map((m, i) => [m.month.slice(0, 7), i]));
  for (const due of dues) {
    if (!due || due < today) continue;
    const i = index.get(due.slice(0, 7));
    if (i !== undefined) months[i]!.count += 1;
  }
  return months;
}
