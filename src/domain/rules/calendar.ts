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

/** Easter Sunday of `year` (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Italy's national public holidays (L. 260/1949 and later laws; local patron saints are not
 * national): New Year, Epiphany, Easter and Easter Monday, Liberation Day, Labour Day, Republic Day,
 * Assumption, All Saints, Saint Francis (again a national holiday from 2026, L. 151/2025), the
 * Immaculate Conception, Christmas and Saint Stephen. Its Italian name, or null on any other day.
 */
export function italianHoliday(day: string): string | null {
  const year = Number(day.slice(0, 4));
  const fixed: Record<string, string> = {
    '01-01': 'Capodanno', '01-06': 'Epifania', '04-25': 'Festa della Liberazione', '05-01': 'Festa del lavoro',
    '06-02': 'Festa della Repubblica', '08-15': 'Ferragosto', '11-01': 'Ognissanti', '12-08': 'Immacolata Concezione',
    '12-25': 'Natale', '12-26': 'Santo Stefano',
    ...(year >= 2026 ? { '10-04': 'San Francesco d’Assisi' } : {}),
  };
  const named = fixed[day.slice(5)];
  if (named) return named;
  const easter = easterSunday(year);
  if (day === easter) return 'Pasqua';
  if (day === addDays(easter, 1)) return 'Lunedì dell’Angelo';
  return null;
}

/** Why `day` is not a working day (Saturday, Sunday or the holiday's name), or null on a working day. */
export function nonWorkingDay(day: string): { reason: 'saturday' | 'sunday' | 'holiday'; name: string } | null {
  const holiday = italianHoliday(day);
  if (holiday) return { reason: 'holiday', name: holiday };
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 6) return { reason: 'saturday', name: 'sabato' };
  if (weekday === 0) return { reason: 'sunday', name: 'domenica' };
  return null;
}

/** The first `count` working days after `day` (a service request's slots, issue 26 §7). */
export function workingDaysAfter(day: string, count: number): string[] {
  const days: string[] = [];
  let next = day;
  while (days.length < count) {
    next = addDays(next, 1);
    if (!nonWorkingDay(next)) days.push(next);
  }
  return days;
}
