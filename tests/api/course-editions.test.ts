/**
 * Course editions (issue 12 "Training"): the shared rules answered as field errors in Italian, the
 * rules that need other records (room at the site, the customer's employees, closed editions),
 * the state machine, and `issueCertificates`: one PDF per passed participant from the
 * course-certificate template, stored as the employee's file with the template's version,
 * downloadable, and never issued twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';
import { pdfText } from '../support/pdf-text.ts';
import { certificateTemplate } from '../../src/server/seed/generators/document-templates.ts';
import { isValidFiscalCode } from '../../src/domain/validation.ts';

/** A valid codice fiscale from its first 15 characters (the check letter found by the domain's own check). */
const withCheck = (head: string) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => head + c).find(isValidFiscalCode)!;
const fiscalCodes = ['RSSMRA85T10A562', 'VRDLGU90A01F205', 'BNCGNN80A41H501', 'NREPLA75C12L219'].map(withCheck);

describe.each(engines())('course editions on %s', (engine) => {
  let api: Api;
  let dir: string;
  let course: any;
  let customerId: string;
  let otherCustomerId: string;
  let site: any;
  let room: any;
  let otherRoom: any;
  let employees: any[];
  let stranger: any;
  let templateId: string;

  const problemPointers = (body: any) => (body.errors ?? []).map((e: any) => `${e.pointer} ${e.message}`);
  const newEdition = (over: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> } = {}) => api.post('/api/courseEditions', {
    attributes: { startDate: TODAY, endDate: TODAY, capacity: 3, ...over.attributes },
    relationships: { courseId: course.id, customerId, trainingRoomId: room.id, ...over.relationships },
  });
  const patch = async (entity: any, attributes: Record<string, unknown>) => api.patch(`/api/courseEditions/${entity.id}`, { attributes }, entity.metadata.lastUpdatedDateTime);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-editions-'));
    api = await setupApi(engine, { env: { MEDIA_DIR: dir } });
    // The training heading with its logo in the store (a 1×1 PNG), as the printed documents use it.
    const logo = await api.create('media', { attributes: { name: 'logo.png', type: 'picture', mimeType: 'image/png' } });
    fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'media', logo.id), Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    await api.create('reportHeadings', { attributes: { title: 'Attestati', companyName: 'Formazione Demo Srl', module: 'edu', isDefault: true }, relationships: { logoMediaId: logo.id } });
    templateId = (await api.create('templateDocs', { attributes: { type: 'courseCertificate', name: 'Attestato di formazione', body: certificateTemplate, isDefault: true } })).id;
    const base = await api.create('courses', { attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5 } });
    await api.create('courses', { attributes: { code: 'AGG-AI-L2', title: 'Aggiornamento addetto antincendio – livello 2', durationHours: 5, validityYears: 5, category: 'update' }, relationships: { baseCourseId: base.id } });
    course = base;
    customerId = (await api.create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Officine Brambilla Srl', city: 'Monza', province: 'MB' } } })).id;
    otherCustomerId = (await api.create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Altra Ditta Srl', city: 'Lodi', province: 'LO' } } })).id;
    site = await api.create('trainingSites', { attributes: { name: 'Centro formazione Milano', address: { city: 'Milano' } } });
    const otherSite = await api.create('trainingSites', { attributes: { name: 'Sede di Bergamo', address: { city: 'Bergamo' } } });
    room = await api.create('trainingRooms', { attributes: { name: 'Aula Volta', capacity: 3 }, relationships: { trainingSiteId: site.id } });
    otherRoom = await api.create('trainingRooms', { attributes: { name: 'Aula Galilei' }, relationships: { trainingSiteId: otherSite.id } });
    employees = [];
    for (const [n, [lastName, firstName]] of [['Rossi', 'Mario'], ['Verdi', 'Luigi'], ['Bianchi', 'Giovanna']].entries()) {
      employees.push(await api.create('employees', { attributes: { lastName, firstName, fiscalCode: fiscalCodes[n], birthDate: '1985-12-10', birthCity: 'Como', birthProvince: 'CO' }, relationships: { customerId } }));
    }
    stranger = await api.create('employees', { attributes: { lastName: 'Neri', firstName: 'Paola', fiscalCode: fiscalCodes[3] }, relationships: { customerId: otherCustomerId } });
  });
  afterAll(async () => {
    await api?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates an edition with its code, the site of its room and keys for its sessions', async () => {
    const answer = await newEdition({ attributes: { sessions: [{ date: TODAY, startTime: '09:00', endTime: '13:00' }] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const edition = answer.body.data;
    expect(edition.attributes.code).toMatch(/^ED-2026-\d{5}$/);
    expect(edition.attributes.state).toBe('planned');
    expect(edition.relationships.trainingSiteId).toBe(site.id);
    expect(edition.attributes.sessions[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a cancelled edition as it was: its state lock is the service’s (409 STATE_LOCKED), notes stay writable', async () => {
    const edition = (await newEdition({ attributes: { sessions: [{ date: TODAY, startTime: '09:00', endTime: '13:00' }] } })).body.data;
    const cancelled = (await api.act('courseEditions', edition, 'cancel')).body.data;
    expect(cancelled.attributes.state).toBe('cancelled');
    const capacity = await patch(cancelled, { capacity: 99 });
    expect(capacity.status, JSON.stringify(capacity.body)).toBe(409);
    expect(capacity.body.code).toBe('STATE_LOCKED');
    expect((await patch(cancelled, { notes: 'Annullata per maltempo' })).status).toBe(200);
  });

  it('answers the shared rules as Italian field errors: capacity, sessions within the dates, outcome only once closed', async () => {
    const four = [...employees, stranger].map((employee) => ({ employeeId: employee.id }));
    const over = await newEdition({ attributes: { capacity: 3, participants: four }, relationships: { customerId: null } });
    expect(over.status).toBe(422);
    expect(problemPointers(over.body)).toContain('/attributes/participants I partecipanti (4) superano la capienza dell’edizione (3)');
    const outside = await newEdition({ attributes: { sessions: [{ date: '2026-06-16', startTime: '09:00', endTime: '13:00' }] } });
    expect(outside.status).toBe(422);
    expect(problemPointers(outside.body)).toEqual(['/attributes/sessions/0/date La sessione deve cadere tra l’inizio e la fine dell’edizione']);
    const early = await newEdition({ attributes: { participants: [{ employeeId: employees[0].id, outcome: 'passed' }] } });
    expect(early.status).toBe(422);
    expect(problemPointers(early.body)).toEqual(['/attributes/participants/0/outcome L’esito si registra solo a edizione chiusa']);
  });

  it('checks what needs other records: the room at the site and its seats, the customer’s employees', async () => {
    const wrongRoom = await newEdition({ relationships: { trainingSiteId: site.id, trainingRoomId: otherRoom.id } });
    expect(wrongRoom.status).toBe(422);
    expect(problemPointers(wrongRoom.body)).toEqual(['/relationships/trainingRoomId L’aula non appartiene alla sede formativa scelta']);
    const seats = await newEdition({ attributes: { capacity: 4 } });
    expect(problemPointers(seats.body)).toEqual(['/attributes/capacity La capienza supera i posti dell’aula «Aula Volta» (3)']);
    const foreign = await newEdition({ attributes: { participants: [{ employeeId: stranger.id }] } });
    expect(problemPointers(foreign.body)).toEqual(['/attributes/participants/0/employeeId Neri Paola non è un dipendente del cliente dell’edizione']);
  });

  it('runs the Done-when flow: participants, attendance, closing, outcomes, certificates stored with the employees, once', async () => {
    let edition = (await newEdition({ attributes: { sessions: [{ date: TODAY, startTime: '09:00', endTime: '13:00' }, { date: TODAY, startTime: '14:00', endTime: '18:00' }] } })).body.data;
    const [morning, afternoon] = edition.attributes.sessions.map((s: any) => s.id);
    // Starting needs participants: the guard says why.
    const empty = await api.act('courseEditions', edition, 'start');
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('L’edizione non ha partecipanti');
    let saved = await patch(edition, { participants: employees.map((employee) => ({ employeeId: employee.id })) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    edition = saved.body.data;
    expect(edition.metadata.participantIds).toEqual(employees.map((e) => e.id));
    const listed = await api.get(`/api/courseEditions?filter[participantIds]=${employees[1].id}`);
    expect(listed.body.data.map((e: any) => e.id)).toContain(edition.id);
    edition = (await api.act('courseEditions', edition, 'start')).body.data;
    expect(edition.attributes.state).toBe('in-progress');
    saved = await patch(edition, { participants: [
      { employeeId: employees[0].id, presentSessionIds: [morning, afternoon] },
      { employeeId: employees[1].id, presentSessionIds: [morning, afternoon] },
      { employeeId: employees[2].id, presentSessionIds: [morning] },
    ] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    edition = (await api.act('courseEditions', saved.body.data, 'close')).body.data;
    expect(edition.attributes.state).toBe('closed');
    // Certificates before any outcome: nobody passed yet.
    const none = await api.act('courseEditions', edition, 'issueCertificates');
    expect(none.status).toBe(409);
    // Closed: the people and attendance stay, only outcomes change.
    const moved = await patch(edition, { participants: edition.attributes.participants.slice(0, 2) });
    expect(problemPointers(moved.body)).toEqual(['/attributes/participants A edizione chiusa si registrano solo gli esiti: partecipanti e presenze non cambiano']);
    const outcomes = ['passed', 'passed', 'failed'];
    saved = await patch(edition, { participants: edition.attributes.participants.map((p: any, i: number) => ({ ...p, outcome: outcomes[i] })) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A certificate id cannot be typed in: only one issued for that employee and edition.
    const forged = await patch(saved.body.data, { participants: saved.body.data.attributes.participants.map((p: any, i: number) => (i === 0 ? { ...p, certificateMediaId: templateId } : p)) });
    expect(problemPointers(forged.body)).toEqual(['/attributes/participants/0/certificateMediaId L’attestato non è di questo partecipante per questa edizione']);

    const issued = await api.act('courseEditions', saved.body.data, 'issueCertificates');
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.meta).toMatchObject({ issued: 2, alreadyIssued: 0 });
    edition = issued.body.data;
    const [first, second, third] = edition.attributes.participants;
    expect(first.certificateMediaId).toBeTruthy();
    expect(second.certificateMediaId).toBeTruthy();
    expect(third.certificateMediaId ?? null).toBeNull();

    const template = (await api.get(`/api/templateDocs/${templateId}`)).body.data;
    const media = (await api.get(`/api/media/${first.certificateMediaId}`)).body.data;
    expect(media.relationships).toMatchObject({ ownerType: 'employees', ownerId: employees[0].id, customerId });
    expect(media.attributes).toMatchObject({ mimeType: 'application/pdf', name: 'Attestato AI-L2 Rossi Mario.pdf' });
    expect(media.attributes.meta).toMatchObject({ courseEditionId: edition.id, courseId: course.id, templateDocId: templateId, templateVersion: template.metadata.lastUpdatedDateTime, validUntil: '2031-06-15' });
    const download = await api.get(`/api/media/${media.id}/download`);
    expect(download.status).toBe(302);
    const file = await api.app.inject({ method: 'GET', url: String(download.headers.location) });
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Rossi Mario');
    expect(text).toContain('Addetto antincendio – livello 2');
    expect(text).toContain('Esito della verifica: Superato');
    expect(text).toContain('Officine Brambilla Srl');
    expect(text).toContain('fino al 15/06/2031');
    expect(text).toContain('Formazione Demo Srl');
    expect(file.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // Again: nothing new, the same files.
    const again = await api.act('courseEditions', edition, 'issueCertificates');
    expect(again.status).toBe(200);
    expect(again.body.meta).toMatchObject({ issued: 0, alreadyIssued: 2 });
    const owned = await api.get(`/api/media?filter[ownerId]=${employees[0].id}`);
    expect(owned.body.data.map((m: any) => m.id)).toEqual([first.certificateMediaId]);
    const history = await api.get(`/api/courseEditions/${edition.id}/history`);
    expect(history.body.data[0].action).toBe('issueCertificates');
  });

  it('takes the trainer among the users and refuses an unknown one', async () => {
    const roleIds = await insertDemoRoles(api);
    const trainer = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Docente Formazione' });
    const created = await newEdition({ relationships: { trainerId: trainer } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const unknown = await newEdition({ relationships: { trainerId: customerId } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.map((e: any) => e.pointer)).toEqual(['/relationships/trainerId']);
  });
});
