/** Anomaly lifecycle (SPEC §4: unresolved, resolved). */
import { anomalyStates } from '../enums.ts';
import { defineMachine } from './define.ts';

export type AnomalyState = (typeof anomalyStates)[number];

export const anomalyStateLabels: Record<AnomalyState, string> = {
  unresolved: 'Non risolta',
  resolved: 'Risolta',
};

export const anomalyMachine = defineMachine({
  statePath: 'attributes.state',
  states: anomalyStates,
  initial: 'unresolved',
  transitions: [
    { from: ['unresolved'], action: 'resolve', to: 'resolved', label: 'Segna come risolta', ability: 'update' },
    { from: ['resolved'], action: 'reopen', to: 'unresolved', label: 'Riapri', ability: 'update' },
  ],
});
