/** Server hooks of equipments: their deadlines computed from their type's rules, ended when decommissioned (support/deadline-engine.ts). */
import { defineKindHooks } from '../resources/hooks.ts';
import { computeEquipmentDeadlines, deadlineInputsChanged, endPendingDeadlines } from './support/deadline-engine.ts';

export const equipmentsKind = defineKindHooks('equipments', {
  async afterWrite(hook, entity, previous) {
    if (entity.metadata.isDeleted) return;
    const decommissioned = entity.attributes.state === 'decommissioned';
    if (decommissioned) {
      if (previous?.attributes.state !== 'decommissioned') await endPendingDeadlines(hook, entity.id);
      return;
    }
    const reactivated = previous?.attributes.state === 'decommissioned';
    if (!previous || reactivated || deadlineInputsChanged(entity, previous)) await computeEquipmentDeadlines(hook, entity);
  },
});
