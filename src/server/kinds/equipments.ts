/**
 * Server hooks of equipments: refused without an agent their type's rules need; their deadlines computed from their type's rules, ended when decommissioned (support/deadline-engine.ts).
 * Issue 25: the data that drives the legal deadlines (production and installation dates, serial number, agent) is written only by
 * whom the ability lets write those paths; a field technician's role may not (its `cannot update` rule), and is told to send a change request.
 */
import { legalFieldPath, legalValuesOf, legalEquipmentFields } from '../../domain/entities/equipment-change-requests.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { checkEquipmentAgent, computeEquipmentDeadlines, deadlineInputsChanged, endPendingDeadlines } from './support/deadline-engine.ts';

/**
 * Refuses a change of a legal field the caller's ability does not allow (LEGAL_DATA_BY_CHANGE_REQUEST). The agent is a key of
 * the characteristics, which the pipeline's field check sees only whole: it is asked here by its own path, as the agent the rules read.
 */
function authorizeLegalFields(hook: HookContext, data: EntityData, previous: Entity): void {
  const before = legalValuesOf(previous.attributes);
  const after = legalValuesOf(data.attributes);
  const changed = legalEquipmentFields.filter((field) => before[field] !== after[field]).map((field) => legalFieldPath[field]);
  if (changed.length === 0) return;
  try {
    hook.call.access.authorizeFields('update', hook.kind, previous, changed);
  } catch (error) {
    if (!(error instanceof Problem) || error.code !== 'FIELD_NOT_AUTHORIZED') throw error;
    const message = 'Campo che determina le scadenze di legge: proponi la correzione con una richiesta di modifica';
    throw new Problem('LEGAL_DATA_BY_CHANGE_REQUEST', { errors: (error.errors ?? []).map(({ pointer }) => ({ pointer, code: 'changeRequestRequired', message })) });
  }
}

export const equipmentsKind = defineKindHooks('equipments', {
  async beforeWrite(hook, data, previous) {
    if (previous) authorizeLegalFields(hook, data, previous);
    await checkEquipmentAgent(hook, data, previous);
  },
  // A batch's new equipments have their deadlines computed together, as do those whose inputs changed (an import's hundreds: one INSERT).
  async afterWriteMany(hook, written) {
    const created: Entity[] = [];
    const changed: Entity[] = [];
    for (const { entity, previous } of written) {
      if (entity.metadata.isDeleted) continue;
      if (entity.attributes.state === 'decommissioned') {
        if (previous?.attributes.state !== 'decommissioned') await endPendingDeadlines(hook, entity.id);
        continue;
      }
      if (!previous) created.push(entity);
      else if (previous.attributes.state === 'decommissioned' || deadlineInputsChanged(entity, previous)) changed.push(entity);
    }
    await computeEquipmentDeadlines(hook, created, { created: true });
    await computeEquipmentDeadlines(hook, changed);
  },
});
