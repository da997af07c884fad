/**
 * Issue 12: a reminder's owner defaults to the caller, so a salesman (who may not read users) can
 * create one; the owner stays on later changes, and naming someone else is still refused. `done`
 * and `snooze` (r n, r z) close a reminder or put it off by REMINDER_SNOOZE_MINUTES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_SNOOZE_MINUTES } from '../../src/domain/entities/reminders.ts';
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

  it('marks a due reminder done, or snoozes it from now', async () => {
    const seller = api.as(salesman);
    const act = async (reminder: any, action: string) => {
      const response = await seller.request('POST', `/api/reminders/${reminder.id}/actions/${action}`, {}, { 'if-match': `"${reminder.metadata.lastUpdatedDateTime}"` });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data;
    };
    const due = (await seller.request('POST', '/api/reminders', { attributes: { title: 'Scaduto', dateTime: '2026-01-10T09:00:00.000Z' } })).body.data;
    const before = Date.now();
    const snoozed = await act(due, 'snooze');
    const until = Date.parse(snoozed.attributes.dateTime);
    expect(until).toBeGreaterThanOrEqual(before + REMINDER_SNOOZE_MINUTES * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + REMINDER_SNOOZE_MINUTES * 60_000);
    const done = await act(snoozed, 'done');
    expect(done.attributes.isDone).toBe(true);
    const history = (await seller.request('GET', `/api/reminders/${due.id}/history`)).body.data.map((entry: any) => entry.action);
    expect(history.slice(0, 2)).toEqual(['done', 'snooze']);
    // Someone else's reminder is not theirs to close.
    const others = (await api.as(other).request('POST', '/api/reminders', { attributes: { title: 'Del collega', dateTime: '2026-01-10T09:00:00.000Z' } })).body.data;
    const refused = await seller.request('POST', `/api/reminders/${others.id}/actions/done`, {}, { 'if-match': `"${others.metadata.lastUpdatedDateTime}"` });
    expect([403, 404]).toContain(refused.status);
  });
});
