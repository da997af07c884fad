/**
 * Issue 25, the server makes retries safe: `Idempotency-Key` on every write (create, PATCH,
 * DELETE, action) replays the first answer and writes once; the same key with another request is
 * refused, a key still running is busy, a refusal frees the key; keys are each user's own.
 * `PUT /api/{type}/{id}` with `If-None-Match: *` creates under the client's id once (201, then 412).
 * A stale version on disjoint fields: the client reads the current record and re-sends its patch.
 * A check's device date ahead of the server's clock is refused. On both engines.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/business-day.ts';
import { requestHash } from '../../src/server/idempotency/idempotency-store.ts';
import { WRITE_OPERATION } from '../../src/server/idempotency/idempotent-writes.ts';
import { engines, insertUser, setupApi, TODAY, type Api } from './setup.ts';

describe.each(engines())('retry safety on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let otherAdminId: string;
  let technicianId: string;
  let n = 0;

  const as = (userId: string) => api.as(userId);
  const admin = () => as(api.adminId);
  const keyed = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers });
  const ifMatch = (entity: { metadata: { lastUpdatedDateTime: string } }) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const mergePatch = { 'content-type': 'application/merge-patch+json' };
  const adminCreate = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const historyOf = async (type: string, id: string) => (await admin().request('GET', `/api/${type}/${id}/history`)).body.data as unknown[];
  const customersNamed = async (name: string) =>
    (await sql<{ id: string }>`SELECT id FROM customers WHERE attributes->'registry'->>'businessName' = ${name}`.execute(api.database.db)).rows;
  const newAssignment = async () => {
    n += 1;
    return adminCreate('assignments', { attributes: { code: `INT-R-${n}`, module: 'fire', title: 'Sorveglianza', plannedStartDateTime: '2026-06-15T07:00:00.000Z' }, relationships: { customerId, operatorIds: [technicianId], operatorInChargeId: technicianId } });
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    otherAdminId = await insertUser(api, [api.adminRoleId], { displayName: 'Seconda Amministratrice' });
    technicianId = await insertUser(api, [api.adminRoleId], { displayName: 'Tecnico Prova', isMainteiner: true, allowedModules: ['fire'] });
    customerId = (await adminCreate('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Riprova Srl' } } })).id;
  });
  afterAll(() => api?.close());

  it('a create retried with the same key answers the first 201 (status, body, ETag, Location) and makes one record', async () => {
    const key = randomUUID();
    const name = `Una Volta ${randomUUID().slice(0, 8)}`;
    const body = { attributes: { allowedModules: ['fire'], registry: { businessName: name } } };
    const first = await admin().request('POST', '/api/customers', body, keyed(key));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await admin().request('POST', '/api/customers', body, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await customersNamed(name)).toHaveLength(1);
    expect(await historyOf('customers', first.body.data.id)).toHaveLength(1);
  });

  it('the same key with another body is refused (422 IDEMPOTENCY_KEY_REUSED, in Italian) and writes nothing', async () => {
    const key = randomUUID();
    const name = `Prima ${randomUUID().slice(0, 8)}`;
    expect((await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name } } }, keyed(key))).status).toBe(201);
    const other = `Seconda ${randomUUID().slice(0, 8)}`;
    const refused = await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: other } } }, keyed(key));
    expect(refused.status).toBe(422);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(/chiave di idempotenza è già stata usata/) });
    expect(await customersNamed(other)).toEqual([]);
    // A malformed key is a 400 with a code, never a 500.
    const malformed = await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: other } } }, keyed('corta'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('BAD_REQUEST');
  });

  it('a PATCH retried with the same key replays its answer and records one change', async () => {
    const assignment = await newAssignment();
    const key = randomUUID();
    const patch = { attributes: { notes: 'Chiavi al portiere' } };
    const first = await admin().request('PATCH', `/api/assignments/${assignment.id}`, patch, keyed(key, { ...mergePatch, ...ifMatch(assignment) }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const historyAfterFirst = await historyOf('assignments', assignment.id);
    // The retry of a request whose answer was lost carries the same (now stale) version: replayed, not a 409.
    const again = await admin().request('PATCH', `/api/assignments/${assignment.id}`, patch, keyed(key, { ...mergePatch, ...ifMatch(assignment) }));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await historyOf('assignments', assignment.id)).toHaveLength(historyAfterFirst.length);
    expect(historyAfterFirst).toHaveLength(2);
  });

  it('a DELETE and an action retried with the same key replay their answers and run once', async () => {
    const assignment = await newAssignment();
    const actionKey = randomUUID();
    const actionBody = { lastUpdatedDateTime: assignment.metadata.lastUpdatedDateTime };
    const scheduled = await admin().request('POST', `/api/assignments/${assignment.id}/actions/schedule`, actionBody, keyed(actionKey));
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const historyAfterAction = await historyOf('assignments', assignment.id);
    const actionAgain = await admin().request('POST', `/api/assignments/${assignment.id}/actions/schedule`, actionBody, keyed(actionKey));
    expect(actionAgain.status).toBe(200);
    expect(actionAgain.headers['idempotent-replayed']).toBe('true');
    expect(actionAgain.body).toEqual(scheduled.body);
    expect(await historyOf('assignments', assignment.id)).toHaveLength(historyAfterAction.length);

    const doomed = await adminCreate('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: `Da Eliminare ${randomUUID().slice(0, 8)}` } } });
    const deleteKey = randomUUID();
    const deleted = await admin().request('DELETE', `/api/customers/${doomed.id}`, undefined, keyed(deleteKey, ifMatch(doomed)));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const historyAfterDelete = await historyOf('customers', doomed.id);
    const deleteAgain = await admin().request('DELETE', `/api/customers/${doomed.id}`, undefined, keyed(deleteKey, ifMatch(doomed)));
    expect(deleteAgain.status).toBe(200);
    expect(deleteAgain.headers['idempotent-replayed']).toBe('true');
    expect(deleteAgain.body).toEqual(deleted.body);
    expect(await historyOf('customers', doomed.id)).toHaveLength(historyAfterDelete.length);
  });

  it('a refusal frees its key; a key still running is busy (409 IDEMPOTENCY_KEY_IN_USE)', async () => {
    const key = randomUUID();
    const name = `Corretta ${randomUUID().slice(0, 8)}`;
    const refused = await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name }, unknownField: 1 } }, keyed(key));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    const fixed = await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name } } }, keyed(key));
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();

    // A claim without an answer yet is what a request still running leaves.
    const busyKey = randomUUID();
    const body = { attributes: { allowedModules: ['fire'], registry: { businessName: `In Corso ${randomUUID().slice(0, 8)}` } } };
    const hash = requestHash({ method: 'POST', path: '/api/customers', body });
    await sql`INSERT INTO idempotency_keys (user_id, operation, key, request_hash, expires_at)
      VALUES (${api.adminId}::uuid, ${WRITE_OPERATION}, ${busyKey}, ${hash}, now() + interval '1 day')`.execute(api.database.db);
    const busy = await admin().request('POST', '/api/customers', body, keyed(busyKey));
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', message: expect.stringMatching(/ancora in corso/) });
    expect(await customersNamed(body.attributes.registry.businessName)).toEqual([]);
  });

  it('keys are each user’s: user B with user A’s key and body makes its own record, never A’s answer', async () => {
    const key = randomUUID();
    const name = `Di Chi ${randomUUID().slice(0, 8)}`;
    const body = { attributes: { allowedModules: ['fire'], registry: { businessName: name } } };
    const fromA = await admin().request('POST', '/api/customers', body, keyed(key));
    const fromB = await as(otherAdminId).request('POST', '/api/customers', body, keyed(key));
    expect(fromA.status).toBe(201);
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(201);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.body.data.id).not.toBe(fromA.body.data.id);
    expect(fromB.body.data.metadata.createdBy).toBe(otherAdminId);
    expect(await customersNamed(name)).toHaveLength(2);
  });

  it('PUT with If-None-Match: * creates under the client’s id: 201 the first time, 412 after (deleted too)', async () => {
    const id = randomUUID();
    const body = { attributes: { allowedModules: ['fire'], registry: { businessName: `Dal Dispositivo ${id.slice(0, 8)}` } } };
    const withoutPrecondition = await admin().request('PUT', `/api/customers/${id}`, body);
    expect(withoutPrecondition.status).toBe(428);
    expect(withoutPrecondition.body).toMatchObject({ code: 'PRECONDITION_REQUIRED', message: expect.stringMatching(/If-None-Match: \*/) });
    const created = await admin().request('PUT', `/api/customers/${id}`, body, { 'if-none-match': '*' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.id).toBe(id);
    expect(created.headers.location).toBe(`/api/customers/${id}`);
    expect(created.headers.etag).toBe(`"${created.body.data.metadata.lastUpdatedDateTime}"`);
    expect(await historyOf('customers', id)).toHaveLength(1);
    const twice = await admin().request('PUT', `/api/customers/${id}`, body, { 'if-none-match': '*' });
    expect(twice.status).toBe(412);
    expect(twice.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(twice.body).toMatchObject({ code: 'RECORD_EXISTS', message: expect.stringMatching(/Esiste già/) });

    expect((await admin().request('DELETE', `/api/customers/${id}`, undefined, ifMatch(created.body.data))).status).toBe(200);
    expect((await admin().request('PUT', `/api/customers/${id}`, body, { 'if-none-match': '*' })).status).toBe(412);

    const notUuid = await admin().request('PUT', '/api/customers/non-un-uuid', body, { 'if-none-match': '*' });
    expect(notUuid.status).toBe(422);
    expect(notUuid.body.errors).toEqual([expect.objectContaining({ pointer: '/id', code: 'invalidId' })]);
    // The same validation as POST.
    const invalid = await admin().request('PUT', `/api/customers/${randomUUID()}`, { attributes: { allowedModules: ['fire'], registry: {} } }, { 'if-none-match': '*' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    // And the same abilities: a user without them is refused before learning whether the id is taken.
    const reader = await insertUser(api, [], { displayName: 'Senza Ruoli' });
    expect((await as(reader).request('PUT', `/api/customers/${id}`, body, { 'if-none-match': '*' })).status).toBe(403);
  });

  it('PUT-create retried with the same key replays the 201 instead of answering 412', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const body = { attributes: { allowedModules: ['fire'], registry: { businessName: `Offline ${id.slice(0, 8)}` } } };
    const first = await admin().request('PUT', `/api/customers/${id}`, body, keyed(key, { 'if-none-match': '*' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await admin().request('PUT', `/api/customers/${id}`, body, keyed(key, { 'if-none-match': '*' }));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('a stale version on disjoint fields: 409, then the client reads the current record and re-sends its patch on it', async () => {
    const base = await newAssignment();
    const office = await admin().request('PATCH', `/api/assignments/${base.id}`, { attributes: { title: 'Sorveglianza semestrale' } }, { ...mergePatch, ...ifMatch(base) });
    expect(office.status).toBe(200);
    const mine = { attributes: { notes: 'Estintore spostato al piano -1' } };
    const stale = await as(otherAdminId).request('PATCH', `/api/assignments/${base.id}`, mine, { ...mergePatch, ...ifMatch(base) });
    expect(stale.status).toBe(409);
    const current = (await as(otherAdminId).request('GET', `/api/assignments/${base.id}`)).body.data;
    const merged = await as(otherAdminId).request('PATCH', `/api/assignments/${base.id}`, mine, { ...mergePatch, ...ifMatch(current) });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.data.attributes).toMatchObject({ title: 'Sorveglianza semestrale', notes: 'Estintore spostato al piano -1' });
  });

  it('a check dated by a device clock ahead of the server’s is refused; its device date is kept otherwise', async () => {
    const familyId = (await adminCreate('equipmentFamilies', { attributes: { code: 'EST-R', name: 'Estintore a polvere', module: 'fire' } })).id;
    const controlId = (await adminCreate('controls', { attributes: { code: 'R1', name: 'Pressione' }, relationships: { equipmentFamilyId: familyId } })).id;
    const activityId = (await adminCreate('activities', { attributes: { code: 'SORV-R', name: 'Sorveglianza', module: 'fire' } })).id;
    const assignment = await newAssignment();
    const equipment = await adminCreate('equipments', { attributes: { equipmentId: 'ER-1', module: 'fire' }, relationships: { customerId, equipmentFamilyId: familyId } });
    const row = await adminCreate('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId, equipmentId: equipment.id } });
    const check = (checkedDateTime: string) => ({
      attributes: { result: true, passed: true, checkedDateTime },
      relationships: { controlId, assignmentActivityId: row.id, equipmentId: equipment.id },
    });
    const inAnHour = new Date(Date.now() + 60 * 60_000).toISOString();
    const refused = await admin().request('POST', '/api/checks', check(inAnHour));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CLOCK_IN_FUTURE', message: expect.stringMatching(/nel futuro rispetto all’orologio del server/) });
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/checkedDateTime', code: 'clockInFuture' })]);
    // Within the tolerance (5 minutes by default) a slightly fast clock is accepted.
    const fast = await admin().request('POST', '/api/checks', check(new Date(Date.now() + 60_000).toISOString()));
    expect(fast.status, JSON.stringify(fast.body)).toBe(201);
    // A check made offline two days ago keeps the device's time as its date.
    const offline = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();
    const recorded = await admin().request('PUT', `/api/checks/${randomUUID()}`, check(offline), { 'if-none-match': '*' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.data.attributes.checkedDateTime).toBe(offline);
    // Moving it into the future later is refused too.
    const moved = await admin().request('PATCH', `/api/checks/${recorded.body.data.id}`, { attributes: { checkedDateTime: inAnHour } }, { ...mergePatch, ...ifMatch(recorded.body.data) });
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe('CLOCK_IN_FUTURE');
  });

  it('a transition sent later from an offline queue keeps the device\'s time: the intervention\'s actual start and end', async () => {
    const act = async (entity: any, action: string, body: unknown) => admin().request('POST', `/api/assignments/${entity.id as string}/actions/${action}`, body, ifMatch(entity));
    let assignment = await newAssignment();
    assignment = (await act(assignment, 'schedule', {})).body.data;
    // A time in the future, or not a date-time, is refused and changes nothing.
    const future = await act(assignment, 'start', { performedDateTime: new Date(Date.now() + 60 * 60_000).toISOString() });
    expect(future.status).toBe(422);
    expect(future.body.code).toBe('CLOCK_IN_FUTURE');
    expect(future.body.errors).toEqual([expect.objectContaining({ pointer: '/performedDateTime', code: 'clockInFuture' })]);
    const garbled = await act(assignment, 'start', { performedDateTime: 'ieri mattina' });
    expect(garbled.status).toBe(422);
    expect(garbled.body.errors).toEqual([expect.objectContaining({ pointer: '/performedDateTime', code: 'invalidDateTime' })]);
    // Started in the basement three hours ago, closed an hour ago: those are its times, not the sync's.
    const started = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const ended = new Date(Date.now() - 60 * 60_000).toISOString();
    const running = await act(assignment, 'start', { performedDateTime: started });
    expect(running.status, JSON.stringify(running.body)).toBe(200);
    expect(running.body.data.attributes).toMatchObject({ state: 'running', actualStartDateTime: started });
    const closed = await act(running.body.data, 'close', { performedDateTime: ended });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.attributes).toMatchObject({ state: 'closed', actualStartDateTime: started, actualEndDateTime: ended });
    // A device clock behind the one that dated the start: the end is not put before it, and the record stays writable.
    let behind = (await act(await newAssignment(), 'schedule', {})).body.data;
    behind = (await act(behind, 'start', { performedDateTime: started })).body.data;
    const early = (await act(behind, 'close', { performedDateTime: new Date(Date.parse(started) - 10 * 60_000).toISOString() })).body.data;
    expect(early.attributes.actualEndDateTime).toBe(started);
    const noted = await admin().request('PATCH', `/api/assignments/${early.id as string}`, { attributes: { notes: 'Chiuso in cantina' } }, { ...mergePatch, ...ifMatch(early) });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    // Without a time, the server's: an online start is dated now, on the business day (the one these tests pin).
    const other = (await act(await newAssignment(), 'schedule', {})).body.data;
    const now = await act(other, 'start', {});
    expect(businessDay(new Date(now.body.data.attributes.actualStartDateTime))).toBe(TODAY);
  });
});
