// SPEC §9 limits as parameters, on screen: with REPORT_HEADINGS_WARNING_PER_MODULE=2 the report headings
// grid warns (live) once a second fire heading is added, which is still accepted, and so does the form of a
// new heading; with
// MAX_ACTIVITIES_PER_INTERVENTION=1 an intervention with an activity says it reached the limit, and
// the API refuses one more with the message naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, signedInSession, type SignedInSession, type Entity } from './harness.ts';
import { NEW_ID } from '../../src/client/data/record-state.ts';

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ server: { env: { REPORT_HEADINGS_WARNING_PER_MODULE: '2', MAX_ACTIVITIES_PER_INTERVENTION: '1' } } });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

const post = (path: string, body: unknown) =>
  session.server.api(path, { token: session.token, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('SPEC §9 limits', () => {
  it('warns on the report headings grid when a module reaches the limit, and still accepts the heading', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/reportHeadings`);
    await page.locator('[role=grid]:visible').waitFor({ timeout: 30_000 });
    const warning = page.locator('.report-headings-limit:visible');
    expect(await warning.count()).toBe(0);
    const added = await post('/reportHeadings', { attributes: { title: 'Verbali antincendio', companyName: 'Sicurezza Demo Srl', module: 'fire' } });
    expect(added.status).toBe(201);
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.textContent()).toContain('le intestazioni dei documenti del modulo Antincendio sono 2, il numero massimo previsto è 2');
    // The form of a new heading says it too (Nuovo opens it).
    await page.goto(`${server.url}/preview/reportHeadings/${NEW_ID}`);
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.textContent()).toContain('modulo Antincendio sono 2');
  });

  it('says on the intervention that its activities reached the limit; the API refuses one more naming it', async () => {
    const { page, server, token } = session;
    const activities = await apiData<Entity[]>(server, token, '/assignmentActivities?page[size]=1&sort=-createdDateTime');
    const activity = activities[0]!;
    const assignmentId = String(activity.relationships.assignmentId);
    await page.goto(`${server.url}/planning/assignments/${assignmentId}/detail`);
    const notice = page.locator('.intervention-activities-limit:visible');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toBe('L’intervento ha raggiunto il numero massimo di attività (1): per aggiungerne altre crea un nuovo intervento.');
    const refused = await post('/assignmentActivities', { attributes: {}, relationships: { assignmentId, activityId: activity.relationships.activityId } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'ACTIVITIES_LIMIT_REACHED', limit: 1 });
  });
});
