/**
 * "Today" for every rule of the product is the business day in Rome (the company's and its
 * customers' calendar), never the UTC date: at 00:30 in Rome UTC still says yesterday. The server's
 * guards, the list filters, the wizard and the transition commands all ask this one function.
 */

/** The time zone whose calendar day the business runs on. */
export const BUSINESS_TIME_ZONE = 'Europe/Rome';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business day of `at` (default now) as `YYYY-MM-DD`. */
export function businessDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/**
 * The business day a stored value falls on: a date (`YYYY-MM-DD`) is that day; a date-time
 * (`2026-11-29T23:11:00.000Z`) is its day in Rome (that instant is the 30th there), never its UTC prefix.
 */
export function dayOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value.slice(0, 10) : businessDay(at);
}

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
