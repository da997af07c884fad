/** Assignments (interventions): found in record search; their detail routes take `assignmentId`. */
import type { KindModule } from './types.ts';

export const assignments: KindModule = {
  type: 'assignments',
  search: { subject: 'assignment', order: 3 },
};
