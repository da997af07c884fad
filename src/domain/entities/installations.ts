/**
 * Installations (SPEC /installations): fixed systems at a customer's location — a sprinkler
 * network, the hydrants, the fire alarm — that equipments may belong to.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { equipmentModules, installationStates, installationTypes } from '../enums.ts';
import { isoDate, optionalText, requiredText } from '../validation.ts';

export const installationAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  description: optionalText(5000),
  module: z.enum(equipmentModules),
  type: z.enum(installationTypes).default('other'),
  /** Where it is inside the location (building, floor, plant room). */
  locationNote: optionalText(500),
  installationDate: isoDate().nullable().optional(),
  state: z.enum(installationStates).default('active'),
});

export const installationRelationships = z.strictObject({
  customerId: z.uuid(),
  /** The office location (a customer of type officeLocation) where it is installed. */
  customerLocationId: z.uuid().nullable().optional(),
});

type InstallationShape = EntityShape & { attributes: z.infer<typeof installationAttributes> };

export const installations = defineKind({
  type: 'installations',
  subject: 'installation',
  label: { singular: 'Impianto', plural: 'Impianti' },
  attributes: installationAttributes,
  metadata: z.strictObject({}),
  relationships: installationRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    module: { path: 'attributes.module', type: 'text' },
    type: { path: 'attributes.type', type: 'text' },
    state: { path: 'attributes.state', type: 'text' },
    installationDate: { path: 'attributes.installationDate', type: 'date', sortable: true, range: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    customerLocationId: { path: 'relationships.customerLocationId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.name', 'attributes.description', 'attributes.locationNote'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.customerLocationId': { target: 'customers' },
  },
  title: (entity) => {
    const { code, name } = (entity as InstallationShape).attributes;
    return `${code} – ${name}`;
  },
});
