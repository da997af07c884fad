import { describe, expect, it } from 'vitest';
import { inverseTransition, transitionAvailability, transitionCommands } from './transitions.ts';
import { canonicalSequence } from './keys.ts';
import { machines } from '../src/domain/machines/index.ts';
import { rememberServerActions } from '../src/client/screens/entity-events.ts';

const entity = (attributes: Record<string, unknown>, metadata: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) => ({
  id: 'q1',
  attributes,
  metadata: { lastUpdatedDateTime: '2026-01-01T00:00:00.000Z', ...metadata },
  relationships,
});

describe('transition commands', () => {
  it('has one command per action of every machine, each with a unique key in the tab scope', () => {
    for (const [type, machine] of Object.entries(machines)) {
      for (const action of new Set(machine.transitions.map((t) => t.action))) {
        expect(transitionCommands.some((c) => c.id === `transition.${type}.${action}`), `${type}.${action}`).toBe(true);
      }
    }
    const keys = transitionCommands.flatMap((c) => c.keys ?? []).map((k) => canonicalSequence(k));
    expect(new Set(keys).size).toBe(keys.length);
    expect(transitionCommands.find((c) => c.id === 'transition.quotations.emit')).toMatchObject({ title: 'Preventivo: Emetti', can: ['emit', 'quotation'], scope: 'tab', keys: ['t p e'] });
  });

  it('is hidden for another kind, disabled from a state without the action, enabled when legal', () => {
    const draft = { type: 'quotations', id: 'q1', entity: entity({ status: 'draft' }, { discountPercent: 5 }) };
    expect(transitionAvailability('quotations', 'emit', { ...draft, type: 'orders' })).toBe(false);
    expect(transitionAvailability('quotations', 'emit', undefined)).toBe(false);
    expect(transitionAvailability('quotations', 'emit', draft)).toBe(true);
    expect(transitionAvailability('quotations', 'approve', draft)).toEqual({ disabled: expect.stringContaining('Bozza') });
  });

  it('reuses the domain guard: a discount above the maximum needs approval before emitting', () => {
    const doc = { type: 'quotations', id: 'q2', entity: { ...entity({ status: 'draft' }, { discountPercent: 35 }), id: 'q2' } };
    expect(transitionAvailability('quotations', 'emit', doc)).toEqual({ disabled: expect.stringContaining('approvato prima dell’emissione') });
    expect(transitionAvailability('quotations', 'requestApproval', doc)).toBe(true);
  });

  it('prefers what the server said about this version (customer maximum, role)', () => {
    const doc = { type: 'quotations', id: 'q3', entity: { ...entity({ status: 'draft' }, { discountPercent: 5 }), id: 'q3' } };
    rememberServerActions('quotations', 'q3', doc.entity.metadata.lastUpdatedDateTime, [
      { action: 'emit', allowed: true, refusal: { code: 'APPROVAL_REQUIRED', message: 'Serve l’approvazione' } },
      { action: 'cancel', allowed: false, refusal: null },
    ]);
    expect(transitionAvailability('quotations', 'emit', doc)).toEqual({ disabled: 'Serve l’approvazione' });
    expect(transitionAvailability('quotations', 'cancel', doc)).toEqual({ disabled: expect.any(String) });
  });

  it('checks assignment staffing before scheduling', () => {
    const doc = { type: 'assignments', id: 'a1', entity: { ...entity({ state: 'open' }), id: 'a1' } };
    expect(transitionAvailability('assignments', 'schedule', doc)).toEqual({ disabled: 'Indicare almeno un operatore' });
  });

  it('offers an undo only where the domain has the straight inverse for an editor', () => {
    expect(inverseTransition('assignments', 'pause', 'running')?.action).toBe('resume');
    expect(inverseTransition('assignments', 'schedule', 'open')?.action).toBe('unschedule');
    expect(inverseTransition('orders', 'plan', 'todo')?.action).toBe('unplan');
    expect(inverseTransition('quotations', 'emit', 'draft')).toBeUndefined();
    // Refusing an approval is the approver's decision, not an undo of asking for it.
    expect(inverseTransition('quotations', 'requestApproval', 'draft')).toBeUndefined();
  });
});
