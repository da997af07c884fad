import { describe, expect, it } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { dueReminders, newlyDue, readAnnounced, saveAnnounced } from './due-reminders.tsx';

const reminder = (id: string, dateTime: string, isDone = false) => ({ id, attributes: { title: id, dateTime, isDone }, metadata: {}, relationships: {} }) as unknown as Entity;

describe('due reminders', () => {
  const now = Date.parse('2026-06-15T10:00:00.000Z');

  it('keeps the open ones whose time has come, earliest first', () => {
    const rows = [reminder('later', '2026-06-15T11:00:00.000Z'), reminder('b', '2026-06-15T09:30:00.000Z'), reminder('a', '2026-06-14T09:00:00.000Z'), reminder('done', '2026-06-14T08:00:00.000Z', true)];
    expect(dueReminders(rows, now).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('announces each once, and again when it falls due after a snooze', () => {
    const seen = new Set<string>();
    expect(newlyDue([reminder('a', '2026-06-15T09:00:00.000Z')], seen).map((r) => r.id)).toEqual(['a']);
    expect(newlyDue([reminder('a', '2026-06-15T09:00:00.000Z')], seen)).toEqual([]);
    expect(newlyDue([reminder('a', '2026-06-15T10:00:00.000Z')], seen).map((r) => r.id)).toEqual(['a']);
  });

  it('remembers for the browser session what it announced: a reload does not raise the same alert again', () => {
    const storage = new Map<string, string>();
    const session = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) };
    const due = [reminder('a', '2026-06-15T09:00:00.000Z'), reminder('b', '2026-06-15T09:30:00.000Z')];
    const first = readAnnounced('u1', session);
    expect(newlyDue(due, first).map((r) => r.id)).toEqual(['a', 'b']);
    saveAnnounced('u1', due, session);
    // The page reloaded: the same reminders, nothing new; a snoozed one due again is.
    expect(newlyDue(due, readAnnounced('u1', session))).toEqual([]);
    expect(newlyDue([reminder('a', '2026-06-15T09:45:00.000Z')], readAnnounced('u1', session)).map((r) => r.id)).toEqual(['a']);
    // Another user of the same browser has their own.
    expect(newlyDue(due, readAnnounced('u2', session))).toHaveLength(2);
  });
});
