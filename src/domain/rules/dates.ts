/**
 * SPEC §5 quotation date rules, as issues the quotation schema turns into field errors. Dates
 * are compared by calendar day (date-times by their day in Rome); a value that is no date is
 * skipped here, because the field schema already reports it as "Data non valida".
 */
import { messages, type MessageKey } from '../validation.ts';
import { calendarDay } from './calendar.ts';

export interface QuotationDates {
  /** Writing date. */
  date?: string | null;
  expiryDate?: string | null;
  worksStartDate?: string | null;
  worksCloseDate?: string | null;
  validityDateTimeStart?: string | null;
  validityDateTimeEnd?: string | null;
}

export interface QuotationDatesContext {
  /** Today (`YYYY-MM-DD`, a date-time or a Date). */
  today: Date | string;
  /** The customer has at least one commercial agreement, so validity dates are required. */
  hasCommercialAgreements: boolean;
}

export type QuotationDateIssueKey = Extract<
  MessageKey,
  'startBeforeClose' | 'closeAfterStart' | 'notInFuture' | 'expiryAfterWriting' | 'validityEndAfterStart' | 'validityRequired'
>;

export interface QuotationDateIssue {
  path: string[];
  code: QuotationDateIssueKey;
  message: string;
}

const issue = (field: keyof QuotationDates, code: QuotationDateIssueKey): QuotationDateIssue => ({
  path: ['attributes', field],
  code,
  message: messages[code],
});

export function quotationDateIssues(dates: QuotationDates, context: QuotationDatesContext): QuotationDateIssue[] {
  const issues: QuotationDateIssue[] = [];
  const day = (value: string | null | undefined) => calendarDay(value);
  const today = calendarDay(context.today);
  const written = day(dates.date);
  const expiry = day(dates.expiryDate);
  const worksStart = day(dates.worksStartDate);
  const worksClose = day(dates.worksCloseDate);
  const validityStart = day(dates.validityDateTimeStart);
  const validityEnd = day(dates.validityDateTimeEnd);

  // Works may start and close on the same day (a one-day job); only a close before the start is wrong.
  // Both fields get their own message, so the user sees the problem whichever one they look at.
  if (worksStart && worksClose && worksStart > worksClose) {
    issues.push(issue('worksStartDate', 'startBeforeClose'), issue('worksCloseDate', 'closeAfterStart'));
  }
  // A quotation is written today or in the past, never ahead of time.
  if (written && today && written > today) issues.push(issue('date', 'notInFuture'));
  // Strictly after: the shortest validity option is 15 days, a quotation expiring the day it is written is a mistake.
  if (written && expiry && expiry <= written) issues.push(issue('expiryDate', 'expiryAfterWriting'));
  // Validity is inclusive of both days (as the commercial offer is), so a one-day window is fine.
  if (validityStart && validityEnd && validityEnd < validityStart) issues.push(issue('validityDateTimeEnd', 'validityEndAfterStart'));
  if (context.hasCommercialAgreements) {
    // "Missing" means empty: a present value that is no date is the schema's to report.
    if (!dates.validityDateTimeStart) issues.push(issue('validityDateTimeStart', 'validityRequired'));
    if (!dates.validityDateTimeEnd) issues.push(issue('validityDateTimeEnd', 'validityRequired'));
  }
  return issues;
}
