/**
 * Days the board's end-to-end tests move cards to. A move onto a Saturday, a Sunday or a holiday asks
 * first (issue 11), so a test that means a plain drop takes a working day: «next Tuesday» on 1 December
 * is 8 December, the Immacolata.
 */
import { nonWorkingDay } from '../../src/domain/rules/calendar.ts';
import { nextWeekday } from '../../src/domain/rules/planning.ts';

/** The first `weekday` (1 Monday … 7 Sunday) after `day` that is a working day. */
export function nextWorkingWeekday(day: string, weekday: number): string {
  let next = nextWeekday(day, weekday);
  while (nonWorkingDay(next)) next = nextWeekday(next, weekday);
  return next;
}
