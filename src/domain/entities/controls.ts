/**
 * Controls and checks (SPEC §6 subject `checks` for both). A control is what must be verified on
 * an equipment type (the pressure of an extinguisher, the seal being intact); a check is its
 * result on one equipment during an assignment activity.
 * Fields: our design (SPEC names the kinds only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { controlResultTypes } from '../enums.ts';
import { isoDateTime, measure, messages, optionalText, requiredText } from '../validation.ts';
import { italianDate } from './italian-date.ts';

export const controlAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  description: optionalText(5000),
  isMandatory: z.boolean().default(true),
  expectedResultType: z.enum(controlResultTypes).default('boolean'),
  /** For numeric controls: the accepted range and its unit (e.g. bar). */
  minValue: measure().optional(),
  maxValue: measure().optional(),
  unit: optionalText(20),
});

export const controlRelationships = z.strictObject({
  equipmentFamilyId: z.uuid(),
  /** The activity during which the control is made; absent when every activity makes it. */
  activityId: z.uuid().nullable().optional(),
});

type ControlAttributes = z.infer<typeof controlAttributes>;
type ControlShape = EntityShape & { attributes: ControlAttributes };

/** A range belongs to numeric controls only, and goes upwards. */
export function controlIssues(attributes: ControlAttributes): RuleIssue[] {
  const { expectedResultType, minValue, maxValue } = attributes;
  const issues: RuleIssue[] = [];
  if (expectedResultType !== 'number') {
    for (const key of ['minValue', 'maxValue'] as const) {
      if (attributes[key] !== undefined) issues.push({ path: ['attributes', key], code: 'invalidValue', message: messages.invalidValue });
    }
  } else if (minValue !== undefined && maxValue !== undefined && maxValue < minValue) {
    issues.push({ path: ['attributes', 'maxValue'], code: 'invalidValue', message: messages.invalidValue });
  }
  return issues;
}

export const controls = defineKind({
  type: 'controls',
  subject: 'checks',
  label: { singular: 'Controllo', plural: 'Controlli' },
  // A control is of its equipment type's module.
  readThrough: [{ path: 'relationships.equipmentFamilyId', target: 'equipmentFamilies', scope: 'module' }],
  attributes: controlAttributes,
  metadata: z.strictObject({}),
  relationships: controlRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    isMandatory: { path: 'attributes.isMandatory', type: 'boolean' },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
    activityId: { path: 'relationships.activityId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.name', 'attributes.description'],
  references: {
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies', owned: true },
    'relationships.activityId': { target: 'activities' },
  },
  rules: (entity) => controlIssues((entity as ControlShape).attributes),
  title: (entity) => {
    const { code, name } = (entity as ControlShape).attributes;
    return `${code} – ${name}`;
  },
});

export const checkAttributes = z.strictObject({
  /** Of the control's expected type: yes/no, a reading, or a text. */
  result: z.union([z.boolean(), z.number().finite(), z.string().max(2000)]),
  passed: z.boolean(),
  notes: optionalText(5000),
  checkedDateTime: isoDateTime(),
  /** Photos taken of what was checked (issue 11: pass or fail, a note and a photo). */
  photos: z.array(z.uuid()).max(20).default([]),
});

export const checkRelationships = z.strictObject({
  controlId: z.uuid(),
  assignmentActivityId: z.uuid(),
  equipmentId: z.uuid().nullable().optional(),
});

type CheckShape = EntityShape & { attributes: z.infer<typeof checkAttributes> };

export const checks = defineKind({
  type: 'checks',
  subject: 'checks',
  label: { singular: 'Verifica', plural: 'Verifiche' },
  // A check is read where the intervention activity it was made in is.
  readThrough: [{ path: 'relationships.assignmentActivityId', target: 'assignmentActivities' }],
  attributes: checkAttributes,
  metadata: z.strictObject({}),
  relationships: checkRelationships,
  fields: {
    passed: { path: 'attributes.passed', type: 'boolean' },
    checkedDateTime: { path: 'attributes.checkedDateTime', type: 'date', sortable: true, range: true },
    controlId: { path: 'relationships.controlId', type: 'uuid' },
    assignmentActivityId: { path: 'relationships.assignmentActivityId', type: 'uuid' },
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
  },
  fullText: ['attributes.notes'],
  references: {
    'relationships.controlId': { target: 'controls' },
    'relationships.assignmentActivityId': { target: 'assignmentActivities', owned: true },
    'relationships.equipmentId': { target: 'equipments' },
    'attributes.photos': { target: 'media', many: true },
  },
  title: (entity) => {
    const { passed, checkedDateTime } = (entity as CheckShape).attributes;
    return `Verifica ${passed ? 'superata' : 'non superata'} del ${italianDate(checkedDateTime)}`;
  },
});
