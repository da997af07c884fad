/**
 * Assignments (interventions): found in record search; their detail routes take `assignmentId` and
 * show the intervention (header, operators, activities with their checklists; issue 11), loaded on demand.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const InterventionDetail = lazyComponent(async () => ({ default: (await import('../intervention/intervention.tsx')).InterventionDetail }));
// A new one: customer, site, module, date; no code (the server's series) and no state.
const NewIntervention = lazyComponent(async () => ({ default: (await import('../create-flows/new-intervention.tsx')).NewIntervention }));

export const assignments: KindModule = {
  type: 'assignments',
  screen: { create: NewIntervention, detail: InterventionDetail },
  search: { subject: 'assignment', order: 3 },
  // t i …: intervento.
  transitionKeys: { kind: 'i', actions: { schedule: 'p', unschedule: 'u', start: 'a', pause: 'm', resume: 'r', close: 'c', closeWithAnomalies: 'k', cancel: 'n', postpone: 'v', reopen: 'o' } },
};
