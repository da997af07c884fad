/**
 * The days a technician's device keeps ready for offline work (issue 25 «Prepared for offline,
 * automatically»): today, the business day in Rome, through `days` working days after it
 * (weekends and national holidays skipped, src/domain/rules/calendar.ts). `FIELD_PRIME_DAYS`
 * sets `days` on the server, which publishes it to the client in `/config.json`.
 */
import { businessDay } from '../business-day.ts';
import { workingDaysAfter } from './calendar.ts';

/** FIELD_PRIME_DAYS when unset: a working week and a half, what a technician's plan usually covers. */
export const FIELD_PRIME_DAYS_DEFAULT = 7;
/** The most FIELD_PRIME_DAYS may be: about three months of working days, beyond which the store would hold stale plans. */
export const FIELD_PRIME_DAYS_MAX = 60;

export interface PrimeWindow {
  /** The first day (today in Rome), `YYYY-MM-DD`. */
  from: string;
  /** The last day: the `days`-th working day after today (today itself when `days` is 0). */
  to: string;
}

/** The window of days kept ready offline, from `now` (a Date) and the number of working days after today. */
export function fieldPrimeWindow(now: Date, days: number): PrimeWindow {
  const from = businessDay(now);
  const after = workingDaysAfter(from, Math.max(0, Math.min(FIELD_PRIME_DAYS_MAX, Math.trunc(days))));
  return { from, to: after.at(-1) ?? from };
}
