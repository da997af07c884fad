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

const percent = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/**
 * SPEC §5 "remaining": the sentence of an issue with the percentage still to assign, or by how much
 * 100% is exceeded («… non raggiungono il 100%: manca il 33,34%»).
 */
export function instalmentMessage(issue: InstalmentIssue, percentages: readonly number[], base: string): string {
  const remaining = remainingPercentage(percentages);
  if (issue === 'instalmentsIncomplete') return `${base}: manca il ${percent.format(remaining)}%`;
  if (issue === 'instalmentsExceeded') return `${base} di ${percent.format(-remaining)} punti`;
  return base;
}

/** The issue the instalments have, as a key of `messages`, or null when they add up to 100%. */
export function instalmentIssue(percentages: readonly number[]): InstalmentIssue | null {
  if (percentages.length === 0) return 'instalmentsNone';
  const remaining = remainingPercentage(percentages);
  if (remaining > 0) return 'instalmentsIncomplete';
  if (remaining < 0) return 'instalmentsExceeded';
  return null;
}
