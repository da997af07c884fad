/**
 * Every state machine through the service: each (state, action) pair is allowed exactly when the
 * table has a transition for it, guards refuse with their code, and the SPEC §4 cascades happen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { machines } from '../../src/domain/machines/index.ts';
import { actionNames, findTransition, type StateMachine } from '../../src/domain/machine.ts';
import { readPath, writePath } from '../../src/domain/kind.ts';
import type { Entity } from '../../src/domain/entity.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

describe.each(engines())('state machines through the service on %s', (engine) => {
  let s: ServiceSetup;
  let customerId: string;
  let operatorIds: string[];
  let activityId: string;
  let assignmentId: string;
  let equipmentId: string;
  let courseId: string;
  let employeeId: string;

  /** Runs `action` as the administrator on the version of `entity` given. */
  const act = (type: string, entity: Entity, action: string, body: unknown = {}) =>
    s.service.runAction(type, entity.id, action, body, `"${entity.metadata.lastUpdatedDateTime}"`, s.admin);
  const stateOf = async (id: string) => (await s.service.get('assignmentActivities', id, s.admin)).attributes.state;

  /** Inserts a row in any state (the service only creates entry states), with data that satisfies the guards of `action`. */
  async function inState(type: string, state: string, action = '', overrides: Record<string, unknown> = {}): Promise<Entity> {
    const base: Record<string, { attributes: Record<string, unknown>; metadata?: Record<string, unknown>; relationships: Record<string, unknown> }> = {
      quotations: {
        attributes: { date: '2026-06-01', attachments: [{ mediaId: randomUUID(), kind: 'signedQuotation', name: 'firmato.pdf' }] },
        metadata: { discountPercent: action === 'requestApproval' ? 30 : 0 },
        relationships: { customerId },
      },
      assignments: {
        attributes: { code: `INT-${randomUUID().slice(0, 8)}`, module: 'fire', plannedStartDateTime: '2026-06-20T08:00:00.000Z' },
        relationships: { customerId, operatorIds, operatorInChargeId: operatorIds[0] },
      },
      assignmentActivities: { attributes: {}, relationships: { assignmentId, activityId, equipmentId } },
      orders: { attributes: { orderDate: '2026-06-01' }, relationships: { customerId } },
      equipments: { attributes: { equipmentId: `EST-${randomUUID().slice(0, 6)}`, module: 'fire' }, relationships: { customerId } },
      anomalies: { attributes: { description: 'Sigillo mancante', risk: 'low', detectedDateTime: '2026-06-01T10:00:00.000Z' }, relationships: { customerId } },
      // Sessions held and a participant: what starting and closing ask.
      courseEditions: {
        attributes: {
          code: `ED-${randomUUID().slice(0, 8)}`, startDate: '2026-01-12', endDate: '2026-01-12', capacity: 10,
          sessions: [{ id: 's1', date: '2026-01-12', startTime: '09:00', endTime: '13:00' }],
          participants: [{ employeeId, presentSessionIds: ['s1'] }],
        },
        relationships: { courseId, customerId },
      },
    };
    // A customer's proof is about an anomaly of its own, still unresolved (accepting it resolves that one).
    if (type === 'rectifications') {
      const anomaly = await inState('anomalies', 'unresolved');
      base.rectifications = { attributes: { note: 'Sigillo sostituito dal nostro manutentore interno' }, relationships: { anomalyId: anomaly.id, customerId } };
    }
    // A customer's ask to enrol its employee, in a planned edition of the course open to it (accepting enrols there).
    if (type === 'enrolmentRequests') {
      const edition = await inState('courseEditions', 'planned');
      base.enrolmentRequests = { attributes: { note: 'Nuovo addetto antincendio' }, relationships: { employeeId, customerId, courseId, courseEditionId: edition.id } };
    }
    // A technician's proposed serial number for an equipment of its own; «Approva comunque» only once the equipment moved away from the base.
    if (type === 'equipmentChangeRequests') {
      const equipment = await inState('equipments', 'active');
      const seen = action === 'approveAnyway' ? 'M-0' : null;
      base.equipmentChangeRequests = { attributes: { proposed: { serialNumber: 'M-1' }, base: { serialNumber: seen } }, relationships: { equipmentId: equipment.id, customerId } };
    }
    const kind = s.service.kind(type);
    const machine = kind.machine!;
    let data = { metadata: {}, ...base[type]! } as { attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> };
    data = writePath(data, machine.statePath, state);
    for (const [path, value] of Object.entries(overrides)) data = writePath(data, path, value);
    const [row] = await s.service.repository(kind).insert([{ id: randomUUID(), data, by: s.admin.identity }]);
    // Closing with anomalies needs one found during the intervention (src/domain/rules/intervention.ts).
    if (type === 'assignments' && action === 'closeWithAnomalies') {
      const activity = await inState('assignmentActivities', 'closed', '', { 'relationships.assignmentId': row!.id });
      await inState('anomalies', 'unresolved', '', { 'relationships.assignmentActivityId': activity.id });
    }
    return row!;
  }

  beforeAll(async () => {
    s = await setupService(engine, { demoRoles: false });
    customerId = (await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Omega Srl' } } })).id;
    operatorIds = [];
    for (const name of ['Luca', 'Sara']) {
      operatorIds.push((await s.create('users', { attributes: { userType: 'siv', displayName: `${name} Operatore`, email: `${name.toLowerCase()}@test.it`, isMainteiner: true } })).id);
    }
    activityId = (await s.create('activities', { attributes: { code: 'REV-EST', name: 'Revisione estintore', module: 'fire' } })).id;
    assignmentId = (await inState('assignments', 'running')).id;
    equipmentId = (await inState('equipments', 'active')).id;
    courseId = (await s.create('courses', { attributes: { code: 'ANT-B', title: 'Addetto antincendio livello 2', durationHours: 8, validityYears: 5 } })).id;
    employeeId = (await s.create('employees', { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId } })).id;
  });
  afterAll(() => s?.close());

  it.each(Object.entries(machines))('%s: every action from every state does exactly what the table says', async (type, machine) => {
    const table = machine as StateMachine;
    for (const state of table.states) {
      for (const action of actionNames(table)) {
        const entity = await inState(type, state, action);
        const transition = findTransition(table, state, action);
        if (transition) {
          // A transition that asks a message (a refusal's reason) is given one.
          const { entity: moved } = await act(type, entity, action, transition.message ? { message: 'Motivo indicato nella prova' } : {}).catch((error: unknown) => {
            throw new Error(`${type} ${state} --${action}--> ${String(error)} ${JSON.stringify(error)}`);
          });
          expect(readPath(moved, table.statePath), `${type} ${state} --${action}-->`).toBe(transition.to);
          expect(String(moved.metadata.lastUpdatedDateTime) > String(entity.metadata.lastUpdatedDateTime)).toBe(true);
        } else {
          await expect(act(type, entity, action), `${type} ${state} --${action}-->`).rejects.toMatchObject({
            status: 409,
            code: 'TRANSITION_NOT_ALLOWED',
            message: expect.stringMatching(/non consentita/),
          });
          // In the user's words (a technician reads it in the sync centre when the office moved the intervention), never the codes.
          if (type === 'assignments' && state === 'canceled' && action === 'closeWithAnomalies') {
            await expect(act(type, entity, action)).rejects.toMatchObject({ message: 'Azione «Chiudi con anomalie» non consentita nello stato «Annullato»' });
          }
        }
      }
    }
  });

  it('refuses actions on a stale version or without one, unknown actions, and state changes by PATCH or on create', async () => {
    const quotation = await inState('quotations', 'draft');
    await expect(act('quotations', { ...quotation, metadata: { ...quotation.metadata, lastUpdatedDateTime: '2020-01-01T00:00:00.000Z' } }, 'emit')).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });
    await expect(s.service.runAction('quotations', quotation.id, 'emit', {}, undefined, s.admin)).rejects.toMatchObject({ code: 'PRECONDITION_REQUIRED' });
    await expect(act('quotations', quotation, 'fly')).rejects.toMatchObject({ code: 'ACTION_NOT_FOUND' });
    await expect(s.service.update('quotations', quotation.id, { attributes: { status: 'accepted' } }, `"${quotation.metadata.lastUpdatedDateTime}"`, s.admin)).rejects.toMatchObject({
      status: 422,
      errors: [{ pointer: '/attributes/status', code: 'stateReadOnly' }],
    });
    await expect(s.create('quotations', { attributes: { date: '2026-06-01', status: 'accepted' }, relationships: { customerId } })).rejects.toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ code: 'stateNotAllowed' })],
    });
    expect((await s.create('quotations', { attributes: { date: '2026-06-01', status: 'to-be-created' }, relationships: { customerId } })).attributes.status).toBe('to-be-created');
    expect((await s.create('equipments', { attributes: { equipmentId: 'EST-NEW', module: 'fire', state: 'provisional' }, relationships: { customerId } })).attributes.state).toBe('provisional');
  });

  it('lists the actions of an entity with why a guarded one is refused now', async () => {
    const quotation = await inState('quotations', 'draft', '', { 'metadata.discountPercent': 35 });
    const byAction = Object.fromEntries((await s.service.actions('quotations', quotation.id, s.admin)).map((a) => [a.action, a]));
    expect(byAction.emit!.refusal).toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(byAction.requestApproval!.refusal).toBeNull();
    expect(byAction.duplicate).toBeDefined();
    expect(byAction.accept).toBeUndefined();
  });

  it('closing an assignment closes its open activities, cancelling cancels them, reopening brings back only those', async () => {
    const assignment = await inState('assignments', 'running');
    const activity = (state: string) => inState('assignmentActivities', state, '', { 'relationships.assignmentId': assignment.id });
    const [open, postponed, closedBefore, canceledBefore] = [await activity('open'), await activity('postponed'), await activity('closed'), await activity('canceled')];
    const closed = await act('assignments', assignment, 'close');
    expect(closed.effects!.map((e) => e.id).sort()).toEqual([open.id, postponed.id].sort());
    expect(await stateOf(open.id)).toBe('closed');
    expect(await stateOf(postponed.id)).toBe('closed');
    expect(await stateOf(canceledBefore.id)).toBe('canceled');
    const reopened = await act('assignments', closed.entity, 'reopen');
    expect(reopened.entity.attributes.state).toBe('open');
    expect(await stateOf(open.id)).toBe('open');
    expect(await stateOf(postponed.id)).toBe('open');
    expect(await stateOf(closedBefore.id)).toBe('closed');
    const canceled = await act('assignments', reopened.entity, 'cancel');
    expect(canceled.entity.attributes.state).toBe('canceled');
    expect(await stateOf(open.id)).toBe('canceled');
    expect(await stateOf(closedBefore.id)).toBe('closed');
  });

  it('decommissioning equipment decommissions its open activities', async () => {
    const equipment = await inState('equipments', 'active');
    const open = await inState('assignmentActivities', 'open', '', { 'relationships.equipmentId': equipment.id });
    const done = await inState('assignmentActivities', 'closed', '', { 'relationships.equipmentId': equipment.id });
    expect((await act('equipments', equipment, 'decommission')).entity.attributes.state).toBe('decommissioned');
    expect(await stateOf(open.id)).toBe('decommissioned');
    expect(await stateOf(done.id)).toBe('closed');
  });

  it('scheduling needs operators, an operator in charge and a planned date', async () => {
    const bare = await inState('assignments', 'open', '', { 'relationships.operatorIds': [], 'relationships.operatorInChargeId': null });
    await expect(act('assignments', bare, 'schedule')).rejects.toMatchObject({ status: 409, code: 'OPERATOR_REQUIRED', message: expect.stringMatching(/operatore/i) });
  });
});
