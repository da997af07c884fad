/**
 * Calendar days for the business rules. The business is Italian, so a date-time belongs to the
 * day it is in Rome: a validity end picked as "31 March" and sent as 2026-03-30T22:00:00Z is still
 * 31 March. Days are `YYYY-MM-DD` texts, which compare correctly as strings.
 */

import { BUSINESS_TIME_ZONE, addDays, businessDay } from '../business-day.ts';

// One time zone and one day arithmetic for the whole product (business-day.ts).
export { BUSINESS_TIME_ZONE, addDays };

const dayRe = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of a `YYYY-MM-DD` date, an ISO date-time or a Date (in Rome), or null when it is none. */
export function calendarDay(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && dayRe.test(value)) {
    // A calendar date has no time zone: keep it, as long as it is a real day (no 31 February).
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : businessDay(date);
}

const toUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

/** The day `months` after a day, clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(targetYear, targetMonth, Math.min(dayOfMonth, lastDay))));
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}
