/**
 * Small lookup tables maintained by administrators: customer groups, commercial and operating
 * zones, classifications, the generic context tables, and the jobs, job scopes and safety roles
 * that qualify a customer's employees.
 * Fields: our design (SPEC names the kinds only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { moduleName } from '../enums.ts';
import { messages, nonNegativeInt, optionalText, requiredText } from '../validation.ts';

/** Code, name and description: the shape every table here starts from. */
const codedEntry = {
  code: requiredText(50),
  name: requiredText(200),
  description: optionalText(1000),
};

const noMetadata = z.strictObject({});
const noRelationships = z.strictObject({});

const codeAndName = {
  code: { path: 'attributes.code', type: 'text', sortable: true },
  name: { path: 'attributes.name', type: 'text', sortable: true },
} as const;

type CodedShape = EntityShape & { attributes: { code?: string; name: string } };
const codedTitle = (entity: EntityShape) => {
  const { code, name } = (entity as CodedShape).attributes;
  return code ? `${code} – ${name}` : name;
};

/** Italian province codes (`MI`, `RM`): a set, a code listed twice is kept once. */
const provinces = z
  .array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, messages.invalidValue))
  .max(120)
  .default([])
  .transform((list) => [...new Set(list)]);

/** Groups of customers (a holding, a franchise) managed with the customers (SPEC /customersGroups). */
export const customerGroups = defineKind({
  type: 'customerGroups',
  subject: 'customer',
  label: { singular: 'Gruppo di clienti', plural: 'Gruppi di clienti' },
  attributes: z.strictObject({ ...codedEntry, code: optionalText(50) }),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: codeAndName,
  fullText: ['attributes.code', 'attributes.name'],
  references: {},
  title: codedTitle,
});

/**
 * Sales areas: a customer's commercialZoneId points here, and the salesmen of the zone are those
 * who may read the zone's quotations (SPEC §6 "read those of the user's area"). SPEC §6 has one
 * subject for zones, `zone`, so both zone kinds use it.
 */
export const commercialZones = defineKind({
  type: 'commercialZones',
  subject: 'zone',
  label: { singular: 'Zona commerciale', plural: 'Zone commerciali' },
  attributes: z.strictObject({ ...codedEntry, provinces }),
  metadata: noMetadata,
  relationships: z.strictObject({
    salesmanIds: z.array(z.uuid()).max(200).default([]),
  }),
  fields: {
    ...codeAndName,
    provinces: { path: 'attributes.provinces', type: 'textArray' },
    salesmanIds: { path: 'relationships.salesmanIds', type: 'uuidArray' },
  },
  fullText: ['attributes.code', 'attributes.name'],
  references: {
    'relationships.salesmanIds': { target: 'users', many: true },
  },
  title: codedTitle,
});

/** Operating areas used to plan technicians' work (SPEC screen "Zones"). */
export const zones = defineKind({
  type: 'zones',
  subject: 'zone',
  label: { singular: 'Zona', plural: 'Zone' },
  attributes: z.strictObject({ ...codedEntry, provinces }),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: {
    ...codeAndName,
    provinces: { path: 'attributes.provinces', type: 'textArray' },
  },
  fullText: ['attributes.code', 'attributes.name'],
  references: {},
  title: codedTitle,
});

/** Classifications of customers and activities, optionally limited to one module. */
export const classifications = defineKind({
  type: 'classifications',
  subject: 'classification',
  label: { singular: 'Classificazione', plural: 'Classificazioni' },
  attributes: z.strictObject({ ...codedEntry, module: moduleName.optional() }),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: {
    ...codeAndName,
    module: { path: 'attributes.module', type: 'text' },
  },
  fullText: ['attributes.code', 'attributes.name'],
  references: {},
  title: codedTitle,
});

/**
 * The context tables the product itself reads (the demo and a new installation fill them): shown by
 * their Italian names (`form.enum.<name>`); an administrator may add others, shown as named.
 */
export const knownContextTables = ['canaliAcquisizione', 'esitiContatto', 'motiviRinvio', 'settoriAttivita', 'tipiDocumento'] as const;

/** A generic lookup table: one row per (tableName, code), listed by `order`. */
export const contextTables = defineKind({
  type: 'contextTables',
  subject: 'settings',
  label: { singular: 'Voce di tabella di contesto', plural: 'Tabelle di contesto' },
  attributes: z.strictObject({
    tableName: z.string().trim().regex(/^[A-Za-z][\w-]{0,99}$/, messages.invalidValue),
    code: requiredText(50),
    label: requiredText(200),
    order: nonNegativeInt().default(0),
    isActive: z.boolean().default(true),
  }),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: {
    tableName: { path: 'attributes.tableName', type: 'text', sortable: true, values: knownContextTables },
    code: { path: 'attributes.code', type: 'text', sortable: true },
    order: { path: 'attributes.order', type: 'number', sortable: true },
    isActive: { path: 'attributes.isActive', type: 'boolean' },
  },
  fullText: ['attributes.code', 'attributes.label'],
  references: {},
  // The entry as people pick and read it («Gara d’appalto»); its table is its own column, by its Italian name.
  title: (entity) => (entity as EntityShape & { attributes: { label: string } }).attributes.label,
});

// Jobs, job scopes and safety roles are configuration read by the employee screens, so they sit
// under `settings` rather than `customer`: staff who manage employees need not edit them.

/** A job (mansione) of an employee. */
export const jobs = defineKind({
  type: 'jobs',
  subject: 'settings',
  label: { singular: 'Mansione', plural: 'Mansioni' },
  attributes: z.strictObject(codedEntry),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: codeAndName,
  fullText: ['attributes.code', 'attributes.name'],
  references: {},
  title: codedTitle,
});

/** The area a job is carried out in (ambito), e.g. office, warehouse, construction site. */
export const jobScopes = defineKind({
  type: 'jobScopes',
  subject: 'settings',
  label: { singular: 'Ambito', plural: 'Ambiti' },
  attributes: z.strictObject(codedEntry),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: codeAndName,
  fullText: ['attributes.code', 'attributes.name'],
  references: {},
  title: codedTitle,
});

/**
 * One training a safety role requires, with the norm that requires it. Any one of `courseIds`
 * satisfies it (a higher fire-warden level covers a lower one, group A first aid covers groups B
 * and C); the first is the one to plan. An update course renews its base course's requirement.
 */
export const safetyRoleRequirement = z.strictObject({
  courseIds: z.array(z.uuid()).min(1).max(10).transform((list) => [...new Set(list)]),
  /** Decree, article or agreement that requires the training (shown with the compliance). */
  norm: requiredText(300),
});

export type SafetyRoleRequirement = z.infer<typeof safetyRoleRequirement>;

/** A safety role (first aid, fire warden, RLS…) and the courses it requires, as data an administrator edits. */
export const safetyRoles = defineKind({
  type: 'safetyRoles',
  subject: 'settings',
  label: { singular: 'Ruolo per la sicurezza', plural: 'Ruoli per la sicurezza' },
  attributes: z.strictObject({ ...codedEntry, requirements: z.array(safetyRoleRequirement).max(50).default([]) }),
  metadata: noMetadata,
  relationships: noRelationships,
  fields: codeAndName,
  fullText: ['attributes.code', 'attributes.name'],
  references: {
    'attributes.requirements[].courseIds': { target: 'courses', many: true },
  },
  title: codedTitle,
});
