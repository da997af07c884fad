/**
 * Qualified technicians (issue 25, D.M. 1 settembre 2021 as amended by D.M. 15 luglio 2025): a
 * technician's qualification puts its renewal on the deadlines worklist (module doc, the decree as
 * the reason); assigning a technician to an intervention whose activities need a system type they are
 * not qualified for on its day is refused (409 TECHNICIAN_NOT_QUALIFIED naming the type); an
 * administrator's override with a reason is accepted and recorded in the history; anyone else's is
 * refused (403 QUALIFICATION_OVERRIDE_NOT_ALLOWED). A technician reads their own qualifications only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { pdfText } from '../support/pdf-text.ts';
import { controlRegisterTemplate, interventionReportTemplate } from '../../src/server/seed/generators/document-templates.ts';

describe.each(engines())('qualified technicians on %s', (engine) => {
  let api: Api;
  let planner: string;
  let qualified: string;
  let partly: string;
  let partlyQualification: any;
  let assignment: any;
  let doorsId: string;

  const admin = () => api.as(api.adminId);
  const get = async (url: string) => admin().request('GET', url);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const current = async () => (await get(`/api/assignments/${assignment.id as string}`)).body.data;
  const patchAs = async (userId: string, body: unknown) => {
    const stored = await current();
    return api.as(userId).request('PATCH', `/api/assignments/${assignment.id as string}`, body, { 'if-match': `"${stored.metadata.lastUpdatedDateTime as string}"` });
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    planner = await insertUser(api, [roles.Pianificatore!], { displayName: 'Chiara Colombo' });
    qualified = await insertUser(api, [roles.Manutentore!], { displayName: 'Giuseppe Esposito', isMainteiner: true, allowedModules: ['fire'] });
    partly = await insertUser(api, [roles.Manutentore!], { displayName: 'Davide Conti', isMainteiner: true, allowedModules: ['fire'] });
    await create('technicianQualifications', {
      attributes: { systemTypes: ['extinguishers', 'hydrants', 'fireDoors'], certifyingBody: 'Certifica Antincendio S.r.l.', obtainedDate: '2025-01-10', renewalDueDate: '2030-01-10' },
      relationships: { userId: qualified },
    });
    partlyQualification = await create('technicianQualifications', {
      attributes: { systemTypes: ['extinguishers'], certifyingBody: 'Istituto Qualità Sicurezza S.p.A.', obtainedDate: '2021-12-01', renewalDueDate: '2026-12-01' },
      relationships: { userId: partly },
    });
    const customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Officine Brambilla Srl' } } })).id;
    const doors = await create('equipmentFamilies', { attributes: { code: 'PTF', name: 'Porta tagliafuoco', module: 'fire' } });
    doorsId = doors.id;
    const activity = await create('activities', { attributes: { code: 'PTF-SEM', name: 'Controllo semestrale porta tagliafuoco', module: 'fire' }, relationships: { equipmentFamilyId: doors.id } });
    // After 25 September 2026: the decree's requirement holds on the intervention's day.
    assignment = await create('assignments', {
      attributes: { module: 'fire', title: 'Porte tagliafuoco', plannedStartDateTime: '2026-10-05T07:00:00.000Z', plannedEndDateTime: '2026-10-05T11:00:00.000Z' },
      relationships: { customerId },
    });
    await create('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId: activity.id } });
  });
  afterAll(() => api?.close());

  it('puts each renewal on the deadlines worklist, module doc, with the decree as the reason', async () => {
    const listed = await get(`/api/physicalActivities?filter[technicianQualificationId]=${partlyQualification.id as string}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [deadline, ...others] = listed.body.data;
    expect(others).toEqual([]);
    expect(deadline.attributes).toMatchObject({
      module: 'doc', deadlineDate: '2026-12-01', lastExecutionDate: '2021-12-01', isExecuted: false,
      rule: { kind: 'rinnovoQualifica', from: 'lastExecution', norm: 'D.M. 1 settembre 2021', edition: 'D.M. 15/7/2025' },
    });
    expect(deadline.metadata).toMatchObject({ targetName: 'Davide Conti', activityName: 'Rinnovo qualifica: Estintori' });
    // On the worklist of module doc, within its window.
    const worklist = await get('/api/physicalActivities?filter[module]=doc&from[deadlineDate]=2026-11-01&to[deadlineDate]=2026-12-31');
    expect(worklist.body.data.map((row: any) => row.id)).toEqual([deadline.id]);
  });

  it('a renewed qualification executes its renewal and puts the next one on the worklist', async () => {
    const renewed = await admin().request('PATCH', `/api/technicianQualifications/${partlyQualification.id as string}`, { attributes: { obtainedDate: '2026-11-20', renewalDueDate: '2031-11-20' } }, { 'if-match': `"${partlyQualification.metadata.lastUpdatedDateTime as string}"` });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    partlyQualification = renewed.body.data;
    const rows = (await get(`/api/physicalActivities?filter[technicianQualificationId]=${partlyQualification.id as string}&sort=deadlineDate`)).body.data;
    expect(rows.map((row: any) => [row.attributes.deadlineDate, row.attributes.isExecuted])).toEqual([['2026-12-01', true], ['2031-11-20', false]]);
  });

  it('keeps the system types the intervention’s activities need on it (the board marks the lanes from them)', async () => {
    expect((await current()).metadata.systemTypes).toEqual(['fireDoors']);
  });

  it('refuses a technician not qualified for the intervention’s system type, naming the type; a qualified one is assigned', async () => {
    const refused = await patchAs(planner, { relationships: { operatorIds: [partly], operatorInChargeId: partly } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TECHNICIAN_NOT_QUALIFIED');
    expect(refused.body.message).toContain('Davide Conti non è un tecnico manutentore qualificato');
    expect(refused.body.message).toContain('Porte e finestre tagliafuoco');
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/relationships/operatorIds/0', code: 'technicianNotQualified' })]);
    const assigned = await patchAs(planner, { relationships: { operatorIds: [qualified], operatorInChargeId: qualified } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  });

  it('refuses to move the intervention past the renewal deadline of a technician on it', async () => {
    const short = await create('technicianQualifications', {
      attributes: { systemTypes: ['fireDoors'], certifyingBody: 'Ente di prova', obtainedDate: '2025-01-10', renewalDueDate: '2026-10-31' },
      relationships: { userId: partly },
    });
    const { id } = await create('assignments', {
      attributes: { module: 'fire', title: 'Porte, altra sede', plannedStartDateTime: '2026-10-05T07:00:00.000Z' },
      relationships: { customerId: (await current()).relationships.customerId },
    });
    const [activity] = (await get(`/api/assignmentActivities?filter[assignmentId]=${assignment.id as string}`)).body.data;
    await create('assignmentActivities', { attributes: {}, relationships: { assignmentId: id, activityId: activity.relationships.activityId } });
    const write = async (body: unknown) => {
      const stored = (await get(`/api/assignments/${id as string}`)).body.data;
      return api.as(planner).request('PATCH', `/api/assignments/${id as string}`, body, { 'if-match': `"${stored.metadata.lastUpdatedDateTime as string}"` });
    };
    expect((await write({ relationships: { operatorIds: [partly], operatorInChargeId: partly } })).status).toBe(200);
    const moved = await write({ attributes: { plannedStartDateTime: '2026-11-10T07:00:00.000Z' } });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('TECHNICIAN_NOT_QUALIFIED');
    expect((await write({ attributes: { plannedStartDateTime: '2026-10-20T07:00:00.000Z' } })).status).toBe(200);
    // The qualification is the partly qualified technician's only for this test.
    expect((await admin().request('DELETE', `/api/technicianQualifications/${short.id as string}`, undefined, { 'if-match': `"${short.metadata.lastUpdatedDateTime as string}"` })).status).toBe(200);
  });

  it('refuses the override of anyone but an administrator', async () => {
    const refused = await patchAs(planner, { attributes: { qualificationOverrideReason: 'Urgenza' }, relationships: { operatorIds: [qualified, partly] } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('QUALIFICATION_OVERRIDE_NOT_ALLOWED');
    expect((await current()).relationships.operatorIds).toEqual([qualified]);
  });

  it('accepts an administrator’s override with a reason, and records it in the history with the technician it let in', async () => {
    const reason = 'Affiancato dal tecnico qualificato Esposito per l’urgenza del cliente';
    const accepted = await patchAs(api.adminId, { attributes: { qualificationOverrideReason: reason }, relationships: { operatorIds: [qualified, partly] } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const history = (await get(`/api/assignments/${assignment.id as string}/history`)).body.data;
    const [latest] = history;
    expect(latest.by).toBe(api.adminId);
    expect(latest.changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ pointer: '/attributes/qualificationOverrideReason', to: reason }),
      expect.objectContaining({ pointer: '/relationships/operatorIds', to: [qualified, partly] }),
    ]));
  });

  it('the intervention report and the control register print each technician’s qualification', async () => {
    await create('templateDocs', { attributes: { type: 'interventionReport', name: 'Rapporto', body: interventionReportTemplate, isDefault: true } });
    await create('templateDocs', { attributes: { type: 'controlRegister', name: 'Registro', body: controlRegisterTemplate, isDefault: true } });
    const stored = await current();
    const equipment = await create('equipments', { attributes: { equipmentId: 'PTF-0001', module: 'fire', serialNumber: 'SN-PTF-1' }, relationships: { customerId: stored.relationships.customerId, equipmentFamilyId: doorsId } });
    const control = await create('controls', { attributes: { code: 'PTF-CHIUSURA', name: 'Chiusura automatica' }, relationships: { equipmentFamilyId: doorsId } });
    const [activity] = (await get(`/api/assignmentActivities?filter[assignmentId]=${assignment.id as string}`)).body.data;
    await create('checks', { attributes: { result: true, passed: true, checkedDateTime: '2026-10-05T08:00:00.000Z' }, relationships: { controlId: control.id, assignmentActivityId: activity.id, equipmentId: equipment.id } });
    const print = async (url: string) => {
      const response = await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await api.token(api.adminId)}` } });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return pdfText(response.rawPayload);
    };
    // Narrow columns: their words wrap.
    const report = (await print(`/api/assignments/${assignment.id as string}/document`)).replace(/\s+/g, ' ');
    expect(report).toContain('Tecnici e qualifiche');
    expect(report).toContain('Giuseppe Esposito');
    expect(report).toContain('Certifica Antincendio S.r.l.');
    expect(report).toContain('Davide Conti');
    const register = await print(`/api/customers/${stored.relationships.customerId as string}/document`);
    const words = register.replace(/\s+/g, ' ');
    // Each technician once, with every qualification recorded, beside the tables that name them.
    expect(words).toContain('Tecnici e qualifiche (D.M. 1 settembre 2021)');
    expect(words).toMatch(/Giuseppe Esposito Estintori, Idranti e naspi \(reti idranti\), Porte e finestre tagliafuoco – Certifica Antincendio S\.r\.l\. – .*scadenza 10\/01\/2030/);
  });

  it('a technician reads their own qualifications, not the others’', async () => {
    const own = await api.as(partly).request('GET', '/api/technicianQualifications');
    expect(own.status).toBe(200);
    expect(own.body.data.map((row: any) => row.relationships.userId)).toEqual([partly]);
    const written = await api.as(partly).request('POST', '/api/technicianQualifications', { attributes: { systemTypes: ['fireDoors'], certifyingBody: 'Io', obtainedDate: '2026-01-01' }, relationships: { userId: partly } });
    expect(written.status).toBe(403);
  });
});
