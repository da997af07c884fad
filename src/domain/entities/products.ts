/**
 * Products (SPEC /products): the catalogue of what is sold, physical goods and services, with
 * their prices and the suppliers they are bought from (the one list of who supplies what). SPEC §5:
 * at least one default supplier.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { moduleName, productTypes, unitsOfMeasure, usesSectors } from '../enums.ts';
import { messages, money, nonNegativeInt, optionalText, requiredText } from '../validation.ts';

const price = () => money().pipe(z.number().min(0));

/**
 * A supplier the product can be bought from, with its own code, cost and terms. This list is the one
 * truth of who supplies what: the «supplier products» rows (suppliers.ts) are written from it by the
 * server on every write of the product, so a supplier's page and the API list the same offers.
 */
export const productSupplier = z.strictObject({
  supplierId: z.uuid(),
  /** The supplier's own code for the product (its catalogue number). */
  supplierCode: optionalText(100),
  costPrice: price().optional(),
  /** The supplier a product is bought from unless someone chooses otherwise. */
  isDefault: z.boolean().default(false),
  leadTimeDays: nonNegativeInt().max(3650).optional(),
  minimumOrderQuantity: z.number().finite().gt(0).max(1_000_000).optional(),
});

export const productAttributes = z.strictObject({
  code: requiredText(50),
  name: requiredText(300),
  description: optionalText(5000),
  type: z.enum(productTypes).default('physical'),
  unitOfMeasure: z.enum(unitsOfMeasure).default('each'),
  listPrice: price().optional(),
  costPrice: price().optional(),
  usesSector: z.enum(usesSectors).optional(),
  module: moduleName.optional(),
  isActive: z.boolean().default(true),
  suppliers: z.array(productSupplier).max(100).default([]),
});

export const productRelationships = z.strictObject({
  /** The equipment type the product is (an extinguisher model belongs to "Estintori"). */
  equipmentFamilyId: z.uuid().nullable().optional(),
  /** Activities performed with or for the product (a revision of the extinguisher). */
  activityIds: z.array(z.uuid()).max(500).default([]),
});

type ProductShape = EntityShape & { attributes: z.infer<typeof productAttributes> };

/** SPEC §5: a product bought from suppliers names one of them as default; a supplier is listed once. */
export function productIssues(attributes: z.infer<typeof productAttributes>): RuleIssue[] {
  const { suppliers } = attributes;
  const issues: RuleIssue[] = [];
  if (suppliers.length > 0 && !suppliers.some((s) => s.isDefault)) {
    issues.push({ path: ['attributes', 'suppliers'], code: 'defaultSupplierRequired', message: messages.defaultSupplierRequired });
  }
  const seen = new Set<string>();
  suppliers.forEach((s, index) => {
    if (seen.has(s.supplierId)) issues.push({ path: ['attributes', 'suppliers', index, 'supplierId'], code: 'invalidValue', message: messages.invalidValue });
    seen.add(s.supplierId);
  });
  return issues;
}

export const products = defineKind({
  type: 'products',
  subject: 'product',
  label: { singular: 'Prodotto', plural: 'Prodotti' },
  attributes: productAttributes,
  metadata: z.strictObject({}),
  relationships: productRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    type: { path: 'attributes.type', type: 'text' },
    module: { path: 'attributes.module', type: 'text' },
    isActive: { path: 'attributes.isActive', type: 'boolean' },
    equipmentFamilyId: { path: 'relationships.equipmentFamilyId', type: 'uuid' },
    /** "Products of this supplier": derived from `attributes.suppliers`. */
    supplierIds: { path: 'metadata.supplierIds', type: 'uuidArray' },
  },
  fullText: ['attributes.code', 'attributes.name', 'attributes.description'],
  references: {
    'relationships.equipmentFamilyId': { target: 'equipmentFamilies' },
    'relationships.activityIds': { target: 'activities', many: true },
    'attributes.suppliers[].supplierId': { target: 'suppliers', gatheredIn: 'metadata.supplierIds' },
  },
  rules: (entity) => productIssues((entity as ProductShape).attributes),
  derivedMetadata: (entity) => ({ supplierIds: (entity as ProductShape).attributes.suppliers.map((s) => s.supplierId) }),
  title: (entity) => {
    const { code, name } = (entity as ProductShape).attributes;
    return `${code} – ${name}`;
  },
});
