/**
 * SPEC §9 expiries: an equipment's periodic deadlines are counted from its production date or
 * its installation date. The n-th deadline is always base + n × frequency (never the previous
 * deadline + frequency), so a 31 January base gives 28/29 February, then 31 March, not 28 March.
 */
import type { frequencyUnits } from '../enums.ts';
import { addDays, addMonths, calendarDay, daysBetween } from './calendar.ts';

export interface Frequency {
  value: number;
  unit: (typeof frequencyUnits)[number];
}

export type ExpiryBasis = 'production' | 'installation';

export interface ExpiryDates {
  productionDate?: string | null;
  installationDate?: string | null;
}

function deadlineAfter(base: string, frequency: Frequency, times: number): string {
  const steps = frequency.value * times;
  switch (frequency.unit) {
    case 'day': return addDays(base, steps);
    case 'week': return addDays(base, steps * 7);
    case 'month': return addMonths(base, steps);
    case 'year': return addMonths(base, steps * 12);
  }
}

/** How many whole frequencies at most fit between base and today, to start the search close to the answer. */
function estimateTimes(base: string, today: string, frequency: Frequency): number {
  if (frequency.unit === 'day' || frequency.unit === 'week') {
    const stepDays = frequency.value * (frequency.unit === 'week' ? 7 : 1);
    return Math.floor(daysBetween(base, today) / stepDays);
  }
  const monthsOf = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  const stepMonths = frequency.value * (frequency.unit === 'year' ? 12 : 1);
  return Math.floor((monthsOf(today) - monthsOf(base)) / stepMonths);
}

/**
 * The first deadline that falls on or after `today` (or simply the first one after the base date
 * when no day is given), as `YYYY-MM-DD`. Null when the chosen base date is missing or the
 * frequency is not a positive whole number: such an equipment has no computable expiry.
 */
export function nextExpiry(dates: ExpiryDates, frequency: Frequency, basis: ExpiryBasis, today?: Date | string): string | null {
  const base = calendarDay(basis === 'production' ? dates.productionDate : dates.installationDate);
  if (!base || !Number.isInteger(frequency.value) || frequency.value <= 0) return null;
  const day = today === undefined ? null : calendarDay(today);
  if (day === null) return deadlineAfter(base, frequency, 1);
  let times = Math.max(1, estimateTimes(base, day, frequency));
  while (deadlineAfter(base, frequency, times) < day) times += 1;
  return deadlineAfter(base, frequency, times);
}

/** Already past: the deadline is before today. */
export function isExpired(deadline: string, today: Date | string): boolean {
  const day = calendarDay(today);
  const due = calendarDay(deadline);
  return day !== null && due !== null && due < day;
}

/** Not yet past, but due within `withinDays` days from today (today and the last day included). */
export function isExpiring(deadline: string, today: Date | string, withinDays: number): boolean {
  const day = calendarDay(today);
  const due = calendarDay(deadline);
  if (day === null || due === null || withinDays < 0) return false;
  return day <= due && due <= addDays(day, withinDays);
}
