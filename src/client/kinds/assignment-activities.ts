/** The activities of an intervention: the keys of their state transitions (`t v …`: attività). */
import type { KindModule } from './types.ts';

export const assignmentActivities: KindModule = {
  type: 'assignmentActivities',
  transitionKeys: { kind: 'v', actions: { close: 'c', closeWithAnomalies: 'k', postpone: 'v', cancel: 'n', substitute: 's', decommission: 'd', reopen: 'o', resume: 'r' } },
};
