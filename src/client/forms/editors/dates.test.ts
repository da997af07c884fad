// Dates read and typed as gg/mm/aaaa whatever the browser's language (issue 23).
import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, parseItalianDate, parseItalianDateTime, stepDate } from './dates.ts';

describe('Italian dates in fields', () => {
  it('shows a stored date as gg/mm/aaaa', () => {
    expect(dateText('2026-11-28')).toBe('28/11/2026');
    expect(dateText('2026-03-01T10:00:00.000Z')).toBe('01/03/2026');
    expect(dateText(undefined)).toBe('');
    expect(dateText(null)).toBe('');
  });

  it.each([
    ['28/11/2026', '2026-11-28'], ['28.11.2026', '2026-11-28'], ['28-11-2026', '2026-11-28'], ['1/3/2026', '2026-03-01'],
    ['28/11/26', '2026-11-28'], ['28112026', '2026-11-28'], ['2026-11-28', '2026-11-28'], [' 29/02/2028 ', '2028-02-29'],
  ])('takes «%s» as %s', (typed, stored) => {
    expect(parseItalianDate(typed)).toBe(stored);
  });

  it('keeps what is not a real date as text, for the validation to name, and empties on ""', () => {
    for (const typed of ['29/02/2026', '31/04/2026', '00/01/2026', '12/13/2026', '28/11', 'domani', '2026/11/28']) expect(parseItalianDate(typed)).toBe(typed);
    expect(parseItalianDate('  ')).toBeUndefined();
  });

  it('steps a day, or a month with Shift, from today when empty', () => {
    expect(stepDate('2026-12-31', 1, '2026-01-01')).toBe('2027-01-01');
    expect(stepDate('2026-03-01', -1, '2026-01-01')).toBe('2026-02-28');
    expect(stepDate(undefined, 1, '2026-11-28')).toBe('2026-11-29');
    expect(stepDate('2026-01-31', 1, '2026-01-01', true)).toBe('2026-02-28');
    expect(stepDate('2026-03-31', -1, '2026-01-01', true)).toBe('2026-02-28');
  });

  it('reads and takes a date-time as gg/mm/aaaa hh:mm in the browser’s time', () => {
    const instant = new Date(2026, 10, 28, 14, 30).toISOString();
    expect(dateTimeText(instant)).toBe('28/11/2026 14:30');
    expect(parseItalianDateTime('28/11/2026 14:30')).toBe(instant);
    expect(parseItalianDateTime('28/11/2026 14.30')).toBe(instant);
    expect(parseItalianDateTime('28/11/2026')).toBe(new Date(2026, 10, 28).toISOString());
    expect(parseItalianDateTime('28/11/2026 25:00')).toBe('28/11/2026 25:00');
    expect(parseItalianDateTime('')).toBeUndefined();
  });
});
