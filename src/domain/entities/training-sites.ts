/**
 * Where courses take place: training sites (the provider's or a customer's premises), their rooms
 * and practice zones, and the equipment kept there. Subject `course`, as for the whole training area.
 * Fields: our design (SPEC names the kinds only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { trainingRoomTypes } from '../enums.ts';
import { messages, nonNegativeInt, optionalText, requiredText } from '../validation.ts';
import { address } from './address.ts';

export const trainingSiteAttributes = z.strictObject({
  name: requiredText(200),
  address,
  notes: optionalText(2000),
});

type TrainingSiteShape = EntityShape & { attributes: z.infer<typeof trainingSiteAttributes> };

/** A site is somewhere: its city is required. */
export function trainingSiteIssues(attributes: z.infer<typeof trainingSiteAttributes>): RuleIssue[] {
  return attributes.address.city?.trim() ? [] : [{ path: ['attributes', 'address', 'city'], code: 'required', message: messages.required }];
}

export const trainingSites = defineKind({
  type: 'trainingSites',
  subject: 'course',
  label: { singular: 'Sede formativa', plural: 'Sedi formative' },
  module: 'edu',
  attributes: trainingSiteAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    /** Set when the site is at a customer's premises (on-site training). */
    customerId: z.uuid().nullable().optional(),
  }),
  fields: {
    name: { path: 'attributes.name', type: 'text', sortable: true },
    city: { path: 'attributes.address.city', type: 'text', sortable: true },
    province: { path: 'attributes.address.province', type: 'text', sortable: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
  },
  fullText: ['attributes.name', 'attributes.address.city', 'attributes.address.address'],
  references: {
    'relationships.customerId': { target: 'customers' },
  },
  rules: (entity) => trainingSiteIssues((entity as TrainingSiteShape).attributes),
  title: (entity) => (entity as TrainingSiteShape).attributes.name,
});

export const trainingRoomAttributes = z.strictObject({
  name: requiredText(200),
  type: z.enum(trainingRoomTypes).default('classroom'),
  /** Seats (classroom) or people at once (practice zone). */
  capacity: z.number().int().min(1).max(10_000).optional(),
  notes: optionalText(2000),
});

export const trainingRooms = defineKind({
  type: 'trainingRooms',
  subject: 'course',
  label: { singular: 'Aula', plural: 'Aule' },
  module: 'edu',
  attributes: trainingRoomAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    trainingSiteId: z.uuid(),
  }),
  fields: {
    name: { path: 'attributes.name', type: 'text', sortable: true },
    type: { path: 'attributes.type', type: 'text' },
    capacity: { path: 'attributes.capacity', type: 'number', sortable: true, range: true },
    trainingSiteId: { path: 'relationships.trainingSiteId', type: 'uuid' },
  },
  fullText: ['attributes.name'],
  references: {
    'relationships.trainingSiteId': { target: 'trainingSites' },
  },
  title: (entity) => (entity as EntityShape & { attributes: z.infer<typeof trainingRoomAttributes> }).attributes.name,
});

export const trainingEquipmentAttributes = z.strictObject({
  name: requiredText(200),
  code: optionalText(50),
  quantity: nonNegativeInt().default(1),
  notes: optionalText(2000),
});

export const trainingEquipments = defineKind({
  type: 'trainingEquipments',
  subject: 'course',
  label: { singular: 'Attrezzatura didattica', plural: 'Attrezzature didattiche' },
  module: 'edu',
  attributes: trainingEquipmentAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    trainingSiteId: z.uuid(),
  }),
  fields: {
    name: { path: 'attributes.name', type: 'text', sortable: true },
    code: { path: 'attributes.code', type: 'text', sortable: true },
    trainingSiteId: { path: 'relationships.trainingSiteId', type: 'uuid' },
  },
  fullText: ['attributes.name', 'attributes.code'],
  references: {
    'relationships.trainingSiteId': { target: 'trainingSites' },
  },
  title: (entity) => {
    const { name, code } = (entity as EntityShape & { attributes: z.infer<typeof trainingEquipmentAttributes> }).attributes;
    return code ? `${code} – ${name}` : name;
  },
});
