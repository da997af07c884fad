/**
 * State machines as data (DESIGN §4): the API, the palette and the shortcuts all read the same
 * table. A transition names the CASL action that allows it and an optional guard that explains,
 * in Italian, why it is not possible right now.
 */
import type { EntityShape } from './kind.ts';

/** Facts a guard may need beyond the entity itself; the server fills them before asking. */
export interface GuardContext {
  /** Today as `YYYY-MM-DD` (tests pass a fixed day). */
  today: string;
  /** Maximum discount % allowed without approval for this entity's customer. */
  maxDiscountPercent?: number;
  /** Counts of related rows, e.g. `{ signedQuotationAttachments: 1 }`. */
  related?: Record<string, number>;
  /** Lines a guard names in its refusal, e.g. `{ interventionUnrecordedControls: ['Verifica (EST-1): C01 – Pressione'] }`. */
  lists?: Record<string, readonly string[]>;
}

/** Why a transition is refused: a code for the API and the palette, and an Italian text. */
export interface GuardFailure {
  code: string;
  message: string;
}

export type Guard = (entity: EntityShape, ctx: GuardContext) => GuardFailure | null;

/** What else changes when a transition happens (run by the server in the same transaction). */
export interface Effect {
  /** Kind whose rows change, e.g. `assignmentActivities`. */
  kind: string;
  /** Relationship of those rows that points at this entity, e.g. `assignmentId`. */
  via: string;
  /** Only rows in one of these states change… */
  fromStates: readonly string[];
  /** …to this state. */
  toState: string;
  /** When true, only rows a previous cascade changed are affected (used by reopen). */
  onlyCascaded?: boolean;
}

export interface Transition {
  from: readonly string[];
  /** Action name used in `POST /api/{type}/{id}/actions/{action}` and as the command id. */
  action: string;
  to: string;
  /** Italian label for buttons and the palette. */
  label: string;
  /** CASL action checked on the kind's subject (`update`, `approve`, `emit`, …). */
  ability: string;
  guard?: Guard;
  effects?: readonly Effect[];
  /**
   * The transition carries a message from the one who runs it to the people it concerns (a request
   * for approval to the approvers): `{ "message": "…" }` in the action's body, optional, at most
   * `maxLength` characters; the client asks for it under `label`.
   */
  message?: TransitionMessage;
}

export interface TransitionMessage {
  /** Italian label of the message field. */
  label: string;
  maxLength: number;
  /** The transition is refused without it (a refusal's reason the customer reads): the form asks for it. */
  required?: boolean;
}

export interface StateMachine {
  /** Dotted path of the state in the entity, e.g. `attributes.status`. */
  statePath: string;
  states: readonly string[];
  /** State of a newly created entity when none is given. */
  initial: string;
  transitions: readonly Transition[];
}

/** The transition an action takes from a state, if any. */
export function findTransition(machine: StateMachine, state: string, action: string): Transition | undefined {
  return machine.transitions.find((t) => t.action === action && t.from.includes(state));
}

/** Every action name the machine knows. */
export function actionNames(machine: StateMachine): string[] {
  return [...new Set(machine.transitions.map((t) => t.action))];
}

/** For each action: whether it is possible now and, if not, why (the palette shows both). */
export function availableActions(
  machine: StateMachine,
  state: string,
  entity: EntityShape,
  ctx: GuardContext,
): { action: string; label: string; to: string; ability: string; refusal: GuardFailure | null }[] {
  return machine.transitions
    .filter((t) => t.from.includes(state))
    .map((t) => ({ action: t.action, label: t.label, to: t.to, ability: t.ability, refusal: t.guard?.(entity, ctx) ?? null }));
}
