/**
 * SPEC §9 limits as parameters (README "Configuration"): an intervention refuses an activity beyond
 * MAX_ACTIVITIES_PER_INTERVENTION with problem+json naming the limit; report headings of one module
 * reaching REPORT_HEADINGS_WARNING_PER_MODULE are still accepted and `GET /api/limits` warns about
 * them. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('SPEC §9 limits on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let activityId: string;
  let n = 0;

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false, env: { MAX_ACTIVITIES_PER_INTERVENTION: '2', REPORT_HEADINGS_WARNING_PER_MODULE: '2' } });
    customerId = (await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Limiti Srl' } } })).body.data.id;
    activityId = (await api.as(api.adminId).request('POST', '/api/activities', { attributes: { code: 'SORV', name: 'Sorveglianza', module: 'fire' } })).body.data.id;
  });
  afterAll(() => api?.close());

  const admin = () => api.as(api.adminId);
  const intervention = async () => {
    n += 1;
    const created = await admin().request('POST', '/api/assignments', { attributes: { code: `INT-L-${n}`, module: 'fire' }, relationships: { customerId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as string;
  };
  const addActivity = (assignmentId: string) =>
    admin().request('POST', '/api/assignmentActivities', { attributes: {}, relationships: { assignmentId, activityId } });

  it('answers the limits in force to anyone signed in', async () => {
    const answer = await admin().request('GET', '/api/limits');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ activitiesPerIntervention: 2, reportHeadingsPerModule: 2, reportHeadingsOverLimit: [] });
    expect((await api.request('GET', '/api/limits')).status).toBe(401);
  });

  it('refuses an activity beyond the limit with problem+json naming it; a place freed is taken again', async () => {
    const assignmentId = await intervention();
    expect((await addActivity(assignmentId)).status).toBe(201);
    const second = await addActivity(assignmentId);
    expect(second.status).toBe(201);
    const third = await addActivity(assignmentId);
    expect(third.status).toBe(409);
    expect(third.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(third.body).toMatchObject({
      code: 'ACTIVITIES_LIMIT_REACHED',
      limit: 2,
      message: 'Un intervento può avere al massimo 2 attività: per aggiungerne altre crea un nuovo intervento',
    });
    expect((await admin().request('GET', `/api/assignmentActivities?filter[assignmentId]=${assignmentId}`)).body.meta.total).toBe(2);

    // Moving an activity of another intervention into the full one is refused too.
    const other = await intervention();
    const moving = (await addActivity(other)).body.data;
    const moved = await admin().request('PATCH', `/api/assignmentActivities/${moving.id as string}`, { relationships: { assignmentId } }, { 'if-match': `"${moving.metadata.lastUpdatedDateTime as string}"` });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('ACTIVITIES_LIMIT_REACHED');

    // A deleted activity frees its place.
    const removed = await admin().request('DELETE', `/api/assignmentActivities/${second.body.data.id as string}`, undefined, { 'if-match': `"${second.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await addActivity(assignmentId)).status).toBe(201);
  });

  it('accepts report headings past the limit and warns per module, the general ones apart, to who may read them', async () => {
    const heading = (title: string, module?: string) =>
      admin().request('POST', '/api/reportHeadings', { attributes: { title, companyName: 'Sicurezza Demo Srl', ...(module ? { module } : {}) } });
    expect((await heading('Antincendio 1', 'fire')).status).toBe(201);
    expect((await heading('Generale 1')).status).toBe(201);
    expect((await admin().request('GET', '/api/limits')).body.data.reportHeadingsOverLimit).toEqual([]);
    expect((await heading('Antincendio 2', 'fire')).status).toBe(201);
    expect((await admin().request('GET', '/api/limits')).body.data.reportHeadingsOverLimit).toEqual([{ module: 'fire', count: 2, limit: 2 }]);
    // A warning, not a refusal.
    expect((await heading('Antincendio 3', 'fire')).status).toBe(201);
    expect((await heading('Generale 2')).status).toBe(201);
    expect((await admin().request('GET', '/api/limits')).body.data.reportHeadingsOverLimit).toEqual([{ module: null, count: 2, limit: 2 }, { module: 'fire', count: 3, limit: 2 }]);
    // Who may not read report headings gets the limits without the warnings.
    const roles = await insertDemoRoles(api);
    const technician = await insertUser(api, [roles.Manutentore!], { allowedModules: ['fire'] });
    const answer = await api.as(technician).request('GET', '/api/limits');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ activitiesPerIntervention: 2, reportHeadingsOverLimit: [] });
  });
});
