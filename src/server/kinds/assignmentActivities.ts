/**
 * Server hooks of an intervention's activities: the SPEC §9 limit of activities per intervention,
 * and closing (or reopening) one executes (or undoes) the deadline it executes (support/deadline-engine.ts).
 */
import type { Entity, EntityData } from '../../domain/entity.ts';
import type { GuardContext } from '../../domain/machine.ts';
import {
  activityMissingLine, INTERVENTION_UNRECORDED_CONTROLS, notExecutableRefusal, unrecordedMandatoryControls, type ClosingActivity, type MandatoryControl,
} from '../../domain/rules/intervention.ts';
import { activitiesLimitMessage, mayAddActivity } from '../../domain/rules/limits.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { closedStates, executeDeadlineOf, undoExecutionOf } from './support/deadline-engine.ts';
import { refreshInterventionSystemTypes } from './support/technician-qualifications.ts';

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

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Issue 22, the closing rule's facts (src/domain/rules/intervention.ts): for each of `activities`,
 * the mandatory controls of its equipment's family no check records, as one Italian line per
 * activity («Verifica semestrale (EST-0001): C01 – Pressione»). Empty when all are recorded or excused.
 */
export async function unrecordedControlLines(hook: HookContext, activities: readonly Entity[]): Promise<string[]> {
  if (activities.length === 0) return [];
  const [kinds, equipments] = await Promise.all([
    hook.repository('activities').findByIds([...new Set(activities.map((a) => str(a.relationships.activityId)).filter((id) => id !== undefined))]),
    hook.repository('equipments').findByIds([...new Set(activities.map((a) => str(a.relationships.equipmentId)).filter((id) => id !== undefined))]),
  ]);
  const controlsOfFamily = new Map<string, MandatoryControl[]>();
  const lines: string[] = [];
  for (const activity of activities) {
    const equipment = equipments.get(str(activity.relationships.equipmentId) ?? '');
    const family = str(equipment?.relationships.equipmentFamilyId);
    if (!family) continue;
    if (!controlsOfFamily.has(family)) {
      const rows = await hook.repository('controls').listByRelationship('equipmentFamilyId', family);
      controlsOfFamily.set(family, rows.map((c) => ({
        id: c.id, code: String(c.attributes.code ?? ''), name: String(c.attributes.name ?? ''), isMandatory: c.attributes.isMandatory !== false, activityId: str(c.relationships.activityId) ?? null,
      })));
    }
    const checks = (await hook.repository('checks').listByRelationship('assignmentActivityId', activity.id)).map((c) => ({ controlId: String(c.relationships.controlId) }));
    const closing: ClosingActivity = {
      activityId: str(activity.relationships.activityId),
      notExecutable: activity.attributes.notExecutable === true,
      notExecutableReason: str(activity.attributes.notExecutableReason) ?? null,
    };
    const missing = unrecordedMandatoryControls(closing, controlsOfFamily.get(family) ?? [], checks);
    if (missing.length === 0) continue;
    const name = str(kinds.get(str(activity.relationships.activityId) ?? '')?.attributes.name) ?? 'Attività';
    const code = str(equipment?.attributes.equipmentId);
    lines.push(activityMissingLine(code ? `${name} (${code})` : name, missing));
  }
  return lines;
}

/** «Non eseguibile» needs its reason (the report prints it). */
function checkNotExecutable(data: EntityData): void {
  const refusal = notExecutableRefusal({ notExecutable: data.attributes.notExecutable === true, notExecutableReason: str(data.attributes.notExecutableReason) ?? null });
  if (refusal) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/attributes/notExecutableReason', code: 'notExecutableReasonRequired', message: refusal }] });
}

export const assignmentActivitiesKind = defineKindHooks('assignmentActivities', {
  // SPEC §9: an intervention holds a limited number of activities; issue 22: «non eseguibile» says why.
  async beforeWrite(hook, data, previous) {
    checkNotExecutable(data);
    await checkActivitiesLimit(hook, data, previous);
  },
  // Issue 22: an activity closes once its mandatory controls are recorded (or it is «non eseguibile» with a reason).
  async guardContext(hook, entity): Promise<Partial<GuardContext>> {
    return { lists: { [INTERVENTION_UNRECORDED_CONTROLS]: await unrecordedControlLines(hook, [entity]) } };
  },
  async afterWrite(hook, entity, previous) {
    // Issue 25: the system types the intervention needs follow its activities (the board marks unqualified lanes).
    await refreshInterventionSystemTypes(hook, entity.relationships.assignmentId);
    if (previous && previous.relationships.assignmentId !== entity.relationships.assignmentId) await refreshInterventionSystemTypes(hook, previous.relationships.assignmentId);
    if (!previous) return;
    if (closedStates.includes(entity.attributes.state) && !closedStates.includes(previous.attributes.state)) await executeDeadlineOf(hook, entity);
    else if (entity.attributes.state === 'open' && closedStates.includes(previous.attributes.state)) await undoExecutionOf(hook, entity);
  },
});
