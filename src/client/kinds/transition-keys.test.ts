import { describe, expect, it } from 'vitest';
import { canonicalSequence } from '../../../commands/keys.ts';
import { commandProblems, commands, loadRecordCommands } from '../../../commands/registry.ts';
import { transitionCommands } from '../../../commands/transitions.ts';
import { machines } from '../../domain/machines/index.ts';
import { assignments } from './assignments.ts';
import { transitionKeysOf } from './index.ts';
import { quotations } from './quotations.ts';

describe('transition keys, declared by the kind modules', () => {
  it('every kind with a state machine declares a key for each of its actions, in its own module', () => {
    for (const [type, machine] of Object.entries(machines)) {
      const keys = transitionKeysOf(type);
      expect(keys, type).toBeDefined();
      for (const action of new Set(machine.transitions.map((t) => t.action))) expect(keys!.actions[action], `${type}.${action}`).toBeDefined();
    }
    expect(transitionKeysOf('quotations')).toBe(quotations.transitionKeys);
  });

  it('the transition commands are on the module’s keys (t p e, t i c), one command per key in the tab scope', () => {
    const built = transitionCommands(transitionKeysOf);
    expect(quotations.transitionKeys).toMatchObject({ kind: 'p', actions: { emit: 'e' } });
    expect(built.find((c) => c.id === 'transition.quotations.emit')?.keys).toEqual(['t p e']);
    expect(assignments.transitionKeys).toMatchObject({ kind: 'i', actions: { close: 'c' } });
    expect(built.find((c) => c.id === 'transition.assignments.close')?.keys).toEqual(['t i c']);
    const keys = built.flatMap((c) => c.keys ?? []).map((k) => canonicalSequence(k));
    expect(keys.length).toBe(built.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the product registry with them has no clash (as the app loads it)', async () => {
    await loadRecordCommands(transitionKeysOf);
    expect(commandProblems(commands)).toEqual([]);
    expect(commands.find((c) => c.id === 'transition.orders.confirm')?.keys).toEqual(['t o c']);
  });
});
