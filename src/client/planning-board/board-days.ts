/** The board's days: how their names are written, and which are not working days. */
import { isoWeekday } from '../../domain/rules/planning.ts';
import { nonWorkingDay } from '../../domain/rules/calendar.ts';

export const dayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
export const longDayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
export const shortDayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'narrow', day: 'numeric', timeZone: 'UTC' });
export const monthFormat = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A calendar day as a Date to format (noon UTC: the same day in the formats' UTC zone). */
export const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** Saturday, Sunday or a national holiday; remembered per day (every cell of every lane asks, at every lane render). */
const weekendDays = new Map<string, boolean>();
export function isWeekend(day: string): boolean {
  let weekend = weekendDays.get(day);
  if (weekend === undefined) {
    weekend = isoWeekday(day) >= 6 || nonWorkingDay(day) !== null;
    if (weekendDays.size > 5000) weekendDays.clear();
    weekendDays.set(day, weekend);
  }
  return weekend;
}
