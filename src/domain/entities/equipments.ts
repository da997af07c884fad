/**
 * Equipments (SPEC §3 Equipment): the things the provider maintains at a customer — an
 * extinguisher (fire) or a machine (equip). One kind for both modules: `module` says which, and
 * each module's own fields are refused on the other's equipments.
 * The table is the largest of the product (a million rows in benchmarks): `fields` holds only
 * what the equipment lists filter and sort by, since each one is an index.
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { equipmentModules, equipmentStates, ownerships } from '../enums.ts';
import { correctYear, isoDate, measure, messages, optionalText, requiredText } from '../validation.ts';
import { equipmentMachine } from '../machines/equipment.ts';

/** A year as a number; SPEC §5 year correction applies (25 → 2025), as for dates. */
export const year = () => z.number().int().transform(correctYear);

/** Values of the customer's additional fields (SPEC §3 Additional field: text, number, combobox, checkbox). */
const additionalValue = z.union([
  z.string().max(2000),
  measure(),
  z.boolean(),
  z.array(z.string().max(200)).max(100),
]);

/** Technical characteristics of a fire equipment: capacity, extinguishing agent, class… */
const characteristicValue = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

/**
 * The characteristics the product names (those of the equipment types in the demo and the register
 * import, and the agent the maintenance rules read): a form shows each by its Italian name
 * (`form.field.<key>`) rather than as a key to edit. Any other key is the user's own and stays editable.
 */
export const namedCharacteristics = [
  'agent', 'agenteEstinguente', 'ante', 'autonomiaOre', 'bocche', 'capacitaEstinguente', 'caricaKg', 'caricaLitri',
  'carrellato', 'diametro', 'lunghezzaManichettaM', 'lunghezzaTubazioneM', 'permanente', 'pressurizzazione',
  'resistenzaAlFuoco', 'superficieUtileMq', 'tecnologia', 'tipo',
] as const;

export const equipmentAttributes = z.strictObject({
  /** The equipment's code in the provider's registry (SPEC name kept: it is text, not a uuid). */
  equipmentId: requiredText(50),
  module: z.enum(equipmentModules),
  state: z.enum(equipmentStates).default('active'),
  /** Pictures and documents of the equipment. */
  medias: z.array(z.uuid()).max(200).default([]),
  /** Values of the customer's additional fields, by field name. */
  additionalData: z.record(z.string().trim().min(1).max(100), additionalValue).default({}),
  /** The customer's own code for the equipment. */
  customCode: optionalText(50),
  customerLocationNote: optionalText(500),
  /** Where it stands inside the location (floor, room, "next to the lift"). */
  customerLocationPosition: optionalText(200),
  serialNumber: optionalText(100),
  productionDate: isoDate().nullable().optional(),
  installationDate: isoDate().nullable().optional(),
  note: optionalText(5000),
  ownership: z.enum(ownerships).default('owned'),
  // fire only
  characteristics: z.record(z.string().trim().min(1).max(100), characteristicValue).optional(),
  // equip only
  decommissionedYear: year().nullable().optional(),
  type: optionalText(100),
  purchaseYear: year().nullable().optional(),
  isIndustry4: z.boolean().optional(),
  isAsset: z.boolean().optional(),
  builder: optionalText(200),
  model: optionalText(200),
  inailNumber: optionalText(50),
  isCe: z.boolean().optional(),
  costCenter: optionalText(50),
  hasMaintenanceContract: z.boolean().optional(),
  hasDocumentation: z.boolean().optional(),
});

export type EquipmentAttributes = z.infer<typeof equipmentAttributes>;

export const equipmentRelationships = z.strictObject({
  customerId: z.uuid(),
  /** The office location (a customer of type officeLocation) where the equipment is. */
  customerLocationId: z.uuid().nullable().optional(),
  /** A position inside the location; the SPEC names no kind for it, so it is not checked. */
  customerPositionId: z.uuid().nullable().optional(),
  installationId: z.uuid().nullable().optional(),
  equipmentFamilyId: z.uuid().nullable().optional(),
  productId: z.uuid().nullable().optional(),
});

type EquipmentShape = EntityShape & { attributes: EquipmentAttributes };

/** SPEC §3: fields that only one module's equipments have. */
export const moduleOnlyFields = {
  fire: ['characteristics'],
  equip: [
    'decommissionedYear', 'type', 'purchaseYear', 'isIndustry4', 'isAsset', 'builder', 'model', 'inailNumber',
    'isCe', 'costCenter', 'hasMaintenanceContract', 'hasDocumentation',
  ],
} as const satisfies Record<(typeof equipmentModules)[number], readonly (keyof EquipmentAttributes)[]>;

/** The fields of the other module, which an equipment of `module` never has. */
export function foreignModuleFields(module: unknown): readonly (keyof EquipmentAttributes)[] {
  return module === 'fire' ? moduleOnlyFields.equip : module === 'equip' ? moduleOnlyFields.fire : [];
}

/**
 * Another module's fields are refused rather than dropped, so a client that sends them learns
 * it. Nothing is installed before it is produced, nor decommissioned before it is bought.
 */
export function equipmentIssues(attributes: EquipmentAttributes): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const foreign = foreignModuleFields(attributes.module);
  for (const key of foreign) {
    const value = attributes[key];
    if (value !== undefined && value !== null && value !== '') {
      issues.push({ path: ['attributes', key], code: 'invalidValue', message: messages.invalidValue });
    }
  }
  const { productionDate, installationDate, purchaseYear, decommissionedYear } = attributes;
  if (productionDate && installationDate && installationDate < productionDate) {
    issues.push({ path: ['attributes', 'installationDate'], code: 'invalidDate', message: messages.invalidDate });
  }
  if (purchaseYear && decommissionedYear && decommissionedYear < purchaseYear) {
    issues.push({ path: ['attributes', 'decommissionedYear'], code: 'invalidDate', message: messages.invalidDate });
  }
  return issues;
}

export const equipments = defineKind({
  type: 'equipments',
  subject: 'equipment',
  label: { singular: 'Attrezzatura', plural: 'Attrezzature' },
  attributes: equipmentAttributes,
  metadata: z.strictObject({}),
  relationships: equipmentRelationships,
  machine: equipmentMachine,
  fields: {
    equipmentId: { path: 'attributes.equipmentId', type: 'text', sortable: true },
    serialNumber: { path: 'attributes.serialNumber', type: 'text', sortable: true },
    customCode: { path: 'attributes.customCode', type: 'text' },
    state: { path: 'attributes.state', type: 'text' },
    module: { path: 'attributes.module', type: 'text' },
    ownership: { path: 'attributes.ownership', type: 'text' },
    productionDate: { path: 'attributes.productionDate', type: 'date', sortable: true, range: true },
    installationDate: { path: 'attributes.installationDate', type: 'date', sortable: true, range: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    customerLocationId: { path: 'relationships.customerLocationId', type: 'uuid' },
    installationId: { path: 'relationships.installationId', type: 'uuid' },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
  },
  fullText: [
    'attributes.equipmentId', 'attributes.serialNumber', 'attributes.customCode', 'attributes.builder',
    'attributes.model', 'attributes.note',
  ],
  references: {
    'attributes.medias': { target: 'media', many: true },
    'relationships.customerId': { target: 'customers' },
    'relationships.customerLocationId': { target: 'customers' },
    'relationships.installationId': { target: 'installations' },
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies' },
    'relationships.productId': { target: 'products' },
  },
  rules: (entity) => equipmentIssues((entity as EquipmentShape).attributes),
  fieldApplies: (path, entity) => !foreignModuleFields(entity.attributes.module).some((key) => path === `attributes.${key}`),
  title: (entity) => {
    const { equipmentId, builder, model } = (entity as EquipmentShape).attributes;
    const makeAndModel = [builder, model].filter(Boolean).join(' ');
    return makeAndModel ? `${equipmentId} – ${makeAndModel}` : equipmentId;
  },
});
