/**
 * A customer's user limited to some sites (issue 26 §9, `officeLocationIds`) reads the employees of
 * those sites only (`relationships.officeLocationId`; none: the head office's), by list and by id, and
 * what hangs from them only where the employee is readable: its certificates (files attached to it),
 * its health surveillance visits, its enrolment requests, its training record and the portal's
 * training matrix. It may not ask an enrolment for another site's employee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { numericFiscalCode } from '../support/fiscal-code.ts';

describe.each(engines())('employees by site on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let brescia: string;
  let bergamo: string;
  let courseId: string;
  /** Limited to Brescia; to the head office and Brescia. */
  let bresciaOnly: string;
  let headAndBrescia: string;
  const people: Record<'brescia' | 'bergamo' | 'head', { id: string }> = {} as never;
  const certificates: Record<string, string> = {};
  const visits: Record<string, string> = {};
  const requests: Record<string, string> = {};
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  let fiscal = 0;
  /** A valid 11-digit fiscal code, unique per call. */
  const fiscalCode = () => numericFiscalCode(40_000_000 + fiscal++);
  const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((row) => row.id).sort();

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['edu', 'med'], registry: { businessName: 'Officine Sedi Srl' } } })).id;
    const location = async (name: string) =>
      (await create('customers', { attributes: { parentId: customerId, allowedModules: ['edu', 'med'], registry: { businessName: `Officine Sedi Srl – ${name}` } }, metadata: { type: 'officeLocation' } })).id as string;
    brescia = await location('Brescia');
    bergamo = await location('Bergamo');
    courseId = (await create('courses', { attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5 } })).id;
    const safetyRole = await create('safetyRoles', { attributes: { code: 'AI', name: 'Addetto antincendio', requirements: [{ courseIds: [courseId], norm: 'D.M. 2 settembre 2021' }] } });
    for (const [key, site] of [['brescia', brescia], ['bergamo', bergamo], ['head', null]] as const) {
      const employee = await create('employees', {
        attributes: { firstName: 'Mario', lastName: key, fiscalCode: fiscalCode() },
        relationships: { customerId, officeLocationId: site, safetyRoleIds: [safetyRole.id] },
      });
      people[key] = employee;
      const upload = await admin().request('POST', '/api/media/uploads', { name: `Attestato ${key}.pdf`, mimeType: 'application/pdf', bytesCount: 100, customerId, owner: { type: 'employees', id: employee.id } });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      certificates[key] = upload.body.data.id;
      visits[key] = (await create('healthSurveillanceVisits', {
        attributes: { visitType: 'periodica', visitDate: '2026-05-20', doctorName: 'Dott.ssa Paola Ferri', judgement: 'idoneo' },
        relationships: { employeeId: employee.id },
      })).id;
      requests[key] = (await create('enrolmentRequests', { attributes: {}, relationships: { employeeId: employee.id, customerId, courseId } })).id;
    }
    const customerUser = (sites: string[]) =>
      insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Utente di sede', customerId, allowedModules: ['edu', 'med'] }, {}, { officeLocationIds: sites });
    bresciaOnly = await customerUser([brescia]);
    headAndBrescia = await customerUser([customerId, brescia]);
  });
  afterAll(() => api?.close());

  it('lists and reads by id the employees of its sites only', async () => {
    const as = api.as(bresciaOnly);
    expect(ids(await as.request('GET', '/api/employees'))).toEqual([people.brescia.id]);
    expect(ids(await as.request('GET', `/api/employees?filter[customerId]=${customerId}&filter[fullText]=Mario`))).toEqual([people.brescia.id]);
    expect(ids(await as.request('GET', `/api/employees?ids=${people.bergamo.id},${people.brescia.id}`))).toEqual([people.brescia.id]);
    expect((await as.request('GET', `/api/employees/${people.brescia.id}`)).status).toBe(200);
    expect([403, 404]).toContain((await as.request('GET', `/api/employees/${people.bergamo.id}`)).status);
    expect([403, 404]).toContain((await as.request('GET', `/api/employees/${people.head.id}`)).status);
    // With the head office: its employees without a site too, never Bergamo's.
    expect(ids(await api.as(headAndBrescia).request('GET', '/api/employees'))).toEqual([people.brescia.id, people.head.id].sort());
    expect([403, 404]).toContain((await api.as(headAndBrescia).request('GET', `/api/employees/${people.bergamo.id}`)).status);
    // The customer's own user without sites, and the office, read all three.
    expect(ids(await admin().request('GET', `/api/employees?filter[customerId]=${customerId}`))).toEqual(Object.values(people).map((p) => p.id).sort());
  });

  it('what hangs from another site’s employee is not readable: certificate, visit, enrolment request, training record, matrix row', async () => {
    const as = api.as(bresciaOnly);
    // Certificates: files attached to the employee.
    expect(ids(await as.request('GET', '/api/media?filter[ownerType]=employees'))).toEqual([certificates.brescia]);
    expect((await as.request('GET', `/api/media/${certificates.brescia!}`)).status).toBe(200);
    expect([403, 404]).toContain((await as.request('GET', `/api/media/${certificates.bergamo!}`)).status);
    expect([403, 404]).toContain((await as.request('GET', `/api/media/${certificates.bergamo!}/download`)).status);
    // Health surveillance visits.
    expect(ids(await as.request('GET', '/api/healthSurveillanceVisits'))).toEqual([visits.brescia]);
    expect((await as.request('GET', `/api/healthSurveillanceVisits/${visits.brescia!}`)).status).toBe(200);
    expect([403, 404]).toContain((await as.request('GET', `/api/healthSurveillanceVisits/${visits.bergamo!}`)).status);
    // Enrolment requests: not read, and not asked, for another site's employee.
    expect(ids(await as.request('GET', '/api/enrolmentRequests'))).toEqual([requests.brescia]);
    expect([403, 404]).toContain((await as.request('GET', `/api/enrolmentRequests/${requests.bergamo!}`)).status);
    const asked = await as.request('POST', '/api/enrolmentRequests', { attributes: {}, relationships: { employeeId: people.bergamo.id, customerId, courseId } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(403);
    // The training record and the portal's training matrix.
    expect((await as.request('GET', `/api/employees/${people.brescia.id}/training`)).status).toBe(200);
    expect([403, 404]).toContain((await as.request('GET', `/api/employees/${people.bergamo.id}/training`)).status);
    expect([403, 404]).toContain((await as.request('GET', `/api/employees/${people.bergamo.id}/compliance`)).status);
    const matrix = await as.request('GET', `/api/customers/${customerId}/compliance`);
    expect(matrix.status, JSON.stringify(matrix.body)).toBe(200);
    expect(matrix.body.data.map((row: { employeeId: string }) => row.employeeId)).toEqual([people.brescia.id]);
    // The head office's user reads the head office's employee's too.
    expect(ids(await api.as(headAndBrescia).request('GET', '/api/healthSurveillanceVisits'))).toEqual([visits.brescia, visits.head].sort());
  });
});
