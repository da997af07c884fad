/**
 * Dates as Italian users type and read them (issue 23: «gg/mm/aaaa» whatever the browser's locale;
 * a native date input follows the browser's language, so an English Chromium showed «mm/dd/yyyy»).
 * The field stores what the API stores: `YYYY-MM-DD` for a date, an ISO instant for a date-time
 * (read and typed in the browser's time, as the native input did).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-28` (or an ISO date-time, its first ten characters) → `28/11/2026`; anything else as it is. */
export function dateText(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

const isRealDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Two-digit years are this century's: «28/11/26» is 2026. */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * What a user types → `YYYY-MM-DD`: «28/11/2026», «28.11.2026», «28-11-2026», «28/11/26», «28112026»,
 * «1/3/2026», or an ISO `2026-11-28`. '' → undefined (empty); anything else stays text, so the form's
 * validation says «Data non valida» on the field (and nothing is stored silently wrong).
 */
export function parseItalianDate(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const typed = iso ? [iso[3]!, iso[2]!, iso[1]!] : (/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t))?.slice(1);
  if (!typed) return text;
  const [day, month, year] = [Number(typed[0]), Number(typed[1]), fullYear(typed[2]!)];
  return isRealDate(year, month, day) ? `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` : text;
}

/** ↑/↓ on a date: one day (Shift: one month), from today when the field is empty or not a date. */
export function stepDate(current: string | undefined, direction: 1 | -1, today: string, byMonth = false): string {
  const base = current && /^\d{4}-\d{2}-\d{2}$/.test(current) ? current : today;
  const [year, month, day] = base.split('-').map(Number) as [number, number, number];
  const next = byMonth
    ? new Date(Date.UTC(year, month - 1 + direction, Math.min(day, new Date(Date.UTC(year, month + direction, 0)).getUTCDate())))
    : new Date(Date.UTC(year, month - 1, day + direction));
  return next.toISOString().slice(0, 10);
}

/** An ISO instant → «28/11/2026 14:30» in the browser's time; anything else as it is. */
export function dateTimeText(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * «28/11/2026 14:30» (or «28/11/2026 14.30», «28/11/2026» for midnight) → the ISO instant of that wall
 * time in the browser's time zone. '' → undefined; anything else stays text for the validation.
 */
export function parseItalianDateTime(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const match = /^(\S+)(?:\s+(\d{1,2})[:.](\d{2}))?$/.exec(t);
  const day = match ? parseItalianDate(match[1]!) : undefined;
  if (!match || !day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return text;
  const [hours, minutes] = [Number(match[2] ?? 0), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59) return text;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, hours, minutes).toISOString();
}
