import { describe, expect, it } from 'vitest';
import { italianDate } from './italian-date.ts';

describe('italianDate', () => {
  it('writes calendar dates and date-times day first', () => {
    expect(italianDate('2025-03-01')).toBe('01/03/2025');
    expect(italianDate('2025-12-31T23:30:00.000Z')).toBe('31/12/2025');
  });

  it('leaves what is no date as it is', () => {
    expect(italianDate('domani')).toBe('domani');
  });
});
