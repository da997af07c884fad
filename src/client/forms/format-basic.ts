/**
 * Money and dates as Italian users read them (SPEC §9), without the field and enum names that
 * `format.ts` brings: the dashboard's lists format with these alone.
 */
const money = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeZone: 'Europe/Rome' });
const dateTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });

export const formatMoney = (value: number) => money.format(value);

export function formatDate(value: string): string {
  // A calendar day is not a point in time: read it as noon UTC so no time zone moves it.
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? value : date.format(d);
}

export function formatDateTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateTime.format(d);
}

/** A money, date or date-time value as `formatValue` (format.ts) writes it. */
export function formatBasic(value: unknown, kind: 'money' | 'date' | 'datetime'): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'money') return typeof value === 'number' ? formatMoney(value) : String(value);
  return kind === 'date' ? formatDate(String(value)) : formatDateTime(String(value));
}
