/**
 * Issue 25: a check's date is the device's (`checkedDateTime`), kept as the legal date, so a check
 * recorded offline keeps the time it was made. A device whose clock runs ahead would date checks
 * in the future and move legal deadlines: a date more than CLOCK_SKEW_TOLERANCE_SECONDS (300 by
 * default) past the server's clock is refused (422 CLOCK_IN_FUTURE) with the field's pointer.
 */
import { Problem } from '../http/problems.ts';

export function clockSkewToleranceMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.CLOCK_SKEW_TOLERANCE_SECONDS ?? 300);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 300_000;
}

/** Refuses `value` (an ISO date-time at `pointer`) when it is later than now plus the tolerance. */
export function refuseFutureDateTime(value: unknown, pointer: string, now: Date = new Date(), toleranceMs = clockSkewToleranceMs()): void {
  if (typeof value !== 'string') return;
  const at = Date.parse(value);
  if (Number.isNaN(at) || at <= now.getTime() + toleranceMs) return;
  const minutes = Math.round(toleranceMs / 60_000);
  const message = `La data e ora ${value} è nel futuro rispetto all’orologio del server (tolleranza ${minutes} minuti): controllare data e ora del dispositivo`;
  throw new Problem('CLOCK_IN_FUTURE', { message, errors: [{ pointer, code: 'clockInFuture', message }] });
}
