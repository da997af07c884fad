/**
 * The state transitions of an open quotation, assignment, order…: one button per command of
 * commands/transitions.ts, so buttons, palette and `t …` keys run the same code. Disabled ones say
 * why (state, role, guard); after a transition the undo is offered for a few seconds.
 */
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { transitionCommands, lastTransitionAtom, stateOf, undoLastTransition } from '../../../commands/transitions.ts';
import type { CommandContext } from '../../../commands/types.ts';
import { formatSequence } from '../../../commands/keys.ts';
import { machines, type MachineType } from '../../domain/machines/index.ts';
import type { StateMachine } from '../../domain/machine.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { pushAlert } from '../alerts/alerts.ts';
import type { EntityJson } from '../screens/entity-events.ts';

export function TransitionBar({ type, entity }: { type: MachineType; entity: EntityJson }) {
  const intl = useIntl();
  const last = useAtomValue(lastTransitionAtom);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, last.until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [last]);
  const base = getCommandContext();
  if (!base) return null;
  // This tab's document, also when the focused side of a split view is another one.
  const ctx: CommandContext = { ...base, activeDocument: { type, id: entity.id, entity } };
  const machine: StateMachine = machines[type];
  const state = stateOf(machine, entity);
  const mine = transitionCommands.filter((c) => c.id.startsWith(`transition.${type}.`));
  const undo = last && last.id === entity.id && last.until > Date.now() ? last : null;
  return (
    <div className="transition-bar" role="toolbar" aria-label={intl.formatMessage({ id: 'screens.transition.bar' })}>
      {mine.map((command) => {
        if (command.can && !ctx.ability.can(command.can[0], command.can[1])) return null;
        const availability = command.when?.(ctx) ?? true;
        if (availability === false) return null;
        const reason = typeof availability === 'object' ? availability.disabled : undefined;
        // Legal transitions first; the others only when they say something useful (a guard), not every impossible one.
        const action = command.id.split('.').pop()!;
        if (!machine.transitions.some((tr) => tr.action === action && tr.from.includes(state))) return null;
        const label = typeof command.title === 'string' ? command.title.split(': ').slice(1).join(': ') : intl.formatMessage(command.title);
        const keys = command.keys?.[0];
        return (
          <button
            key={command.id}
            type="button"
            className="transition-button"
            data-action={action}
            aria-disabled={reason ? true : undefined}
            title={reason ?? (keys ? formatSequence(keys) : undefined)}
            aria-keyshortcuts={keys}
            onClick={() => {
              if (reason) pushAlert({ type: 'warning', content: reason });
              else void command.run(ctx);
            }}
          >
            {label}
            {keys && <kbd>{formatSequence(keys)}</kbd>}
            {reason && <span className="transition-reason">{reason}</span>}
          </button>
        );
      })}
      {undo && (
        <button type="button" className="transition-undo" onClick={() => void undoLastTransition(entity, (m) => pushAlert({ type: 'success', content: m }))}>
          {intl.formatMessage({ id: 'screens.transition.undoButton' }, { action: undo.label })} <kbd>{formatSequence('t z')}</kbd>
        </button>
      )}
    </div>
  );
}
