/**
 * Assignment lifecycle (SPEC §4: open = to schedule, scheduled, running, paused, closed, closed
 * with anomalies, canceled, postponed; closing closes its activities, cancelling cancels them,
 * reopening is possible). Scheduling needs the people and the date (SPEC §5).
 */
import { assignmentStates } from '../enums.ts';
import type { GuardContext, GuardFailure } from '../machine.ts';
import { messages } from '../validation.ts';
import { closingRefusal, INTERVENTION_ANOMALIES, INTERVENTION_UNRECORDED_CONTROLS, unrecordedControlsRefusal } from '../rules/intervention.ts';
import { cascade, defineMachine, describedGuard } from './define.ts';

export type AssignmentState = (typeof assignmentStates)[number];

export const assignmentStateLabels: Record<AssignmentState, string> = {
  open: 'Da pianificare',
  scheduled: 'Pianificato',
  running: 'In corso',
  paused: 'In pausa',
  closed: 'Chiuso',
  'closed-with-anomalies': 'Chiuso con anomalie',
  canceled: 'Annullato',
  postponed: 'Rinviato',
};

/**
 * Issue 22: the states an intervention's content may change in; closed (with or without anomalies)
 * or cancelled, it is what was done or dropped: only its notes change, reopening it (Riapri) opens the rest.
 */
export const ASSIGNMENT_EDITABLE_STATES: readonly AssignmentState[] = ['open', 'scheduled', 'running', 'paused', 'postponed'];

/** SPEC §5: at least one operator and an operator in charge among them; a plan needs its start. */
const staffedAndDated = describedGuard(
  'Almeno un operatore, l’operatore responsabile tra gli operatori e la data di inizio prevista',
  (entity): GuardFailure | null => {
    const operatorIds = entity.relationships.operatorIds;
    const operators = Array.isArray(operatorIds) ? operatorIds : [];
    if (operators.length === 0) return { code: 'OPERATOR_REQUIRED', message: messages.operatorRequired };
    const inCharge = entity.relationships.operatorInChargeId;
    if (!inCharge || !operators.includes(inCharge)) return { code: 'OPERATOR_IN_CHARGE_REQUIRED', message: messages.operatorInChargeRequired };
    if (!entity.attributes.plannedStartDateTime) return { code: 'PLANNED_DATE_REQUIRED', message: 'Indicare la data e l’ora di inizio prevista' };
    return null;
  },
);

/** Issue 11: anomalies found during the intervention are recorded by closing it with anomalies, never hidden by a plain close. */
/** Issue 22: no closing while a mandatory control of an activity still to do is unrecorded (unless it is «non eseguibile» with a reason). */
const controlsRecorded = (ctx: GuardContext) => unrecordedControlsRefusal(ctx.lists?.[INTERVENTION_UNRECORDED_CONTROLS]);
const noAnomaliesFound = describedGuard(
  'Controlli obbligatori registrati e nessuna anomalia non risolta rilevata durante l’intervento',
  (_entity, ctx) => controlsRecorded(ctx) ?? closingRefusal('close', ctx.related?.[INTERVENTION_ANOMALIES]),
);
const anomaliesFound = describedGuard(
  'Controlli obbligatori registrati e almeno un’anomalia non risolta rilevata durante l’intervento',
  (_entity, ctx) => controlsRecorded(ctx) ?? closingRefusal('closeWithAnomalies', ctx.related?.[INTERVENTION_ANOMALIES]),
);

/** The activities still to do follow the assignment when it ends; those already done keep their outcome. */
const activitiesStillToDo = ['open', 'postponed'] as const;
const activitiesTo = (toState: string) => cascade('assignmentActivities', 'assignmentId', activitiesStillToDo, toState);

export const assignmentMachine = defineMachine({
  statePath: 'attributes.state',
  states: assignmentStates,
  initial: 'open',
  transitions: [
    { from: ['open', 'postponed'], action: 'schedule', to: 'scheduled', label: 'Pianifica', ability: 'update', guard: staffedAndDated },
    { from: ['scheduled'], action: 'unschedule', to: 'open', label: 'Annulla pianificazione', ability: 'update' },
    // Checked again at start: operators may have been removed since scheduling.
    { from: ['scheduled'], action: 'start', to: 'running', label: 'Avvia', ability: 'workOn', guard: staffedAndDated },
    { from: ['running'], action: 'pause', to: 'paused', label: 'Metti in pausa', ability: 'workOn' },
    { from: ['paused'], action: 'resume', to: 'running', label: 'Riprendi', ability: 'workOn' },
    { from: ['running', 'paused'], action: 'close', to: 'closed', label: 'Chiudi', ability: 'workOn', guard: noAnomaliesFound, effects: [activitiesTo('closed')] },
    {
      from: ['running', 'paused'], action: 'closeWithAnomalies', to: 'closed-with-anomalies', label: 'Chiudi con anomalie', ability: 'workOn', guard: anomaliesFound,
      effects: [activitiesTo('closed-with-anomalies')],
    },
    // A running assignment is paused first: work on site is never cancelled mid-way by a click.
    { from: ['open', 'scheduled', 'paused', 'postponed'], action: 'cancel', to: 'canceled', label: 'Annulla', ability: 'update', effects: [activitiesTo('canceled')] },
    { from: ['open', 'scheduled'], action: 'postpone', to: 'postponed', label: 'Rinvia', ability: 'update' },
    {
      from: ['closed', 'closed-with-anomalies', 'canceled'], action: 'reopen', to: 'open', label: 'Riapri', ability: 'update',
      // Only the activities the assignment itself moved come back (those closed one by one keep their outcome);
      // they come back open, also those that were postponed before.
      effects: [cascade('assignmentActivities', 'assignmentId', ['closed', 'closed-with-anomalies', 'canceled'], 'open', true)],
    },
  ],
});
