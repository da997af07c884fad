/**
 * Server hooks of reminders: a reminder without an owner is the caller's own (issue 12 "the owner
 * defaults to me"); `done` and `snooze` (declared on the kind) close it or put it off.
 */
import type { Entity } from '../../domain/entity.ts';
import { REMINDER_SNOOZE_MINUTES } from '../../domain/entities/reminders.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { Problem } from '../http/problems.ts';

/** The reminder with these attributes changed, as a new version (history and live notice included). */
async function withAttributes(hook: HookContext, entity: Entity, changes: Record<string, unknown>) {
  const updated = await hook.service.replaceWithin(hook.db, hook.call, entity, 'reminders', {
    attributes: { ...entity.attributes, ...changes },
    metadata: entity.metadata,
    relationships: entity.relationships,
  });
  return { entity: updated };
}

/** When a snoozed reminder comes back: the snooze time after now, or after its own time when that is later. */
export function snoozedUntil(dateTime: unknown, now: number): string {
  const own = typeof dateTime === 'string' ? Date.parse(dateTime) : Number.NaN;
  return new Date(Math.max(now, Number.isNaN(own) ? now : own) + REMINDER_SNOOZE_MINUTES * 60_000).toISOString();
}

export const remindersKind = defineKindHooks('reminders', {
  async beforeWrite(hook, data, previous) {
    if (data.relationships.userId) return;
    // An update keeps its owner (a merge patch cannot empty a required link); a create gets the caller.
    const owner = previous?.relationships.userId ?? hook.call.identity.userId;
    if (!owner) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/relationships/userId', code: 'required', message: 'Obbligatorio' }] });
    return { ...data, relationships: { ...data.relationships, userId: owner } };
  },
  actions: {
    done: (hook, entity) => withAttributes(hook, entity, { isDone: true }),
    snooze: (hook, entity) => withAttributes(hook, entity, { isDone: false, dateTime: snoozedUntil(entity.attributes.dateTime, Date.now()) }),
  },
});
