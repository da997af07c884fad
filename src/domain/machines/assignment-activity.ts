/**
 * Assignment activity lifecycle (SPEC §4 names the states only). An activity is done, postponed,
 * cancelled, substituted by another activity, or dismissed with its equipment. Substituted and
 * decommissioned are final: the replacement activity, or the equipment, carries on the work.
 */
import { assignmentActivityStates } from '../enums.ts';
import type { GuardContext } from '../machine.ts';
import { INTERVENTION_UNRECORDED_CONTROLS, unrecordedControlsRefusal } from '../rules/intervention.ts';
import { defineMachine, describedGuard } from './define.ts';

export type AssignmentActivityState = (typeof assignmentActivityStates)[number];

export const assignmentActivityStateLabels: Record<AssignmentActivityState, string> = {
  open: 'Aperta',
  closed: 'Chiusa',
  'closed-with-anomalies': 'Chiusa con anomalie',
  decommissioned: 'Dismessa',
  postponed: 'Rinviata',
  canceled: 'Annullata',
  'activity-substituted': 'Sostituita',
};

/** Issue 22: an activity is done once its mandatory controls are recorded, or it is marked «non eseguibile» with a reason. */
const controlsRecorded = describedGuard(
  'Controlli obbligatori registrati, oppure attività segnata «non eseguibile» con il motivo',
  (_entity, ctx: GuardContext) => unrecordedControlsRefusal(ctx.lists?.[INTERVENTION_UNRECORDED_CONTROLS]),
);

export const assignmentActivityMachine = defineMachine({
  statePath: 'attributes.state',
  states: assignmentActivityStates,
  initial: 'open',
  transitions: [
    { from: ['open'], action: 'close', to: 'closed', label: 'Chiudi', ability: 'update', guard: controlsRecorded },
    { from: ['open'], action: 'closeWithAnomalies', to: 'closed-with-anomalies', label: 'Chiudi con anomalie', ability: 'update', guard: controlsRecorded },
    { from: ['open'], action: 'postpone', to: 'postponed', label: 'Rinvia', ability: 'update' },
    { from: ['postponed'], action: 'resume', to: 'open', label: 'Riprendi', ability: 'update' },
    { from: ['open', 'postponed'], action: 'cancel', to: 'canceled', label: 'Annulla', ability: 'update' },
    { from: ['open'], action: 'substitute', to: 'activity-substituted', label: 'Sostituisci', ability: 'update' },
    { from: ['open', 'postponed'], action: 'decommission', to: 'decommissioned', label: 'Dismetti', ability: 'update' },
    // An outcome recorded by mistake can be undone; a postponed activity resumes instead.
    { from: ['closed', 'closed-with-anomalies', 'canceled'], action: 'reopen', to: 'open', label: 'Riapri', ability: 'update' },
  ],
});
