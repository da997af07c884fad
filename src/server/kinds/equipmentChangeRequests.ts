/**
 * Server hooks of equipment change requests (issue 25): a technician's proposed correction of the
 * data that drives an equipment's legal deadlines (domain: entities/equipment-change-requests.ts).
 * - Created by whoever may create them (the Manutentore, online or from its device's outbox with a
 *   client id): who asked is the caller, the customer is the equipment's; at least one legal field, an
 *   agent only on a fire equipment; a base value not sent is the equipment's current one, and so is its version.
 * - The equipment, who asked and the customer never change; the decision fields are never a client's.
 * - «Approva» / «Approva comunque» (ability `decide`) write the proposed values through the equipment's
 *   own write pipeline (`updateWithin`: ability on its fields, rules, agent check, deadlines recomputed,
 *   history with the approver) in the same transaction. «Approva» is refused (409
 *   EQUIPMENT_CHANGED_SINCE_REQUEST, the machine's guard) while the equipment changed those fields
 *   since the base; «Approva comunque» is the explicit re-confirmation. «Respingi» needs the reason.
 */
import type { Entity, EntityData } from '../../domain/entity.ts';
import {
  applyProposal, CHANGE_REQUEST_SERVER_PATHS, CHANGED_SINCE_REQUEST, CHANGED_SINCE_REQUEST_LIST, changedSinceBase, describeChanges,
  legalValuesOf, proposedFields, type LegalValues,
} from '../../domain/entities/equipment-change-requests.ts';
import { mergePatch } from '../../domain/merge-patch.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { refuseFutureDateTime } from '../resources/clock-guard.ts';
import { keepDecisionFields } from './support/hook-helpers.ts';

export const REJECTION_REASON_REQUIRED = 'Indica il motivo del rifiuto: il tecnico lo legge';
export const NOTHING_PROPOSED = 'Indica almeno un valore da correggere (data di produzione, data di installazione, matricola o agente estinguente)';
export const AGENT_NOT_FIRE = 'L’agente estinguente si indica solo per le attrezzature antincendio';

function invalid(pointer: string, code: string, message: string): Problem {
  return new Problem('VALIDATION_FAILED', { message, errors: [{ pointer, code, message }] });
}

/** The equipment a request is for (none: the references check's). */
async function equipmentOf(hook: HookContext, request: Pick<EntityData, 'relationships'>, forUpdate = false): Promise<Entity | undefined> {
  const id = request.relationships.equipmentId;
  return typeof id === 'string' ? hook.repository('equipments').findById(id, { forUpdate }) : undefined;
}

const valuesOf = (value: unknown): LegalValues => (typeof value === 'object' && value !== null ? value as LegalValues : {});

export const equipmentChangeRequestsKind = defineKindHooks('equipmentChangeRequests', {
  async beforeWrite(hook, written, previous) {
    const data = keepDecisionFields(written, previous, CHANGE_REQUEST_SERVER_PATHS);
    if (previous) {
      for (const key of ['equipmentId', 'assignmentId'] as const) {
        if ((data.relationships[key] ?? null) !== (previous.relationships[key] ?? null)) {
          throw invalid(`/relationships/${key}`, 'readOnly', 'La richiesta resta sulla sua attrezzatura e sul suo intervento');
        }
      }
      return data;
    }
    const proposed = valuesOf(data.attributes.proposed);
    const fields = proposedFields(proposed);
    if (fields.length === 0) throw invalid('/attributes/proposed', 'required', NOTHING_PROPOSED);
    refuseFutureDateTime(data.attributes.requestedDateTime, '/attributes/requestedDateTime');
    const equipment = await equipmentOf(hook, data);
    const relationships = { ...data.relationships, requestedById: hook.call.identity.userId ?? null };
    if (!equipment) return { ...data, relationships };
    if (fields.includes('agent') && equipment.attributes.module !== 'fire') throw invalid('/attributes/proposed/agent', 'invalidValue', AGENT_NOT_FIRE);
    // What the technician saw; a value it did not send is the equipment's as it is now.
    const current = legalValuesOf(equipment.attributes);
    const sentBase = valuesOf(data.attributes.base);
    const base = Object.fromEntries(fields.map((field) => [field, Object.hasOwn(sentBase, field) ? sentBase[field] ?? null : current[field]]));
    return {
      ...data,
      attributes: {
        ...data.attributes,
        base,
        equipmentVersion: data.attributes.equipmentVersion ?? equipment.metadata.lastUpdatedDateTime,
        requestedDateTime: data.attributes.requestedDateTime ?? new Date().toISOString(),
      },
      relationships: { ...relationships, customerId: equipment.relationships.customerId ?? null },
    };
  },

  // What changed on the equipment since the base: «Approva» is refused while anything did (the machine's guard).
  async guardContext(hook, entity) {
    const equipment = await equipmentOf(hook, entity);
    if (!equipment) return {};
    const base = valuesOf(entity.attributes.base);
    const changed = changedSinceBase(valuesOf(entity.attributes.proposed), base, equipment.attributes);
    return { lists: { [CHANGED_SINCE_REQUEST_LIST]: describeChanges(changed, base, equipment.attributes) } };
  },

  async onTransition(hook, current, next, action, input) {
    const reason = input.message?.trim() ?? '';
    if (action === 'reject' && reason === '') throw invalid('/message', 'required', REJECTION_REASON_REQUIRED);
    const decided = {
      ...next,
      attributes: { ...next.attributes, decisionReason: reason === '' ? null : reason, decidedDateTime: new Date().toISOString() },
      relationships: { ...next.relationships, decidedById: hook.call.identity.userId ?? null },
    };
    if (action === 'reject') return decided;
    const equipment = await equipmentOf(hook, current, true);
    if (!equipment || equipment.metadata.isDeleted) throw new Problem('NOT_FOUND', { message: 'Attrezzatura: elemento non trovato' });
    const proposed = valuesOf(current.attributes.proposed);
    const base = valuesOf(current.attributes.base);
    // The guard said so on the row read before this transaction's lock; said again on the locked equipment.
    const changed = changedSinceBase(proposed, base, equipment.attributes);
    if (action === 'approve' && changed.length > 0) {
      throw new Problem('TRANSITION_REFUSED', {
        code: CHANGED_SINCE_REQUEST,
        message: `L’attrezzatura è cambiata dopo la richiesta (${describeChanges(changed, base, equipment.attributes).join('; ')}): per applicare comunque i valori proposti usa «Approva comunque»`,
      });
    }
    // The equipment's own write: its ability (fields too), rules, agent check, deadlines and history, as the approver.
    const attributes = applyProposal(equipment.attributes, proposed);
    const patch = mergePatch(equipment.attributes, attributes);
    if (typeof patch === 'object' && patch !== null && Object.keys(patch).length > 0) {
      await hook.service.updateWithin(hook.db, hook.call, 'equipments', equipment.id, { attributes: patch }, equipment.metadata.lastUpdatedDateTime);
    }
    return decided;
  },
});
