/**
 * The state transitions of an open quotation, assignment, order…: one `CommandButton` per command
 * of commands/transitions.ts that the current state allows, so buttons, palette and `t …` keys run
 * the same code. Disabled ones say why (role, guard); after a transition its undo is offered here
 * for the undo window (`t z`).
 */
import { useContext, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { stateOf, transitionCommandId } from '../../../commands/transitions.ts';
import type { ActiveDocument } from '../../../commands/types.ts';
import { machines, type MachineType } from '../../domain/machines/index.ts';
import type { StateMachine } from '../../domain/machine.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { CommandButton, UndoButton } from '../shell/command-button.tsx';
import { TabIdContext, tabDocumentsAtom } from '../workspace/tab-context.ts';

export function TransitionBar({ type, entity }: { type: MachineType; entity: EntityJson }) {
  const intl = useIntl();
  const tabId = useContext(TabIdContext);
  const published = useAtomValue(tabDocumentsAtom)[tabId ?? ''];
  // This tab's document (with the server's facts and the form's handle when published), also when
  // the focused side of a split view is another tab.
  const document = useMemo<ActiveDocument>(
    () => (published && published.type === type && published.id === entity.id ? { ...published, entity } : { type, id: entity.id, entity }),
    [published, type, entity],
  );
  const machine: StateMachine = machines[type];
  const state = stateOf(machine, entity);
  // One button per action the state allows (several rows may share one: emit from draft and from approved).
  const legal = new Map(machine.transitions.filter((tr) => tr.from.includes(state)).map((tr) => [tr.action, tr.label] as const));
  return (
    <div className="transition-bar" role="toolbar" aria-label={intl.formatMessage({ id: 'screens.transition.bar' })}>
      {[...legal].map(([action, label]) => (
        <CommandButton key={action} commandId={transitionCommandId(type, action)} document={document} className="transition-button" label={label} />
      ))}
      <UndoButton document={document} className="transition-undo" />
    </div>
  );
}
