/**
 * Order lifecycle (SPEC §4: new, todo, planned, in-progress, completed, cancelled; actions cancel,
 * mark as completed, delete). Delete is the DELETE endpoint, allowed only in orderDeletableStates.
 */
import { orderStates } from '../enums.ts';
import { defineMachine } from './define.ts';

export type OrderState = (typeof orderStates)[number];

export const orderStateLabels: Record<OrderState, string> = {
  new: 'Nuovo',
  todo: 'Da fare',
  planned: 'Pianificato',
  'in-progress': 'In corso',
  completed: 'Completato',
  cancelled: 'Annullato',
};

/** Before anything was confirmed, or once cancelled: nothing downstream depends on the order. */
export const orderDeletableStates = ['new', 'cancelled'] as const satisfies readonly OrderState[];

export const orderMachine = defineMachine({
  statePath: 'attributes.state',
  states: orderStates,
  initial: 'new',
  transitions: [
    { from: ['new'], action: 'confirm', to: 'todo', label: 'Conferma', ability: 'update' },
    { from: ['todo'], action: 'plan', to: 'planned', label: 'Pianifica', ability: 'update' },
    { from: ['planned'], action: 'unplan', to: 'todo', label: 'Annulla pianificazione', ability: 'update' },
    { from: ['planned'], action: 'start', to: 'in-progress', label: 'Avvia lavori', ability: 'update' },
    // Planned work may be done in one go without anybody marking it started.
    { from: ['planned', 'in-progress'], action: 'complete', to: 'completed', label: 'Segna come completato', ability: 'update' },
    { from: ['new', 'todo', 'planned', 'in-progress'], action: 'cancel', to: 'cancelled', label: 'Annulla', ability: 'update' },
    // A cancelled order starts over from the beginning: it is confirmed and planned again.
    { from: ['cancelled'], action: 'reopen', to: 'new', label: 'Riapri', ability: 'update' },
  ],
});
