/**
 * The intervention (issue 11): anomalies found during an intervention's activities decide how it is
 * closed (a plain close is refused while one is unresolved, closing with anomalies needs one), the
 * closing records on each activity whether anomalies were found, reopening undoes it, and the report
 * lists the checks, the anomalies and the customer's addresses for intervention reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { pdfText } from '../support/pdf-text.ts';
import { interventionReportTemplate } from '../../src/server/seed/generators/document-templates.ts';

describe.each(engines())('the intervention on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let activityId: string;
  let familyId: string;
  let controlId: string;
  let technicianId: string;
  let n = 0;

  const as = (userId: string) => api.as(userId);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    technicianId = await insertUser(api, [roleIds.Manutentore!], { displayName: 'Tecnico Prova', isMainteiner: true, allowedModules: ['fire'] });
    const admin = as(api.adminId);
    const create = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    await create('templateDocs', { attributes: { type: 'interventionReport', name: 'Rapporto di intervento', body: interventionReportTemplate, isDefault: true } });
    customerId = (await create('customers', {
      attributes: {
        allowedModules: ['fire'],
        registry: { businessName: 'Beta Impianti Srl' },
        additionalInformations: { emailsForInterventionReports: ['manutenzione@beta.it', 'rspp@beta.it'] },
      },
    })).id;
    familyId = (await create('equipmentFamilies', { attributes: { code: 'EST-P', name: 'Estintore a polvere', module: 'fire' } })).id;
    // Not mandatory: these cases are about anomalies; closing with unrecorded mandatory controls is tests/api/intervention-close.test.ts.
    controlId = (await create('controls', { attributes: { code: 'C1', name: 'Pressione del manometro', isMandatory: false }, relationships: { equipmentFamilyId: familyId } })).id;
    activityId = (await create('activities', { attributes: { code: 'SORV', name: 'Sorveglianza estintori', module: 'fire' } })).id;
  });
  afterAll(() => api?.close());

  /** A running intervention of the technician with two activities on two extinguishers. */
  async function runningIntervention() {
    const admin = as(api.adminId);
    const create = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    n += 1;
    let assignment = await create('assignments', {
      attributes: { code: `INT-T-${n}`, module: 'fire', plannedStartDateTime: '2026-06-15T07:00:00.000Z' },
      relationships: { customerId, operatorIds: [technicianId], operatorInChargeId: technicianId },
    });
    const activities = [];
    for (const code of [`EST-${n}-A`, `EST-${n}-B`]) {
      const equipment = await create('equipments', { attributes: { equipmentId: code, module: 'fire' }, relationships: { customerId, equipmentFamilyId: familyId } });
      activities.push(await create('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId, equipmentId: equipment.id } }));
    }
    for (const action of ['schedule', 'start']) {
      const moved = await admin.request('POST', `/api/assignments/${assignment.id as string}/actions/${action}`, { lastUpdatedDateTime: assignment.metadata.lastUpdatedDateTime });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      assignment = moved.body.data;
    }
    return { assignment, activities };
  }

  const actionsOf = async (userId: string, id: string) => {
    const response = await as(userId).request('GET', `/api/assignments/${id}/actions`);
    expect(response.status).toBe(200);
    return Object.fromEntries(response.body.data.map((a: { action: string; refusal: { code: string } | null }) => [a.action, a.refusal?.code ?? null]));
  };
  const actAs = async (userId: string, id: string, action: string) => {
    const current = (await as(userId).request('GET', `/api/assignments/${id}`)).body.data;
    return as(userId).request('POST', `/api/assignments/${id}/actions/${action}`, { lastUpdatedDateTime: current.metadata.lastUpdatedDateTime });
  };
  const stateOf = async (type: string, id: string) => (await as(api.adminId).request('GET', `/api/${type}/${id}`)).body.data.attributes.state;
  const adminCreate = async (type: string, body: unknown) => {
    const response = await as(api.adminId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  it('an anomaly is its equipment’s customer’s: another customer is refused with the reason (issue 26 walk: the portal never showed it)', async () => {
    const admin = as(api.adminId);
    const equipment = (await admin.request('POST', '/api/equipments', { attributes: { equipmentId: 'EST-ALTRO', module: 'fire' }, relationships: { customerId, equipmentFamilyId: familyId } })).body.data;
    const other = (await admin.request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Gamma Srl – Sede di Cinisello' } } })).body.data;
    const body = (customer: string) => ({
      attributes: { description: 'Cartello mancante', risk: 'medium', detectedDateTime: '2026-06-15T08:11:00.000Z' },
      relationships: { customerId: customer, equipmentId: equipment.id },
    });
    const refused = await admin.request('POST', '/api/anomalies', body(other.id));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ pointer: '/relationships/customerId', code: 'anomalyOtherCustomer', message: 'L’attrezzatura o l’impianto appartiene a un altro cliente: scegli il cliente dell’attrezzatura' }]);
    const made = await admin.request('POST', '/api/anomalies', body(customerId));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const moved = await admin.request('PATCH', `/api/anomalies/${made.body.data.id as string}`, { relationships: { customerId: other.id } }, { 'if-match': `"${made.body.data.metadata.lastUpdatedDateTime as string}"`, 'content-type': 'application/merge-patch+json' });
    expect(moved.status).toBe(422);
  });

  it('with no anomaly found: closed plainly, never “with anomalies”', async () => {
    const { assignment } = await runningIntervention();
    expect(await actionsOf(technicianId, assignment.id)).toMatchObject({ close: null, closeWithAnomalies: 'NO_ANOMALIES' });
    const refused = await actAs(technicianId, assignment.id, 'closeWithAnomalies');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NO_ANOMALIES' });
    expect(refused.body.message).toMatch(/Nessuna anomalia/);
    expect((await actAs(technicianId, assignment.id, 'close')).status).toBe(200);
  });

  it('a failed control’s anomaly, raised by the technician, makes the intervention close with anomalies, recorded on its activity; reopening undoes it', async () => {
    const { assignment, activities } = await runningIntervention();
    const [failing, passing] = activities;
    const tech = as(technicianId);
    const check = await tech.request('POST', '/api/checks', {
      attributes: { result: false, passed: false, notes: 'Lancetta in zona rossa', checkedDateTime: '2026-06-15T08:10:00.000Z' },
      relationships: { controlId, assignmentActivityId: failing.id, equipmentId: failing.relationships.equipmentId },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(201);
    const anomaly = await tech.request('POST', '/api/anomalies', {
      attributes: { description: 'Controllo C1 – Pressione del manometro non superato', risk: 'high', detectedDateTime: '2026-06-15T08:11:00.000Z' },
      relationships: { customerId, assignmentActivityId: failing.id, equipmentId: failing.relationships.equipmentId },
    });
    expect(anomaly.status, JSON.stringify(anomaly.body)).toBe(201);

    expect(await actionsOf(technicianId, assignment.id)).toMatchObject({ close: 'ANOMALIES_FOUND', closeWithAnomalies: null });
    const plain = await actAs(technicianId, assignment.id, 'close');
    expect(plain.status).toBe(409);
    expect(plain.body).toMatchObject({ code: 'ANOMALIES_FOUND', message: 'È stata rilevata un’anomalia non risolta: chiudere l’intervento con anomalie' });
    expect(await stateOf('assignments', assignment.id)).toBe('running');

    const closed = await actAs(technicianId, assignment.id, 'closeWithAnomalies');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.attributes.state).toBe('closed-with-anomalies');
    expect(await stateOf('assignmentActivities', failing.id)).toBe('closed-with-anomalies');
    expect(await stateOf('assignmentActivities', passing.id)).toBe('closed');

    const reopened = await actAs(technicianId, assignment.id, 'reopen');
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(await stateOf('assignmentActivities', failing.id)).toBe('open');
    expect(await stateOf('assignmentActivities', passing.id)).toBe('open');
  });

  it('a resolved anomaly no longer counts', async () => {
    const { assignment, activities } = await runningIntervention();
    const created = await adminCreate('anomalies', {
      attributes: { description: 'Sigillo mancante', risk: 'low', detectedDateTime: '2026-06-15T08:00:00.000Z' },
      relationships: { customerId, assignmentActivityId: activities[0].id },
    });
    expect(await actionsOf(api.adminId, assignment.id)).toMatchObject({ close: 'ANOMALIES_FOUND' });
    const resolved = await as(api.adminId).request('POST', `/api/anomalies/${created.id as string}/actions/resolve`, { lastUpdatedDateTime: created.metadata.lastUpdatedDateTime });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(await actionsOf(api.adminId, assignment.id)).toMatchObject({ close: null, closeWithAnomalies: 'NO_ANOMALIES' });
  });

  it('operators are staff (internal or external) allowed on the intervention’s module; a team chosen before stays until changed', async () => {
    const admin = as(api.adminId);
    const roleless: string[] = [];
    const customerUser = await insertUser(api, roleless, { userType: 'customer', displayName: 'Cliente', customerId, allowedModules: ['fire'] });
    const contractor = await insertUser(api, roleless, { userType: 'external', displayName: 'Ditta esterna', allowedModules: ['fire'] });
    const eduOnly = await insertUser(api, roleless, { displayName: 'Formatore', allowedModules: ['edu'] });
    const disabled = await insertUser(api, roleless, { displayName: 'Disattivato', allowedModules: ['fire'] }, { isEnabled: false });
    const body = (operatorIds: string[]) => ({
      attributes: { code: `INT-OP-${operatorIds.length}-${n++}`, module: 'fire' },
      relationships: { customerId, operatorIds, operatorInChargeId: operatorIds[0] ?? null },
    });
    const refused = await admin.request('POST', '/api/assignments', body([technicianId, customerUser, contractor, eduOnly, disabled]));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([1, 3, 4].map((i) => ({ pointer: `/relationships/operatorIds/${i}`, code: 'operatorNotAllowed', message: 'L’operatore deve essere personale, interno o esterno, abilitato al modulo dell’intervento' })));
    const created = await admin.request('POST', '/api/assignments', body([technicianId, contractor]));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Another module: the technician (fire only) may no longer be on it.
    const moved = await admin.request('PATCH', `/api/assignments/${created.body.data.id as string}`, { attributes: { module: 'edu' } }, {
      'content-type': 'application/merge-patch+json', 'if-match': `"${created.body.data.metadata.lastUpdatedDateTime as string}"`,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0]).toMatchObject({ pointer: '/relationships/operatorIds/0', code: 'operatorNotAllowed' });
    // The users list offers the same people.
    const offered = await admin.request('GET', '/api/users?filter[userType]=siv,external&filter[moduleName]=fire&page[size]=100');
    const ids = offered.body.data.map((u: { id: string }) => u.id);
    expect(ids).toContain(technicianId);
    expect(ids).toContain(contractor);
    expect(ids).not.toContain(customerUser);
    expect(ids).not.toContain(eduOnly);
  });

  it('the report lists the checks, the anomalies and the customer’s addresses for intervention reports', async () => {
    const { assignment, activities } = await runningIntervention();
    const failing = activities[0];
    await adminCreate('checks', {
      attributes: { result: true, passed: true, checkedDateTime: '2026-06-15T08:00:00.000Z' },
      relationships: { controlId, assignmentActivityId: failing.id },
    });
    // Checked again: the report keeps the last result.
    await adminCreate('checks', {
      attributes: { result: false, passed: false, notes: 'Manometro rotto', checkedDateTime: '2026-06-15T08:30:00.000Z' },
      relationships: { controlId, assignmentActivityId: failing.id },
    });
    await adminCreate('anomalies', {
      attributes: { description: 'Manometro da sostituire', risk: 'medium', detectedDateTime: '2026-06-15T08:31:00.000Z' },
      relationships: { customerId, assignmentActivityId: failing.id },
    });
    const response = await api.app.inject({ method: 'GET', url: `/api/assignments/${assignment.id}/document`, headers: { authorization: `Bearer ${await api.token(technicianId)}` } });
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Rapporto di intervento ${assignment.attributes.code as string}`);
    expect(text).toContain('Rapporto inviato a: manutenzione@beta.it, rspp@beta.it');
    expect(text).toMatch(/Pressione del manometro\s*\|?\s*Non conforme/);
    expect(text).not.toMatch(/Pressione del manometro\s*\|?\s*Conforme/);
    expect(text).toContain('Manometro rotto');
    expect(text).toContain('Manometro da sostituire');
    expect(text).toContain('Medio');
    expect(text).toContain(`EST-${n}-A`);
  });
});
