/**
 * The physical world under contract, per customer and module (SPEC /planning/physicalActivities):
 * the deadlines of activities on equipments and installations (the SPEC's expiry lists; the
 * server adds their `onlyExpiring` filter), and which equipments and installations a customer's
 * contract covers, from when to when.
 * Fields: our design (SPEC names the kinds only, and the expiry list filters).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { equipmentModules, moduleName } from '../enums.ts';
import { isoDate, messages, requiredText } from '../validation.ts';
import { frequency } from './activities.ts';
import { italianDate } from './italian-date.ts';
import { deadlineKinds, deadlineRule } from '../rules/maintenance-rules.ts';

export const physicalActivityAttributes = z.strictObject({
  module: moduleName,
  deadlineDate: isoDate(),
  lastExecutionDate: isoDate().nullable().optional(),
  isExecuted: z.boolean().default(false),
  /** The activity's frequency when this deadline was computed; the next one follows from it. */
  frequency: frequency.optional(),
  /** DESIGN §4 "Deadlines": the maintenance rule the engine computed this deadline from (norm, edition, kind, months). */
  rule: deadlineRule.optional(),
  /** The day it was executed (the assignment activity that closed it). */
  executedDate: isoDate().nullable().optional(),
  /** Ended without execution: its equipment was decommissioned, or a new computation replaced it. */
  isEnded: z.boolean().default(false),
  endedDate: isoDate().nullable().optional(),
  /** Put off to `deadlineDate` by a planner, with the reason. */
  postponeReason: z.string().trim().max(500).optional(),
});

export const physicalActivityRelationships = z.strictObject({
  /** Absent only on a deadline of the provider's own (a technician's qualification to renew). */
  customerId: z.uuid().nullable().optional(),
  /** The activity that executes it; absent for a deadline no activity executes (end of life). */
  activityId: z.uuid().nullable().optional(),
  equipmentId: z.uuid().nullable().optional(),
  installationId: z.uuid().nullable().optional(),
  equipmentFamilyId: z.uuid().nullable().optional(),
  /** The assignment activity planned to execute it (the worklist's "Crea intervento"), then the one that did. */
  assignmentActivityId: z.uuid().nullable().optional(),
  /** The intervention that executed it. */
  executedAssignmentId: z.uuid().nullable().optional(),
  /** A training refresher (module edu): the employee whose certificate it renews, the course passed and its edition. */
  employeeId: z.uuid().nullable().optional(),
  courseId: z.uuid().nullable().optional(),
  courseEditionId: z.uuid().nullable().optional(),
  /** A technician's qualification to renew (issue 25, module doc): the qualification whose renewal deadline it is. */
  technicianQualificationId: z.uuid().nullable().optional(),
  /** An employee's next visit of health surveillance (module med): the visit it follows from. */
  healthSurveillanceVisitId: z.uuid().nullable().optional(),
});

type PhysicalActivityShape = EntityShape & { attributes: z.infer<typeof physicalActivityAttributes> };

/** "Crea intervento" from deadlines: the other selected deadlines go with the one the action runs on. */
export const planDeadlinesRequest = z.strictObject({
  physicalActivityIds: z.array(z.uuid()).max(500).default([]),
  scheduledDate: isoDate().nullable().optional(),
});

/** "Rinvia": the deadline moves to a later day, with the reason (kept on the deadline and in its history). */
export const postponeDeadlineRequest = z.strictObject({
  deadlineDate: isoDate(),
  postponeReason: requiredText(500),
});

export const ruleKindLabels: Record<(typeof deadlineKinds)[number], string> = {
  sorveglianza: 'Sorveglianza', controlloPeriodico: 'Controllo periodico', revisione: 'Revisione', collaudo: 'Collaudo', fineVita: 'Fine vita',
  aggiornamentoFormativo: 'Aggiornamento formativo', rinnovoQualifica: 'Rinnovo qualifica', visitaPeriodica: 'Visita periodica',
};

export const physicalActivities = defineKind({
  type: 'physicalActivities',
  subject: 'physical activity',
  label: { singular: 'Scadenza', plural: 'Scadenze' },
  attributes: physicalActivityAttributes,
  metadata: z.strictObject({}),
  relationships: physicalActivityRelationships,
  fields: {
    module: { path: 'attributes.module', type: 'text' },
    deadlineDate: { path: 'attributes.deadlineDate', type: 'date', sortable: true, range: true },
    isExecuted: { path: 'attributes.isExecuted', type: 'boolean' },
    isEnded: { path: 'attributes.isEnded', type: 'boolean' },
    ruleKind: { path: 'attributes.rule.kind', type: 'text' },
    customerName: { path: 'metadata.customerName', type: 'text', sortable: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    /** The office location of its equipment or installation (the worklist groups by customer, then site). */
    customerLocationId: { path: 'metadata.customerLocationId', type: 'uuid', sortable: true },
    /** The customer's commercial zone (the worklist's zone filter). */
    commercialZoneId: { path: 'metadata.commercialZoneId', type: 'uuid' },
    activityId: { path: 'relationships.activityId', type: 'uuid' },
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
    installationId: { path: 'relationships.installationId', type: 'uuid' },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
    assignmentActivityId: { path: 'relationships.assignmentActivityId', type: 'uuid' },
    employeeId: { path: 'relationships.employeeId', type: 'uuid', modules: ['edu', 'med'] },
    courseId: { path: 'relationships.courseId', type: 'uuid', modules: ['edu'] },
    technicianQualificationId: { path: 'relationships.technicianQualificationId', type: 'uuid', modules: ['doc'] },
    healthSurveillanceVisitId: { path: 'relationships.healthSurveillanceVisitId', type: 'uuid', modules: ['med'] },
  },
  // What a planner types: the customer, the equipment's code, the activity, the norm. The names are
  // looked up by the server on every write (metadata), so the search finds them.
  fullText: ['metadata.customerName', 'metadata.targetName', 'metadata.activityName', 'attributes.rule.norm'],
  // The worklist: grouped by customer, then site; inside a site the nearest deadline first.
  defaultOrder: ['customerName', 'customerLocationId', 'deadlineDate'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'metadata.customerLocationId': { target: 'customers' },
    'metadata.commercialZoneId': { target: 'commercialZones' },
    'relationships.activityId': { target: 'activities' },
    'relationships.assignmentActivityId': { target: 'assignmentActivities' },
    'relationships.executedAssignmentId': { target: 'assignments' },
    // A deadline means nothing without its equipment or installation: it goes with them.
    'relationships.equipmentId': { target: 'equipments', owned: true },
    'relationships.installationId': { target: 'installations', owned: true },
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies' },
    // A refresher means nothing without its employee.
    'relationships.employeeId': { target: 'employees', owned: true },
    'relationships.courseId': { target: 'courses' },
    'relationships.courseEditionId': { target: 'courseEditions' },
    // A renewal means nothing without its qualification.
    'relationships.technicianQualificationId': { target: 'technicianQualifications', owned: true },
    // The visit the next one follows from: deleted with it (the server then puts the previous visit's next one back).
    'relationships.healthSurveillanceVisitId': { target: 'healthSurveillanceVisits', owned: true },
  },
  actions: {
    plan: { label: 'Crea intervento', ability: 'update', body: planDeadlinesRequest, creates: true, createdType: 'assignments', key: 'i', selection: 'physicalActivityIds' },
    postpone: { label: 'Rinvia', ability: 'update', body: postponeDeadlineRequest, key: 'v' },
    // Only who may delete deadlines (an administrator): the deadline ends without execution and without a next one.
    ignore: { label: 'Ignora', ability: 'delete', key: 'g' },
  },
  title: (entity) => {
    const { deadlineDate, rule } = (entity as PhysicalActivityShape).attributes;
    // An edition that is an article joins its law as a clause («D.Lgs. 81/2008 art. 41»).
    const what = rule ? `${ruleKindLabels[rule.kind]} ${rule.norm}${/^art\. /.test(rule.edition) ? ' ' : ':'}${rule.edition}` : 'Scadenza';
    const target = typeof entity.metadata.targetName === 'string' ? ` – ${entity.metadata.targetName}` : '';
    return `${what} del ${italianDate(deadlineDate)}${target}`;
  },
});

/** What a contract row holds, for an equipment or an installation. */
const contractAttributes = z.strictObject({
  module: z.enum(equipmentModules),
  contractStartDate: isoDate().nullable().optional(),
  contractEndDate: isoDate().nullable().optional(),
  isActive: z.boolean().default(true),
});

type ContractAttributes = z.infer<typeof contractAttributes>;
type ContractShape = EntityShape & { attributes: ContractAttributes };

/** A contract ends after it starts. */
export function contractIssues(attributes: ContractAttributes): RuleIssue[] {
  const { contractStartDate: start, contractEndDate: end } = attributes;
  if (start && end && end < start) {
    return [{ path: ['attributes', 'contractEndDate'], code: 'validityEndAfterStart', message: messages.validityEndAfterStart }];
  }
  return [];
}

const contractFields = {
  module: { path: 'attributes.module', type: 'text' },
  isActive: { path: 'attributes.isActive', type: 'boolean' },
  contractEndDate: { path: 'attributes.contractEndDate', type: 'date', sortable: true, range: true },
  customerId: { path: 'relationships.customerId', type: 'uuid' },
} as const;

const contractTitle = (what: string) => (entity: EntityShape) => {
  const { contractStartDate } = (entity as ContractShape).attributes;
  return contractStartDate ? `${what} in contratto dal ${italianDate(contractStartDate)}` : `${what} in contratto`;
};

export const physicalEquipments = defineKind({
  type: 'physicalEquipments',
  subject: 'physical equipment',
  label: { singular: 'Attrezzatura in contratto', plural: 'Attrezzature in contratto' },
  attributes: contractAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    customerId: z.uuid(),
    equipmentId: z.uuid(),
  }),
  fields: {
    ...contractFields,
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
  },
  fullText: [],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.equipmentId': { target: 'equipments', owned: true },
  },
  rules: (entity) => contractIssues((entity as ContractShape).attributes),
  title: contractTitle('Attrezzatura'),
});

export const physicalInstallations = defineKind({
  type: 'physicalInstallations',
  subject: 'physical installation',
  label: { singular: 'Impianto in contratto', plural: 'Impianti in contratto' },
  attributes: contractAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    customerId: z.uuid(),
    installationId: z.uuid(),
  }),
  fields: {
    ...contractFields,
    installationId: { path: 'relationships.installationId', type: 'uuid' },
  },
  fullText: [],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.installationId': { target: 'installations', owned: true },
  },
  rules: (entity) => contractIssues((entity as ContractShape).attributes),
  title: contractTitle('Impianto'),
});
