import { describe, expect, it } from 'vitest';
import { abilityActions, assignmentAbilityActions, rectificationAbilityActions, quotationAbilityActions } from '../enums.ts';
import { entryStates, type EntityShape } from '../kind.ts';
import { availableActions, findTransition, type Effect, type GuardContext, type StateMachine } from '../machine.ts';
import { messages } from '../validation.ts';
import { guardDescription } from './define.ts';
import { machineTable } from './describe.ts';
import { machines, machineStateLabels, type MachineType } from './index.ts';
import { orderDeletableStates } from './order.ts';
import { quotationStateDescriptions } from './quotation.ts';

const ctx: GuardContext = { today: '2026-05-10' };

function entity(parts: Partial<EntityShape> = {}): EntityShape {
  return { attributes: {}, metadata: {}, relationships: {}, ...parts };
}

/**
 * What each machine is meant to be beyond the generic checks: entry-only and final states, and the
 * states only the kind's custom actions reach (`byActions`: a service request confirmed or declined).
 */
const expectations: Record<MachineType, { statePath: string; initial: string; entryOnly: string[]; final: string[]; byActions?: string[] }> = {
  quotations: { statePath: 'attributes.status', initial: 'draft', entryOnly: ['to-be-created'], final: ['accepted'] },
  assignments: { statePath: 'attributes.state', initial: 'open', entryOnly: [], final: [] },
  assignmentActivities: { statePath: 'attributes.state', initial: 'open', entryOnly: [], final: ['decommissioned', 'activity-substituted'] },
  orders: { statePath: 'attributes.state', initial: 'new', entryOnly: [], final: ['completed'] },
  equipments: { statePath: 'attributes.state', initial: 'active', entryOnly: ['provisional', 'added'], final: [] },
  anomalies: { statePath: 'attributes.state', initial: 'unresolved', entryOnly: [], final: [] },
  courseEditions: { statePath: 'attributes.state', initial: 'planned', entryOnly: [], final: ['closed', 'cancelled'] },
  serviceRequests: { statePath: 'attributes.status', initial: 'submitted', entryOnly: [], final: ['submitted', 'confirmed', 'declined'], byActions: ['confirmed', 'declined'] },
  rectifications: { statePath: 'attributes.state', initial: 'submitted', entryOnly: [], final: ['accepted', 'refused'] },
  enrolmentRequests: { statePath: 'attributes.state', initial: 'requested', entryOnly: [], final: ['accepted', 'declined'] },
  equipmentChangeRequests: { statePath: 'attributes.state', initial: 'pending', entryOnly: [], final: ['approved', 'rejected'] },
};

const allMachines = Object.entries(machines) as [MachineType, StateMachine][];
const knownAbilities = new Set<string>([...abilityActions, ...quotationAbilityActions, ...assignmentAbilityActions, ...rectificationAbilityActions]);

function reachableFrom(machine: StateMachine, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.shift() as string;
    for (const t of machine.transitions) {
      if (t.from.includes(state) && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

describe.each(allMachines)('%s machine', (type, machine) => {
  const expected = expectations[type];
  const labels = machineStateLabels[type];

  it('has the expected state path and initial state, which is one of its states', () => {
    expect(machine.statePath).toBe(expected.statePath);
    expect(machine.initial).toBe(expected.initial);
    expect(machine.states).toContain(machine.initial);
  });

  it('moves only between declared states, and never to the state it starts from', () => {
    for (const t of machine.transitions) {
      expect(t.from.length, t.action).toBeGreaterThan(0);
      for (const from of t.from) expect(machine.states, `${t.action} from`).toContain(from);
      expect(machine.states, `${t.action} to`).toContain(t.to);
      expect(t.from, `${t.action} loops`).not.toContain(t.to);
    }
  });

  it('has at most one transition per (state, action)', () => {
    const pairs = machine.transitions.flatMap((t) => t.from.map((from) => `${from}→${t.action}`));
    expect(pairs.length).toBe(new Set(pairs).size);
  });

  it('reaches every state from the initial one, except the declared entry-only states', () => {
    const reached = reachableFrom(machine, machine.initial);
    const unreached = machine.states.filter((s) => !reached.has(s) && !(expected.byActions ?? []).includes(s));
    expect(unreached).toEqual(expected.entryOnly);
    // The server lets a new entity start in exactly those (plus the initial state).
    for (const s of expected.entryOnly) expect(entryStates(machine)).toContain(s);
    // …and an entry-only state must lead somewhere, or an entity created in it would be stuck.
    for (const s of expected.entryOnly) expect(reachableFrom(machine, s).has(machine.initial) || machine.transitions.some((t) => t.from.includes(s))).toBe(true);
  });

  it('has exactly the documented final states', () => {
    const final = machine.states.filter((s) => !machine.transitions.some((t) => t.from.includes(s)));
    expect(final).toEqual(expected.final);
  });

  it('names every state and action in Italian and uses known abilities', () => {
    expect(Object.keys(labels).sort()).toEqual([...machine.states].sort());
    for (const label of Object.values(labels)) expect(label.trim()).not.toBe('');
    for (const t of machine.transitions) {
      expect(t.label.trim(), t.action).not.toBe('');
      expect(t.action).toMatch(/^[a-z][A-Za-z]*$/);
      expect(knownAbilities, `${t.action} ability`).toContain(t.ability);
      if (t.guard) expect(guardDescription(t.guard), `${t.action} guard description`).toBeTruthy();
    }
  });

  it('uses the same label for the same action', () => {
    const labelsByAction = new Map<string, Set<string>>();
    for (const t of machine.transitions) labelsByAction.set(t.action, (labelsByAction.get(t.action) ?? new Set()).add(t.label));
    for (const [action, set] of labelsByAction) expect(set.size, action).toBe(1);
  });

  it('cascades only into machines that know the states involved', () => {
    for (const t of machine.transitions) {
      for (const effect of t.effects ?? []) {
        const target = machines[effect.kind as MachineType] as StateMachine | undefined;
        expect(target, effect.kind).toBeDefined();
        for (const s of [...effect.fromStates, effect.toState]) expect(target?.states).toContain(s);
      }
    }
  });

  it('renders a documentation row for each (state, action)', () => {
    const table = machineTable(machine, labels);
    const lines = table.split('\n');
    expect(lines[0]).toBe('| Da | Azione | A | Permesso | Condizione |');
    const rows = lines.slice(2);
    expect(rows.length).toBe(machine.transitions.reduce((n, t) => n + t.from.length, 0));
    for (const t of machine.transitions) {
      for (const from of t.from) {
        const row = rows.find((r) => r.startsWith(`| ${labels[from]} (\`${from}\`) | ${t.label} (\`${t.action}\`) |`));
        expect(row, `${from} → ${t.action}`).toBeDefined();
        expect(row).toContain(`| ${labels[t.to]} (\`${t.to}\`) | \`${t.ability}\` |`);
        if (t.guard) expect(row).toContain(guardDescription(t.guard) as string);
      }
    }
  });
});

interface GuardCase {
  type: MachineType;
  from: string;
  action: string;
  entity: EntityShape;
  ctx?: GuardContext;
  /** null when the transition is allowed. */
  refusal: string | null;
  message?: string | RegExp;
}

const operator = '11111111-1111-4111-8111-111111111111';
const otherOperator = '22222222-2222-4222-8222-222222222222';
const staffed = entity({
  attributes: { plannedStartDateTime: '2026-05-12T07:00:00.000Z' },
  relationships: { operatorIds: [operator, otherOperator], operatorInChargeId: otherOperator },
});
const signed = { mediaId: '33333333-3333-4333-8333-333333333333', kind: 'signedQuotation', name: 'firmato.pdf' };
const unsigned = { mediaId: '44444444-4444-4444-8444-444444444444', kind: 'quotation', name: 'preventivo.pdf' };
const withDiscount = (discountPercent: unknown) => entity({ metadata: { discountPercent } });

const guardCases: GuardCase[] = [
  // Quotation: emitting from draft or revision within the maximum discount (default 20%).
  { type: 'quotations', from: 'draft', action: 'emit', entity: withDiscount(20), refusal: null },
  { type: 'quotations', from: 'draft', action: 'emit', entity: entity(), refusal: null },
  { type: 'quotations', from: 'draft', action: 'emit', entity: withDiscount(20.5), refusal: 'APPROVAL_REQUIRED', message: 'Lo sconto del 20,5% supera il massimo del 20%: il preventivo deve essere approvato prima dell’emissione' },
  { type: 'quotations', from: 'revision', action: 'emit', entity: withDiscount(35), refusal: 'APPROVAL_REQUIRED' },
  { type: 'quotations', from: 'revision', action: 'emit', entity: withDiscount(-5), refusal: null },
  { type: 'quotations', from: 'draft', action: 'emit', entity: withDiscount(12), ctx: { ...ctx, maxDiscountPercent: 10 }, refusal: 'APPROVAL_REQUIRED', message: /massimo del 10%/ },
  { type: 'quotations', from: 'draft', action: 'emit', entity: withDiscount(30), ctx: { ...ctx, maxDiscountPercent: 30 }, refusal: null },
  { type: 'quotations', from: 'draft', action: 'emit', entity: withDiscount('50'), refusal: null },
  { type: 'quotations', from: 'approved', action: 'emit', entity: withDiscount(60), refusal: null },
  // Quotation: approval is asked only when it is needed.
  { type: 'quotations', from: 'draft', action: 'requestApproval', entity: withDiscount(25), refusal: null },
  { type: 'quotations', from: 'revision', action: 'requestApproval', entity: withDiscount(12), ctx: { ...ctx, maxDiscountPercent: 10 }, refusal: null },
  { type: 'quotations', from: 'draft', action: 'requestApproval', entity: withDiscount(20), refusal: 'APPROVAL_NOT_NEEDED', message: /non supera il massimo del 20%/ },
  { type: 'quotations', from: 'draft', action: 'requestApproval', entity: entity(), refusal: 'APPROVAL_NOT_NEEDED' },
  { type: 'quotations', from: 'revision', action: 'requestApproval', entity: withDiscount(5), refusal: 'APPROVAL_NOT_NEEDED' },
  // Quotation: accepting needs the signed quotation.
  { type: 'quotations', from: 'issued', action: 'accept', entity: entity({ attributes: { attachments: [unsigned, signed] } }), refusal: null },
  { type: 'quotations', from: 'issued', action: 'accept', entity: entity({ attributes: { attachments: [unsigned] } }), refusal: 'SIGNED_QUOTATION_REQUIRED', message: 'Per accettare il preventivo è necessario allegare il preventivo firmato' },
  { type: 'quotations', from: 'issued', action: 'accept', entity: entity(), refusal: 'SIGNED_QUOTATION_REQUIRED' },
  { type: 'quotations', from: 'issued', action: 'accept', entity: entity({ attributes: { attachments: [null, 'x'] } }), refusal: 'SIGNED_QUOTATION_REQUIRED' },
  { type: 'quotations', from: 'issued', action: 'accept', entity: entity(), ctx: { ...ctx, related: { signedQuotationAttachments: 1 } }, refusal: null },
  // Assignment: scheduling and starting need operators, the one in charge among them, and the date.
  { type: 'assignments', from: 'open', action: 'schedule', entity: staffed, refusal: null },
  { type: 'assignments', from: 'postponed', action: 'schedule', entity: staffed, refusal: null },
  { type: 'assignments', from: 'scheduled', action: 'start', entity: staffed, refusal: null },
  { type: 'assignments', from: 'open', action: 'schedule', entity: entity(), refusal: 'OPERATOR_REQUIRED', message: messages.operatorRequired },
  { type: 'assignments', from: 'open', action: 'schedule', entity: entity({ ...staffed, relationships: { operatorIds: [], operatorInChargeId: operator } }), refusal: 'OPERATOR_REQUIRED' },
  { type: 'assignments', from: 'open', action: 'schedule', entity: entity({ ...staffed, relationships: { operatorIds: [operator], operatorInChargeId: null } }), refusal: 'OPERATOR_IN_CHARGE_REQUIRED', message: messages.operatorInChargeRequired },
  { type: 'assignments', from: 'open', action: 'schedule', entity: entity({ ...staffed, relationships: { operatorIds: [operator], operatorInChargeId: otherOperator } }), refusal: 'OPERATOR_IN_CHARGE_REQUIRED' },
  { type: 'assignments', from: 'open', action: 'schedule', entity: entity({ ...staffed, attributes: { plannedStartDateTime: null } }), refusal: 'PLANNED_DATE_REQUIRED', message: /data/ },
  { type: 'assignments', from: 'scheduled', action: 'start', entity: entity({ ...staffed, relationships: { operatorIds: [] } }), refusal: 'OPERATOR_REQUIRED' },
  { type: 'assignments', from: 'postponed', action: 'schedule', entity: entity({ ...staffed, attributes: {} }), refusal: 'PLANNED_DATE_REQUIRED' },
  // Course edition: started with sessions and participants, closed once no session is ahead.
  { type: 'courseEditions', from: 'planned', action: 'start', entity: entity({ attributes: { sessions: [{ date: '2026-05-10' }], participants: [{ employeeId: operator }] } }), refusal: null },
  { type: 'courseEditions', from: 'planned', action: 'start', entity: entity({ attributes: { sessions: [], participants: [{ employeeId: operator }] } }), refusal: 'EDITION_WITHOUT_SESSIONS' },
  { type: 'courseEditions', from: 'planned', action: 'start', entity: entity({ attributes: { sessions: [{ date: '2026-05-10' }] } }), refusal: 'EDITION_WITHOUT_PARTICIPANTS' },
  { type: 'courseEditions', from: 'in-progress', action: 'close', entity: entity({ attributes: { sessions: [{ date: '2026-05-10' }] } }), refusal: null },
  { type: 'courseEditions', from: 'in-progress', action: 'close', entity: entity({ attributes: { sessions: [{ date: '2026-05-11' }] } }), refusal: 'EDITION_SESSIONS_AHEAD', message: 'La sessione del 11/05/2026 non si è ancora svolta' },
  // Assignment: anomalies found during it are recorded by closing it with anomalies (src/domain/rules/intervention.ts).
  ...(['running', 'paused'] as const).flatMap((from): GuardCase[] => [
    { type: 'assignments', from, action: 'close', entity: staffed, ctx: { ...ctx, related: { interventionAnomalies: 0 } }, refusal: null },
    { type: 'assignments', from, action: 'close', entity: staffed, ctx: { ...ctx, related: { interventionAnomalies: 2 } }, refusal: 'ANOMALIES_FOUND', message: /2 anomalie non risolte/ },
    { type: 'assignments', from, action: 'closeWithAnomalies', entity: staffed, ctx: { ...ctx, related: { interventionAnomalies: 1 } }, refusal: null },
    { type: 'assignments', from, action: 'closeWithAnomalies', entity: staffed, ctx: { ...ctx, related: { interventionAnomalies: 0 } }, refusal: 'NO_ANOMALIES' },
    // Issue 22: no closing while a mandatory control of an activity still to do is unrecorded.
    { type: 'assignments', from, action: 'close', entity: staffed, ctx: { ...ctx, related: { interventionAnomalies: 0 }, lists: { interventionUnrecordedControls: ['Verifica (EST-1): C1 – Pressione'] } }, refusal: 'MANDATORY_CONTROLS_UNRECORDED', message: /Verifica \(EST-1\): C1 – Pressione/ },
    { type: 'assignments', from, action: 'closeWithAnomalies', entity: staffed, ctx: { ...ctx, related: { interventionAnomalies: 1 }, lists: { interventionUnrecordedControls: ['Verifica (EST-1): C1 – Pressione'] } }, refusal: 'MANDATORY_CONTROLS_UNRECORDED' },
  ]),
  // Assignment activity: closed once its mandatory controls are recorded (or it is «non eseguibile» with a reason).
  ...(['close', 'closeWithAnomalies'] as const).flatMap((action): GuardCase[] => [
    { type: 'assignmentActivities', from: 'open', action, entity: entity(), ctx: { ...ctx, lists: { interventionUnrecordedControls: [] } }, refusal: null },
    { type: 'assignmentActivities', from: 'open', action, entity: entity(), refusal: null },
    { type: 'assignmentActivities', from: 'open', action, entity: entity(), ctx: { ...ctx, lists: { interventionUnrecordedControls: ['Verifica (EST-1): C1 – Pressione'] } }, refusal: 'MANDATORY_CONTROLS_UNRECORDED', message: /«non eseguibile»/ },
  ]),
  // Equipment change request (issue 25): «Approva» while the equipment kept the values the technician saw; «Approva comunque» once it did not.
  { type: 'equipmentChangeRequests', from: 'pending', action: 'approve', entity: entity(), ctx: { ...ctx, lists: { equipmentChangedSinceRequest: [] } }, refusal: null },
  { type: 'equipmentChangeRequests', from: 'pending', action: 'approve', entity: entity(), ctx: { ...ctx, lists: { equipmentChangedSinceRequest: ['Matricola: vista M-1, ora M-2'] } }, refusal: 'EQUIPMENT_CHANGED_SINCE_REQUEST', message: /Matricola: vista M-1, ora M-2.*«Approva comunque»/ },
  { type: 'equipmentChangeRequests', from: 'pending', action: 'approveAnyway', entity: entity(), ctx: { ...ctx, lists: { equipmentChangedSinceRequest: ['Matricola: vista M-1, ora M-2'] } }, refusal: null },
  { type: 'equipmentChangeRequests', from: 'pending', action: 'approveAnyway', entity: entity(), refusal: 'EQUIPMENT_UNCHANGED_SINCE_REQUEST' },
];

describe('guards', () => {
  it.each(guardCases.map((c) => [`${c.type}: ${c.from} → ${c.action} ${c.refusal ?? 'allowed'}`, c] as const))('%s', (_name, c) => {
    const transition = findTransition(machines[c.type], c.from, c.action);
    expect(transition).toBeDefined();
    const refusal = transition?.guard?.(c.entity, c.ctx ?? ctx) ?? null;
    expect(refusal?.code ?? null).toBe(c.refusal);
    if (c.message !== undefined) {
      if (typeof c.message === 'string') expect(refusal?.message).toBe(c.message);
      else expect(refusal?.message).toMatch(c.message);
    }
  });

  it('every guarded (state, action) has a case that allows it and one that refuses it', () => {
    for (const [type, machine] of allMachines) {
      for (const t of machine.transitions.filter((tr) => tr.guard)) {
        for (const from of t.from) {
          const cases = guardCases.filter((c) => c.type === type && c.from === from && c.action === t.action);
          expect(cases.some((c) => c.refusal === null), `${type} ${from} ${t.action} allowed`).toBe(true);
          expect(cases.some((c) => c.refusal !== null), `${type} ${from} ${t.action} refused`).toBe(true);
        }
      }
    }
  });
});

describe('quotation transitions', () => {
  const q = machines.quotations;
  const to = (from: string, action: string) => findTransition(q, from, action)?.to;

  it('follows the approval path', () => {
    expect(to('to-be-created', 'start')).toBe('draft');
    expect(to('draft', 'requestApproval')).toBe('to-be-approved');
    expect(to('to-be-approved', 'approve')).toBe('approved');
    expect(to('to-be-approved', 'refuseApproval')).toBe('draft');
    expect(to('approved', 'emit')).toBe('issued');
    expect(to('issued', 'accept')).toBe('accepted');
    expect(to('issued', 'reject')).toBe('not-accepted');
    expect(to('not-accepted', 'createRevision')).toBe('revision');
    expect(to('issued', 'createRevision')).toBe('revision');
  });

  it('asks the quotation abilities of SPEC §6 for the quotation verbs', () => {
    expect(findTransition(q, 'draft', 'emit')?.ability).toBe('emit');
    expect(findTransition(q, 'draft', 'requestApproval')?.ability).toBe('requestApproval');
    expect(findTransition(q, 'to-be-approved', 'approve')?.ability).toBe('approve');
    expect(findTransition(q, 'to-be-approved', 'refuseApproval')?.ability).toBe('approve');
    expect(findTransition(q, 'issued', 'createRevision')?.ability).toBe('createRevision');
  });

  it('refuses what makes no sense', () => {
    expect(findTransition(q, 'to-be-approved', 'emit')).toBeUndefined();
    expect(findTransition(q, 'accepted', 'createRevision')).toBeUndefined();
    expect(findTransition(q, 'issued', 'cancel')).toBeUndefined();
    expect(findTransition(q, 'draft', 'accept')).toBeUndefined();
    expect(findTransition(q, 'draft', 'duplicate')).toBeUndefined();
  });

  it('lists the actions of a draft with why each is refused', () => {
    const actions = availableActions(q, 'draft', withDiscount(25), ctx);
    expect(actions.map((a) => [a.action, a.refusal?.code ?? null])).toEqual([
      ['requestApproval', null],
      ['emit', 'APPROVAL_REQUIRED'],
      ['cancel', null],
    ]);
  });

  it('describes every state in Italian', () => {
    expect(Object.keys(quotationStateDescriptions).sort()).toEqual([...q.states].sort());
    expect(machineStateLabels.quotations).toMatchObject({ draft: 'Bozza', 'to-be-approved': 'Da approvare', revision: 'In revisione', 'to-be-created': 'Da creare' });
  });
});

describe('cascades', () => {
  const effectsOf = (type: MachineType, from: string, action: string): readonly Effect[] =>
    findTransition(machines[type], from, action)?.effects ?? [];
  const toDo = ['open', 'postponed'];

  it.each([
    ['close', 'closed'],
    ['closeWithAnomalies', 'closed-with-anomalies'],
  ])('assignment %s moves its open and postponed activities to %s', (action, state) => {
    for (const from of ['running', 'paused']) {
      expect(effectsOf('assignments', from, action)).toEqual([{ kind: 'assignmentActivities', via: 'assignmentId', fromStates: toDo, toState: state }]);
    }
  });

  it('assignment cancel cancels its open and postponed activities', () => {
    for (const from of ['open', 'scheduled', 'paused', 'postponed']) {
      expect(effectsOf('assignments', from, 'cancel')).toEqual([{ kind: 'assignmentActivities', via: 'assignmentId', fromStates: toDo, toState: 'canceled' }]);
    }
  });

  it('assignment reopen reopens only the activities its own cascade moved', () => {
    for (const from of ['closed', 'closed-with-anomalies', 'canceled']) {
      expect(findTransition(machines.assignments, from, 'reopen')?.to).toBe('open');
      expect(effectsOf('assignments', from, 'reopen')).toEqual([
        { kind: 'assignmentActivities', via: 'assignmentId', fromStates: ['closed', 'closed-with-anomalies', 'canceled'], toState: 'open', onlyCascaded: true },
      ]);
    }
  });

  it('every state an assignment cascade sets is undone by reopen', () => {
    const setByCascade = machines.assignments.transitions.flatMap((t) => (t.effects ?? []).filter((e) => !e.onlyCascaded).map((e) => e.toState));
    const undone = effectsOf('assignments', 'closed', 'reopen').flatMap((e) => e.fromStates);
    expect(new Set(setByCascade)).toEqual(new Set(undone));
  });

  it('equipment decommission decommissions its open and postponed activities; reactivation does not cascade', () => {
    for (const from of ['active', 'provisional', 'added']) {
      expect(effectsOf('equipments', from, 'decommission')).toEqual([{ kind: 'assignmentActivities', via: 'equipmentId', fromStates: toDo, toState: 'decommissioned' }]);
    }
    expect(effectsOf('equipments', 'decommissioned', 'reactivate')).toEqual([]);
  });

  it('no other transition has effects', () => {
    const withEffects = allMachines.flatMap(([type, m]) => m.transitions.filter((t) => t.effects?.length).map((t) => `${type}.${t.action}`));
    expect(withEffects.sort()).toEqual(['assignments.cancel', 'assignments.close', 'assignments.closeWithAnomalies', 'assignments.reopen', 'equipments.decommission']);
  });
});

describe('other transitions', () => {
  it('assignment: plan, run, pause, postpone', () => {
    const a = machines.assignments;
    expect(findTransition(a, 'scheduled', 'unschedule')?.to).toBe('open');
    expect(findTransition(a, 'running', 'pause')?.to).toBe('paused');
    expect(findTransition(a, 'paused', 'resume')?.to).toBe('running');
    expect(findTransition(a, 'scheduled', 'postpone')?.to).toBe('postponed');
    expect(findTransition(a, 'running', 'cancel')).toBeUndefined();
    expect(findTransition(a, 'running', 'postpone')).toBeUndefined();
  });

  it('assignment activity: outcomes, postponement, reopening', () => {
    const act = machines.assignmentActivities;
    expect(findTransition(act, 'postponed', 'resume')?.to).toBe('open');
    expect(findTransition(act, 'closed', 'reopen')?.to).toBe('open');
    expect(findTransition(act, 'postponed', 'reopen')).toBeUndefined();
    expect(findTransition(act, 'postponed', 'close')).toBeUndefined();
    expect(findTransition(act, 'open', 'substitute')?.to).toBe('activity-substituted');
    expect(findTransition(act, 'postponed', 'decommission')?.to).toBe('decommissioned');
  });

  it('order: completion, cancellation, deletion', () => {
    const o = machines.orders;
    expect(findTransition(o, 'in-progress', 'complete')?.to).toBe('completed');
    expect(findTransition(o, 'todo', 'complete')).toBeUndefined();
    expect(findTransition(o, 'completed', 'cancel')).toBeUndefined();
    expect(findTransition(o, 'cancelled', 'reopen')?.to).toBe('new');
    expect([...orderDeletableStates]).toEqual(['new', 'cancelled']);
    // "Delete" is the DELETE endpoint, not an action that would bypass the deletable-state check.
    expect(o.transitions.some((t) => t.action === 'delete')).toBe(false);
  });

  it('equipment and anomaly', () => {
    expect(findTransition(machines.equipments, 'added', 'confirm')?.to).toBe('active');
    expect(findTransition(machines.equipments, 'decommissioned', 'reactivate')?.to).toBe('active');
    expect(findTransition(machines.equipments, 'decommissioned', 'confirm')).toBeUndefined();
    expect(findTransition(machines.anomalies, 'unresolved', 'resolve')?.to).toBe('resolved');
    expect(findTransition(machines.anomalies, 'resolved', 'reopen')?.to).toBe('unresolved');
  });
});

describe('machineTable', () => {
  it('renders a row per (state, action), grouped by starting state, with guards and effects in words', () => {
    const table = machineTable(machines.assignments, machineStateLabels.assignments);
    const rows = table.split('\n').slice(2);
    expect(rows[0]).toBe('| Da pianificare (`open`) | Pianifica (`schedule`) | Pianificato (`scheduled`) | `update` | Almeno un operatore, l’operatore responsabile tra gli operatori e la data di inizio prevista |');
    expect(rows.filter((r) => r.startsWith('| Da pianificare (`open`) |')).length).toBe(3);
    // Rows for one starting state are together.
    const starts = rows.map((r) => r.split(' | ')[0]);
    expect(starts.filter((s, i) => i > 0 && s !== starts[i - 1]).length).toBe(new Set(starts).size - 1);
    expect(table).toContain('| In corso (`running`) | Chiudi (`close`) | Chiuso (`closed`) | `workOn` | Controlli obbligatori registrati e nessuna anomalia non risolta rilevata durante l’intervento; Effetto: le attività dell’incarico in Aperta o Rinviata passano a Chiusa |');
    expect(table).toMatch(/Riapri \(`reopen`\).*solo quelle spostate in automatico/);
  });

  it('writes — when there is no condition and escapes pipes', () => {
    const table = machineTable(
      { statePath: 's', states: ['a', 'b'], initial: 'a', transitions: [{ from: ['a'], action: 'go', to: 'b', label: 'Vai | subito', ability: 'update' }] },
      { a: 'A', b: 'B' },
    );
    expect(table.split('\n')[2]).toBe('| A (`a`) | Vai \\| subito (`go`) | B (`b`) | `update` | — |');
  });
});
