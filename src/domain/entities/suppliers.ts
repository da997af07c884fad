/**
 * Suppliers (SPEC /suppliers) and what each supplies (supplier products): the companies goods and
 * services are bought from, with their codes, costs and lead times for each product. A supplier
 * product is written by the server from its product's suppliers list (the one truth), never directly.
 * Fields: our design (SPEC names the kinds only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import {
  fiscalCode, optionalEmail, optionalText, optionalUrl, requiredText, vatNumber,
} from '../validation.ts';
import { address } from './address.ts';
import { productSupplier } from './products.ts';

export const supplierAttributes = z.strictObject({
  businessName: requiredText(300),
  vatNumber: vatNumber().optional(),
  fiscalCode: fiscalCode().optional(),
  email: optionalEmail(),
  emailPec: optionalEmail(),
  phone: optionalText(30),
  website: optionalUrl(),
  address: address.optional(),
  /** The supplier's code in the ERP, for purchase orders and invoices. */
  erpCode: optionalText(50),
  notes: optionalText(5000),
  isActive: z.boolean().default(true),
});

type SupplierShape = EntityShape & { attributes: z.infer<typeof supplierAttributes> };

export const suppliers = defineKind({
  type: 'suppliers',
  subject: 'supplier',
  label: { singular: 'Fornitore', plural: 'Fornitori' },
  attributes: supplierAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    paymentTermId: z.uuid().nullable().optional(),
  }),
  fields: {
    businessName: { path: 'attributes.businessName', type: 'text', sortable: true },
    vatNumber: { path: 'attributes.vatNumber', type: 'text' },
    erpCode: { path: 'attributes.erpCode', type: 'text', sortable: true },
    isActive: { path: 'attributes.isActive', type: 'boolean' },
  },
  fullText: ['attributes.businessName', 'attributes.vatNumber', 'attributes.erpCode', 'attributes.email', 'attributes.address.city'],
  references: {
    'relationships.paymentTermId': { target: 'paymentTerms' },
  },
  title: (entity) => (entity as SupplierShape).attributes.businessName,
});

/** A supplier's offer of a product: the product's `attributes.suppliers` entry for this supplier (products.ts). */
export const supplierProductAttributes = productSupplier.omit({ supplierId: true });

export const supplierProductRelationships = z.strictObject({
  supplierId: z.uuid(),
  productId: z.uuid(),
});

type SupplierProductShape = EntityShape & {
  attributes: z.infer<typeof supplierProductAttributes>;
  relationships: z.infer<typeof supplierProductRelationships>;
};

export const supplierProducts = defineKind({
  type: 'supplierProducts',
  subject: 'supplier product',
  label: { singular: 'Prodotto del fornitore', plural: 'Prodotti dei fornitori' },
  // A supplier's offer of a product is read where the product is (its module).
  readThrough: [{ path: 'relationships.productId', target: 'products' }],
  attributes: supplierProductAttributes,
  metadata: z.strictObject({}),
  relationships: supplierProductRelationships,
  fields: {
    supplierCode: { path: 'attributes.supplierCode', type: 'text', sortable: true },
    isDefault: { path: 'attributes.isDefault', type: 'boolean' },
    supplierId: { path: 'relationships.supplierId', type: 'uuid' },
    productId: { path: 'relationships.productId', type: 'uuid' },
  },
  fullText: ['attributes.supplierCode'],
  references: {
    'relationships.supplierId': { target: 'suppliers' },
    // Written from its product: deleting the product deletes its offers.
    'relationships.productId': { target: 'products', owned: true },
  },
  title: (entity) => {
    const { attributes } = entity as SupplierProductShape;
    return attributes.supplierCode?.trim() || 'Prodotto del fornitore';
  },
});
