/**
 * Health surveillance (module med, D.Lgs. 81/2008 art. 41): the staff record an employee's visits with
 * the judgement of fitness; the latest visit's next one (the doctor's date, else 12 months or the
 * periodicity set) is a deadline of module med on the worklist with the law as its reason, executed by
 * the next visit, ended by a permanent unfitness, brought back when the latest visit is deleted. A
 * customer's user reads the visits of its own employees, never another customer's, and only with med;
 * nothing clinical can be stored; it never writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { numericFiscalCode } from '../support/fiscal-code.ts';

describe.each(engines())('health surveillance on %s', (engine) => {
  let api: Api;
  let cliente: string;
  let stranger: string;
  let clienteWithoutMed: string;
  let customerId: string;
  let siteId: string;
  let employeeId: string;
  let otherEmployeeId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const numericCode = numericFiscalCode;
  const visit = (employee: string, attributes: Record<string, unknown>) =>
    create('healthSurveillanceVisits', { attributes: { visitType: 'periodica', doctorName: 'Dott.ssa Paola Ferri', judgement: 'idoneo', ...attributes }, relationships: { employeeId: employee } });
  const deadlinesOf = async (employee: string) =>
    (await admin().request('GET', `/api/physicalActivities?filter[employeeId]=${employee}&filter[module]=med&sort=deadlineDate`)).body.data as any[];

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['fire', 'med'], registry: { businessName: 'Officine Sorveglianza Srl' } } })).id;
    siteId = (await create('customers', { attributes: { parentId: customerId, allowedModules: ['fire', 'med'], registry: { businessName: 'Officine Sorveglianza Srl – Stabilimento di Lodi' } }, metadata: { type: 'officeLocation' } })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['med'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    employeeId = (await create('employees', { attributes: { firstName: 'Lucia', lastName: 'Bassi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId, officeLocationId: siteId } })).id;
    otherEmployeeId = (await create('employees', { attributes: { firstName: 'Paolo', lastName: 'Neri', fiscalCode: numericCode(20_000_017) }, relationships: { customerId: otherId } })).id;
    cliente = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Giulia Cliente', customerId, allowedModules: ['fire', 'med'] });
    clienteWithoutMed = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Solo antincendio', customerId, allowedModules: ['fire'] });
    stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['med'] });
  });
  afterAll(() => api?.close());

  it('computes the next visit 12 months on and puts it on the worklist of module med, with the law as the reason, on the employee’s site', async () => {
    const first = await visit(employeeId, { visitType: 'preventiva', visitDate: '2025-05-20' });
    expect(first.attributes).toMatchObject({ periodicityMonths: 12, nextVisitDate: '2026-05-20' });
    expect(first.relationships.customerId).toBe(customerId);
    const [deadline, ...others] = await deadlinesOf(employeeId);
    expect(others).toEqual([]);
    expect(deadline.attributes).toMatchObject({
      module: 'med', deadlineDate: '2026-05-20', lastExecutionDate: '2025-05-20', isExecuted: false,
      rule: { kind: 'visitaPeriodica', months: 12, from: 'lastExecution', norm: 'D.Lgs. 81/2008', edition: 'art. 41' },
    });
    expect(deadline.relationships).toMatchObject({ customerId, employeeId, healthSurveillanceVisitId: first.id });
    expect(deadline.metadata).toMatchObject({ targetName: 'Bassi Lucia', customerLocationId: siteId, activityName: 'Visita periodica (ultimo giudizio: idoneo alla mansione specifica)' });
    // Overdue on 15 June 2026: the worklist's expired window of med holds it.
    const expired = await admin().request('GET', `/api/physicalActivities?filter[customerId]=${customerId}&filter[module]=med&filter[due]=expired`);
    expect(expired.body.data.map((row: any) => row.id)).toEqual([deadline.id]);
  });

  it('a later visit executes the pending one on its day and puts the next at the periodicity the doctor set', async () => {
    const second = await visit(employeeId, { visitDate: '2026-06-10', judgement: 'idoneoConPrescrizioni', prescriptions: 'Evitare carichi oltre 10 kg', periodicityMonths: 24 });
    expect(second.attributes.nextVisitDate).toBe('2028-06-10');
    const rows = await deadlinesOf(employeeId);
    expect(rows.map((row) => [row.attributes.deadlineDate, row.attributes.isExecuted, row.attributes.executedDate ?? null])).toEqual([['2026-05-20', true, '2026-06-10'], ['2028-06-10', false, null]]);
    expect(rows[1].attributes.rule).toMatchObject({ months: 24 });
    // The date follows a corrected visit while the doctor set none.
    const corrected = await admin().request('PATCH', `/api/healthSurveillanceVisits/${second.id as string}`, { attributes: { visitDate: '2026-06-12' } }, { 'if-match': `"${second.metadata.lastUpdatedDateTime as string}"` });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data.attributes.nextVisitDate).toBe('2028-06-12');
    expect((await deadlinesOf(employeeId)).filter((row) => !row.attributes.isExecuted).map((row) => row.attributes.deadlineDate)).toEqual(['2028-06-12']);
  });

  it('the doctor’s own date wins; a permanent unfitness ends the deadline; deleting that visit brings the previous one’s back', async () => {
    const set = await visit(otherEmployeeId, { visitDate: '2026-02-01', nextVisitDate: '2026-08-01' });
    expect((await deadlinesOf(otherEmployeeId)).map((row) => row.attributes.deadlineDate)).toEqual(['2026-08-01']);
    const unfit = await visit(otherEmployeeId, { visitType: 'suRichiesta', visitDate: '2026-06-01', judgement: 'inidoneoPermanente' });
    expect(unfit.attributes.nextVisitDate ?? null).toBeNull();
    const pending = (rows: any[]) => rows.filter((row) => !row.attributes.isExecuted && !row.attributes.isEnded);
    expect(pending(await deadlinesOf(otherEmployeeId))).toEqual([]);
    const deleted = await admin().request('DELETE', `/api/healthSurveillanceVisits/${unfit.id as string}`, undefined, { 'if-match': `"${unfit.metadata.lastUpdatedDateTime as string}"` });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const back = pending(await deadlinesOf(otherEmployeeId));
    expect(back.map((row) => [row.attributes.deadlineDate, row.relationships.healthSurveillanceVisitId])).toEqual([['2026-08-01', set.id]]);
  });

  it('refuses an incomplete judgement and any clinical field', async () => {
    const bad = await admin().request('POST', '/api/healthSurveillanceVisits', { attributes: { visitType: 'periodica', visitDate: '2026-06-01', doctorName: 'Dott. Rinaldi', judgement: 'inidoneoTemporaneo' }, relationships: { employeeId } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/unfitUntil', code: 'unfitUntilRequired' })]);
    const clinical = await admin().request('POST', '/api/healthSurveillanceVisits', { attributes: { visitType: 'periodica', visitDate: '2026-06-01', doctorName: 'Dott. Rinaldi', judgement: 'idoneo', diagnosis: 'Lombalgia cronica' }, relationships: { employeeId } });
    expect(clinical.status).toBe(422);
  });

  it('a customer’s user reads the visits of its own employees only, with med, and never writes them', async () => {
    const own = await api.as(cliente).request('GET', '/api/healthSurveillanceVisits');
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBe(2);
    expect(own.body.data.every((row: any) => row.relationships.employeeId === employeeId)).toBe(true);
    // What the judgement gives the employer, and nothing else.
    for (const row of own.body.data) {
      expect(Object.keys(row.attributes).every((key: string) => ['visitType', 'visitDate', 'doctorName', 'judgement', 'prescriptions', 'unfitUntil', 'periodicityMonths', 'nextVisitDate', 'judgementMediaId'].includes(key))).toBe(true);
    }
    const theirs = await api.as(stranger).request('GET', '/api/healthSurveillanceVisits');
    expect(theirs.body.data.map((row: any) => row.relationships.employeeId)).toEqual([otherEmployeeId]);
    const other = (await api.as(stranger).request('GET', `/api/healthSurveillanceVisits?filter[employeeId]=${employeeId}`)).body.data;
    expect(other).toEqual([]);
    const one = own.body.data[0];
    expect((await api.as(stranger).request('GET', `/api/healthSurveillanceVisits/${one.id as string}`)).status).toBe(403);
    expect((await api.as(clienteWithoutMed).request('GET', '/api/healthSurveillanceVisits')).status).toBe(403);
    const written = await api.as(cliente).request('POST', '/api/healthSurveillanceVisits', { attributes: { visitType: 'periodica', visitDate: '2026-06-01', doctorName: 'Io', judgement: 'idoneo' }, relationships: { employeeId } });
    expect(written.status).toBe(403);
    // The portal's count: its own med deadline, on its site.
    const counted = await api.as(cliente).request('GET', `/api/physicalActivities/aggregate?filter[customerId]=${customerId}&filter[module]=med&filter[isExecuted]=false&group=customerLocationId,module`);
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.data).toEqual([{ key: { customerLocationId: siteId, module: 'med' }, count: 1 }]);
  });
});
