/**
 * Safety-role compliance (issue 12): the training each safety role requires is data on the role
 * (`attributes.requirements`, with its norm, checked like any reference); `GET /api/employees/{id}/compliance`
 * and `GET /api/customers/{id}/compliance` answer, on the business day, valid until / expiring /
 * expired / missing per required training, for whoever may read the employee or the customer.
 * Migration 0011 turns the roles' old `requiredCourseIds` into requirements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { isValidFiscalCode } from '../../src/domain/validation.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { GENERAL_TRAINING_NORM, safetyRoleRequirementsMigration } from '../../src/server/db/migrations/0011-safety-role-requirements.ts';

const withCheck = (head: string) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => head + c).find(isValidFiscalCode)!;
const fiscalCodes = ['RSSMRA85T10A562', 'VRDLGU90A01F205', 'BNCGNN80A41H501', 'NREPLA75C12L219'].map(withCheck);

describe.each(engines())('safety-role compliance on %s', (engine) => {
  let api: Api;
  const courses: Record<string, any> = {};
  const roles: Record<string, any> = {};
  const people: Record<string, any> = {};
  let customerId: string;
  let otherCustomerId: string;
  let clientUser: string;

  // Signed in as the administrator (the customer's own user is signed in below).
  const admin = () => api.as(api.adminId);
  const get = (url: string) => admin().request('GET', url);
  const post = (url: string, body: unknown) => admin().request('POST', url, body);
  const create = async (type: string, body: unknown) => {
    const response = await post(`/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const act = (type: string, entity: any, action: string) => admin().request('POST', `/api/${type}/${entity.id}/actions/${action}`, undefined, { 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const patch = (url: string, body: unknown, version: string) => admin().request('PATCH', url, body, { 'if-match': `"${version}"` });

  /** A closed edition of `course` on `day` that `employees` passed. */
  async function passed(course: any, day: string, employees: any[], customer: string) {
    let edition = await create('courseEditions', {
      attributes: { startDate: day, endDate: day, capacity: 10, sessions: [{ date: day, startTime: '09:00', endTime: '13:00' }], participants: employees.map((e) => ({ employeeId: e.id })) },
      relationships: { courseId: course.id, customerId: customer },
    });
    const session = edition.attributes.sessions[0].id;
    edition = (await act('courseEditions', edition, 'start')).body.data;
    edition = (await patch(`/api/courseEditions/${edition.id}`, { attributes: { participants: employees.map((e) => ({ employeeId: e.id, presentSessionIds: [session] })) } }, edition.metadata.lastUpdatedDateTime)).body.data;
    edition = (await act('courseEditions', edition, 'close')).body.data;
    const done = await patch(`/api/courseEditions/${edition.id}`, { attributes: { participants: edition.attributes.participants.map((p: any) => ({ ...p, outcome: 'passed' })) } }, edition.metadata.lastUpdatedDateTime);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.data;
  }

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    const course = (code: string, title: string, extra: Record<string, unknown> = {}) => create('courses', { attributes: { code, title, durationHours: 8, ...extra } });
    courses.ai2 = await course('AI-L2', 'Addetto antincendio – livello 2', { validityYears: 5 });
    courses.aggAi2 = await create('courses', { attributes: { code: 'AGG-AI-L2', title: 'Aggiornamento antincendio – livello 2', durationHours: 5, validityYears: 5, category: 'update' }, relationships: { baseCourseId: courses.ai2.id } });
    courses.psBc = await course('PS-BC', 'Primo soccorso – gruppi B e C', { validityYears: 3 });
    courses.psA = await course('PS-A', 'Primo soccorso – gruppo A', { validityYears: 3 });
    roles.fire = await create('safetyRoles', { attributes: { code: 'AI', name: 'Addetto antincendio', requirements: [{ courseIds: [courses.ai2.id], norm: 'D.M. 2 settembre 2021, all. III: livello 2' }] } });
    roles.firstAid = await create('safetyRoles', { attributes: { code: 'PS', name: 'Addetto al primo soccorso', requirements: [{ courseIds: [courses.psBc.id, courses.psA.id], norm: 'D.M. 15 luglio 2003 n. 388' }] } });
    customerId = (await create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Officine Brambilla Srl' } } })).id;
    otherCustomerId = (await create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    const employee = (n: number, lastName: string, firstName: string, customer: string, safetyRoleIds: string[]) =>
      create('employees', { attributes: { lastName, firstName, fiscalCode: fiscalCodes[n] }, relationships: { customerId: customer, safetyRoleIds } });
    people.rossi = await employee(0, 'Rossi', 'Mario', customerId, [roles.fire.id, roles.firstAid.id]);
    people.verdi = await employee(1, 'Verdi', 'Luigi', customerId, [roles.fire.id]);
    people.bianchi = await employee(2, 'Bianchi', 'Giovanna', customerId, []);
    people.neri = await employee(3, 'Neri', 'Paola', otherCustomerId, [roles.fire.id]);
    // TODAY is 2026-06-15: Rossi's fire course (2021-07-01) holds until 2026-07-01, within the 30 days; Verdi renewed with the update course.
    await passed(courses.ai2, '2021-07-01', [people.rossi], customerId);
    await passed(courses.aggAi2, '2024-01-10', [people.verdi], customerId);
    clientUser = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Brambilla', customerId, allowedModules: ['edu'] });
  });
  afterAll(() => api?.close());

  it('tells per safety role what the employee holds, until when, and what is missing, with the norms', async () => {
    const answer = await get(`/api/employees/${people.rossi.id}/compliance`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ employeeId: people.rossi.id, employeeName: 'Rossi Mario', summary: { required: 2, valid: 0, expiring: 1, expired: 0, missing: 1 } });
    expect(answer.body.data.rows.map((row: any) => [row.roleCode, row.status, row.validUntil, row.norm])).toEqual([
      ['AI', 'expiring', '2026-07-01', 'D.M. 2 settembre 2021, all. III: livello 2'],
      ['PS', 'missing', null, 'D.M. 15 luglio 2003 n. 388'],
    ]);
    // The next course: the update course renews the fire line; the first course of the first-aid requirement is the one to plan.
    expect(answer.body.data.rows.map((row: any) => row.nextCourseId)).toEqual([courses.aggAi2.id, courses.psBc.id]);
    expect(answer.body.meta.courses[courses.psBc.id]).toEqual({ code: 'PS-BC', title: 'Primo soccorso – gruppi B e C' });
    expect(answer.body.meta.today).toBe('2026-06-15');
  });

  it('lists the customer’s employees with a safety role and their counts', async () => {
    const answer = await get(`/api/customers/${customerId}/compliance`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((e: any) => [e.employeeName, e.summary.missing, e.summary.expiring, e.summary.valid])).toEqual([
      ['Rossi Mario', 1, 1, 0],
      ['Verdi Luigi', 0, 0, 1],
    ]);
    expect(answer.body.data[1].rows[0]).toMatchObject({ status: 'valid', validUntil: '2029-01-10', courseId: courses.aggAi2.id });
  });

  it('answers the customer’s own user for its employees only', async () => {
    const client = api.as(clientUser);
    expect((await client.request('GET', `/api/employees/${people.rossi.id}/compliance`)).status).toBe(200);
    expect((await client.request('GET', `/api/customers/${customerId}/compliance`)).body.data).toHaveLength(2);
    const foreign = await client.request('GET', `/api/employees/${people.neri.id}/compliance`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('CTM_FST_NOT_AUTHORIZED');
    expect((await client.request('GET', `/api/customers/${otherCustomerId}/compliance`)).status).toBe(403);
  });

  it('answers bad ids and bad requirements with problem+json, never 500', async () => {
    const badId = await get('/api/employees/non-un-id/compliance');
    expect(badId.status).toBe(404);
    expect(badId.headers['content-type']).toContain('application/problem+json');
    expect((await get(`/api/employees/${randomUUID()}/compliance`)).status).toBe(404);
    const noNorm = await post('/api/safetyRoles', { attributes: { code: 'X', name: 'Senza norma', requirements: [{ courseIds: [courses.ai2.id] }] } });
    expect(noNorm.status).toBe(422);
    expect(noNorm.body.errors.map((e: any) => e.pointer)).toEqual(['/attributes/requirements/0/norm']);
    const unknown = await post('/api/safetyRoles', { attributes: { code: 'Y', name: 'Corso inesistente', requirements: [{ courseIds: [randomUUID()], norm: 'Art. 37 D.Lgs. 81/2008' }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].pointer).toBe('/attributes/requirements/0/courseIds/0');
  });

  it('migration 0011 turns a role’s required course ids into requirements citing the general training duty', async () => {
    const id = randomUUID();
    await new EntityRepository(api.database.db, findKind('safetyRoles')!).insert([
      { id, by: null, data: { attributes: { code: 'OLD', name: 'Ruolo di prima' }, metadata: {}, relationships: { requiredCourseIds: [courses.psA.id, courses.ai2.id] } } },
    ]);
    await safetyRoleRequirementsMigration.up(api.database.db);
    const role = (await get(`/api/safetyRoles/${id}`)).body.data;
    expect(role.attributes.requirements).toEqual([{ courseIds: [courses.psA.id], norm: GENERAL_TRAINING_NORM }, { courseIds: [courses.ai2.id], norm: GENERAL_TRAINING_NORM }]);
    expect(role.relationships).not.toHaveProperty('requiredCourseIds');
    // Roles already in the new shape are left as they are.
    expect((await get(`/api/safetyRoles/${roles.fire.id}`)).body.data.attributes.requirements[0].norm).toBe('D.M. 2 settembre 2021, all. III: livello 2');
  });
});
