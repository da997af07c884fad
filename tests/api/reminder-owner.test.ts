/**
 * Issue 12: a reminder's owner defaults to the caller, so a salesman (who may not read users) can
 * create one; the owner stays on later changes, and naming someone else is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('reminder owner on %s', (engine) => {
  let api: Api;
  let salesman: string;
  let other: string;

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    salesman = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Venditore' });
    other = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Collega' });
  });
  afterAll(() => api?.close());

  it('makes the caller the owner of a reminder created without one', async () => {
    const seller = api.as(salesman);
    expect((await seller.request('GET', '/api/users')).status).toBe(403);
    const created = await seller.request('POST', '/api/reminders', { attributes: { title: 'Richiamare il cliente', dateTime: '2026-06-16T09:00:00.000Z' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.relationships.userId).toBe(salesman);

    const changed = await seller.request('PATCH', `/api/reminders/${created.body.data.id}`, { attributes: { isDone: true } }, { 'if-match': `"${created.body.data.metadata.lastUpdatedDateTime}"` });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.relationships.userId).toBe(salesman);
    const mine = await seller.request('GET', '/api/reminders');
    expect(mine.body.data.map((r: any) => r.id)).toEqual([created.body.data.id]);
  });

  it('still refuses a reminder in someone else’s name', async () => {
    const forged = await api.as(salesman).request('POST', '/api/reminders', { attributes: { title: 'Per il collega', dateTime: '2026-06-16T09:00:00.000Z' }, relationships: { userId: other } });
    expect(forged.status).toBe(403);
  });
});
