/**
 * The periods a planning board shows (issue 11 "Planning board"): a week from Monday or a month,
 * and the day ranges their interventions are asked in. Apart from the board's other rules
 * (planning.ts re-exports them), so the calendar screen can ask for a period before the board's code
 * has loaded without carrying those rules in the initial bundle.
 */
import { addDays, addMonths } from './calendar.ts';

export type BoardView = 'week' | 'month';

/** Monday of the week of `day` (ISO weeks, as Italian calendars start them). */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The first day of the period `view` shows around `day`: its Monday, or the first of its month. */
export function periodStart(view: BoardView, day: string): string {
  return view === 'week' ? mondayOf(day) : `${day.slice(0, 8)}01`;
}

/** The days of the period `view` shows around `day`: seven from Monday, or every day of the month. */
export function periodDays(view: BoardView, day: string): string[] {
  const first = periodStart(view, day);
  const end = view === 'week' ? addDays(first, 7) : addMonths(first, 1);
  const days: string[] = [];
  for (let d = first; d < end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Days a board asks per request: a busy month (2,000 interventions) goes as five requests of one page each. */
export const DAYS_PER_REQUEST = 7;

/**
 * `from`…`to` (calendar days, both included) as ranges of DAYS_PER_REQUEST days that do not
 * overlap, to be asked at the same time (a calendar day as a list's upper bound includes that day).
 */
export function requestRanges(from: string, to: string, days = DAYS_PER_REQUEST): [string, string][] {
  const ranges: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    ranges.push([start, end < to ? end : to]);
  }
  return ranges;
}

/** The period before (delta −1) or after (+1) the one shown. */
export function shiftPeriod(view: BoardView, day: string, delta: number): string {
  const first = periodStart(view, day);
  return view === 'week' ? addDays(first, 7 * delta) : addMonths(first, delta);
}
