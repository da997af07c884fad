/**
 * What `to[field]` of a date field means (SPEC §7), once for the server's SQL and a device's own answer offline
 * (src/client/offline/local-query.ts): a calendar day as upper bound includes the whole day, so
 * `to[plannedStartDateTime]=2026-11-29` keeps an intervention at 08:00 of that day.
 */
import { addDays } from './business-day.ts';

export function rangeUpperBound(to: string): { bound: string; inclusive: boolean } {
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? { bound: addDays(to, 1), inclusive: false } : { bound: to, inclusive: true };
}
