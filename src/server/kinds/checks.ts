/**
 * Server hooks of checks (issue 22, the technician's and the Operatore's day): a check is recorded
 * on an intervention by who may change the intervention, or by who may `recordChecks` on it (the
 * Operatore, on the interventions it is an operator of: a condition on `relationships.operatorIds`).
 */
import { findKind } from '../../domain/kinds.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { refuseFutureDateTime } from '../resources/clock-guard.ts';

export const RECORD_CHECKS_REFUSED = 'Puoi registrare verifiche solo sugli interventi di cui sei operatore';

export const checksKind = defineKindHooks('checks', {
  async beforeWrite(hook, data, previous) {
    // The device's date is the legal date: never ahead of the server's clock (clock-guard.ts); unchanged on a PATCH, not checked again.
    const checked = data.attributes.checkedDateTime;
    if (checked !== previous?.attributes.checkedDateTime) refuseFutureDateTime(checked, '/attributes/checkedDateTime');
    const activityId = data.relationships.assignmentActivityId;
    if (typeof activityId !== 'string') return;
    const activity = await hook.repository('assignmentActivities').findById(activityId);
    const assignmentId = activity?.relationships.assignmentId;
    const assignment = typeof assignmentId === 'string' ? await hook.repository('assignments').findById(assignmentId) : undefined;
    // A missing parent is the references check's to refuse.
    if (!assignment) return;
    const assignments = findKind('assignments')!;
    if (hook.call.access.can('update', assignments, assignment) || hook.call.access.can('recordChecks', assignments, assignment)) return;
    throw new Problem('FORBIDDEN', {
      message: RECORD_CHECKS_REFUSED,
      errors: [{ pointer: '/relationships/assignmentActivityId', code: 'recordChecksNotAllowed', message: RECORD_CHECKS_REFUSED }],
    });
  },
});
