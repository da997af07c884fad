/** Server hooks of equipments: refused without an agent their type's rules need; their deadlines computed from their type's rules, ended when decommissioned (support/deadline-engine.ts). */
import { defineKindHooks } from '../resources/hooks.ts';
import { checkEquipmentAgent, computeEquipmentDeadlines, deadlineInputsChanged, endPendingDeadlines } from './support/deadline-engine.ts';

export const equipmentsKind = defineKindHooks('equipments', {
  async beforeWrite(hook, data, previous) {
    await checkEquipmentAgent(hook, data, previous);
  },
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
