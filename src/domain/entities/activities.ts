/**
 * Activities (SPEC /activities): the catalogue of what the provider does on equipments,
 * installations and people — a revision, a hydrant test, a medical visit — and how often.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { expiryBases, frequencyUnits, moduleName } from '../enums.ts';
import { money, optionalText, requiredText } from '../validation.ts';
import { activityMaintenanceRules } from '../rules/maintenance-rules.ts';

/** How often something recurs: every `value` `unit`s (SPEC §3 frequency units). */
export const frequency = z.strictObject({
  value: z.number().int().min(1).max(1000),
  unit: z.enum(frequencyUnits),
});
export type Frequency = z.infer<typeof frequency>;

export const activityAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  description: optionalText(5000),
  module: moduleName,
  /** Absent for one-off activities (an installation, a replacement). */
  frequency: frequency.optional(),
  /** What the first deadline is counted from; later ones from the last execution. */
  expiryBasis: z.enum(expiryBases).default('lastExecution'),
  durationMinutes: z.number().int().min(1).max(100_000).optional(),
  price: money().pipe(z.number().min(0)).optional(),
  isActive: z.boolean().default(true),
  /** DESIGN §4 "Deadlines": the norms' periods this activity executes on the equipments of its type. */
  maintenanceRules: activityMaintenanceRules,
});

export const activityRelationships = z.strictObject({
  /** The equipment type the activity applies to; absent for activities on people or installations. */
  equipmentFamilyId: z.uuid().nullable().optional(),
  /** The product (service) the activity is sold as. */
  productId: z.uuid().nullable().optional(),
});

type ActivityShape = EntityShape & { attributes: z.infer<typeof activityAttributes> };

export const activities = defineKind({
  type: 'activities',
  subject: 'activity',
  label: { singular: 'Attività', plural: 'Attività' },
  attributes: activityAttributes,
  metadata: z.strictObject({}),
  relationships: activityRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    module: { path: 'attributes.module', type: 'text' },
    isActive: { path: 'attributes.isActive', type: 'boolean' },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
    productId: { path: 'relationships.productId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.name', 'attributes.description'],
  references: {
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies' },
    'relationships.productId': { target: 'products' },
  },
  title: (entity) => {
    const { code, name } = (entity as ActivityShape).attributes;
    return `${code} – ${name}`;
  },
});
