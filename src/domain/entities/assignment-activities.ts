/**
 * Assignment activities: the activities an assignment carries out, each on one equipment, one
 * installation or a group of employees (training and medicine activities). They belong to their
 * assignment: closing or cancelling it moves them too (the assignment machine's effects).
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { assignmentActivityStates } from '../enums.ts';
import { isoDate, isoDateTime, optionalText } from '../validation.ts';
import { assignmentActivityMachine } from '../machines/assignment-activity.ts';
import { italianDate } from './italian-date.ts';

export const assignmentActivityAttributes = z.strictObject({
  state: z.enum(assignmentActivityStates).default('open'),
  scheduledDate: isoDate().nullable().optional(),
  executedDateTime: isoDateTime().nullable().optional(),
  /** What the operator found and did. */
  outcomeNotes: optionalText(5000),
  /** Time actually spent, which may differ from the catalogue's duration. */
  durationMinutes: z.number().int().min(0).max(100_000).optional(),
  /** In state activity-substituted: the assignment activity that took this one's place. */
  substitutedByActivityId: z.uuid().nullable().optional(),
  /** Issue 22: the work could not be done (its controls are excused); the reason is required and printed on the report. */
  notExecutable: z.boolean().optional(),
  notExecutableReason: optionalText(1000).nullable(),
});

export const assignmentActivityRelationships = z.strictObject({
  assignmentId: z.uuid(),
  activityId: z.uuid(),
  equipmentId: z.uuid().nullable().optional(),
  installationId: z.uuid().nullable().optional(),
  /** Who attends, for training and medicine activities. A set: listed twice is kept once. */
  employeeIds: z.array(z.uuid()).max(1000).default([]).transform((list) => [...new Set(list)]),
});

type AssignmentActivityShape = EntityShape & { attributes: z.infer<typeof assignmentActivityAttributes> };

export const assignmentActivities = defineKind({
  type: 'assignmentActivities',
  subject: 'assignment activity',
  label: { singular: 'Attività dell’intervento', plural: 'Attività dell’intervento' },
  // An activity is read where its intervention is (its module, its customer).
  readThrough: [{ path: 'relationships.assignmentId', target: 'assignments' }],
  attributes: assignmentActivityAttributes,
  metadata: z.strictObject({}),
  relationships: assignmentActivityRelationships,
  machine: assignmentActivityMachine,
  fields: {
    state: { path: 'attributes.state', type: 'text' },
    scheduledDate: { path: 'attributes.scheduledDate', type: 'date', sortable: true, range: true },
    assignmentId: { path: 'relationships.assignmentId', type: 'uuid' },
    activityId: { path: 'relationships.activityId', type: 'uuid' },
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
    installationId: { path: 'relationships.installationId', type: 'uuid' },
  },
  fullText: ['attributes.outcomeNotes'],
  references: {
    'attributes.substitutedByActivityId': { target: 'assignmentActivities' },
    'relationships.assignmentId': { target: 'assignments', owned: true },
    'relationships.activityId': { target: 'activities' },
    'relationships.equipmentId': { target: 'equipments' },
    'relationships.installationId': { target: 'installations' },
    'relationships.employeeIds': { target: 'employees', many: true },
  },
  title: (entity) => {
    const { scheduledDate } = (entity as AssignmentActivityShape).attributes;
    return scheduledDate ? `Attività del ${italianDate(scheduledDate)}` : 'Attività dell’intervento';
  },
});
