/**
 * Server hooks of an intervention's activities: the SPEC §9 limit of activities per intervention,
 * and closing (or reopening) one executes (or undoes) the deadline it executes (support/deadline-engine.ts).
 */
import type { Entity, EntityData } from '../../domain/entity.ts';
import { activitiesLimitMessage, mayAddActivity } from '../../domain/rules/limits.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { closedStates, executeDeadlineOf, undoExecutionOf } from './support/deadline-engine.ts';

/**
 * SPEC §9 activities limit: an intervention holds at most `limits.activitiesPerIntervention` live
 * activities. Checked when an activity is created or moved to another intervention, with that
 * intervention's row locked, so two activities added at once cannot both take the last place.
 */
async function checkActivitiesLimit(hook: HookContext, data: EntityData, previous: Entity | undefined): Promise<void> {
  const assignmentId = typeof data.relationships.assignmentId === 'string' ? data.relationships.assignmentId : null;
  if (!assignmentId || (previous && previous.relationships.assignmentId === assignmentId)) return;
  await hook.repository('assignments').findById(assignmentId, { forUpdate: true });
  const count = Number(await hook.repository('assignmentActivities').countReferencing('relationships.assignmentId', assignmentId, false));
  if (mayAddActivity(count, hook.limits)) return;
  const limit = hook.limits.activitiesPerIntervention;
  throw new Problem('ACTIVITIES_LIMIT_REACHED', {
    message: activitiesLimitMessage(limit),
    extensions: { limit },
    errors: [{ pointer: '/relationships/assignmentId', code: 'ACTIVITIES_LIMIT_REACHED', message: activitiesLimitMessage(limit) }],
  });
}

export const assignmentActivitiesKind = defineKindHooks('assignmentActivities', {
  // SPEC §9: an intervention holds a limited number of activities.
  beforeWrite: async (hook, data, previous) => void (await checkActivitiesLimit(hook, data, previous)),
  async afterWrite(hook, entity, previous) {
    if (!previous) return;
    if (closedStates.includes(entity.attributes.state) && !closedStates.includes(previous.attributes.state)) await executeDeadlineOf(hook, entity);
    else if (entity.attributes.state === 'open' && closedStates.includes(previous.attributes.state)) await undoExecutionOf(hook, entity);
  },
});
