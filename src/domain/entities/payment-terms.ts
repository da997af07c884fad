/**
 * Payment terms (SPEC /paymentTerms): when an invoice falls due, e.g. "30 giorni fine mese".
 * A customer's paymentTermId points here; metadata.erpPaymentTermCode carries the ERP's code.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { requiredText } from '../validation.ts';

export const paymentTermAttributes = z.strictObject({
  code: requiredText(50),
  description: requiredText(300),
  /** Days from the invoice date. */
  days: z.number().int().min(0).max(366).default(0),
  /** The due date moves to the end of its month ("fine mese"). */
  endOfMonth: z.boolean().default(false),
});

export const paymentTerms = defineKind({
  type: 'paymentTerms',
  subject: 'invoicing method',
  label: { singular: 'Termine di pagamento', plural: 'Termini di pagamento' },
  attributes: paymentTermAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({}),
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    description: { path: 'attributes.description', type: 'text', sortable: true },
    days: { path: 'attributes.days', type: 'number', sortable: true, range: true },
  },
  fullText: ['attributes.code', 'attributes.description'],
  references: {},
  title: (entity) => {
    const { code, description } = (entity as EntityShape & { attributes: z.infer<typeof paymentTermAttributes> }).attributes;
    return `${code} – ${description}`;
  },
});
