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
export const ANOMALY_OTHER_CUSTOMER = 'L’attrezzatura o l’impianto appartiene a un altro cliente: scegli il cliente dell’attrezzatura';

export const anomaliesKind = defineKindHooks('anomalies', {
  async beforeWrite(hook, data, previous) {
    // The anomaly is its asset's customer's: the customer reads it (portal, register) through that customer.
    const customerId = data.relationships.customerId;
    for (const [path, type] of [['equipmentId', 'equipments'], ['installationId', 'installations']] as const) {
      const assetId = data.relationships[path];
      if (typeof assetId !== 'string' || (assetId === previous?.relationships[path] && customerId === previous?.relationships.customerId)) continue;
      const asset = await hook.repository(type).findById(assetId);
      const owner = asset?.relationships.customerId;
      if (typeof owner === 'string' && typeof customerId === 'string' && owner !== customerId) {
        throw new Problem('VALIDATION_FAILED', {
          message: ANOMALY_OTHER_CUSTOMER,
          errors: [{ pointer: '/relationships/customerId', code: 'anomalyOtherCustomer', message: ANOMALY_OTHER_CUSTOMER }],
        });
      }
    }
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
