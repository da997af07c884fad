/**
 * Issue 12: a reminder's owner defaults to the caller, so a salesman (who may not read users) can
 * create one; the owner stays on later changes, and naming someone else is still refused. `done`
 * and `snooze` (r n, r z) close a reminder or put it off by REMINDER_SNOOZE_MINUTES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_SNOOZE_MINUTES } from '../../src/domain/entities/reminders.ts';
import type { Entity } from '../../src/domain/entity.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

describe.each(engines())('reminder owner on %s', (engine) => {
  let s: ServiceSetup;
  let salesman: Caller;
  let other: Caller;
  const reminder = (title: string, dateTime = '2026-06-16T09:00:00.000Z') => ({ attributes: { title, dateTime } });

  beforeAll(async () => {
    s = await setupService(engine);
    salesman = await s.user(['Commerciale'], { displayName: 'Venditore' });
    other = await s.user(['Commerciale'], { displayName: 'Collega' });
  });
  afterAll(() => s?.close());

  it('makes the caller the owner of a reminder created without one', async () => {
    await expect(s.service.list('users', {}, salesman)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const created = await s.create('reminders', reminder('Richiamare il cliente'), salesman);
    expect(created.relationships.userId).toBe(salesman.identity.userId);
    const changed = await s.service.update('reminders', created.id, { attributes: { isDone: true } }, `"${created.metadata.lastUpdatedDateTime}"`, salesman);
    expect(changed.relationships.userId).toBe(salesman.identity.userId);
    expect((await s.service.list('reminders', {}, salesman)).data.map((r) => r.id)).toEqual([created.id]);
  });

  it('still refuses a reminder in someone else’s name', async () => {
    await expect(s.create('reminders', { ...reminder('Per il collega'), relationships: { userId: other.identity.userId } }, salesman)).rejects.toMatchObject({ status: 403 });
  });

  it('marks a due reminder done, or snoozes it from now', async () => {
    const act = async (caller: Caller, entity: Entity, action: string) =>
      (await s.service.runAction('reminders', entity.id, action, {}, `"${entity.metadata.lastUpdatedDateTime}"`, caller)).entity;
    const due = await s.create('reminders', reminder('Scaduto', '2026-01-10T09:00:00.000Z'), salesman);
    const before = Date.now();
    const snoozed = await act(salesman, due, 'snooze');
    const until = Date.parse(snoozed.attributes.dateTime as string);
    expect(until).toBeGreaterThanOrEqual(before + REMINDER_SNOOZE_MINUTES * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + REMINDER_SNOOZE_MINUTES * 60_000);
    const done = await act(salesman, snoozed, 'done');
    expect(done.attributes.isDone).toBe(true);
    expect((await s.service.history('reminders', due.id, salesman)).slice(0, 2).map((entry) => entry.action)).toEqual(['done', 'snooze']);
    // Someone else's reminder is not theirs to close (nor to see).
    const others = await s.create('reminders', reminder('Del collega', '2026-01-10T09:00:00.000Z'), other);
    await expect(act(salesman, others, 'done')).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|CTM_FST_NOT_AUTHORIZED|NOT_FOUND)$/) });
  });
});
