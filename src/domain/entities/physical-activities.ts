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
import { isoDate, messages } from '../validation.ts';
import { frequency } from './activities.ts';
import { italianDate } from './italian-date.ts';

export const physicalActivityAttributes = z.strictObject({
  module: moduleName,
  deadlineDate: isoDate(),
  lastExecutionDate: isoDate().nullable().optional(),
  isExecuted: z.boolean().default(false),
  /** The activity's frequency when this deadline was computed; the next one follows from it. */
  frequency: frequency.optional(),
});

export const physicalActivityRelationships = z.strictObject({
  customerId: z.uuid(),
  activityId: z.uuid(),
  equipmentId: z.uuid().nullable().optional(),
  installationId: z.uuid().nullable().optional(),
  equipmentFamilyId: z.uuid().nullable().optional(),
});

type PhysicalActivityShape = EntityShape & { attributes: z.infer<typeof physicalActivityAttributes> };

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
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    activityId: { path: 'relationships.activityId', type: 'uuid' },
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
    installationId: { path: 'relationships.installationId', type: 'uuid' },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
  },
  fullText: [],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.activityId': { target: 'activities' },
    // A deadline means nothing without its equipment or installation: it goes with them.
    'relationships.equipmentId': { target: 'equipments', owned: true },
    'relationships.installationId': { target: 'installations', owned: true },
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies' },
  },
  title: (entity) => `Scadenza del ${italianDate((entity as PhysicalActivityShape).attributes.deadlineDate)}`,
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
