import { describe, expect, it } from 'vitest';
import { isExpired, isExpiring, nextExpiry } from './expiry.ts';

const installedJan31 = { productionDate: '2020-06-15', installationDate: '2024-01-31' };

describe('nextExpiry (SPEC §9)', () => {
  it('counts from the chosen basis', () => {
    expect(nextExpiry(installedJan31, { value: 1, unit: 'year' }, 'production')).toBe('2021-06-15');
    expect(nextExpiry(installedJan31, { value: 1, unit: 'year' }, 'installation')).toBe('2025-01-31');
  });

  it('clamps month arithmetic to the end of a shorter month', () => {
    expect(nextExpiry(installedJan31, { value: 1, unit: 'month' }, 'installation')).toBe('2024-02-29');
    expect(nextExpiry({ installationDate: '2023-01-31' }, { value: 1, unit: 'month' }, 'installation')).toBe('2023-02-28');
    expect(nextExpiry({ productionDate: '2024-02-29' }, { value: 1, unit: 'year' }, 'production')).toBe('2025-02-28');
  });

  it('counts every deadline from the base, so a clamped month does not shorten the following ones', () => {
    expect(nextExpiry(installedJan31, { value: 1, unit: 'month' }, 'installation', '2024-03-01')).toBe('2024-03-31');
    expect(nextExpiry({ productionDate: '2024-02-29' }, { value: 1, unit: 'year' }, 'production', '2028-01-01')).toBe('2028-02-29');
  });

  it('returns the first deadline on or after today', () => {
    const semester = { value: 6, unit: 'month' } as const;
    expect(nextExpiry(installedJan31, semester, 'installation', '2025-07-30')).toBe('2025-07-31');
    expect(nextExpiry(installedJan31, semester, 'installation', '2025-07-31')).toBe('2025-07-31');
    expect(nextExpiry(installedJan31, semester, 'installation', '2025-08-01')).toBe('2026-01-31');
  });

  it('returns the first deadline when today is before it, or before the base date itself', () => {
    expect(nextExpiry(installedJan31, { value: 1, unit: 'year' }, 'installation', '2024-02-01')).toBe('2025-01-31');
    expect(nextExpiry(installedJan31, { value: 1, unit: 'year' }, 'installation', '2023-01-01')).toBe('2025-01-31');
    // Never the base date itself: a new extinguisher is not due on the day it is installed.
    expect(nextExpiry(installedJan31, { value: 1, unit: 'year' }, 'installation', '2024-01-31')).toBe('2025-01-31');
  });

  it('handles days and weeks, across leap days', () => {
    expect(nextExpiry({ productionDate: '2024-02-27' }, { value: 3, unit: 'day' }, 'production')).toBe('2024-03-01');
    expect(nextExpiry({ productionDate: '2024-01-01' }, { value: 2, unit: 'week' }, 'production', '2024-01-16')).toBe('2024-01-29');
    expect(nextExpiry({ productionDate: '2024-01-01' }, { value: 2, unit: 'week' }, 'production', '2024-01-15')).toBe('2024-01-15');
    expect(nextExpiry({ productionDate: '2024-01-01' }, { value: 90, unit: 'day' }, 'production', '2026-06-01')).toBe('2026-06-19');
  });

  it('is null without the base date or with a frequency that is not a positive whole number', () => {
    expect(nextExpiry({ productionDate: '2024-01-01' }, { value: 1, unit: 'year' }, 'installation')).toBeNull();
    expect(nextExpiry({ installationDate: null }, { value: 1, unit: 'year' }, 'installation')).toBeNull();
    expect(nextExpiry({ productionDate: '2024-01-01' }, { value: 0, unit: 'year' }, 'production')).toBeNull();
    expect(nextExpiry({ productionDate: '2024-01-01' }, { value: 1.5, unit: 'month' }, 'production')).toBeNull();
  });

  it('reads a date-time base as its day in Rome', () => {
    expect(nextExpiry({ installationDate: '2024-01-30T23:30:00.000Z' }, { value: 1, unit: 'month' }, 'installation')).toBe('2024-02-29');
  });
});

describe('isExpiring / isExpired', () => {
  it('is expiring from today up to the last day of the window, both included', () => {
    expect(isExpiring('2026-05-10', '2026-05-10', 30)).toBe(true);
    expect(isExpiring('2026-06-09', '2026-05-10', 30)).toBe(true);
    expect(isExpiring('2026-06-10', '2026-05-10', 30)).toBe(false);
  });

  it('an expired deadline is not "expiring"', () => {
    expect(isExpiring('2026-05-09', '2026-05-10', 30)).toBe(false);
    expect(isExpired('2026-05-09', '2026-05-10')).toBe(true);
    expect(isExpired('2026-05-10', '2026-05-10')).toBe(false);
  });

  it('with a window of 0 days only today counts', () => {
    expect(isExpiring('2026-05-10', new Date('2026-05-10T08:00:00Z'), 0)).toBe(true);
    expect(isExpiring('2026-05-11', '2026-05-10', 0)).toBe(false);
  });
});
