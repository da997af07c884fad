/**
 * Every state machine through the API: each (state, action) pair is allowed exactly when the
 * table has a transition for it, guards refuse with their code, and the SPEC §4 cascades happen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { machines } from '../../src/domain/machines/index.ts';
import { actionNames, findTransition, type StateMachine } from '../../src/domain/machine.ts';
import { readPath, writePath } from '../../src/domain/kind.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('state machines through the API on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let operatorIds: string[];
  let activityId: string;
  let assignmentId: string;
  let equipmentId: string;
  let courseId: string;
  let employeeId: string;

  /** Inserts a row in any state (the API only creates entry states), with data that satisfies the guards of `action`. */
  async function inState(type: string, state: string, action = '', overrides: Record<string, unknown> = {}) {
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
    const kind = findKind(type)!;
    const machine = kind.machine!;
    let data = { metadata: {}, ...base[type]! } as { attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> };
    data = writePath(data, machine.statePath, state);
    for (const [path, value] of Object.entries(overrides)) data = writePath(data, path, value);
    const [row] = await new EntityRepository(api.database.db, kind).insert([{ id: randomUUID(), data, by: api.adminId }]);
    // Closing with anomalies needs one found during the intervention (src/domain/rules/intervention.ts).
    if (type === 'assignments' && action === 'closeWithAnomalies') {
      const activity = await inState('assignmentActivities', 'closed', '', { 'relationships.assignmentId': row!.id });
      await inState('anomalies', 'unresolved', '', { 'relationships.assignmentActivityId': activity.id });
    }
    return row!;
  }

  beforeAll(async () => {
    api = await setupApi(engine);
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Omega Srl' } } })).id;
    operatorIds = [];
    for (const name of ['Luca', 'Sara']) {
      operatorIds.push((await api.create('users', { attributes: { userType: 'siv', displayName: `${name} Operatore`, email: `${name.toLowerCase()}@test.it`, isMainteiner: true } })).id);
    }
    activityId = (await api.create('activities', { attributes: { code: 'REV-EST', name: 'Revisione estintore', module: 'fire' } })).id;
    assignmentId = (await inState('assignments', 'running')).id;
    equipmentId = (await inState('equipments', 'active')).id;
    courseId = (await api.create('courses', { attributes: { code: 'ANT-B', title: 'Addetto antincendio livello 2', durationHours: 8, validityYears: 5 } })).id;
    employeeId = (await api.create('employees', { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId } })).id;
  });
  afterAll(() => api?.close());

  it.each(Object.entries(machines))('%s: every action from every state does exactly what the table says', async (type, machine) => {
    const table = machine as StateMachine;
    for (const state of table.states) {
      for (const action of actionNames(table)) {
        const entity = await inState(type, state, action);
        const res = await api.act(type, entity, action);
        const transition = findTransition(table, state, action);
        if (transition) {
          expect(res.status, `${type} ${state} --${action}--> ${JSON.stringify(res.body)}`).toBe(200);
          expect(readPath(res.body.data, table.statePath)).toBe(transition.to);
          expect(res.body.data.metadata.lastUpdatedDateTime > entity.metadata.lastUpdatedDateTime).toBe(true);
        } else {
          expect(res.status, `${type} ${state} --${action}-->`).toBe(409);
          expect(res.body.code).toBe('TRANSITION_NOT_ALLOWED');
          expect(res.body.message).toMatch(/non consentita/);
        }
      }
    }
  });

  it('refuses actions on a stale version, unknown actions, and state changes by PATCH or on create', async () => {
    const quotation = await inState('quotations', 'draft');
    const stale = await api.act('quotations', { ...quotation, metadata: { ...quotation.metadata, lastUpdatedDateTime: '2020-01-01T00:00:00.000Z' } }, 'emit');
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const noVersion = await api.post(`/api/quotations/${quotation.id}/actions/emit`, {});
    expect(noVersion.status).toBe(428);
    expect((await api.act('quotations', quotation, 'fly')).body.code).toBe('ACTION_NOT_FOUND');
    const patch = await api.patch(`/api/quotations/${quotation.id}`, { attributes: { status: 'accepted' } }, quotation.metadata.lastUpdatedDateTime);
    expect(patch.status).toBe(422);
    expect(patch.body.errors[0]).toMatchObject({ pointer: '/attributes/status', code: 'stateReadOnly' });
    const created = await api.post('/api/quotations', { attributes: { date: '2026-06-01', status: 'accepted' }, relationships: { customerId } });
    expect(created.status).toBe(422);
    expect(created.body.errors[0].code).toBe('stateNotAllowed');
    expect((await api.post('/api/quotations', { attributes: { date: '2026-06-01', status: 'to-be-created' }, relationships: { customerId } })).status).toBe(201);
    expect((await api.post('/api/equipments', { attributes: { equipmentId: 'EST-NEW', module: 'fire', state: 'provisional' }, relationships: { customerId } })).status).toBe(201);
  });

  it('lists the actions of an entity with why a guarded one is refused now', async () => {
    const quotation = await inState('quotations', 'draft', '', { 'metadata.discountPercent': 35 });
    const res = await api.get(`/api/quotations/${quotation.id}/actions`);
    const byAction = Object.fromEntries(res.body.data.map((a: any) => [a.action, a]));
    expect(byAction.emit.refusal).toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(byAction.requestApproval.refusal).toBeNull();
    expect(byAction.duplicate).toBeDefined();
    expect(byAction.accept).toBeUndefined();
  });

  it('closing an assignment closes its open activities, cancelling cancels them, reopening brings back only those', async () => {
    const assignment = await inState('assignments', 'running');
    const activity = (state: string) => inState('assignmentActivities', state, '', { 'relationships.assignmentId': assignment.id });
    const [open, postponed, closedBefore, canceledBefore] = [await activity('open'), await activity('postponed'), await activity('closed'), await activity('canceled')];
    const closed = await api.act('assignments', assignment, 'close');
    expect(closed.status).toBe(200);
    expect(closed.body.meta.effects.map((e: any) => e.id).sort()).toEqual([open.id, postponed.id].sort());
    const stateOf = async (id: string) => (await api.get(`/api/assignmentActivities/${id}`)).body.data.attributes.state;
    expect(await stateOf(open.id)).toBe('closed');
    expect(await stateOf(postponed.id)).toBe('closed');
    expect(await stateOf(canceledBefore.id)).toBe('canceled');
    const reopened = await api.act('assignments', closed.body.data, 'reopen');
    expect(reopened.body.data.attributes.state).toBe('open');
    expect(await stateOf(open.id)).toBe('open');
    expect(await stateOf(postponed.id)).toBe('open');
    expect(await stateOf(closedBefore.id)).toBe('closed');
    const canceled = await api.act('assignments', reopened.body.data, 'cancel');
    expect(canceled.body.data.attributes.state).toBe('canceled');
    expect(await stateOf(open.id)).toBe('canceled');
    expect(await stateOf(closedBefore.id)).toBe('closed');
  });

  it('decommissioning equipment decommissions its open activities', async () => {
    const equipment = await inState('equipments', 'active');
    const open = await inState('assignmentActivities', 'open', '', { 'relationships.equipmentId': equipment.id });
    const done = await inState('assignmentActivities', 'closed', '', { 'relationships.equipmentId': equipment.id });
    const res = await api.act('equipments', equipment, 'decommission');
    expect(res.body.data.attributes.state).toBe('decommissioned');
    expect((await api.get(`/api/assignmentActivities/${open.id}`)).body.data.attributes.state).toBe('decommissioned');
    expect((await api.get(`/api/assignmentActivities/${done.id}`)).body.data.attributes.state).toBe('closed');
  });

  it('scheduling needs operators, an operator in charge and a planned date', async () => {
    const bare = await inState('assignments', 'open', '', { 'relationships.operatorIds': [], 'relationships.operatorInChargeId': null });
    const res = await api.act('assignments', bare, 'schedule');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('OPERATOR_REQUIRED');
    expect(res.body.message).toMatch(/operatore/i);
  });
});
