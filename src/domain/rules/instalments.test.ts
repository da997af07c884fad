import { describe, expect, it } from 'vitest';
import { instalmentIssue, remainingPercentage } from './instalments.ts';

describe('instalment percentages (SPEC §5)', () => {
  it('flags a method with no instalments', () => {
    expect(instalmentIssue([])).toBe('instalmentsNone');
    expect(remainingPercentage([])).toBe(100);
  });

  it('flags instalments that do not reach 100%', () => {
    expect(instalmentIssue([30, 30])).toBe('instalmentsIncomplete');
    expect(remainingPercentage([30, 30])).toBe(40);
  });

  it('flags instalments that exceed 100%', () => {
    expect(instalmentIssue([60, 50])).toBe('instalmentsExceeded');
    expect(remainingPercentage([60, 50])).toBe(-10);
  });

  it('accepts exactly 100%, also with decimals that do not add up in floating point', () => {
    expect(instalmentIssue([100])).toBeNull();
    expect(instalmentIssue([33.33, 33.33, 33.34])).toBeNull();
    expect(instalmentIssue([0.1, 0.2, 99.7])).toBeNull();
    expect(remainingPercentage([33.33, 33.33])).toBe(33.34);
  });
});
