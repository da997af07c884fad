/**
 * Reminders (SPEC /reminders): a note for a moment in time, owned by a user, optionally about a
 * customer or any other record (by API type and id).
 * Fields: our design (SPEC names the kind only, with its date/time).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { moduleName } from '../enums.ts';
import { isoDateTime, messages, optionalText, requiredText } from '../validation.ts';

/** How long «Rimanda» puts a reminder off, from now or from its time if later (our choice: one working hour). */
export const REMINDER_SNOOZE_MINUTES = 60;

export const reminderAttributes = z.strictObject({
  title: requiredText(200),
  note: optionalText(5000),
  dateTime: isoDateTime(),
  isDone: z.boolean().default(false),
  module: moduleName.optional(),
});

export const reminderRelationships = z.strictObject({
  /** The owner: reminders are personal and go with their user. Absent on create: the server makes the caller the owner. */
  userId: z.uuid().optional(),
  customerId: z.uuid().nullable().optional(),
  /** API type of the record the reminder is about (`quotations`, `assignments`, …). */
  entityType: z.string().regex(/^[a-z][A-Za-z]{0,49}$/, messages.invalidValue).nullable().optional(),
  entityId: z.uuid().nullable().optional(),
});

type ReminderShape = EntityShape & {
  attributes: z.infer<typeof reminderAttributes>;
  relationships: z.infer<typeof reminderRelationships>;
};

/** The record a reminder is about is named by both its type and its id. */
export function reminderIssues(relationships: z.infer<typeof reminderRelationships>): RuleIssue[] {
  const required = (field: string): RuleIssue => ({ path: ['relationships', field], code: 'required', message: messages.required });
  if (relationships.entityId && !relationships.entityType) return [required('entityType')];
  if (relationships.entityType && !relationships.entityId) return [required('entityId')];
  return [];
}

export const reminders = defineKind({
  type: 'reminders',
  subject: 'reminder',
  label: { singular: 'Promemoria', plural: 'Promemoria' },
  attributes: reminderAttributes,
  metadata: z.strictObject({}),
  relationships: reminderRelationships,
  fields: {
    title: { path: 'attributes.title', type: 'text', sortable: true },
    dateTime: { path: 'attributes.dateTime', type: 'date', sortable: true, range: true },
    isDone: { path: 'attributes.isDone', type: 'boolean' },
    module: { path: 'attributes.module', type: 'text' },
    userId: { path: 'relationships.userId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    entityId: { path: 'relationships.entityId', type: 'uuid' },
  },
  fullText: ['attributes.title', 'attributes.note'],
  references: {
    'relationships.userId': { target: 'users', owned: true },
    'relationships.customerId': { target: 'customers' },
  },
  rules: (entity) => reminderIssues((entity as ReminderShape).relationships),
  actions: {
    done: { label: 'Segna come fatto', ability: 'update', key: 'n' },
    snooze: { label: `Rimanda di ${REMINDER_SNOOZE_MINUTES} minuti`, ability: 'update', key: 'z' },
  },
  title: (entity) => (entity as ReminderShape).attributes.title,
});
