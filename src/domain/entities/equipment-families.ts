/**
 * Equipment types (SPEC /equipmentFamilies, subject `equipment type`) and their components
 * (SPEC /components, subject `equipment`: a component is part of the equipment area).
 * Fields: our design (SPEC names the kinds only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { equipmentModules, expiryBases } from '../enums.ts';
import { optionalText, requiredText } from '../validation.ts';
import { DEFAULT_EDITION_POLICY, editionPolicies, extinguishingAgents, maintenanceRules } from '../rules/maintenance-rules.ts';

type CodedShape = EntityShape & { attributes: { code: string; name: string } };
const codedTitle = (entity: EntityShape) => {
  const { code, name } = (entity as CodedShape).attributes;
  return `${code} – ${name}`;
};

export const equipmentFamilyAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  module: z.enum(equipmentModules),
  description: optionalText(5000),
  /** SPEC §9: expiry is counted from the production or the installation date, depending on the type. */
  expiryBasis: z.enum(expiryBases).default('production'),
  /** DESIGN §4 "Deadlines": the norms' periods for equipments of this type (each may name the activity that executes it). */
  maintenanceRules,
  /** Which edition of a norm applies to an equipment: the one in force at its production date, or always the latest. */
  editionPolicy: z.enum(editionPolicies).default(DEFAULT_EDITION_POLICY),
  /**
   * The extinguishing agent the type implies (a powder type: powder), used by the deadlines of an
   * equipment that does not state its own; absent when the type's equipments differ (wheeled ones).
   */
  defaultAgent: z.enum(extinguishingAgents).nullable().optional(),
});

export const equipmentFamilyRelationships = z.strictObject({
  /** Activities planned by default on a new equipment of this type. A set. */
  defaultActivityIds: z.array(z.uuid()).max(100).default([]).transform((list) => [...new Set(list)]),
});

export const equipmentFamilies = defineKind({
  type: 'equipmentFamilies',
  subject: 'equipment type',
  label: { singular: 'Tipo di attrezzatura', plural: 'Tipi di attrezzatura' },
  attributes: equipmentFamilyAttributes,
  metadata: z.strictObject({}),
  relationships: equipmentFamilyRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    module: { path: 'attributes.module', type: 'text' },
  },
  fullText: ['attributes.code', 'attributes.name', 'attributes.description'],
  references: {
    'relationships.defaultActivityIds': { target: 'activities', many: true },
    'attributes.maintenanceRules[].activityId': { target: 'activities' },
  },
  title: codedTitle,
});

export const componentAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  description: optionalText(5000),
  isReplaceable: z.boolean().default(true),
  /** Months after which the component must be replaced; absent when it lasts as long as the equipment. */
  lifetimeMonths: z.number().int().min(1).max(1200).optional(),
});

export const components = defineKind({
  type: 'components',
  subject: 'equipment',
  label: { singular: 'Componente', plural: 'Componenti' },
  // A component is of its equipment type's module.
  readThrough: [{ path: 'relationships.equipmentFamilyId', target: 'equipmentFamilies', scope: 'module' }],
  attributes: componentAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    equipmentFamilyId: z.uuid(),
  }),
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.name'],
  references: {
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies', owned: true },
  },
  title: codedTitle,
});
