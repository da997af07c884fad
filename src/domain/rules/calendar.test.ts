import { describe, expect, it } from 'vitest';
import { addDays, addMonths, calendarDay, daysBetween, easterSunday, italianHoliday, nonWorkingDay, workingDaysAfter } from './calendar.ts';

describe('calendarDay', () => {
  it('keeps a calendar date and rejects impossible ones', () => {
    expect(calendarDay('2024-02-29')).toBe('2024-02-29');
    expect(calendarDay('2023-02-29')).toBeNull();
    expect(calendarDay('')).toBeNull();
    expect(calendarDay(null)).toBeNull();
    expect(calendarDay('ieri')).toBeNull();
  });

  it('reads a date-time as its day in Rome, in winter and in summer', () => {
    expect(calendarDay('2026-01-15T23:30:00Z')).toBe('2026-01-16');
    expect(calendarDay('2026-01-15T22:30:00Z')).toBe('2026-01-15');
    expect(calendarDay('2026-07-15T22:30:00Z')).toBe('2026-07-16');
    expect(calendarDay(new Date('2026-07-15T21:30:00Z'))).toBe('2026-07-15');
  });
});

describe('day arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months clamping to the month end', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2025-08-31', 4)).toBe('2025-12-31');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('counts days between, also across the daylight-saving change', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });
});

describe('Italian holidays', () => {
  it('knows Easter (a few years checked against the calendar)', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25']);
  });

  it('names the national holidays, Easter Monday and Saint Francis from 2026 included, and no other day', () => {
    expect(italianHoliday('2026-04-06')).toBe('Lunedì dell’Angelo');
    expect(italianHoliday('2026-06-02')).toBe('Festa della Repubblica');
    expect(italianHoliday('2026-12-08')).toBe('Immacolata Concezione');
    expect(italianHoliday('2026-10-04')).toBe('San Francesco d’Assisi');
    expect(italianHoliday('2025-10-04')).toBeNull();
    expect(italianHoliday('2026-04-07')).toBeNull();
    expect(italianHoliday('2026-11-27')).toBeNull();
  });

  it('says why a day is not a working day: a holiday first, then Saturday or Sunday', () => {
    expect(nonWorkingDay('2026-11-27')).toBeNull();
    expect(nonWorkingDay('2026-11-28')).toEqual({ reason: 'saturday', name: 'sabato' });
    expect(nonWorkingDay('2026-11-29')).toEqual({ reason: 'sunday', name: 'domenica' });
    // 1 November 2026 is a Sunday and All Saints: the holiday is named.
    expect(nonWorkingDay('2026-11-01')).toEqual({ reason: 'holiday', name: 'Ognissanti' });
    expect(nonWorkingDay('2026-12-25')).toEqual({ reason: 'holiday', name: 'Natale' });
  });
});

describe('workingDaysAfter', () => {
  it('skips weekends and holidays, never the day itself', () => {
    // Thursday 24 December 2026: Christmas and Santo Stefano (a Saturday), then the weekend.
    expect(workingDaysAfter('2026-12-24', 3)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30']);
    expect(workingDaysAfter('2026-06-15', 2)).toEqual(['2026-06-16', '2026-06-17']);
  });
});
