import { describe, expect, it } from 'vitest';
import { FIELD_PRIME_DAYS_MAX, fieldPrimeWindow } from './field-prime-window.ts';

describe('fieldPrimeWindow', () => {
  it('runs from today in Rome through the N-th working day after it, skipping weekends and holidays', () => {
    // Friday 4 December 2026, 00:30 in Rome (still the 3rd in UTC); Tuesday the 8th is the Immacolata.
    expect(fieldPrimeWindow(new Date('2026-12-03T23:30:00Z'), 7)).toEqual({ from: '2026-12-04', to: '2026-12-16' });
    expect(fieldPrimeWindow(new Date('2026-12-04T10:00:00Z'), 1)).toEqual({ from: '2026-12-04', to: '2026-12-07' });
  });

  it('is today only with 0 days, today included even on a Sunday, and never beyond the maximum', () => {
    expect(fieldPrimeWindow(new Date('2026-11-29T08:00:00Z'), 0)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(fieldPrimeWindow(new Date('2026-11-29T08:00:00Z'), 1)).toEqual({ from: '2026-11-29', to: '2026-11-30' });
    expect(fieldPrimeWindow(new Date('2026-11-29T08:00:00Z'), 1000)).toEqual(fieldPrimeWindow(new Date('2026-11-29T08:00:00Z'), FIELD_PRIME_DAYS_MAX));
  });
});
