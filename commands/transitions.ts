/**
 * One command per state-machine action (quotations, assignments, orders, equipments, assignment
 * activities, anomalies), generated from the domain machines: the palette, the `t …` shortcuts and
 * the transition bar of an entity tab all run these, so there is one path whatever the source.
 *
 * Keys: `t <kind> <action>` (e.g. `t p e` = preventivo → emetti). A three-key sequence keeps one
 * key per command in the `tab` scope although several kinds share action names (cancel, start…).
 */
import type { ActiveDocument, Availability, Command, CommandContext } from './types.ts';
import { machines, machineStateLabels, type MachineType } from '../src/domain/machines/index.ts';
import { findKind } from '../src/domain/kinds.ts';
import { readPath } from '../src/domain/kind.ts';
import type { StateMachine, Transition } from '../src/domain/machine.ts';
import { api } from '../src/client/api/client.ts';
import { intl } from '../src/client/i18n/index.ts';
import { entityChanged, serverActionsFor, type EntityJson } from '../src/client/screens/entity-events.ts';
import { store } from '../src/client/store.ts';
import { atom } from 'jotai';
import { businessDay } from '../src/domain/business-day.ts';

/** First key after `t`: the kind (Italian initial where free). */
export const kindKeys: Record<MachineType, string> = {
  quotations: 'p', // preventivo
  assignments: 'i', // intervento
  orders: 'o', // ordine
  equipments: 'a', // attrezzatura
  assignmentActivities: 'v', // attività
  anomalies: 'n', // anomalia
};

/** Last key: the action, unique within its kind (mnemonic in Italian). */
const actionKeys: Record<MachineType, Record<string, string>> = {
  quotations: { start: 'i', requestApproval: 'r', approve: 'a', refuseApproval: 'g', emit: 'e', accept: 'c', reject: 'f', cancel: 'n', createRevision: 'v' },
  assignments: { schedule: 'p', unschedule: 'u', start: 'a', pause: 'm', resume: 'r', close: 'c', closeWithAnomalies: 'k', cancel: 'n', postpone: 'v', reopen: 'o' },
  orders: { confirm: 'c', plan: 'p', unplan: 'u', start: 'a', complete: 's', cancel: 'n', reopen: 'o' },
  equipments: { decommission: 'd', reactivate: 'r', confirm: 'c' },
  assignmentActivities: { close: 'c', closeWithAnomalies: 'k', postpone: 'v', cancel: 'n', substitute: 's', decommission: 'd', reopen: 'o', resume: 'r' },
  anomalies: { resolve: 'r', reopen: 'o' },
};

/** How long the undo of a transition is offered. */
export const UNDO_MS = 8000;

export interface LastTransition {
  type: string;
  id: string;
  action: string;
  label: string;
  inverse: Transition;
  until: number;
}

/** The transition that may still be undone (the form's bar shows its button). */
export const lastTransitionAtom = atom<LastTransition | null>(null);

const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

export function stateOf(machine: StateMachine, entity: EntityJson | undefined): string {
  return String(readPath(entity, machine.statePath) ?? '');
}

export function stateLabel(type: MachineType, state: string): string {
  return machineStateLabels[type][state] ?? state;
}


/**
 * Whether `action` can run on the document now: hidden for other kinds, disabled with the reason when
 * the state does not allow it or a guard refuses (the server's answer for this version when the tab
 * fetched it, else the shared domain guard).
 */
export function transitionAvailability(type: MachineType, action: string, doc: ActiveDocument | undefined): Availability {
  if (!doc || doc.type !== type || !doc.entity) return false;
  const machine: StateMachine = machines[type];
  const entity = doc.entity;
  const state = stateOf(machine, entity);
  if (entity.metadata.isDeleted === true) return { disabled: t('screens.transition.deleted') };
  const transition = machine.transitions.find((tr) => tr.action === action && tr.from.includes(state));
  if (!transition) return { disabled: t('screens.transition.notFromState', { state: stateLabel(type, state) }) };
  const server = serverActionsFor(type, doc.id, entity.metadata.lastUpdatedDateTime)?.find((a) => a.action === action);
  if (server) {
    if (server.allowed === false) return { disabled: t('screens.transition.notAllowed') };
    if (server.refusal) return { disabled: server.refusal.message };
    return true;
  }
  const refusal = transition.guard?.(entity, { today: businessDay() });
  return refusal ? { disabled: refusal.message } : true;
}

/** The transition that takes the entity straight back, if the domain has one a normal editor may run. */
export function inverseTransition(type: MachineType, action: string, fromState: string): Transition | undefined {
  const machine: StateMachine = machines[type];
  const done = machine.transitions.find((tr) => tr.action === action && tr.from.includes(fromState));
  if (!done) return undefined;
  // Only `update` transitions: undoing must not need another role (e.g. refusing an approval).
  return machine.transitions.find((tr) => tr.from.includes(done.to) && tr.to === fromState && tr.ability === 'update' && tr.action !== action);
}

/** POSTs one action with the version the tab shows; publishes the new entity; answers it. */
export async function runTransition(type: string, entity: EntityJson, action: string): Promise<EntityJson> {
  const version = String(entity.metadata.lastUpdatedDateTime ?? '');
  const answer = await api.post<{ data: EntityJson }>(`${type}/{id}/actions/{action}`, undefined, {
    params: { id: entity.id, action },
    headers: { 'If-Match': `"${version}"` },
  });
  entityChanged(type, answer.data);
  return answer.data;
}

async function perform(type: MachineType, transitionAction: string, ctx: CommandContext): Promise<void> {
  const doc = ctx.activeDocument;
  if (!doc?.entity) return;
  const machine: StateMachine = machines[type];
  const before = stateOf(machine, doc.entity);
  const label = machine.transitions.find((tr) => tr.action === transitionAction)?.label ?? transitionAction;
  try {
    const after = await runTransition(type, doc.entity, transitionAction);
    const state = stateLabel(type, stateOf(machine, after));
    const inverse = inverseTransition(type, transitionAction, before);
    if (inverse) store.set(lastTransitionAtom, { type, id: doc.id, action: transitionAction, label, inverse, until: Date.now() + UNDO_MS });
    ctx.notify(t(inverse ? 'screens.transition.doneUndo' : 'screens.transition.done', { action: label, state }), 'success');
  } catch {
    // The HTTP client already shows the problem (SPEC §8); nothing else to say.
  }
}

function transitionCommands_(): Command[] {
  const commands: Command[] = [];
  for (const type of Object.keys(machines) as MachineType[]) {
    const kind = findKind(type);
    if (!kind) continue;
    const machine: StateMachine = machines[type];
    const seen = new Set<string>();
    for (const transition of machine.transitions) {
      // Several rows may share an action (emit from draft and from approved): one command.
      if (seen.has(transition.action)) continue;
      seen.add(transition.action);
      const key = actionKeys[type][transition.action];
      commands.push({
        id: `transition.${type}.${transition.action}`,
        title: `${kind.label.singular}: ${transition.label}`,
        group: kind.label.singular,
        keys: key ? [`t ${kindKeys[type]} ${key}`] : undefined,
        scope: 'tab',
        can: [transition.ability, kind.subject],
        keywords: [transition.action, stateLabel(type, transition.to)],
        when: (ctx) => transitionAvailability(type, transition.action, ctx.activeDocument),
        run: (ctx) => perform(type, transition.action, ctx),
      });
    }
  }
  commands.push({
    id: 'transition.undo',
    title: { id: 'screens.transition.undo' },
    group: { id: 'screens.transition.group' },
    keys: ['t z'],
    scope: 'tab',
    when: (ctx) => {
      const last = store.get(lastTransitionAtom);
      return Boolean(last && last.until > Date.now() && ctx.activeDocument?.id === last.id && ctx.activeDocument.entity);
    },
    run: (ctx) => undoLastTransition(ctx.activeDocument?.entity, (message) => ctx.notify(message, 'success')),
  });
  return commands;
}

/** Runs the inverse of the last transition on the entity the tab shows now. */
export async function undoLastTransition(entity: EntityJson | undefined, notify: (message: string) => void): Promise<void> {
  const last = store.get(lastTransitionAtom);
  if (!last || !entity || last.id !== entity.id || last.until < Date.now()) return;
  store.set(lastTransitionAtom, null);
  try {
    const after = await runTransition(last.type, entity, last.inverse.action);
    const type = last.type as MachineType;
    notify(t('screens.transition.undone', { action: last.label, state: stateLabel(type, stateOf(machines[type], after)) }));
  } catch {
    // Shown by the HTTP client.
  }
}

export const transitionCommands: Command[] = transitionCommands_();
