import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { reminders } from './reminders.ts';

const userId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const entityId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const reminder = { title: 'Richiamare', dateTime: '2025-03-01T09:00:00+01:00' };
const parse = (attributes: object, relationships: object = { userId }) => entitySchema(reminders).safeParse({ attributes, relationships });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('reminders', () => {
  it('has a date/time (SPEC §3), stored as UTC', () => {
    expect(parse(reminder).data?.attributes).toMatchObject({ dateTime: '2025-03-01T08:00:00.000Z', isDone: false });
    expect(issues(parse({ title: 'x' }))).toEqual([{ path: 'attributes.dateTime', message: messages.required }]);
    expect(issues(parse({ ...reminder, dateTime: '2025-02-30' }))).toEqual([{ path: 'attributes.dateTime', message: messages.invalidDate }]);
  });

  it('names the record it is about by both type and id', () => {
    expect(issues(parse(reminder, { userId, entityId }))).toEqual([{ path: 'relationships.entityType', message: messages.required }]);
    expect(issues(parse(reminder, { userId, entityType: 'quotations' }))).toEqual([{ path: 'relationships.entityId', message: messages.required }]);
    expect(issues(parse(reminder, { userId, entityType: 'quotations', entityId }))).toEqual([]);
  });

  it('is strict; without an owner it is left to the server, which makes the caller the owner', () => {
    expect(parse({ ...reminder, repeat: 'weekly' }).success).toBe(false);
    expect(parse(reminder, {}).success).toBe(true);
    expect(parse(reminder, { userId: 'nessuno' }).success).toBe(false);
  });
});
