/**
 * The Markdown table of a state machine, for the README: one row per (state, action), grouped by
 * starting state, so a reader finds what can be done from a state by scanning one column.
 */
import type { Effect, StateMachine } from '../machine.ts';
import { guardDescription } from './define.ts';
import { machineStateLabels, type MachineType } from './index.ts';

/** Names of the kinds effects move, as the README reader knows them. */
const kindNames: Record<string, string> = {
  assignmentActivities: 'attività dell’incarico',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const named = (labels: Record<string, string>, state: string) => (labels[state] ? `${labels[state]} (\`${state}\`)` : `\`${state}\``);

function describeEffect(effect: Effect): string {
  const labels = machineStateLabels[effect.kind as MachineType] ?? {};
  const from = effect.fromStates.map((s) => labels[s] ?? s).join(' o ');
  const to = labels[effect.toState] ?? effect.toState;
  const which = effect.onlyCascaded ? ' (solo quelle spostate in automatico da questo elemento)' : '';
  return `le ${kindNames[effect.kind] ?? effect.kind} in ${from}${which} passano a ${to}`;
}

export function machineTable(machine: StateMachine, stateLabels: Record<string, string>): string {
  const rows = machine.transitions.flatMap((transition) => {
    const guard = guardDescription(transition.guard) ?? (transition.guard ? 'Condizione verificata dal sistema' : '');
    const effects = (transition.effects ?? []).map(describeEffect);
    const condition = [guard, ...effects.map((e) => `Effetto: ${e}`)].filter(Boolean).join('; ') || '—';
    return transition.from.map((from) => ({
      order: machine.states.indexOf(from),
      row: [named(stateLabels, from), `${transition.label} (\`${transition.action}\`)`, named(stateLabels, transition.to), `\`${transition.ability}\``, condition]
        .map(cell)
        .join(' | '),
    }));
  });
  // Grouped by starting state, in the machine's order of states (sort is stable: transitions keep theirs).
  rows.sort((a, b) => a.order - b.order);
  return ['| Da | Azione | A | Permesso | Condizione |', '| --- | --- | --- | --- | --- |', ...rows.map(({ row }) => `| ${row} |`)].join('\n');
}
