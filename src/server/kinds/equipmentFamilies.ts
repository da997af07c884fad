/** Server hooks of equipment types: a change of their maintenance rules, edition policy, expiry basis or default agent recomputes their equipments' deadlines (support/deadline-engine.ts). */
import { defineKindHooks } from '../resources/hooks.ts';
import { recomputeFamily, rulesChanged } from './support/deadline-engine.ts';

export const equipmentFamiliesKind = defineKindHooks('equipmentFamilies', {
  async afterWrite(hook, entity, previous) {
    if (rulesChanged(entity, previous, ['maintenanceRules', 'editionPolicy', 'expiryBasis', 'defaultAgent'])) await recomputeFamily(hook, entity.id);
  },
});
