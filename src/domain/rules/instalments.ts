/**
 * SPEC §5: the percentages of an invoicing method's instalments must add up to exactly 100.
 * Sums are taken in hundredths so that 33.33 + 33.33 + 33.34 is 100, not 99.99999999999999.
 */

export type InstalmentIssue = 'instalmentsNone' | 'instalmentsIncomplete' | 'instalmentsExceeded';

const toHundredths = (percentage: number) => Math.round(percentage * 100);

/** What is still to be assigned to reach 100% (negative when the instalments exceed it). */
export function remainingPercentage(percentages: readonly number[]): number {
  const assigned = percentages.reduce((sum, p) => sum + toHundredths(p), 0);
  return (10_000 - assigned) / 100;
}

/** The issue the instalments have, as a key of `messages`, or null when they add up to 100%. */
export function instalmentIssue(percentages: readonly number[]): InstalmentIssue | null {
  if (percentages.length === 0) return 'instalmentsNone';
  const remaining = remainingPercentage(percentages);
  if (remaining > 0) return 'instalmentsIncomplete';
  if (remaining < 0) return 'instalmentsExceeded';
  return null;
}
