/**
 * Assignments (interventions): found in record search; their detail routes take `assignmentId` and
 * show the intervention (header, operators, activities with their checklists; issue 11), loaded on demand.
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const InterventionDetail = lazy(() => import('../intervention/intervention.tsx').then((module) => ({ default: module.InterventionDetail })));

export const assignments: KindModule = {
  type: 'assignments',
  screen: { detail: InterventionDetail },
  search: { subject: 'assignment', order: 3 },
};
