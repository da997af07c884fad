/** Calendar dates as Italians read them, for entity titles (`2025-03-01` → `01/03/2025`). */
const format = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** Formats a `YYYY-MM-DD` date or an ISO date-time; the date-time is read as its UTC day. */
export function italianDate(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}
