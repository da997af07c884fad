/**
 * Interventions (issue 11 "The intervention"): the facts the assignment machine's closing guards
 * read (the unresolved anomalies found during the intervention's activities, see
 * src/domain/rules/intervention.ts), and what closing with anomalies records on the activities.
 */
import { writePath } from '../../domain/kind.ts';
import type { Entity } from '../../domain/entity.ts';
import { INTERVENTION_ANOMALIES } from '../../domain/rules/intervention.ts';
import type { HookContext, KindHooks } from '../resources/hooks.ts';
import { storedOf } from '../resources/service.ts';

/** Activities the closing moves (the machine's cascade moves the same ones). */
const STILL_TO_DO: readonly string[] = ['open', 'postponed'];

/** Ids of the assignment's activities that have at least one unresolved anomaly found during them. */
async function activitiesWithAnomalies(hook: HookContext, activities: readonly Entity[]): Promise<{ ids: Set<string>; count: number }> {
  const anomalies = hook.repository('anomalies');
  const ids = new Set<string>();
  let count = 0;
  for (const activity of activities) {
    const found = (await anomalies.listByRelationship('assignmentActivityId', activity.id)).filter((a) => a.attributes.state === 'unresolved').length;
    if (found > 0) ids.add(activity.id);
    count += found;
  }
  return { ids, count };
}

export const assignmentHooks: Record<string, KindHooks> = {
  assignments: {
    async guardContext(hook, entity) {
      const activities = await hook.repository('assignmentActivities').listByRelationship('assignmentId', entity.id);
      const { count } = await activitiesWithAnomalies(hook, activities);
      return { related: { [INTERVENTION_ANOMALIES]: count } };
    },
    /**
     * Closing with anomalies records where they were found: the activities still to do without an
     * anomaly are closed, and the machine's cascade then closes the others with anomalies. They carry
     * the same cascade mark, so reopening the intervention reopens them all.
     */
    async onTransition(hook, current, _next, action) {
      if (action !== 'closeWithAnomalies') return;
      const repository = hook.repository('assignmentActivities');
      const toDo = await repository.findRelated('assignmentId', current.id, 'attributes.state', STILL_TO_DO);
      const { ids } = await activitiesWithAnomalies(hook, toDo);
      for (const activity of toDo.filter((a) => !ids.has(a.id))) {
        let data = writePath(storedOf(activity), 'attributes.state', 'closed');
        data = writePath(data, 'metadata.cascadedBy', `assignments:${current.id}`);
        await repository.update(activity.id, activity.metadata.lastUpdatedDateTime, { data }, hook.call.identity, action);
      }
    },
  },
};
