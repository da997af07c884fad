import { describe, expect, it } from 'vitest';
import { numberText, parseNumber, stepNumber } from './field-input.tsx';

describe('number fields (SPEC §5)', () => {
  it('reads the Italian comma and thousands dots, keeps nonsense as text for zod to report', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('12.5')).toBe(12.5);
    expect(parseNumber('  ')).toBeUndefined();
    expect(parseNumber('dodici')).toBe('dodici');
  });

  it('steps with the arrows within the schema bounds (Shift: ten)', () => {
    expect(stepNumber(4, 1, { min: 0, max: 5 })).toBe(5);
    expect(stepNumber(5, 1, { min: 0, max: 5 })).toBe(5);
    expect(stepNumber(0, -1, { min: 0 })).toBe(0);
    expect(stepNumber(10.5, 1, {}, true)).toBe(20.5);
    expect(stepNumber(undefined, 1, { min: 1 })).toBe(2);
  });

  it('shows money with exactly two decimals', () => {
    expect(numberText(12.5, true)).toBe('12,50');
    expect(numberText(1234.5, true)).toBe('1234,50');
    expect(numberText(3, false)).toBe('3');
  });
});
