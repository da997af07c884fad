/**
 * One command per state-machine action (quotations, assignments, orders, equipments, assignment
 * activities, anomalies), generated from the domain machines: the palette, the `t …` shortcuts and
 * the transition bar of an entity tab all run these, so there is one path whatever the source.
 *
 * Keys: `t <kind> <action>` (e.g. `t p e` = preventivo → emetti), declared by each kind's client module
 * (`transitionKeys`, src/client/kinds/<type>.ts) and given by the app. A three-key sequence keeps one
 * key per command in the `tab` scope although several kinds share action names (cancel, start…).
 * A transition with a straight inverse is offered as the undo (`t z`, commands/undo.ts).
 */
import type { ActiveDocument, Availability, Command, CommandContext, TransitionKeys } from './types.ts';
import { offerUndo, undoKeysText } from './undo.ts';
import { machines, machineStateLabels, type MachineType } from '../src/domain/machines/index.ts';
import { findKind } from '../src/domain/kinds.ts';
import { readPath } from '../src/domain/kind.ts';
import type { EntityJson } from '../src/domain/entity.ts';
import type { StateMachine, Transition } from '../src/domain/machine.ts';
import { businessDay } from '../src/domain/business-day.ts';

/** Where the transition keys of a kind are declared (the app reads them from the kinds' client modules). */
export type TransitionKeysOf = (type: MachineType) => TransitionKeys | undefined;

/** The command of `action` on `type` (the transition bar's buttons run it). */
export const transitionCommandId = (type: MachineType, action: string) => `transition.${type}.${action}`;

export function stateOf(machine: StateMachine, entity: EntityJson | undefined): string {
  return String(readPath(entity, machine.statePath) ?? '');
}

export function stateLabel(type: MachineType, state: string): string {
  return machineStateLabels[type][state] ?? state;
}

/**
 * Whether `action` can run on the document now: hidden for other kinds, disabled with the reason when
 * the record is deleted, the state does not allow it or a guard refuses (the server's answer for this
 * version when the tab published it, else the shared domain guard).
 */
export function transitionAvailability(ctx: Pick<CommandContext, 'ui'> & Partial<Pick<CommandContext, 'ability'>>, type: MachineType, action: string, doc: ActiveDocument | undefined): Availability {
  if (!doc || doc.type !== type || !doc.entity || doc.record?.creating) return false;
  const machine: StateMachine = machines[type];
  const entity = doc.entity;
  const state = stateOf(machine, entity);
  if (entity.metadata.isDeleted === true) return { disabled: ctx.ui.t('commands.reason.deleted') };
  const transition = machine.transitions.find((tr) => tr.action === action && tr.from.includes(state));
  if (!transition) return { disabled: ctx.ui.t('commands.reason.notFromState', { state: stateLabel(type, state) }) };
  // What the role may never do on the kind is not offered at all (a customer user sees no greyed-out «Emetti»);
  // what it may do on other records says why not on this one.
  const subject = findKind(type)?.subject;
  if (ctx.ability && subject && !ctx.ability.can(transition.ability, subject)) return false;
  const server = doc.serverActions?.find((a) => a.action === action);
  if (server) {
    if (server.allowed === false) return { disabled: ctx.ui.t('commands.reason.notAllowed') };
    if (server.refusal) return { disabled: server.refusal.message };
    return true;
  }
  const refusal = transition.guard?.(entity, { today: businessDay() });
  return refusal ? { disabled: refusal.message } : true;
}

const EDITOR_ABILITIES: ReadonlySet<string> = new Set(['update', 'workOn']);

/** The transition that takes the entity straight back, if the domain has one a normal editor may run. */
export function inverseTransition(type: MachineType, action: string, fromState: string): Transition | undefined {
  const machine: StateMachine = machines[type];
  const done = machine.transitions.find((tr) => tr.action === action && tr.from.includes(fromState));
  if (!done) return undefined;
  // Only an editor's transitions (`update`, or doing an intervention's work): undoing must not need another role (e.g. refusing an approval).
  return machine.transitions.find((tr) => tr.from.includes(done.to) && tr.to === fromState && EDITOR_ABILITIES.has(tr.ability) && tr.action !== action);
}

/** Runs the transition on the version the tab shows; offers its inverse as the undo when there is one. */
export async function performTransition(type: MachineType, action: string, ctx: CommandContext): Promise<void> {
  const doc = ctx.activeDocument;
  if (!doc?.entity || doc.type !== type) return;
  const machine: StateMachine = machines[type];
  const before = stateOf(machine, doc.entity);
  const declared = machine.transitions.find((tr) => tr.action === action && tr.from.includes(before)) ?? machine.transitions.find((tr) => tr.action === action);
  const label = declared?.label ?? action;
  let body: unknown;
  if (declared?.message) {
    // The message is optional, the question is not: cancelling the form runs nothing.
    body = await ctx.ui.askActionBody({ type, action, definition: { label, ability: declared.ability }, entity: doc.entity });
    if (body === undefined) return;
  }
  try {
    const { data: after } = await ctx.records.runAction(type, doc.entity, action, body, { silent: true });
    const state = stateLabel(type, stateOf(machine, after));
    const inverse = inverseTransition(type, action, before);
    if (inverse) {
      offerUndo(ctx, {
        label,
        type,
        id: doc.id,
        run: async () => {
          const back = await ctx.records.runAction(type, after, inverse.action, undefined, { silent: true });
          ctx.ui.notify(ctx.ui.t('commands.transition.undone', { action: label, state: stateLabel(type, stateOf(machine, back.data)) }), 'success');
        },
      });
    }
    const message = inverse ? ctx.ui.t('commands.transition.doneUndo', { action: label, state, keys: undoKeysText() }) : ctx.ui.t('commands.transition.done', { action: label, state });
    ctx.ui.notify(message, 'success');
  } catch (error) {
    ctx.ui.showError(error);
  }
}

/** One command per action of every machine, each on the keys its kind declares (`keysOf`). */
export function transitionCommands(keysOf: TransitionKeysOf): Command[] {
  const commands: Command[] = [];
  for (const type of Object.keys(machines) as MachineType[]) {
    const kind = findKind(type);
    if (!kind) continue;
    const keys = keysOf(type);
    const machine: StateMachine = machines[type];
    const seen = new Set<string>();
    for (const transition of machine.transitions) {
      // Several rows may share an action (emit from draft and from approved): one command.
      if (seen.has(transition.action)) continue;
      seen.add(transition.action);
      const key = keys?.actions[transition.action];
      const command: Command = {
        id: transitionCommandId(type, transition.action),
        title: `${kind.label.singular}: ${transition.label}`,
        group: kind.label.singular,
        scope: 'tab',
        can: [transition.ability, kind.subject],
        keywords: [transition.action, stateLabel(type, transition.to)],
        when: (ctx) => transitionAvailability(ctx, type, transition.action, ctx.activeDocument),
        run: (ctx) => performTransition(type, transition.action, ctx),
      };
      if (keys && key) command.keys = [`t ${keys.kind} ${key}`];
      commands.push(command);
    }
  }
  return commands;
}

