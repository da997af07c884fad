import { describe, expect, it } from 'vitest';
import { formatEur, roundEur } from './money.ts';

/** Intl puts a (narrow) non-breaking space before €; tests compare with ordinary spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('roundEur', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [-1.005, -1.01],
    [1.004, 1],
    [0.125, 0.13],
    [1.1 + 2.2, 3.3],
    [0.1 * 3, 0.3],
    [10, 10],
    [1234567.895, 1234567.9],
  ])('rounds %s to %s', (amount, expected) => {
    expect(roundEur(amount)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundEur(-0.001), 0)).toBe(true);
  });

  it('refuses values that are not amounts', () => {
    expect(() => roundEur(Number.NaN)).toThrow(RangeError);
    expect(() => roundEur(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatEur', () => {
  it('writes Italian euros with exactly two decimals', () => {
    expect(plain(formatEur(12345.678))).toBe('12.345,68 €');
    expect(plain(formatEur(5))).toBe('5,00 €');
    expect(plain(formatEur(0.5))).toBe('0,50 €');
    expect(plain(formatEur(1.005))).toBe('1,01 €');
    expect(plain(formatEur(1234567.8))).toBe('1.234.567,80 €');
  });

  it('shows negative amounts with a minus sign and no negative zero', () => {
    expect(plain(formatEur(-2.5))).toBe('-2,50 €');
    expect(plain(formatEur(-0.001))).toBe('0,00 €');
  });
});
