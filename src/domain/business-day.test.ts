import { describe, expect, it } from 'vitest';
import { addDays, businessDay, dayOf } from './business-day.ts';

describe('business day (Europe/Rome)', () => {
  it('is the Rome calendar day, not the UTC one', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome (UTC+1 in winter).
    expect(businessDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC in summer is 00:30 the next day in Rome (UTC+2).
    expect(businessDay(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    expect(businessDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
  });

  it('adds calendar days across months and DST changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('dayOf', () => {
  it('dates a date-time on its day in Rome, and leaves a date as it is', () => {
    // 23:11 UTC on the 29th is 00:11 on the 30th in Rome (winter), 22:30 UTC in summer is 00:30 the next day.
    expect(dayOf('2026-11-29T23:11:00.000Z')).toBe('2026-11-30');
    expect(dayOf('2026-07-14T22:30:00.000Z')).toBe('2026-07-15');
    expect(dayOf('2026-11-29T10:00:00.000Z')).toBe('2026-11-29');
    expect(dayOf('2026-11-29')).toBe('2026-11-29');
  });
});

