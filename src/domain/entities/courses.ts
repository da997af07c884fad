/**
 * Courses and training plans (edu module). SPEC §6 has no training subject; we use `course` for
 * everything the training area owns.
 * Fields: our design (SPEC names the kinds only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { courseCategories, courseTypes, moduleName } from '../enums.ts';
import { correctYear, isoDate, messages, money, optionalText, requiredText } from '../validation.ts';

export const courseAttributes = z.strictObject({
  code: requiredText(50),
  title: requiredText(300),
  type: z.enum(courseTypes).default('standard'),
  category: z.enum(courseCategories).default('base'),
  module: moduleName.default('edu'),
  durationHours: z.number().finite().gt(0).max(1000),
  /** Years a certificate stays valid; absent when it never expires. */
  validityYears: z.number().int().min(1).max(50).optional(),
  /**
   * The norm that sets the validity (its refresher deadlines carry it, as maintenance deadlines carry
   * theirs); absent: the Stato-Regioni agreement of 17 April 2025 (`DEFAULT_REFRESHER_NORM`).
   */
  refresherNorm: z.strictObject({ norm: requiredText(100), edition: requiredText(20), source: optionalText(500) }).optional(),
  /** Credits a credit-based course awards. */
  credits: z.number().finite().gt(0).max(1000).optional(),
  maxParticipants: z.number().int().min(1).max(10_000).optional(),
  price: money().pipe(z.number().min(0)).optional(),
  description: optionalText(5000),
  isActive: z.boolean().default(true),
});

export const courseRelationships = z.strictObject({
  /** For an update course: the base course whose certificate it renews. */
  baseCourseId: z.uuid().nullable().optional(),
});

type CourseShape = EntityShape & { attributes: z.infer<typeof courseAttributes> };

/** A credit-based course must say how many credits it awards. */
export function courseIssues(attributes: z.infer<typeof courseAttributes>): RuleIssue[] {
  if (attributes.type === 'creditBased' && attributes.credits === undefined) {
    return [{ path: ['attributes', 'credits'], code: 'required', message: messages.required }];
  }
  return [];
}

export const courses = defineKind({
  type: 'courses',
  subject: 'course',
  label: { singular: 'Corso', plural: 'Corsi' },
  attributes: courseAttributes,
  metadata: z.strictObject({}),
  relationships: courseRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    title: { path: 'attributes.title', type: 'text', sortable: true },
    type: { path: 'attributes.type', type: 'text' },
    category: { path: 'attributes.category', type: 'text' },
    module: { path: 'attributes.module', type: 'text' },
    isActive: { path: 'attributes.isActive', type: 'boolean' },
    baseCourseId: { path: 'relationships.baseCourseId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.title'],
  references: {
    'relationships.baseCourseId': { target: 'courses' },
  },
  rules: (entity) => courseIssues((entity as CourseShape).attributes),
  title: (entity) => {
    const { code, title } = (entity as CourseShape).attributes;
    return `${code} – ${title}`;
  },
});

/** One course planned for some of the customer's employees. */
export const trainingPlanItem = z.strictObject({
  courseId: z.uuid(),
  /** A set: an employee listed twice is kept once. */
  employeeIds: z.array(z.uuid()).max(1000).default([]).transform((list) => [...new Set(list)]),
  plannedDate: isoDate().optional(),
});

export const trainingPlanAttributes = z.strictObject({
  /** SPEC §5 year correction applies here too: 25 means 2025. */
  year: z.number().int().transform(correctYear),
  title: requiredText(200),
  items: z.array(trainingPlanItem).max(500).default([]),
});

type TrainingPlanShape = EntityShape & { attributes: z.infer<typeof trainingPlanAttributes> };

/** A customer's yearly training plan: courses for some employees, each item checked like any reference. */
export const trainingPlans = defineKind({
  type: 'trainingPlans',
  subject: 'course',
  label: { singular: 'Piano formativo', plural: 'Piani formativi' },
  module: 'edu',
  attributes: trainingPlanAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    customerId: z.uuid(),
  }),
  fields: {
    year: { path: 'attributes.year', type: 'number', sortable: true, range: true },
    title: { path: 'attributes.title', type: 'text', sortable: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
  },
  fullText: ['attributes.title'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'attributes.items[].courseId': { target: 'courses' },
    'attributes.items[].employeeIds': { target: 'employees', many: true },
  },
  title: (entity) => {
    const { title, year } = (entity as TrainingPlanShape).attributes;
    return `${title} (${year})`;
  },
});
