/** Server hooks of activities: their maintenance rules count for their equipment type, so a change recomputes its equipments' deadlines (support/deadline-engine.ts). */
import { defineKindHooks } from '../resources/hooks.ts';
import { recomputeFamily, rulesChanged } from './support/deadline-engine.ts';

export const activitiesKind = defineKindHooks('activities', {
  async afterWrite(hook, entity, previous) {
    // A new activity with rules, its rules or activity changed, moved to another type, or deleted.
    const hasRules = ((entity.attributes.maintenanceRules as unknown[] | undefined) ?? []).length > 0;
    const moved = previous !== undefined && (previous.relationships.equipmentFamilyId ?? null) !== (entity.relationships.equipmentFamilyId ?? null);
    const deleted = entity.metadata.isDeleted === true && previous?.metadata.isDeleted !== true;
    if (!(previous ? moved || deleted || rulesChanged(entity, previous, ['maintenanceRules', 'isActive']) : hasRules)) return;
    await recomputeFamily(hook, entity.relationships.equipmentFamilyId);
    if (moved) await recomputeFamily(hook, previous.relationships.equipmentFamilyId);
  },
});
