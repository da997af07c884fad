import { afterEach, describe, expect, it, vi } from 'vitest';
import { inverseTransition, transitionAvailability, transitionCommands, type TransitionKeysOf } from './transitions.ts';
import { fakeContext } from './testing.ts';
import { UNDO_MS, undoCommand } from './undo.ts';
import { availability } from './registry.ts';
import { machines } from '../src/domain/machines/index.ts';

// A role that may run every transition on some record: what the server says of this one decides the rest.
const { ctx } = fakeContext({ permissions: [{ action: 'manage', subject: 'all' }] });

const entity = (attributes: Record<string, unknown>, metadata: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) => ({
  id: 'q1',
  attributes,
  metadata: { lastUpdatedDateTime: '2026-01-01T00:00:00.000Z', ...metadata },
  relationships,
});

afterEach(() => {
  vi.useRealTimers();
});

// The keys a kind declares (the product's are its client modules', src/client/kinds/kinds.test.ts).
const keysOf: TransitionKeysOf = (type) => (type === 'quotations' ? { kind: 'p', actions: { emit: 'e' } } : undefined);
const commands = transitionCommands(keysOf);

describe('transition commands', () => {
  it('has one command per action of every machine, on the keys its kind declares: t <kind> <action>', () => {
    for (const [type, machine] of Object.entries(machines)) {
      for (const action of new Set(machine.transitions.map((t) => t.action))) {
        expect(commands.some((c) => c.id === `transition.${type}.${action}`), `${type}.${action}`).toBe(true);
      }
    }
    expect(commands.find((c) => c.id === 'transition.quotations.emit')).toMatchObject({ title: 'Preventivo: Emetti', can: ['emit', 'quotation'], scope: 'tab', keys: ['t p e'] });
    // An action its kind gives no key is in the palette and the transition bar only.
    expect(commands.find((c) => c.id === 'transition.quotations.accept')?.keys).toBeUndefined();
  });

  it('is hidden for another kind, disabled from a state without the action, enabled when legal', () => {
    const draft = { type: 'quotations', id: 'q1', entity: entity({ status: 'draft' }, { discountPercent: 5 }) };
    expect(transitionAvailability(ctx, 'quotations', 'emit', { ...draft, type: 'orders' })).toBe(false);
    expect(transitionAvailability(ctx, 'quotations', 'emit', undefined)).toBe(false);
    expect(transitionAvailability(ctx, 'quotations', 'emit', draft)).toBe(true);
    expect(transitionAvailability(ctx, 'quotations', 'approve', draft)).toEqual({ disabled: 'commands.reason.notFromState state=Bozza' });
  });

  it('reuses the domain guard: a discount above the maximum needs approval before emitting', () => {
    const doc = { type: 'quotations', id: 'q2', entity: { ...entity({ status: 'draft' }, { discountPercent: 35 }), id: 'q2' } };
    expect(transitionAvailability(ctx, 'quotations', 'emit', doc)).toEqual({ disabled: expect.stringContaining('approvato prima dell’emissione') });
    expect(transitionAvailability(ctx, 'quotations', 'requestApproval', doc)).toBe(true);
  });

  it('does not offer what the role may never do on the kind (a customer user sees no greyed-out «Emetti»)', () => {
    const doc = { type: 'quotations', id: 'q4', entity: { ...entity({ status: 'draft' }, { discountPercent: 5 }), id: 'q4' } };
    const reader = fakeContext({ permissions: [{ action: 'read', subject: 'quotation' }] }).ctx;
    expect(transitionAvailability(reader, 'quotations', 'emit', doc)).toBe(false);
    // One that may emit some quotations (its own) is told why not this one, by the server.
    const own = fakeContext({ permissions: [{ action: 'emit', subject: 'quotation', conditions: { 'relationships.authorId': 'me' } }] }).ctx;
    const refused = { ...doc, serverActions: [{ action: 'emit', allowed: false, refusal: null }] };
    expect(transitionAvailability(own, 'quotations', 'emit', refused)).toEqual({ disabled: 'commands.reason.notAllowed' });
  });

  it('prefers what the server said about this version (customer maximum, role)', () => {
    const doc = {
      type: 'quotations',
      id: 'q3',
      entity: { ...entity({ status: 'draft' }, { discountPercent: 5 }), id: 'q3' },
      serverActions: [
        { action: 'emit', allowed: true, refusal: { code: 'APPROVAL_REQUIRED', message: 'Serve l’approvazione' } },
        { action: 'cancel', allowed: false, refusal: null },
      ],
    };
    expect(transitionAvailability(ctx, 'quotations', 'emit', doc)).toEqual({ disabled: 'Serve l’approvazione' });
    expect(transitionAvailability(ctx, 'quotations', 'cancel', doc)).toEqual({ disabled: 'commands.reason.notAllowed' });
  });

  it('says a deleted record cannot change state', () => {
    const doc = { type: 'quotations', id: 'q1', entity: entity({ status: 'draft' }, { isDeleted: true }) };
    expect(transitionAvailability(ctx, 'quotations', 'emit', doc)).toEqual({ disabled: 'commands.reason.deleted' });
  });

  it('checks assignment staffing before scheduling', () => {
    const doc = { type: 'assignments', id: 'a1', entity: { ...entity({ state: 'open' }), id: 'a1' } };
    expect(transitionAvailability(ctx, 'assignments', 'schedule', doc)).toEqual({ disabled: 'Indicare almeno un operatore' });
  });

  it('offers an undo only where the domain has the straight inverse for an editor', () => {
    expect(inverseTransition('assignments', 'pause', 'running')?.action).toBe('resume');
    expect(inverseTransition('assignments', 'schedule', 'open')?.action).toBe('unschedule');
    expect(inverseTransition('orders', 'plan', 'todo')?.action).toBe('unplan');
    expect(inverseTransition('quotations', 'emit', 'draft')).toBeUndefined();
    // Refusing an approval is the approver's decision, not an undo of asking for it.
    expect(inverseTransition('quotations', 'requestApproval', 'draft')).toBeUndefined();
  });

  it('runs through the records provider and offers the inverse as the undo (t z) within the window', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00.000Z') });
    const running = { ...entity({ state: 'running' }), id: 'a1' };
    const paused = { ...running, attributes: { state: 'paused' }, metadata: { lastUpdatedDateTime: '2026-03-01T10:00:01.000Z' } };
    const resumed = { ...running, metadata: { lastUpdatedDateTime: '2026-03-01T10:00:02.000Z' } };
    const answers = [paused, resumed];
    const fake = fakeContext({
      permissions: [{ action: 'manage', subject: 'all' }],
      activeDocument: { type: 'assignments', id: 'a1', entity: running },
      records: { runAction: async () => ({ data: answers.shift() as never, created: false, effects: [] }) },
    });
    const pause = commands.find((c) => c.id === 'transition.assignments.pause')!;
    expect(availability(pause, fake.ctx)).toBe(true);
    await pause.run(fake.ctx);
    expect(fake.recordCalls[0]?.args.slice(0, 3)).toEqual(['assignments', running, 'pause']);
    expect(fake.notices[0]?.message).toMatch(/^commands.transition.doneUndo action=Metti in pausa state=In pausa/);
    vi.advanceTimersByTime(UNDO_MS / 2);
    await undoCommand.run(fake.ctx);
    // The inverse runs on the version the transition answered.
    expect(fake.recordCalls[1]?.args.slice(0, 3)).toEqual(['assignments', paused, 'resume']);
    expect(fake.notices[1]?.message).toBe('commands.transition.undone action=Metti in pausa state=In corso');
  });
});
