/**
 * Issue 22, the technician's and the Operatore's day: an intervention (and one of its activities)
 * does not close while a mandatory control of an activity still to do is unrecorded, unless that
 * activity is marked «non eseguibile» with a reason (a mark without a reason is refused); the
 * report prints «Non eseguibile: <motivo>» for it, never «Eseguita». The Operatore records checks
 * on the interventions it is an operator of and closes them (refused likewise while a mandatory
 * control is unrecorded), and is refused on another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { pdfText } from '../support/pdf-text.ts';
import { interventionReportTemplate } from '../../src/server/seed/generators/document-templates.ts';

describe.each(engines())('closing an intervention with mandatory controls on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let activityId: string;
  let familyId: string;
  let pressureId: string;
  let sealId: string;
  let technicianId: string;
  let operatorId: string;
  let otherOperatorId: string;
  let n = 0;

  const as = (userId: string) => api.as(userId);
  const adminCreate = async (type: string, body: unknown) => {
    const response = await as(api.adminId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    technicianId = await insertUser(api, [roleIds.Manutentore!], { displayName: 'Tecnico Prova', isMainteiner: true, allowedModules: ['fire'] });
    operatorId = await insertUser(api, [roleIds.Operatore!], { displayName: 'Operatore Uno', allowedModules: ['fire'] });
    otherOperatorId = await insertUser(api, [roleIds.Operatore!], { displayName: 'Operatore Due', allowedModules: ['fire'] });
    await adminCreate('templateDocs', { attributes: { type: 'interventionReport', name: 'Rapporto di intervento', body: interventionReportTemplate, isDefault: true } });
    customerId = (await adminCreate('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Gamma Impianti Srl' } } })).id;
    familyId = (await adminCreate('equipmentFamilies', { attributes: { code: 'EST-C', name: 'Estintore a CO2', module: 'fire' } })).id;
    pressureId = (await adminCreate('controls', { attributes: { code: 'C1', name: 'Pressione del manometro' }, relationships: { equipmentFamilyId: familyId } })).id;
    sealId = (await adminCreate('controls', { attributes: { code: 'C2', name: 'Integrità del sigillo' }, relationships: { equipmentFamilyId: familyId } })).id;
    // Not mandatory: never holds the closing back.
    await adminCreate('controls', { attributes: { code: 'C3', name: 'Cartello visibile', isMandatory: false }, relationships: { equipmentFamilyId: familyId } });
    activityId = (await adminCreate('activities', { attributes: { code: 'SORV-C', name: 'Sorveglianza', module: 'fire' } })).id;
  });
  afterAll(() => api?.close());

  /** A running intervention of `operators` with two activities on two extinguishers. */
  async function runningIntervention(operators: string[] = [technicianId]) {
    n += 1;
    let assignment = await adminCreate('assignments', {
      attributes: { code: `INT-C-${n}`, module: 'fire', plannedStartDateTime: '2026-06-15T07:00:00.000Z' },
      relationships: { customerId, operatorIds: operators, operatorInChargeId: operators[0] },
    });
    const activities = [];
    for (const code of [`EC-${n}-A`, `EC-${n}-B`]) {
      const equipment = await adminCreate('equipments', { attributes: { equipmentId: code, module: 'fire' }, relationships: { customerId, equipmentFamilyId: familyId } });
      activities.push(await adminCreate('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId, equipmentId: equipment.id } }));
    }
    for (const action of ['schedule', 'start']) {
      const moved = await as(api.adminId).request('POST', `/api/assignments/${assignment.id as string}/actions/${action}`, { lastUpdatedDateTime: assignment.metadata.lastUpdatedDateTime });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      assignment = moved.body.data;
    }
    return { assignment, activities };
  }

  const record = (userId: string, activity: { id: string; relationships: Record<string, unknown> }, controlId: string, passed = true) =>
    as(userId).request('POST', '/api/checks', {
      attributes: { result: passed, passed, checkedDateTime: '2026-06-15T08:00:00.000Z' },
      relationships: { controlId, assignmentActivityId: activity.id, equipmentId: activity.relationships.equipmentId },
    });
  const act = async (userId: string, type: string, id: string, action: string) => {
    const current = (await as(userId).request('GET', `/api/${type}/${id}`)).body.data;
    return as(userId).request('POST', `/api/${type}/${id}/actions/${action}`, { lastUpdatedDateTime: current.metadata.lastUpdatedDateTime });
  };
  const patch = async (userId: string, type: string, id: string, body: unknown) => {
    const current = (await as(userId).request('GET', `/api/${type}/${id}`)).body.data;
    return as(userId).request('PATCH', `/api/${type}/${id}`, body, { 'content-type': 'application/merge-patch+json', 'if-match': `"${current.metadata.lastUpdatedDateTime as string}"` });
  };
  const refusalsOf = async (userId: string, type: string, id: string) => {
    const response = await as(userId).request('GET', `/api/${type}/${id}/actions`);
    expect(response.status).toBe(200);
    return Object.fromEntries(response.body.data.map((a: { action: string; refusal: { code: string; message: string } | null }) => [a.action, a.refusal]));
  };

  it('refuses the close while a mandatory control is unrecorded, with a code and the Italian list of what is missing', async () => {
    const { assignment, activities } = await runningIntervention();
    const [first, second] = activities;
    expect((await record(technicianId, first, pressureId)).status).toBe(201);
    expect((await record(technicianId, first, sealId)).status).toBe(201);
    expect((await record(technicianId, second, pressureId)).status).toBe(201);
    const missing = `Sorveglianza (EC-${n}-B): C2 – Integrità del sigillo`;

    // The screen's actions say it before any attempt: the same refusal the close answers.
    const actions = await refusalsOf(technicianId, 'assignments', assignment.id);
    expect(actions.close).toMatchObject({ code: 'MANDATORY_CONTROLS_UNRECORDED' });
    expect(actions.close.message).toContain(missing);
    expect(actions.closeWithAnomalies).toMatchObject({ code: 'MANDATORY_CONTROLS_UNRECORDED' });

    const refused = await act(technicianId, 'assignments', assignment.id, 'close');
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body.code).toBe('MANDATORY_CONTROLS_UNRECORDED');
    expect(refused.body.message).toBe(`Controlli obbligatori non registrati – ${missing}. Registrarli, oppure segnare l’attività «non eseguibile» indicando il motivo`);
    expect((await as(api.adminId).request('GET', `/api/assignments/${assignment.id as string}`)).body.data.attributes.state).toBe('running');

    // Closing the activity alone is refused the same way (no way round the rule).
    const activityRefused = await act(technicianId, 'assignmentActivities', second.id, 'close');
    expect(activityRefused.status).toBe(409);
    expect(activityRefused.body).toMatchObject({ code: 'MANDATORY_CONTROLS_UNRECORDED' });

    // Recorded (a failed check counts as recorded): the plain close goes through.
    expect((await record(technicianId, second, sealId)).status).toBe(201);
    expect((await refusalsOf(technicianId, 'assignments', assignment.id)).close).toBeNull();
    const closed = await act(technicianId, 'assignments', assignment.id, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.attributes.state).toBe('closed');
  });

  it('«non eseguibile» needs its reason; with it the activity no longer holds the close back, and the report prints it', async () => {
    const { assignment, activities } = await runningIntervention();
    const [done, skipped] = activities;
    expect((await record(technicianId, done, pressureId)).status).toBe(201);
    expect((await record(technicianId, done, sealId)).status).toBe(201);

    // Without a reason: refused, the field named.
    for (const reason of [undefined, '', '   ']) {
      const refused = await patch(technicianId, 'assignmentActivities', skipped.id, { attributes: { notExecutable: true, ...(reason === undefined ? {} : { notExecutableReason: reason }) } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.errors).toEqual([{ pointer: '/attributes/notExecutableReason', code: 'notExecutableReasonRequired', message: 'Indicare il motivo per cui l’attività non è eseguibile' }]);
    }
    expect((await act(technicianId, 'assignments', assignment.id, 'close')).body.code).toBe('MANDATORY_CONTROLS_UNRECORDED');

    const marked = await patch(technicianId, 'assignmentActivities', skipped.id, { attributes: { notExecutable: true, notExecutableReason: 'Estintore non accessibile: locale chiuso a chiave' } });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const closed = await act(technicianId, 'assignments', assignment.id, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const response = await api.app.inject({ method: 'GET', url: `/api/assignments/${assignment.id as string}/document`, headers: { authorization: `Bearer ${await api.token(technicianId)}` } });
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Non eseguibile: Estintore non accessibile: locale chiuso a chiave');
    // One activity was done, the other not: «Eseguita» is printed once, for the done one only.
    expect(text.match(/Eseguita/g) ?? []).toHaveLength(1);
  });

  it('a postponed activity is work deferred: its controls do not hold the close back', async () => {
    const { assignment, activities } = await runningIntervention();
    const [done, deferred] = activities;
    for (const control of [pressureId, sealId]) expect((await record(technicianId, done, control)).status).toBe(201);
    expect((await act(technicianId, 'assignments', assignment.id, 'close')).body.code).toBe('MANDATORY_CONTROLS_UNRECORDED');
    expect((await act(technicianId, 'assignmentActivities', deferred.id, 'postpone')).status).toBe(200);
    const closed = await act(technicianId, 'assignments', assignment.id, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  });

  it('a closed intervention keeps its content: only its notes change until it is reopened', async () => {
    const { assignment, activities } = await runningIntervention();
    for (const activity of activities) for (const control of [pressureId, sealId]) expect((await record(technicianId, activity, control)).status).toBe(201);
    expect((await act(technicianId, 'assignments', assignment.id, 'close')).status).toBe(200);
    const refused = await patch(technicianId, 'assignments', assignment.id, { attributes: { title: 'Cambiato dopo la chiusura' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STATE_LOCKED', message: 'Intervento: non modificabile nello stato «Chiuso»: si possono cambiare solo le note (Riapri per modificare il resto)' });
    expect((await patch(technicianId, 'assignments', assignment.id, { attributes: { notes: 'Cliente avvisato' } })).status).toBe(200);
    expect((await act(technicianId, 'assignments', assignment.id, 'reopen')).status).toBe(200);
    expect((await patch(technicianId, 'assignments', assignment.id, { attributes: { title: 'Cambiato dopo la riapertura' } })).status).toBe(200);
  });

  it('the Operatore records a check on an intervention it is an operator of, and is refused on another’s', async () => {
    const own = await runningIntervention([operatorId]);
    const recorded = await record(operatorId, own.activities[0], pressureId, false);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    // A recorded check stays as recorded: checked again, it is a new check (the latest counts).
    expect((await patch(operatorId, 'checks', recorded.body.data.id, { attributes: { notes: 'Lancetta in zona rossa' } })).status).toBe(403);
    expect((await record(operatorId, own.activities[0], pressureId, true)).status).toBe(201);

    const others = await runningIntervention([otherOperatorId]);
    const refused = await record(operatorId, others.activities[0], pressureId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Puoi registrare verifiche solo sugli interventi di cui sei operatore',
      errors: [{ pointer: '/relationships/assignmentActivityId', code: 'recordChecksNotAllowed', message: 'Puoi registrare verifiche solo sugli interventi di cui sei operatore' }],
    });
    // Controls share the checks' subject: the Operatore still may not add one to the catalogue.
    expect((await as(operatorId).request('POST', '/api/controls', { attributes: { code: 'C9', name: 'Nuovo' }, relationships: { equipmentFamilyId: familyId } })).status).toBe(403);
    // It does the intervention's work (`workOn`, granted by `recordChecks`): the close is refused while
    // a mandatory control is unrecorded, then goes through; it may still change none of its fields,
    // and may not close another's.
    expect((await patch(operatorId, 'assignments', own.assignment.id, { attributes: { title: 'Cambiato dall’operatore' } })).status).toBe(403);
    const early = await act(operatorId, 'assignments', own.assignment.id, 'close');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MANDATORY_CONTROLS_UNRECORDED');
    expect((await refusalsOf(operatorId, 'assignments', own.assignment.id)).close).toMatchObject({ code: 'MANDATORY_CONTROLS_UNRECORDED' });
    expect((await record(operatorId, own.activities[0], sealId)).status).toBe(201);
    for (const control of [pressureId, sealId]) expect((await record(operatorId, own.activities[1], control)).status).toBe(201);
    const closed = await act(operatorId, 'assignments', own.assignment.id, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.attributes.state).toBe('closed');
    expect((await act(operatorId, 'assignments', others.assignment.id, 'close')).status).toBe(403);
    // Reopening is the planner's, not part of the work.
    expect((await act(operatorId, 'assignments', own.assignment.id, 'reopen')).status).toBe(403);
  });

  it('the Operatore raises the anomaly of its failed check and closes with anomalies; never on another’s intervention', async () => {
    const raise = (userId: string, activity: { id: string; relationships: Record<string, unknown> }, checkId: string) =>
      as(userId).request('POST', '/api/anomalies', {
        attributes: { description: 'Manometro in zona rossa', risk: 'medium', detectedDateTime: '2026-06-15T08:05:00.000Z' },
        relationships: { customerId, equipmentId: activity.relationships.equipmentId, assignmentActivityId: activity.id, checkId },
      });
    const own = await runningIntervention([operatorId]);
    const failed = await record(operatorId, own.activities[0], pressureId, false);
    const anomaly = await raise(operatorId, own.activities[0], failed.body.data.id);
    expect(anomaly.status, JSON.stringify(anomaly.body)).toBe(201);
    // Without a check it is no anomaly of its work: its role does not create those.
    expect((await as(operatorId).request('POST', '/api/anomalies', { attributes: { description: 'Altro', risk: 'low', detectedDateTime: '2026-06-15T08:05:00.000Z' }, relationships: { customerId } })).status).toBe(403);

    const others = await runningIntervention([otherOperatorId]);
    const theirs = await record(technicianId, others.activities[0], pressureId, false);
    const refused = await raise(operatorId, others.activities[0], theirs.body.data.id);
    expect(refused.status).toBe(403);
    // A photo of its own check: the upload link and the check's photos are its to change; not on another's check.
    const link = (checkId: string) => as(operatorId).request('POST', '/api/media/uploads', { name: 'Manometro.png', mimeType: 'image/png', bytesCount: 68, owner: { type: 'checks', id: checkId } });
    const photo = await link(failed.body.data.id);
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect((await patch(operatorId, 'checks', failed.body.data.id, { attributes: { photos: [photo.body.data.id] } })).status).toBe(200);
    expect((await link(theirs.body.data.id)).status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', errors: [{ pointer: '/relationships/checkId', code: 'raiseAnomalyNotAllowed', message: 'Puoi segnalare anomalie solo sugli interventi di cui sei operatore' }] });

    for (const [activity, control] of [[own.activities[0], sealId], [own.activities[1], pressureId], [own.activities[1], sealId]] as const) {
      expect((await record(operatorId, activity, control)).status).toBe(201);
    }
    // An anomaly was found: the plain close is refused, the close with anomalies goes through.
    expect((await act(operatorId, 'assignments', own.assignment.id, 'close')).status).toBe(409);
    const closed = await act(operatorId, 'assignments', own.assignment.id, 'closeWithAnomalies');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.attributes.state).toBe('closed-with-anomalies');
  });

  it('staff read their colleagues’ names, and nothing else of users; a customer user reads none', async () => {
    const customerUser = await insertUser(api, [], { userType: 'customer', displayName: 'Cliente Gamma', customerId, allowedModules: ['fire'] });
    const leftUser = await insertUser(api, [], { displayName: 'Tecnico Uscito', isMainteiner: true, allowedModules: ['fire'] }, { isEnabled: false });
    const names = await as(operatorId).request('GET', `/api/users/names?ids=${technicianId},${otherOperatorId},${customerUser},${leftUser}`);
    expect(names.status, JSON.stringify(names.body)).toBe(200);
    // Only the staff among them (a disabled one too, marked), only id, name and whether enabled.
    expect(names.body.data).toEqual([
      { id: technicianId, displayName: 'Tecnico Prova', isEnabled: true },
      { id: otherOperatorId, displayName: 'Operatore Due', isEnabled: true },
      { id: leftUser, displayName: 'Tecnico Uscito', isEnabled: false },
    ]);
    // The users themselves stay unreadable to the Operatore.
    expect((await as(operatorId).request('GET', `/api/users/${technicianId}`)).status).toBe(403);
    expect((await as(operatorId).request('GET', '/api/users')).status).toBe(403);
    const refused = await as(customerUser).request('GET', `/api/users/names?ids=${technicianId}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'I nomi del personale sono riservati al personale' });
    const invalid = await as(operatorId).request('GET', '/api/users/names?ids=nope');
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([{ pointer: '/ids', code: 'invalidValue', message: 'Identificativo non valido: nope' }]);
    expect((await as(operatorId).request('GET', '/api/users/names')).body).toEqual({ data: [] });
  });
});
