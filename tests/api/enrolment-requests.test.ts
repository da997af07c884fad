/**
 * Enrolment requests (issue 26 §6): from the portal's training matrix a customer's user asks that one
 * of its own employees join an edition of a course (one chosen, or «la prossima disponibile»); not
 * another customer's employee. The training office accepts it — the employee becomes a participant of
 * the edition once, also when «Accetta» is replayed with its Idempotency-Key — and is refused when the
 * edition is full; or declines it with a reason the customer reads. The customer never decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { numericFiscalCode } from '../support/fiscal-code.ts';

describe.each(engines())('enrolment requests on %s', (engine) => {
  let api: Api;
  let cliente: string;
  let stranger: string;
  let operatore: string;
  let customerId: string;
  let otherId: string;
  let courseId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  let fiscal = 0;
  /** A valid 11-digit fiscal code, unique per call. */
  const fiscalCode = () => numericFiscalCode(20_000_000 + fiscal++);
  const employee = (customer: string, lastName: string) =>
    create('employees', { attributes: { firstName: 'Mario', lastName, fiscalCode: fiscalCode() }, relationships: { customerId: customer } });
  const edition = (startDate: string, capacity: number, customer: string | null = null, participants: string[] = []) =>
    create('courseEditions', {
      attributes: { startDate, endDate: startDate, capacity, participants: participants.map((employeeId) => ({ employeeId })) },
      relationships: { courseId, customerId: customer },
    });
  const ask = (userId: string, employeeId: string, customer: string, editionId: string | null = null, note = 'Nuovo assunto in reparto') =>
    api.as(userId).request('POST', '/api/enrolmentRequests', { attributes: { note }, relationships: { employeeId, customerId: customer, courseId, courseEditionId: editionId } });
  const act = async (userId: string, id: string, action: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const current = (await admin().request('GET', `/api/enrolmentRequests/${id}`)).body.data;
    return api.as(userId).request('POST', `/api/enrolmentRequests/${id}/actions/${action}`, body, { 'if-match': `"${current.metadata.lastUpdatedDateTime as string}"`, ...headers });
  };
  const participantsOf = async (editionId: string) =>
    ((await admin().request('GET', `/api/courseEditions/${editionId}`)).body.data.attributes.participants as { employeeId: string }[]).map((participant) => participant.employeeId);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Officine Iscrizioni Srl' } } })).id;
    otherId = (await create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    courseId = (await create('courses', { attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5 } })).id;
    cliente = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Giulia Cliente', customerId, allowedModules: ['edu'] });
    stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['edu'] });
    operatore = await insertUser(api, [roleIds.Operatore!], { allowedModules: ['edu'] });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('the customer asks for its own employee only, never the decision', async () => {
    const own = await employee(customerId, 'Rossi');
    const theirs = await employee(otherId, 'Verdi');
    // Another customer's employee: refused, by either customer id (a request is read through its employee,
    // which this user may not read: 403, saying nothing of it); the office, which reads both, is told why.
    expect((await ask(cliente, theirs.id, otherId)).status).toBe(403);
    expect((await ask(cliente, theirs.id, customerId)).status).toBe(403);
    const mismatched = await ask(api.adminId, theirs.id, customerId);
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.errors[0]).toMatchObject({ pointer: '/relationships/employeeId', code: 'wrongCustomer' });
    // An edition reserved to another customer is not offered.
    const reserved = await edition('2026-09-10', 5, otherId);
    const wrongEdition = await ask(cliente, own.id, customerId, reserved.id);
    expect(wrongEdition.status).toBe(422);
    // A decision sent by the customer is not kept.
    const sent = await api.as(cliente).request('POST', '/api/enrolmentRequests', {
      attributes: { note: 'Urgente', decisionReason: 'Accettata da me', enrolledStartDate: '2026-09-10' },
      relationships: { employeeId: own.id, customerId, courseId, enrolledEditionId: reserved.id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.attributes).toMatchObject({ state: 'requested', note: 'Urgente' });
    expect(sent.body.data.attributes.decisionReason ?? null).toBeNull();
    expect(sent.body.data.relationships.enrolledEditionId ?? null).toBeNull();
    expect(sent.body.data.attributes.enrolledStartDate ?? null).toBeNull();
    // The customer and staff without the ability may not decide.
    expect((await act(cliente, sent.body.data.id, 'accept')).status).toBe(403);
    expect((await act(operatore, sent.body.data.id, 'accept')).status).toBe(403);
    // Another customer's user reads nothing of it.
    expect((await api.as(stranger).request('GET', `/api/enrolmentRequests/${sent.body.data.id as string}`)).status).toBe(403);
    expect((await api.as(stranger).request('GET', '/api/enrolmentRequests')).body.data).toHaveLength(0);
    expect((await api.as(cliente).request('GET', '/api/enrolmentRequests')).body.data.map((row: { id: string }) => row.id)).toContain(sent.body.data.id);
  });

  it('accepted: the employee joins the edition once, idempotent with Idempotency-Key; a full edition is refused', async () => {
    const worker = await employee(customerId, 'Bianchi');
    const chosen = await edition('2026-10-01', 2, customerId);
    const sent = await ask(cliente, worker.id, customerId, chosen.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = String(sent.body.data.id);
    const key = { 'idempotency-key': `accetta-${id}` };
    const accepted = await act(api.adminId, id, 'accept', {}, key);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.attributes.state).toBe('accepted');
    expect(accepted.body.data.relationships).toMatchObject({ enrolledEditionId: chosen.id, decidedById: api.adminId });
    expect(await participantsOf(chosen.id)).toEqual([worker.id]);
    // Replayed with the same key: the same answer, no second participant.
    const replayed = await api.as(api.adminId).request('POST', `/api/enrolmentRequests/${id}/actions/accept`, {}, { 'if-match': `"${sent.body.data.metadata.lastUpdatedDateTime as string}"`, ...key });
    expect(replayed.status).toBe(200);
    expect(replayed.body.data.relationships.enrolledEditionId).toBe(chosen.id);
    expect(await participantsOf(chosen.id)).toEqual([worker.id]);
    // Without the key: no longer waiting.
    expect((await act(api.adminId, id, 'accept')).status).toBe(409);
    // The customer reads the outcome and the edition's first day (it may not read the edition itself).
    expect((await api.as(cliente).request('GET', `/api/enrolmentRequests/${id}`)).body.data.attributes).toMatchObject({ state: 'accepted', enrolledStartDate: '2026-10-01' });
    expect((await api.as(cliente).request('GET', `/api/courseEditions/${chosen.id as string}`)).status).toBe(403);

    // A full edition: refused, the request stays waiting.
    const others = [await employee(customerId, 'Neri'), await employee(customerId, 'Gialli')];
    const full = await edition('2026-10-15', 1, customerId, [others[0]!.id]);
    const late = await ask(cliente, others[1]!.id, customerId, full.id);
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const refused = await act(api.adminId, late.body.data.id, 'accept');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('EDITION_FULL');
    expect(await participantsOf(full.id)).toEqual([others[0]!.id]);
    expect((await admin().request('GET', `/api/enrolmentRequests/${late.body.data.id as string}`)).body.data.attributes.state).toBe('requested');
  });

  it('«la prossima disponibile»: the next planned edition with a free place', async () => {
    const course = (await create('courses', { attributes: { code: 'PS-B', title: 'Primo soccorso gruppo B', durationHours: 12, validityYears: 3 } })).id;
    const worker = await employee(customerId, 'Marroni');
    const filler = await employee(customerId, 'Azzurri');
    const make = (startDate: string, capacity: number, participants: string[] = []) =>
      create('courseEditions', { attributes: { startDate, endDate: startDate, capacity, participants: participants.map((employeeId) => ({ employeeId })) }, relationships: { courseId: course } });
    await make('2026-09-01', 1, [filler.id]);
    const later = await make('2026-09-20', 5);
    await make('2026-11-20', 5);
    const sent = await api.as(cliente).request('POST', '/api/enrolmentRequests', { attributes: {}, relationships: { employeeId: worker.id, customerId, courseId: course } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const accepted = await act(api.adminId, sent.body.data.id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.relationships.enrolledEditionId).toBe(later.id);
    expect(await participantsOf(later.id)).toEqual([worker.id]);
  });

  it('the next editions the portal offers: planned, from today, open to the customer, with a free place; days, place and places left only', async () => {
    const course = (await create('courses', { attributes: { code: 'RLS', title: 'Rappresentante dei lavoratori per la sicurezza', durationHours: 32, validityYears: 1 } })).id;
    const site = await create('trainingSites', { attributes: { name: 'Centro formazione Nord', address: { city: 'Monza' } } });
    const seated = await employee(customerId, 'Seduto');
    const make = (startDate: string, capacity: number, extra: { customer?: string; participants?: string[]; siteId?: string } = {}) =>
      create('courseEditions', {
        attributes: { startDate, endDate: startDate, capacity, participants: (extra.participants ?? []).map((employeeId) => ({ employeeId })) },
        relationships: { courseId: course, customerId: extra.customer ?? null, trainingSiteId: extra.siteId ?? null },
      });
    await make('2026-06-01', 10); // before today (2026-06-15)
    await make('2026-07-01', 1, { participants: [seated.id] }); // full
    const theirs = await make('2026-07-02', 10, { customer: otherId }); // another customer's
    const later = await make('2026-09-10', 12, { participants: [seated.id] });
    const own = await make('2026-07-20', 8, { customer: customerId, siteId: site.id });
    const today = await make('2026-06-15', 5);
    const url = (customer: string, courseIdOf = course) => `/api/customers/${customer}/nextEditions?courseId=${courseIdOf}`;

    const answer = await api.as(cliente).request('GET', url(customerId));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.meta).toMatchObject({ today: '2026-06-15', limit: 10 });
    expect(answer.body.data).toEqual([
      { id: today.id, startDate: '2026-06-15', endDate: '2026-06-15', siteName: '', city: '', seatsLeft: 5 },
      { id: own.id, startDate: '2026-07-20', endDate: '2026-07-20', siteName: 'Centro formazione Nord', city: 'Monza', seatsLeft: 8 },
      { id: later.id, startDate: '2026-09-10', endDate: '2026-09-10', siteName: '', city: '', seatsLeft: 11 },
    ]);
    // The office that may ask for the customer reads the same.
    expect((await admin().request('GET', url(customerId))).body.data.map((row: { id: string }) => row.id)).toEqual([today.id, own.id, later.id]);
    // Another customer's user: never this customer's; for its own, the editions open to several and its own, never this customer's.
    expect((await api.as(stranger).request('GET', url(customerId))).status).toBe(403);
    const strangers = await api.as(stranger).request('GET', url(otherId));
    expect(strangers.status).toBe(200);
    expect(strangers.body.data.map((row: { id: string }) => row.id)).toEqual([today.id, theirs.id, later.id]);
    // Staff who may not ask an enrolment (the Operatore) read nothing of it.
    expect((await api.as(operatore).request('GET', url(customerId))).status).toBe(403);
    // An unknown course: 404 with its Italian text.
    const unknown = await api.as(cliente).request('GET', url(customerId, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail ?? unknown.body.message).toMatch(/Corso non trovato/);
    // No course, or not an id: 422 saying what is missing.
    const noCourse = await api.as(cliente).request('GET', `/api/customers/${customerId}/nextEditions`);
    expect(noCourse.status).toBe(422);
    expect(noCourse.body.errors[0]).toMatchObject({ pointer: '/courseId', code: 'invalid' });
    expect((await api.as(cliente).request('GET', url(customerId, 'nessuno'))).status).toBe(422);
  });

  it('the office changes the edition asked for while the request waits (another open one only), then «Accetta» enrols there', async () => {
    const worker = await employee(customerId, 'Celesti');
    const asked = await edition('2026-11-05', 4, customerId);
    const chosenByOffice = await edition('2026-11-12', 4);
    const reserved = await edition('2026-11-19', 4, otherId);
    const sent = await ask(cliente, worker.id, customerId, asked.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = String(sent.body.data.id);
    const change = async (editionId: string) => {
      const current = (await admin().request('GET', `/api/enrolmentRequests/${id}`)).body.data;
      return admin().request('PATCH', `/api/enrolmentRequests/${id}`, { relationships: { courseEditionId: editionId } }, { 'if-match': `"${current.metadata.lastUpdatedDateTime as string}"` });
    };
    // An edition reserved to another customer: refused, the request keeps its own.
    const wrong = await change(reserved.id);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ pointer: '/relationships/courseEditionId', code: 'editionNotOpen' });
    const changed = await change(chosenByOffice.id);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const accepted = await act(api.adminId, id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.relationships.enrolledEditionId).toBe(chosenByOffice.id);
    expect(accepted.body.data.attributes.enrolledStartDate).toBe('2026-11-12');
    expect(await participantsOf(chosenByOffice.id)).toEqual([worker.id]);
    expect(await participantsOf(asked.id)).toEqual([]);
  });

  it('declined: a reason is required and the customer reads it', async () => {
    const worker = await employee(customerId, 'Viola');
    const sent = await ask(cliente, worker.id, customerId);
    const id = String(sent.body.data.id);
    const noReason = await act(api.adminId, id, 'decline');
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors[0]).toMatchObject({ pointer: '/message', code: 'required' });
    const declined = await act(api.adminId, id, 'decline', { message: 'Il dipendente ha già l’attestato valido' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const seen = await api.as(cliente).request('GET', `/api/enrolmentRequests/${id}`);
    expect(seen.body.data.attributes).toMatchObject({ state: 'declined', decisionReason: 'Il dipendente ha già l’attestato valido' });
    // Declined, the customer may ask again.
    expect((await ask(cliente, worker.id, customerId)).status).toBe(201);
  });
});
