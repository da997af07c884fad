/**
 * Equipment lifecycle (SPEC §4: active, decommissioned, provisional, added; decommissioning
 * decommissions the linked activities). Provisional and added are entry states: equipment
 * recorded on site before the office confirms it. Reactivating does not bring the activities
 * back: their assignments may have moved on, so new activities are planned instead.
 */
import { equipmentStates } from '../enums.ts';
import { cascade, defineMachine } from './define.ts';

export type EquipmentState = (typeof equipmentStates)[number];

export const equipmentStateLabels: Record<EquipmentState, string> = {
  active: 'Attiva',
  decommissioned: 'Dismessa',
  provisional: 'Provvisoria',
  added: 'Aggiunta',
};

export const equipmentMachine = defineMachine({
  statePath: 'attributes.state',
  states: equipmentStates,
  initial: 'active',
  transitions: [
    { from: ['provisional', 'added'], action: 'confirm', to: 'active', label: 'Conferma', ability: 'update' },
    {
      from: ['active', 'provisional', 'added'], action: 'decommission', to: 'decommissioned', label: 'Dismetti', ability: 'update',
      effects: [cascade('assignmentActivities', 'equipmentId', ['open', 'postponed'], 'decommissioned')],
    },
    { from: ['decommissioned'], action: 'reactivate', to: 'active', label: 'Riattiva', ability: 'update' },
  ],
});
