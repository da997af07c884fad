import { describe, expect, it } from 'vitest';
import { expiryFromValidity } from './quotations.ts';

describe('quotation validity → expiry date (SPEC §9)', () => {
  it('counts days and calendar months from the writing date', () => {
    expect(expiryFromValidity('2026-06-15', '15d')).toBe('2026-06-30');
    expect(expiryFromValidity('2026-06-15', '30d')).toBe('2026-07-15');
    expect(expiryFromValidity('2026-06-15', '60d')).toBe('2026-08-14');
    expect(expiryFromValidity('2026-06-15', '3m')).toBe('2026-09-15');
    expect(expiryFromValidity('2026-06-15', '6m')).toBe('2026-12-15');
    expect(expiryFromValidity('2026-06-15', '1y')).toBe('2027-06-15');
  });

  it('clamps to the end of a shorter month and crosses leap years', () => {
    expect(expiryFromValidity('2026-01-31', '3m')).toBe('2026-04-30');
    expect(expiryFromValidity('2027-02-28', '1y')).toBe('2028-02-28');
    expect(expiryFromValidity('2028-02-29', '1y')).toBe('2029-02-28');
  });

  it('has no expiry without a writing date', () => {
    expect(expiryFromValidity(undefined, '30d')).toBeNull();
    expect(expiryFromValidity('2026-02-31', '30d')).toBeNull();
  });
});
