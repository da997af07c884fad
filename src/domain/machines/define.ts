/**
 * Helpers the machine files are written with: a typed `defineMachine` (a misspelt state is a
 * compile error, not a dead transition) and guards that say in words what they check, so the
 * documentation table (describe.ts) and the guard itself cannot drift apart.
 */
import type { Effect, Guard, StateMachine, Transition } from '../machine.ts';

export interface TypedTransition<S extends string> extends Omit<Transition, 'from' | 'to'> {
  from: readonly S[];
  to: S;
}

export interface TypedMachine<S extends string> extends StateMachine {
  states: readonly S[];
  initial: S;
  transitions: readonly TypedTransition<S>[];
}

/** Checks at compile time that every state a machine names is one of its states. */
export function defineMachine<S extends string>(machine: {
  statePath: string;
  states: readonly S[];
  initial: NoInfer<S>;
  transitions: readonly TypedTransition<NoInfer<S>>[];
}): TypedMachine<S> {
  return machine;
}

/** Moves the rows of another kind that point at this entity (see Effect in machine.ts). */
export function cascade(kind: string, via: string, fromStates: readonly string[], toState: string, onlyCascaded = false): Effect {
  return onlyCascaded ? { kind, via, fromStates, toState, onlyCascaded } : { kind, via, fromStates, toState };
}

const descriptions = new WeakMap<Guard, string>();

/** A guard with an Italian sentence saying when the transition is allowed. */
export function describedGuard(description: string, guard: Guard): Guard {
  descriptions.set(guard, description);
  return guard;
}

/** The sentence of a guard made with describedGuard, if any. */
export function guardDescription(guard: Guard | undefined): string | undefined {
  return guard ? descriptions.get(guard) : undefined;
}

/** Readable percentages in messages: 12,5 rather than 12.5. */
export function formatPercent(value: number): string {
  return value.toLocaleString('it-IT', { maximumFractionDigits: 2 });
}
