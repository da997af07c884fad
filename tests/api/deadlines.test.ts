/**
 * The deadline engine through the API (issue "Deadline engine", DESIGN §4 "Deadlines"): an
 * equipment's deadlines are computed from the maintenance rules of its type and activities when it
 * is created and when its dates change; closing the activity that executes one creates the next;
 * decommissioning ends them; the worklist's windows, full-text search and "Crea intervento". Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertUser, setupApi, TODAY, type Api } from './setup.ts';
import { extinguisherRules } from '../../src/domain/rules/maintenance-rules.ts';

describe.each(engines())('deadline engine on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let familyId: string;
  const activityIds: Record<string, string> = {};

  const deadlinesOf = async (equipmentId: string, extra = '') => {
    const response = await api.get(`/api/physicalActivities?filter[equipmentId]=${equipmentId}&sort=deadlineDate&page[size]=50${extra}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as any[];
  };
  const pendingByKind = async (equipmentId: string) =>
    Object.fromEntries((await deadlinesOf(equipmentId, '&filter[isExecuted]=false&filter[isEnded]=false')).map((d) => [d.attributes.rule.kind, d]));
  const extinguisher = (productionDate: string, agent = 'Polvere ABC') =>
    api.create('equipments', {
      attributes: { equipmentId: `EST-${productionDate}-${Math.random().toString(36).slice(2, 7)}`, module: 'fire', productionDate, installationDate: productionDate, characteristics: { agenteEstinguente: agent } },
      relationships: { customerId, equipmentFamilyId: familyId },
    });

  beforeAll(async () => {
    api = await setupApi(engine);
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Officine Brambilla Srl' } } })).id;
    familyId = (await api.create('equipmentFamilies', {
      attributes: {
        code: 'EST-POL', name: 'Estintore a polvere', module: 'fire', expiryBasis: 'production',
        // End of life is the type's own rule: no activity executes it.
        maintenanceRules: extinguisherRules.filter((r) => r.kind === 'fineVita'),
      },
    })).id;
    for (const kind of ['controlloPeriodico', 'revisione', 'collaudo'] as const) {
      activityIds[kind] = (await api.create('activities', {
        attributes: { code: `EST-${kind}`, name: `Estintore: ${kind}`, module: 'fire', maintenanceRules: extinguisherRules.filter((r) => r.kind === kind) },
        relationships: { equipmentFamilyId: familyId },
      })).id;
    }
  });
  afterAll(() => api?.close());

  it('a powder extinguisher built in 2025: controllo at 6 months, revisione at 60, collaudo at 120 from production, end of life at 18 years', async () => {
    const equipment = await extinguisher('2025-03-15');
    const deadlines = await pendingByKind(equipment.id);
    expect(Object.keys(deadlines).toSorted()).toEqual(['collaudo', 'controlloPeriodico', 'fineVita', 'revisione']);
    expect(deadlines.controlloPeriodico.attributes).toMatchObject({ deadlineDate: '2025-09-15', rule: { kind: 'controlloPeriodico', months: 6, norm: 'UNI 9994-1', edition: '2024' } });
    expect(deadlines.revisione.attributes).toMatchObject({ deadlineDate: '2030-03-15', rule: { months: 60, from: 'production', edition: '2024' } });
    expect(deadlines.collaudo.attributes).toMatchObject({ deadlineDate: '2035-03-15', rule: { months: 120 } });
    expect(deadlines.fineVita.attributes.deadlineDate).toBe('2043-03-15');
    expect(deadlines.revisione.relationships).toMatchObject({ customerId, equipmentId: equipment.id, equipmentFamilyId: familyId, activityId: activityIds.revisione });
    expect(deadlines.fineVita.relationships.activityId ?? null).toBeNull();
  });

  it('one built in 2020 keeps the 2013 edition: revisione at 36 months', async () => {
    const equipment = await extinguisher('2020-06-10');
    const deadlines = await pendingByKind(equipment.id);
    expect(deadlines.revisione.attributes).toMatchObject({ deadlineDate: '2023-06-10', rule: { months: 36, edition: '2013' } });
  });

  it('a changed production date recomputes the deadlines (edition included)', async () => {
    const equipment = await extinguisher('2020-06-10');
    const changed = await api.patch(`/api/equipments/${equipment.id}`, { attributes: { productionDate: '2025-01-31', installationDate: '2025-02-10' } }, equipment.metadata.lastUpdatedDateTime);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await pendingByKind(equipment.id);
    expect(after.revisione.attributes).toMatchObject({ deadlineDate: '2030-01-31', rule: { months: 60, edition: '2024' } });
    // Month arithmetic clamps: 31 January + 6 months = 31 July; the old deadlines were moved, not duplicated.
    expect(after.controlloPeriodico.attributes.deadlineDate).toBe('2025-07-31');
    expect((await deadlinesOf(equipment.id)).length).toBe(4);
  });

  it('the type\'s edition policy is an administrator\'s setting: "latest" applies the 2024 periods to an extinguisher built in 2020', async () => {
    const equipment = await extinguisher('2020-06-10');
    const family = (await api.get(`/api/equipmentFamilies/${familyId}`)).body.data;
    const latest = await api.patch(`/api/equipmentFamilies/${familyId}`, { attributes: { editionPolicy: 'latest' } }, family.metadata.lastUpdatedDateTime);
    expect(latest.status, JSON.stringify(latest.body)).toBe(200);
    try {
      expect((await pendingByKind(equipment.id)).revisione.attributes).toMatchObject({ deadlineDate: '2025-06-10', rule: { months: 60, edition: '2024' } });
    } finally {
      const back = await api.patch(`/api/equipmentFamilies/${familyId}`, { attributes: { editionPolicy: 'productionDate' } }, latest.body.data.metadata.lastUpdatedDateTime);
      expect(back.status).toBe(200);
    }
    expect((await pendingByKind(equipment.id)).revisione.attributes).toMatchObject({ deadlineDate: '2023-06-10', rule: { months: 36, edition: '2013' } });
  });

  it('closing the activity that executes the controllo marks it executed and creates the next at +6 months', async () => {
    const equipment = await extinguisher('2025-03-15');
    const controllo = (await pendingByKind(equipment.id)).controlloPeriodico;
    const assignment = await api.create('assignments', { attributes: { code: 'INT-DL-1', module: 'fire' }, relationships: { customerId } });
    const activity = await api.create('assignmentActivities', {
      attributes: { scheduledDate: TODAY },
      relationships: { assignmentId: assignment.id, activityId: activityIds.controlloPeriodico, equipmentId: equipment.id },
    });
    const closed = await api.act('assignmentActivities', activity, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const executed = (await api.get(`/api/physicalActivities/${controllo.id}`)).body.data;
    expect(executed.attributes).toMatchObject({ isExecuted: true, executedDate: TODAY });
    expect(executed.relationships).toMatchObject({ assignmentActivityId: activity.id, executedAssignmentId: assignment.id });
    const next = (await pendingByKind(equipment.id)).controlloPeriodico;
    expect(next.id).not.toBe(controllo.id);
    expect(next.attributes).toMatchObject({ deadlineDate: '2026-12-15', lastExecutionDate: TODAY, rule: { kind: 'controlloPeriodico', months: 6 } });

    // Closed by mistake: reopening it makes the deadline to do again and takes the next one away.
    const reopened = await api.act('assignmentActivities', closed.body.data, 'reopen');
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect((await api.get(`/api/physicalActivities/${controllo.id}`)).body.data.attributes).toMatchObject({ isExecuted: false, executedDate: null });
    expect((await pendingByKind(equipment.id)).controlloPeriodico.id).toBe(controllo.id);
    expect((await api.get(`/api/physicalActivities/${next.id}`)).body.data.metadata.isDeleted).toBe(true);
  });

  it('decommissioning the equipment ends its future deadlines', async () => {
    const equipment = await extinguisher('2025-03-15');
    expect(Object.keys(await pendingByKind(equipment.id))).toHaveLength(4);
    const decommissioned = await api.act('equipments', equipment, 'decommission');
    expect(decommissioned.status, JSON.stringify(decommissioned.body)).toBe(200);
    expect(await pendingByKind(equipment.id)).toEqual({});
    const all = await deadlinesOf(equipment.id);
    expect(all.every((d) => d.attributes.isEnded === true && d.attributes.endedDate === TODAY)).toBe(true);
  });

  it('the worklist: full-text search finds deadlines by customer and equipment, and the expiry windows filter them', async () => {
    const equipment = await extinguisher('2025-03-15');
    const byCustomer = await api.get(`/api/physicalActivities?filter[fullText]=Brambilla&filter[equipmentId]=${equipment.id}`);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.data.length).toBe(4);
    const byCode = await api.get(`/api/physicalActivities?filter[fullText]=${encodeURIComponent(equipment.attributes.equipmentId)}`);
    expect(byCode.body.data.length).toBe(4);
    // TODAY is 2026-06-15: the controllo of 2025-09-15 is overdue, the revisione of 2030 is not.
    const expired = await api.get(`/api/physicalActivities?filter[due]=expired&filter[equipmentId]=${equipment.id}`);
    expect(expired.body.data.map((d: any) => d.attributes.rule.kind)).toEqual(['controlloPeriodico']);
    const soon = await api.get(`/api/physicalActivities?filter[due]=next90&filter[equipmentId]=${equipment.id}`);
    expect(soon.body.data).toEqual([]);
    expect((await api.get('/api/physicalActivities?filter[due]=tomorrow')).status).toBe(400);
  });

  it('the worklist groups by customer, then site, and filters by the customer\'s zone', async () => {
    const zoneId = (await api.create('commercialZones', { attributes: { code: 'DLZ', name: 'Zona scadenze', provinces: ['BG'] } })).id;
    const zoned = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Zanetti Estintori Srl' } }, relationships: { commercialZoneId: zoneId } })).id;
    const site = (await api.create('customers', { attributes: { parentId: zoned, allowedModules: ['fire'], registry: { businessName: 'Zanetti – Magazzino' } }, metadata: { type: 'officeLocation' } })).id;
    const atSite = await api.create('equipments', {
      attributes: { equipmentId: 'EST-ZONA-1', module: 'fire', productionDate: '2025-03-15', installationDate: '2025-03-15', characteristics: { agenteEstinguente: 'Polvere ABC' } },
      relationships: { customerId: zoned, customerLocationId: site, equipmentFamilyId: familyId },
    });
    const atHead = await api.create('equipments', {
      attributes: { equipmentId: 'EST-ZONA-2', module: 'fire', productionDate: '2025-03-15', installationDate: '2025-03-15', characteristics: { agenteEstinguente: 'Polvere ABC' } },
      relationships: { customerId: zoned, equipmentFamilyId: familyId },
    });
    const inZone = await api.get(`/api/physicalActivities?filter[commercialZoneId]=${zoneId}&sort=customerName,customerLocationId,deadlineDate&page[size]=50`);
    expect(inZone.status, JSON.stringify(inZone.body)).toBe(200);
    const rows = inZone.body.data as any[];
    expect(new Set(rows.map((d) => d.relationships.equipmentId))).toEqual(new Set([atSite.id, atHead.id]));
    expect(rows.every((d) => d.metadata.commercialZoneId === zoneId)).toBe(true);
    // One customer: the head office's deadlines (no site) together first, then the site's, each run by date.
    const sites = rows.map((d) => d.metadata.customerLocationId ?? null);
    expect(sites).toEqual([...sites.filter((s) => s === null), ...sites.filter((s) => s === site)]);
    expect(sites.filter((s) => s === site).length).toBeGreaterThan(0);
    const dates = rows.filter((d) => d.metadata.customerLocationId === site).map((d) => d.attributes.deadlineDate);
    expect(dates).toEqual(dates.toSorted());
  });

  it('"Crea intervento" turns selected deadlines into one intervention per customer site; closing it executes them', async () => {
    const first = await extinguisher('2025-03-15');
    const second = await extinguisher('2025-04-20');
    const a = (await pendingByKind(first.id)).controlloPeriodico;
    const b = (await pendingByKind(second.id)).controlloPeriodico;
    const planned = await api.act('physicalActivities', a, 'plan', { physicalActivityIds: [b.id] });
    expect([200, 201], JSON.stringify(planned.body)).toContain(planned.status);
    const assignment = planned.body.data;
    expect(assignment).toMatchObject({ attributes: { state: 'open', module: 'fire' }, relationships: { customerId } });
    const activities = (await api.get(`/api/assignmentActivities?filter[assignmentId]=${assignment.id}`)).body.data;
    expect(activities.map((x: any) => x.relationships.equipmentId).toSorted()).toEqual([first.id, second.id].toSorted());
    const linked = (await api.get(`/api/physicalActivities/${a.id}`)).body.data;
    expect(activities.map((x: any) => x.id)).toContain(linked.relationships.assignmentActivityId);
    // Planned already: a second plan is refused.
    const again = await api.act('physicalActivities', linked, 'plan', {});
    expect(again.status).toBe(422);
    // The whole intervention closes: its activities close with it and execute their deadlines.
    const fresh = (await api.get(`/api/assignments/${assignment.id}`)).body.data;
    const scheduled = await api.patch(`/api/assignments/${assignment.id}`, {
      attributes: { plannedStartDateTime: `${TODAY}T07:00:00.000Z` }, relationships: { operatorIds: [api.adminId], operatorInChargeId: api.adminId },
    }, fresh.metadata.lastUpdatedDateTime);
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    let current = scheduled.body.data;
    for (const action of ['schedule', 'start', 'close']) {
      const moved = await api.act('assignments', current, action);
      expect(moved.status, `${action}: ${JSON.stringify(moved.body)}`).toBe(200);
      current = moved.body.data;
    }
    for (const deadline of [a, b]) {
      expect((await api.get(`/api/physicalActivities/${deadline.id}`)).body.data.attributes).toMatchObject({ isExecuted: true, executedDate: TODAY });
    }
    expect((await pendingByKind(first.id)).controlloPeriodico.attributes.deadlineDate).toBe('2026-12-15');
  });

  it('the worklist filters by operator: the operators of the intervention a deadline is planned in, never a cancelled one', async () => {
    const rossi = await insertUser(api, [], { displayName: 'Rossi Tecnico', allowedModules: ['fire'] });
    const bianchi = await insertUser(api, [], { displayName: 'Bianchi Tecnico', userType: 'external', allowedModules: [] });
    const [forRossi, forBianchi, unplanned] = [await extinguisher('2025-03-15'), await extinguisher('2025-03-16'), await extinguisher('2025-03-17')];
    const deadlineOf = async (equipment: { id: string }) => (await pendingByKind(equipment.id)).controlloPeriodico;
    /** Plans the deadline into its own intervention, staffed by `operatorIds` (the first in charge). */
    const planFor = async (deadline: any, operatorIds: string[]) => {
      const planned = await api.act('physicalActivities', deadline, 'plan', {});
      expect([200, 201], JSON.stringify(planned.body)).toContain(planned.status);
      const staffed = await api.patch(`/api/assignments/${planned.body.data.id as string}`, {
        relationships: { operatorIds, operatorInChargeId: operatorIds[0] },
      }, planned.body.data.metadata.lastUpdatedDateTime);
      expect(staffed.status, JSON.stringify(staffed.body)).toBe(200);
      return staffed.body.data;
    };
    const a = await deadlineOf(forRossi);
    const b = await deadlineOf(forBianchi);
    await planFor(a, [rossi]);
    const bianchiIntervention = await planFor(b, [bianchi, rossi]);
    await deadlineOf(unplanned);
    const idsFor = async (operatorId: string, extra = '') => {
      const response = await api.get(`/api/physicalActivities?filter[operatorId]=${operatorId}&sort=customerName,customerLocationId,deadlineDate&page[size]=50${extra}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as any[]).map((d) => d.id).toSorted();
    };
    expect(await idsFor(rossi)).toEqual([a.id, b.id].toSorted());
    expect(await idsFor(bianchi.toUpperCase())).toEqual([b.id]);
    // With the other filters of the worklist.
    expect(await idsFor(rossi, `&filter[equipmentId]=${forRossi.id as string}&filter[module]=fire`)).toEqual([a.id]);
    // A cancelled intervention has no operator for its deadlines.
    const cancelled = await api.act('assignments', bianchiIntervention, 'cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await idsFor(bianchi)).toEqual([]);
    expect(await idsFor(rossi)).toEqual([a.id]);
    // Not an id: a 400 naming the filter, never a 500.
    const bad = await api.get('/api/physicalActivities?filter[operatorId]=rossi');
    expect(bad.status).toBe(400);
  });

  it('postpone with a reason to a later day; ignore only with the right to delete deadlines', async () => {
    const equipment = await extinguisher('2025-03-15');
    const controllo = (await pendingByKind(equipment.id)).controlloPeriodico;
    const earlier = await api.act('physicalActivities', controllo, 'postpone', { deadlineDate: '2025-09-01', postponeReason: 'Cliente chiuso' });
    expect(earlier.status).toBe(422);
    const noReason = await api.act('physicalActivities', controllo, 'postpone', { deadlineDate: '2026-07-01' });
    expect(noReason.status).toBe(422);
    const postponed = await api.act('physicalActivities', controllo, 'postpone', { deadlineDate: '2026-07-01', postponeReason: 'Cliente chiuso per ferie' });
    expect(postponed.status, JSON.stringify(postponed.body)).toBe(200);
    expect(postponed.body.data.attributes).toMatchObject({ deadlineDate: '2026-07-01', postponeReason: 'Cliente chiuso per ferie', isExecuted: false });
    const ignored = await api.act('physicalActivities', postponed.body.data, 'ignore');
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.body.data.attributes).toMatchObject({ isEnded: true, endedDate: TODAY });
    expect((await pendingByKind(equipment.id)).controlloPeriodico).toBeUndefined();
    expect((await api.act('physicalActivities', ignored.body.data, 'ignore')).status).toBe(409);
  });

  it('maintenance rules are validated where an administrator edits them', async () => {
    const refused = await api.post('/api/equipmentFamilies', {
      attributes: { code: 'X', name: 'Errata', module: 'fire', maintenanceRules: [{ kind: 'revisione', months: 0, from: 'sometime', norm: 'UNI 9994-1', edition: '2024' }] },
    });
    expect(refused.status).toBe(422);
    const pointers = refused.body.errors.map((e: any) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/attributes/maintenanceRules/0/months', '/attributes/maintenanceRules/0/from']));
  });

  it('an extinguisher of a powder type created without an agent takes the type\'s: revisione and collaudo deadlines; its own agent wins', async () => {
    const powderFamilyId = (await api.create('equipmentFamilies', {
      attributes: { code: 'EST-POL-DEF', name: 'Estintore a polvere', module: 'fire', expiryBasis: 'production', defaultAgent: 'powder', maintenanceRules: extinguisherRules },
    })).id;
    const noAgent = await api.create('equipments', {
      attributes: { equipmentId: 'EST-SENZA-AGENTE', module: 'fire', productionDate: '2025-03-15', installationDate: '2025-03-15' },
      relationships: { customerId, equipmentFamilyId: powderFamilyId },
    });
    const deadlines = await pendingByKind(noAgent.id);
    expect(Object.keys(deadlines).toSorted()).toEqual(['collaudo', 'controlloPeriodico', 'fineVita', 'revisione']);
    expect(deadlines.revisione.attributes).toMatchObject({ deadlineDate: '2030-03-15', rule: { kind: 'revisione', months: 60, edition: '2024' } });
    expect(deadlines.collaudo.attributes).toMatchObject({ deadlineDate: '2035-03-15', rule: { kind: 'collaudo', months: 120, edition: '2024' } });
    // Built in 2020 (2013 edition): powder by the type is revised at 36 months, CO2 stated on the equipment at 60.
    const old = await api.create('equipments', {
      attributes: { equipmentId: 'EST-POL-2020', module: 'fire', productionDate: '2020-06-10', installationDate: '2020-06-10', characteristics: { caricaKg: 6 } },
      relationships: { customerId, equipmentFamilyId: powderFamilyId },
    });
    expect((await pendingByKind(old.id)).revisione.attributes).toMatchObject({ deadlineDate: '2023-06-10', rule: { months: 36, edition: '2013' } });
    const co2 = await api.create('equipments', {
      attributes: { equipmentId: 'EST-CO2-2020', module: 'fire', productionDate: '2020-06-10', installationDate: '2020-06-10', characteristics: { agenteEstinguente: 'Anidride carbonica' } },
      relationships: { customerId, equipmentFamilyId: powderFamilyId },
    });
    expect((await pendingByKind(co2.id)).revisione.attributes).toMatchObject({ deadlineDate: '2025-06-10', rule: { months: 60, edition: '2013' } });
  });

  it('an extinguisher without an agent, of a type with no default agent whose rules need one, is refused with the pointer on the agent', async () => {
    // The type of this file: its activities' revisione and collaudo rules depend on the agent, and it has no default.
    const refused = await api.post('/api/equipments', {
      attributes: { equipmentId: 'EST-NESSUN-AGENTE', module: 'fire', productionDate: '2025-03-15', installationDate: '2025-03-15', characteristics: { caricaKg: 6 } },
      relationships: { customerId, equipmentFamilyId: familyId },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/characteristics/agenteEstinguente', message: 'Indicare l’agente estinguente: le scadenze di questo tipo dipendono dall’agente' })]);
    // Nothing was stored.
    const listed = await api.get('/api/equipments?filter[equipmentId]=EST-NESSUN-AGENTE');
    expect(listed.body.meta.total).toBe(0);
  });
});
