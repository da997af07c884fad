import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveDocument, Command, RecordHandle } from './types.ts';
import { customActionCommands, recordCommands } from './records.ts';
import { availability, commandProblems } from './registry.ts';
import { fakeContext, type FakeContextOptions } from './testing.ts';
import { UNDO_MS, undoCommand } from './undo.ts';
import { kindList } from '../src/domain/kinds.ts';
import type { EntityJson } from '../src/domain/entity.ts';
import type { PermissionRule } from '../src/domain/entities/roles.ts';

const byId = (id: string): Command => {
  const command = recordCommands.find((c) => c.id === id);
  if (!command) throw new Error(`no command ${id}`);
  return command;
};

const entity = (attributes: Record<string, unknown>, metadata: Record<string, unknown> = {}, id = 'r1'): EntityJson => ({
  id,
  attributes,
  metadata: { lastUpdatedDateTime: '2026-03-01T10:00:00.000Z', isDeleted: false, isArchived: false, ...metadata },
  relationships: {},
});

const handle = (overrides: Partial<RecordHandle> = {}): RecordHandle => ({
  dirty: false,
  creating: false,
  save: vi.fn(async () => undefined),
  discard: vi.fn(),
  toggleHistory: vi.fn(),
  ...overrides,
});

const all: PermissionRule[] = [{ action: 'manage', subject: 'all' }];
const readOnly: PermissionRule[] = [{ action: 'read', subject: 'all' }];

const reminder = (metadata: Record<string, unknown> = {}, record: RecordHandle | null = handle()): ActiveDocument => ({
  type: 'reminders',
  id: 'r1',
  entity: entity({ title: 'Richiamare il cliente' }, metadata),
  ...(record ? { record } : {}),
});

const context = (doc: ActiveDocument | undefined, options: Partial<FakeContextOptions> = {}) =>
  fakeContext({ permissions: all, ...(doc ? { activeDocument: doc } : {}), ...options });

afterEach(() => {
  vi.useRealTimers();
});

describe('record command availability', () => {
  it('is hidden without an open record, and for a new one only save and discard are offered', () => {
    const { ctx } = context(undefined);
    for (const command of recordCommands) expect(availability(command, ctx), command.id).toBe(false);
    const creating = context({ type: 'reminders', id: 'new', entity: entity({}, {}, 'new'), record: handle({ creating: true }) }).ctx;
    expect(recordCommands.filter((command) => availability(command, creating) !== false).map((c) => c.id)).toEqual(['record.save', 'record.discard']);
  });

  it('save and discard need changes, and say so', () => {
    const clean = context(reminder()).ctx;
    expect(availability(byId('record.save'), clean)).toEqual({ disabled: 'commands.reason.noChanges' });
    expect(availability(byId('record.discard'), clean)).toEqual({ disabled: 'commands.reason.noChanges' });
    const dirty = context(reminder({}, handle({ dirty: true }))).ctx;
    expect(availability(byId('record.save'), dirty)).toBe(true);
    expect(availability(byId('record.discard'), dirty)).toBe(true);
  });

  it('a deleted record says it is deleted; a role without the ability says so', () => {
    const deleted = context(reminder({ isDeleted: true }, handle({ dirty: true }))).ctx;
    expect(availability(byId('record.save'), deleted)).toEqual({ disabled: 'commands.reason.deleted' });
    expect(availability(byId('record.delete'), deleted)).toEqual({ disabled: 'commands.reason.alreadyDeleted' });
    // What the role may never do on the kind is not offered at all (no greyed-out staff buttons).
    const reader = context(reminder({}, handle({ dirty: true })), { permissions: readOnly }).ctx;
    expect(availability(byId('record.save'), reader)).toBe(false);
    expect(availability(byId('record.delete'), reader)).toBe(false);
    expect(availability(byId('record.discard'), context(reminder({}, handle({})), { permissions: readOnly }).ctx)).toBe(false);
    const ownUpdate = context(reminder({}, handle({ dirty: true })), { permissions: [...readOnly, { action: 'update', subject: 'reminder', conditions: { 'attributes.title': 'Altro' } }] }).ctx;
    expect(availability(byId('record.save'), ownUpdate)).toEqual({ disabled: 'commands.reason.notAllowed' });
    // CASL conditions see the record itself.
    const ownOnly = context(reminder(), { permissions: [{ action: 'delete', subject: 'reminder', conditions: { 'attributes.title': 'Altro' } }] }).ctx;
    expect(availability(byId('record.delete'), ownOnly)).toEqual({ disabled: 'commands.reason.notAllowed' });
  });

  it('archive and restore exist only for archivable kinds, one at a time', () => {
    const active = context({ type: 'priceLists', id: 'p1', entity: entity({ name: 'Listino' }, {}, 'p1') }).ctx;
    expect(availability(byId('record.archive'), active)).toBe(true);
    expect(availability(byId('record.restore'), active)).toBe(false);
    const archived = context({ type: 'priceLists', id: 'p1', entity: entity({ name: 'Listino' }, { isArchived: true }, 'p1') }).ctx;
    expect(availability(byId('record.archive'), archived)).toBe(false);
    expect(availability(byId('record.restore'), archived)).toBe(true);
    expect(availability(byId('record.archive'), context(reminder()).ctx)).toBe(false);
  });

  it('history toggles the form\'s Cronologia panel', async () => {
    const record = handle();
    const { ctx } = context(reminder({}, record));
    expect(availability(byId('record.history'), ctx)).toBe(true);
    await byId('record.history').run(ctx);
    expect(record.toggleHistory).toHaveBeenCalledOnce();
    expect(availability(byId('record.history'), context(reminder({}, null)).ctx)).toBe(false);
  });
});

describe('delete with undo', () => {
  const deletedAt = '2026-03-01T10:05:00.000Z';

  function deletion() {
    const stored = reminder().entity!;
    const deleted = { ...stored, metadata: { ...stored.metadata, isDeleted: true, lastUpdatedDateTime: deletedAt } };
    const restored = { ...deleted, metadata: { ...deleted.metadata, isDeleted: false, lastUpdatedDateTime: '2026-03-01T10:05:05.000Z' } };
    return context(reminder(), {
      records: {
        remove: async () => deleted as never,
        runAction: async () => ({ data: restored as never, created: false, effects: [] }),
      },
    });
  }

  it('asks the passphrase, removes with the shown version, and undoes within the window with undelete', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:05:00.000Z') });
    const fake = deletion();
    await byId('record.delete').run(fake.ctx);
    expect(fake.recordCalls[0]).toMatchObject({ method: 'remove', args: ['reminders', { id: 'r1' }, { silent: true }] });
    expect(fake.notices.at(-1)?.message).toMatch(/^commands.record.deleted title=Richiamare il cliente keys=/);
    vi.advanceTimersByTime(UNDO_MS - 1000);
    expect(availability(undoCommand, fake.ctx)).toBe(true);
    await undoCommand.run(fake.ctx);
    const undelete = fake.recordCalls[1]!;
    expect(undelete.method).toBe('runAction');
    // The undelete names the deleted version (If-Match), not the one the tab showed before.
    expect(undelete.args.slice(0, 3)).toEqual(['reminders', expect.objectContaining({ metadata: expect.objectContaining({ lastUpdatedDateTime: deletedAt }) }), 'undelete']);
    expect(fake.notices.at(-1)).toEqual({ message: 'commands.record.undeleted title=Richiamare il cliente', type: 'success' });
    // Once used, the undo is gone.
    expect(availability(undoCommand, fake.ctx)).toBe(false);
  });

  it('offers nothing after the window', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:05:00.000Z') });
    const fake = deletion();
    await byId('record.delete').run(fake.ctx);
    vi.advanceTimersByTime(UNDO_MS + 1);
    expect(availability(undoCommand, fake.ctx)).toBe(false);
    await undoCommand.run(fake.ctx);
    expect(fake.recordCalls.map((call) => call.method)).toEqual(['remove']);
  });

  it('does nothing when the passphrase is not confirmed; shows a refusal instead of throwing', async () => {
    const cancelled = context(reminder(), { confirmDelete: false });
    await byId('record.delete').run(cancelled.ctx);
    expect(cancelled.recordCalls).toEqual([]);
    const refused = context(reminder(), { records: { remove: () => Promise.reject(Object.assign(new Error('no'), { code: 'ENTITY_RELATIONS_FOUND' })) } });
    await byId('record.delete').run(refused.ctx);
    expect(refused.errors).toHaveLength(1);
    expect(refused.ctx.ui.pendingUndo()).toBeUndefined();
  });
});

describe('custom actions from the kinds', () => {
  it('one command per declared action of every kind, with its label and r key', () => {
    const declared = kindList.flatMap((kind) => Object.entries(kind.actions ?? {}).map(([name, definition]) => ({ kind, name, definition })));
    expect(declared.map((d) => `${d.kind.type}.${d.name}`)).toEqual(expect.arrayContaining(['quotations.duplicate', 'orders.deliver']));
    for (const { name, definition } of declared) {
      const command = recordCommands.find((c) => c.id === `record.action.${name}`);
      expect(command, name).toBeDefined();
      expect(command!.scope).toBe('tab');
      if (definition.key) expect(command!.keys).toContain(`r ${definition.key}`);
    }
    expect(recordCommands.find((c) => c.id === 'record.action.duplicate')).toMatchObject({ title: 'Duplica', keys: ['r d'] });
  });

  it('a name two kinds declare is one command with both keys; the record commands have no key clash', () => {
    const kinds = [
      { ...kindList.find((k) => k.type === 'quotations')!, actions: { copy: { label: 'Copia', ability: 'create', key: 'y' } } },
      { ...kindList.find((k) => k.type === 'orders')!, actions: { copy: { label: 'Copia', ability: 'create', key: 'y' } } },
    ];
    expect(customActionCommands(kinds).map((c) => [c.id, c.keys])).toEqual([['record.action.copy', ['r y']]]);
    expect(commandProblems(recordCommands)).toEqual([]);
    // A custom action key that takes a record key would fail at start-up.
    const clash = customActionCommands([{ ...kinds[0]!, actions: { erase: { label: 'Cancella', ability: 'update', key: 'e' } } }]);
    expect(commandProblems([...recordCommands, ...clash])[0]).toMatch(/Key clash/);
  });

  it('«Disattiva utente» only on an enabled user, «Riattiva utente» only on a disabled one', () => {
    const disable = recordCommands.find((c) => c.id === 'record.action.disable')!;
    const enable = recordCommands.find((c) => c.id === 'record.action.enable')!;
    const user = (metadata: Record<string, unknown>): ActiveDocument => ({ type: 'users', id: 'u1', entity: entity({ email: 'a@b.it', displayName: 'Anna' }, metadata, 'u1') });
    expect([availability(disable, context(user({ isEnabled: true })).ctx), availability(enable, context(user({ isEnabled: true })).ctx)]).toEqual([true, false]);
    expect([availability(disable, context(user({ isEnabled: false })).ctx), availability(enable, context(user({ isEnabled: false })).ctx)]).toEqual([false, true]);
    // A row stored before the flag is enabled.
    expect([availability(disable, context(user({})).ctx), availability(enable, context(user({})).ctx)]).toEqual([true, false]);
  });

  it('duplicate opens the copy in a tab', async () => {
    const quotation = entity({ status: 'draft', code: 'PRV-1' }, { customerName: 'Rossi' }, 'q1');
    const copy = { ...entity({ status: 'draft', code: 'PRV-2' }, {}, 'q2') };
    const fake = context({ type: 'quotations', id: 'q1', entity: quotation }, { records: { runAction: async () => ({ data: copy as never, created: true, effects: [] }) } });
    const duplicate = recordCommands.find((c) => c.id === 'record.action.duplicate')!;
    expect(availability(duplicate, fake.ctx)).toBe(true);
    await duplicate.run(fake.ctx);
    expect(fake.recordCalls[0]?.args.slice(2)).toEqual(['duplicate', undefined, { silent: true }]);
    expect(fake.opened).toEqual(['/marketing/quotations/detail/q2']);
    // Another kind does not offer it; a role that may not create sees why.
    expect(availability(duplicate, context(reminder()).ctx)).toBe(false);
    expect(availability(duplicate, context({ type: 'quotations', id: 'q1', entity: quotation }, { permissions: readOnly }).ctx)).toBe(false);
  });

  it('«Crea ordine» (r o) on an accepted quotation opens the order wizard filled from it, and calls nothing', async () => {
    const quotation = entity({ status: 'accepted', code: 'PRV-1' }, {}, 'q1');
    const fake = context({ type: 'quotations', id: 'q1', entity: quotation });
    const createOrder = recordCommands.find((c) => c.id === 'record.action.createOrder')!;
    expect(createOrder.keys).toEqual(['r o']);
    expect(availability(createOrder, fake.ctx)).toBe(true);
    await createOrder.run(fake.ctx);
    expect(fake.opened).toEqual(['/marketing/orders/detail/new?relationships.quotationId=q1']);
    expect(fake.recordCalls).toEqual([]);
  });

  it('an action that creates another kind names the record made by its own kind in the toast', async () => {
    const deadline = entity({ deadlineDate: '2026-03-01' }, {}, 'd1');
    const intervention = { ...entity({ code: 'INT-2026-00007', title: 'Scadenze: Revisione' }, {}, 'a1') };
    const fake = context({ type: 'physicalActivities', id: 'd1', entity: deadline }, {
      actionBody: {},
      records: { runAction: async () => ({ data: intervention as never, created: true, effects: [] }) },
    });
    await recordCommands.find((c) => c.id === 'record.action.plan')!.run(fake.ctx);
    expect(fake.notices).toEqual([{ message: 'commands.action.done action=Crea intervento title=INT-2026-00007 – Scadenze: Revisione', type: 'success' }]);
    expect(fake.opened).toEqual(['/planning/assignments/a1']);
  });

  const order = (state: string) => entity({ state, orderDate: '2026-03-01', lines: [{ quantity: 5, deliveredQuantity: 4, unitPrice: 10 }] }, {}, 'o1');
  const deliver = () => recordCommands.find((c) => c.id === 'record.action.deliver')!;

  it('deliver is offered in its states only, and says which state refuses it', () => {
    expect(availability(deliver(), context({ type: 'orders', id: 'o1', entity: order('planned') }).ctx)).toBe(true);
    expect(availability(deliver(), context({ type: 'orders', id: 'o1', entity: order('completed') }).ctx)).toEqual({ disabled: expect.stringMatching(/^commands.reason.notFromState state=/) });
    // The server's view of this version wins over the declaration.
    const refused = { type: 'orders', id: 'o1', entity: order('planned'), serverActions: [{ action: 'deliver', allowed: true, refusal: { code: 'X', message: 'Non ora' } }] };
    expect(availability(deliver(), context(refused).ctx)).toEqual({ disabled: 'Non ora' });
  });

  it('delete is disabled with the state\'s reason where the state forbids it, before any confirmation', async () => {
    const completed = context({ type: 'orders', id: 'o1', entity: order('completed') }, { confirmDelete: true });
    expect(availability(byId('record.delete'), completed.ctx)).toEqual({ disabled: 'Si possono eliminare solo ordini nuovi o annullati (stato attuale: «Completato»)' });
    expect(availability(byId('record.delete'), context({ type: 'orders', id: 'o1', entity: order('new') }).ctx)).toBe(true);
    expect(availability(byId('record.delete'), context({ type: 'orders', id: 'o1', entity: order('cancelled') }).ctx)).toBe(true);
  });

  it('deliver asks the quantities, then the SPEC §5 question when the server says they exceed, and sends again confirmed', async () => {
    const body = { deliveries: [{ line: 0, quantity: 3 }], confirmExcess: false };
    const sent: unknown[] = [];
    const fake = context(
      { type: 'orders', id: 'o1', entity: order('planned') },
      {
        actionBody: body,
        records: {
          runAction: async (_type, entityArg, _action, payload) => {
            sent.push(payload);
            if (!(payload as { confirmExcess: boolean }).confirmExcess) throw Object.assign(new Error('exceeds'), { code: 'DELIVERY_EXCEEDS_ORDERED', status: 409 });
            return { data: entityArg as never, created: false, effects: [] };
          },
        },
      },
    );
    await deliver().run(fake.ctx);
    expect(fake.bodyRequests.map((r) => [r.type, r.action])).toEqual([['orders', 'deliver']]);
    expect(fake.questions).toEqual(['commands.action.exceedsQuestion']);
    expect(sent).toEqual([body, { ...body, confirmExcess: true }]);
    expect(fake.notices.at(-1)?.type).toBe('success');
    expect(fake.errors).toEqual([]);
  });

  it('deliver stops when the form or the question is cancelled', async () => {
    const cancelled = context({ type: 'orders', id: 'o1', entity: order('planned') }, { actionBody: undefined });
    await deliver().run(cancelled.ctx);
    expect(cancelled.recordCalls).toEqual([]);
    const declined = context(
      { type: 'orders', id: 'o1', entity: order('planned') },
      { actionBody: { deliveries: [{ line: 0, quantity: 3 }], confirmExcess: false }, confirm: false, records: { runAction: () => Promise.reject(Object.assign(new Error('exceeds'), { code: 'DELIVERY_EXCEEDS_ORDERED' })) } },
    );
    await deliver().run(declined.ctx);
    expect(declined.recordCalls).toHaveLength(1);
    expect(declined.errors).toEqual([]);
  });
});
