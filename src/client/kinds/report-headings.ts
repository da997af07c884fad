/**
 * Report headings (SPEC /reportHeadings): above the grid and above a heading's form (a new one too),
 * the warning of SPEC §9 when a module's headings (or the general ones) reached the configured limit.
 */
import type { KindModule } from './types.ts';
import { ReportHeadingsLimit } from './report-headings-limit.tsx';

export const reportHeadings: KindModule = {
  type: 'reportHeadings',
  gridSummary: ReportHeadingsLimit,
  screen: { notice: ReportHeadingsLimit },
};
