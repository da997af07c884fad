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

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
