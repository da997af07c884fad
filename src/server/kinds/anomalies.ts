/**
 * Server hooks of anomalies (issue 22, the Operatore's day): an anomaly raised on a check belongs to
 * that check's intervention, and is raised by who does that intervention's work (`workOn`: who may
 * update it, or the Operatore on the interventions it is an operator of), the same people who may
 * record the check. Its role's `create` on anomalies names only those with a check.
 */
import { findKind } from '../../domain/kinds.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks } from '../resources/hooks.ts';

export const RAISE_ANOMALY_REFUSED = 'Puoi segnalare anomalie solo sugli interventi di cui sei operatore';

export const anomaliesKind = defineKindHooks('anomalies', {
  async beforeWrite(hook, data, previous) {
    const checkId = data.relationships.checkId;
    if (typeof checkId !== 'string' || checkId === previous?.relationships.checkId) return;
    const check = await hook.repository('checks').findById(checkId);
    const activityId = check?.relationships.assignmentActivityId;
    const activity = typeof activityId === 'string' ? await hook.repository('assignmentActivities').findById(activityId) : undefined;
    const assignmentId = activity?.relationships.assignmentId;
    const assignment = typeof assignmentId === 'string' ? await hook.repository('assignments').findById(assignmentId) : undefined;
    // A check of no intervention (or a missing one, the references check's to refuse) asks nothing more.
    if (!assignment) return;
    if (hook.call.access.can('workOn', findKind('assignments')!, assignment)) return;
    throw new Problem('FORBIDDEN', {
      message: RAISE_ANOMALY_REFUSED,
      errors: [{ pointer: '/relationships/checkId', code: 'raiseAnomalyNotAllowed', message: RAISE_ANOMALY_REFUSED }],
    });
  },
});
