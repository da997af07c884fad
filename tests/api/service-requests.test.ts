/**
 * Service requests («chiamate», issue 26 §7): a customer's user opens one for its own customer only
 * (a site of its own, one of its modules, preferred slots on business days from today on); the office
 * confirms one slot with a technician, which plans one intervention for it (the planning board's
 * scheduled state, on the half day, with the request's text) — the same answer again with the same
 * Idempotency-Key, and no second intervention — or declines it with the reason the customer reads;
 * another customer never reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/business-day.ts';
import { nonWorkingDay, workingDaysAfter } from '../../src/domain/rules/calendar.ts';
import { romeInstant } from '../../src/domain/rules/planning.ts';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';

const businessDay = () => TODAY;

/** The next business days after the API's today. */
const nextBusinessDays = (count: number) => workingDaysAfter(businessDay(), count);

/** The next Saturday after today. */
function nextSaturday(): string {
  let day = addDays(businessDay(), 1);
  while (nonWorkingDay(day)?.reason !== 'saturday') day = addDays(day, 1);
  return day;
}

describe.each(engines())('service requests on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let siteId: string;
  let otherSiteId: string;
  let cliente: string;
  let stranger: string;
  let planner: string;
  let technician: string;
  const [first, second] = nextBusinessDays(2) as [string, string];

  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const requestBody = (overrides: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) => ({
    attributes: {
      description: 'L’estintore del magazzino è scarico',
      module: 'fire',
      preferredSlots: [{ date: first, period: 'morning' }, { date: second, period: 'afternoon' }],
      ...overrides,
    },
    relationships: { customerId, officeLocationId: siteId, ...relationships },
  });
  const open = async () => {
    const response = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody());
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const act = (userId: string, request: any, action: string, body: unknown, headers: Record<string, string> = {}) =>
    api.as(userId).request('POST', `/api/serviceRequests/${request.id as string}/actions/${action}`, body, { 'if-match': `"${request.metadata.lastUpdatedDateTime as string}"`, ...headers });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Officine Chiamata Srl' } } })).id;
    siteId = (await create('customers', { attributes: { parentId: customerId, allowedModules: ['fire'], registry: { businessName: 'Officine Chiamata Srl – Magazzino' } } })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    otherSiteId = (await create('customers', { attributes: { parentId: otherId, allowedModules: ['fire'], registry: { businessName: 'Altra Ditta Srl – Deposito' } } })).id;
    cliente = await insertUser(api, [roles.Cliente!], { userType: 'customer', displayName: 'Cliente Chiamata', customerId, allowedModules: ['fire'] });
    stranger = await insertUser(api, [roles.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['fire'] });
    planner = await insertUser(api, [roles.Pianificatore!], { displayName: 'Chiara Colombo', allowedModules: ['fire'] });
    technician = await insertUser(api, [roles.Manutentore!], { displayName: 'Giuseppe Esposito', isMainteiner: true, allowedModules: ['fire'] });
  });

  afterAll(async () => {
    await api?.close();
  });

  it('a customer’s user opens a request for its own customer, submitted, and reads it', async () => {
    const request = await open();
    expect(request.attributes.status).toBe('submitted');
    expect(request.relationships.customerId).toBe(customerId);
    const read = await api.as(cliente).request('GET', `/api/serviceRequests/${request.id as string}`);
    expect(read.status).toBe(200);
    const list = await api.as(cliente).request('GET', '/api/serviceRequests');
    expect(list.body.data.map((row: any) => row.id)).toContain(request.id);
  });

  it('refuses a request for another customer, another customer’s site, a module it lacks, or opened already confirmed', async () => {
    const forOther = await api.as(stranger).request('POST', '/api/serviceRequests', requestBody());
    expect(forOther.status).toBe(403);
    const otherSite = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({}, { officeLocationId: otherSiteId }));
    expect(otherSite.status).toBe(422);
    expect(otherSite.body.errors[0].pointer).toBe('/relationships/officeLocationId');
    const module = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({ module: 'med' }));
    expect(module.status).toBe(422);
    expect(module.body.errors[0].pointer).toBe('/attributes/module');
    const confirmed = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({ status: 'confirmed' }));
    expect(confirmed.status).toBe(422);
  });

  it('keeps what «Conferma» and «Rifiuta» set out of a client’s write', async () => {
    const sent = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody(
      { plannedStartDateTime: '2026-06-16T07:00:00.000Z', confirmedDate: first, declineReason: 'Scritto dal cliente' },
      { technicianId: technician },
    ));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.attributes.plannedStartDateTime ?? null).toBeNull();
    expect(sent.body.data.attributes.confirmedDate ?? null).toBeNull();
    expect(sent.body.data.attributes.declineReason ?? null).toBeNull();
    expect(sent.body.data.relationships.technicianId ?? null).toBeNull();
  });

  it('validates the preferred slots: one to three, business days, not in the past', async () => {
    const none = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({ preferredSlots: [] }));
    expect(none.status).toBe(422);
    const four = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({ preferredSlots: [first, second, first, second].map((date, i) => ({ date, period: i < 2 ? 'morning' : 'afternoon' })) }));
    expect(four.status).toBe(422);
    const past = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({ preferredSlots: [{ date: addDays(businessDay(), -3), period: 'morning' }] }));
    expect(past.status).toBe(422);
    expect(past.body.errors[0]).toMatchObject({ pointer: '/attributes/preferredSlots/0/date', code: 'invalidSlot' });
    const saturday = await api.as(cliente).request('POST', '/api/serviceRequests', requestBody({ preferredSlots: [{ date: nextSaturday(), period: 'afternoon' }] }));
    expect(saturday.status).toBe(422);
    expect(saturday.body.errors[0].message).toContain('non è un giorno lavorativo');
  });

  it('another customer never reads it: by id, list or history (refused, 403)', async () => {
    const request = await open();
    expect((await api.as(stranger).request('GET', `/api/serviceRequests/${request.id as string}`)).status).toBe(403);
    const list = await api.as(stranger).request('GET', '/api/serviceRequests');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect((await api.as(stranger).request('GET', `/api/serviceRequests/${request.id as string}/history`)).status).toBe(403);
  });

  it('the customer may not confirm or decline; the planner confirms a slot: one planned intervention, idempotent with Idempotency-Key', async () => {
    const request = await open();
    const body = { date: second, period: 'afternoon', technicianId: technician };
    expect((await act(cliente, request, 'confirm', body)).status).toBe(403);
    expect((await act(cliente, request, 'decline', { reason: 'Non serve più' })).status).toBe(403);

    const confirmed = await act(planner, request, 'confirm', body, { 'idempotency-key': `conferma-${request.id as string}` });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.attributes).toMatchObject({ status: 'confirmed', confirmedDate: second, confirmedPeriod: 'afternoon' });
    const assignmentId = confirmed.body.data.relationships.assignmentId as string;
    expect(assignmentId).toBeTruthy();

    const replayed = await act(planner, request, 'confirm', body, { 'idempotency-key': `conferma-${request.id as string}` });
    expect(replayed.status).toBe(200);
    expect(replayed.body.data.relationships.assignmentId).toBe(assignmentId);
    // Again without the key: the request is no longer submitted.
    const again = await act(planner, confirmed.body.data, 'confirm', body);
    expect(again.status).toBe(409);

    const assignments = await admin().request('GET', `/api/assignments?filter[customerId]=${customerId}`);
    expect(assignments.body.data).toHaveLength(1);
    const intervention = assignments.body.data[0];
    expect(intervention.id).toBe(assignmentId);
    expect(intervention.attributes).toMatchObject({ state: 'scheduled', module: 'fire', description: 'L’estintore del magazzino è scarico' });
    expect(intervention.attributes.plannedStartDateTime).toBe(romeInstant(second, 14 * 60));
    expect(intervention.relationships).toMatchObject({ customerId, officeLocationId: siteId, operatorIds: [technician], operatorInChargeId: technician });

    // The customer reads its confirmed request and the planned intervention; the request no longer changes.
    const seen = await api.as(cliente).request('GET', `/api/serviceRequests/${request.id as string}`);
    expect(seen.body.data.attributes.plannedStartDateTime).toBe(romeInstant(second, 14 * 60));
    expect((await api.as(cliente).request('GET', `/api/assignments/${assignmentId}`)).status).toBe(200);
    expect((await api.as(stranger).request('GET', `/api/assignments/${assignmentId}`)).status).toBe(403);
  });

  it('confirming refuses a day in the past or a holiday, and a customer’s user as the technician', async () => {
    const request = await open();
    const past = await act(planner, request, 'confirm', { date: addDays(businessDay(), -1), period: 'morning', technicianId: technician });
    expect(past.status).toBe(422);
    const notTechnician = await act(planner, request, 'confirm', { date: first, period: 'morning', technicianId: cliente });
    expect(notTechnician.status).toBe(422);
    expect(notTechnician.body.errors[0].pointer).toBe('/technicianId');
  });

  it('declining keeps the reason the customer reads, and plans nothing', async () => {
    const request = await open();
    const before = (await admin().request('GET', '/api/assignments')).body.data.length;
    const empty = await act(planner, request, 'decline', { reason: '  ' });
    expect(empty.status).toBe(422);
    const declined = await act(planner, request, 'decline', { reason: 'Verifica già prevista lunedì con la manutenzione ordinaria' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const seen = await api.as(cliente).request('GET', `/api/serviceRequests/${request.id as string}`);
    expect(seen.body.data.attributes).toMatchObject({ status: 'declined', declineReason: 'Verifica già prevista lunedì con la manutenzione ordinaria' });
    expect((await admin().request('GET', '/api/assignments')).body.data.length).toBe(before);
    const confirmAfter = await act(planner, seen.body.data, 'confirm', { date: first, period: 'morning', technicianId: technician });
    expect(confirmAfter.status).toBe(409);
  });

  it('the planner’s dashboard count: the requests still submitted (filter[status])', async () => {
    const waiting = await api.as(planner).request('GET', '/api/serviceRequests?filter[status]=submitted&page[size]=100');
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.length).toBeGreaterThan(0);
    expect(waiting.body.data.every((row: any) => row.attributes.status === 'submitted')).toBe(true);
    const all = await api.as(planner).request('GET', '/api/serviceRequests?page[size]=100');
    expect(all.body.data.some((row: any) => row.attributes.status !== 'submitted')).toBe(true);
  });
});
