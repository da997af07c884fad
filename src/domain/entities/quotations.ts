/**
 * Quotations (SPEC §3 Quotation, §4 status, §5 dates) and the revisions that freeze them.
 * A quotation's products are rows of their own (quotation-products.ts); its totals are summed
 * from them by the server and kept in metadata, never written by clients.
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { moduleName, quotationAttachmentKinds, quotationPlannings, quotationStatuses, quotationValidityOptions } from '../enums.ts';
import { isoDate, isoDateTime, nonNegativeInt, optionalText, requiredText } from '../validation.ts';
import { quotationDateIssues } from '../rules/dates.ts';
import { quotationMachine } from '../machines/quotation.ts';
import { addDays, addMonths, calendarDay } from '../rules/calendar.ts';

/** A file attached to a quotation; the accept transition looks for a `signedQuotation`. */
export const quotationAttachment = z.strictObject({
  mediaId: z.uuid(),
  kind: z.enum(quotationAttachmentKinds).default('other'),
  name: requiredText(300),
});

export const quotationAttributes = z.strictObject({
  /** `PRV-2026-00042`; the server assigns the next one of the year when it is empty. */
  code: optionalText(50),
  status: z.enum(quotationStatuses).default('draft'),
  module: moduleName.optional(),
  title: optionalText(300),
  /** Writing date (data di redazione). */
  date: isoDate(),
  expiryDate: isoDate().nullable().optional(),
  validity: z.enum(quotationValidityOptions).optional(),
  worksStartDate: isoDate().nullable().optional(),
  worksCloseDate: isoDate().nullable().optional(),
  validityDateTimeStart: isoDateTime().nullable().optional(),
  validityDateTimeEnd: isoDateTime().nullable().optional(),
  planning: z.enum(quotationPlannings).default('indicative'),
  notes: optionalText(5000),
  /** Internal notes for SIV users only: hidden from customer users by a field-level ability (SPEC §3). */
  commercialNotes: optionalText(5000),
  attachments: z.array(quotationAttachment).max(100).default([]),
  /** 0 for the first issue; each revision (SPEC §4 "create revision") adds one. */
  revisionNumber: nonNegativeInt().default(0),
  paymentMethod: optionalText(200),
});

/**
 * SPEC §9 validity options → the expiry date, counted from the writing date: 15/30/60 days, or
 * 3/6/12 calendar months (31 January + 3 months = 30 April). Null without a valid writing date.
 */
export function expiryFromValidity(writingDate: string | null | undefined, validity: (typeof quotationValidityOptions)[number]): string | null {
  const day = calendarDay(writingDate);
  if (!day) return null;
  switch (validity) {
    case '15d': return addDays(day, 15);
    case '30d': return addDays(day, 30);
    case '60d': return addDays(day, 60);
    case '3m': return addMonths(day, 3);
    case '6m': return addMonths(day, 6);
    case '1y': return addMonths(day, 12);
  }
}

export const quotationRelationships = z.strictObject({
  customerId: z.uuid(),
  officeLocationId: z.uuid().nullable().optional(),
  authorId: z.uuid().nullable().optional(),
  /** The salesman responsible for the quotation (SPEC §6 "read those the user is responsible for"). */
  commercialUserId: z.uuid().nullable().optional(),
  paymentTermId: z.uuid().nullable().optional(),
  invoicingMethodId: z.uuid().nullable().optional(),
  priceListId: z.uuid().nullable().optional(),
  supplierIds: z.array(z.uuid()).max(100).default([]),
  commercialAgreementIds: z.array(z.uuid()).max(100).default([]),
});

type QuotationShape = EntityShape & {
  attributes: z.infer<typeof quotationAttributes>;
  relationships: z.infer<typeof quotationRelationships>;
};

export const quotations = defineKind({
  type: 'quotations',
  subject: 'quotation',
  label: { singular: 'Preventivo', plural: 'Preventivi' },
  attributes: quotationAttributes,
  // Totals (totalNetPrice, totalListPrice, totalDiscount, discountPercent, totalMargin, productsCount)
  // and customerName are derived by the server from the products and the customer.
  metadata: z.strictObject({}),
  relationships: quotationRelationships,
  machine: quotationMachine,
  // Once a quotation leaves editing its content is what was approved or issued; the signed copy and notes arrive later.
  stateLock: {
    editableStates: ['to-be-created', 'draft', 'revision'],
    alwaysEditable: ['attributes.attachments', 'attributes.notes', 'attributes.commercialNotes'],
    code: 'QUOTATION_NOT_EDITABLE',
    hint: 'creare una revisione o riportarlo in bozza',
    ownedRows: ['quotationProducts'],
  },
  // Issued, accepted or refused, a quotation is what the customer received: it is cancelled or revised, never deleted.
  deleteLock: { states: ['to-be-created', 'draft'], message: 'Si possono eliminare solo preventivi da creare o in bozza; gli altri si annullano o si revisionano' },
  actions: {
    duplicate: { label: 'Duplica', ability: 'create', creates: true, key: 'd' },
    // An order with the accepted quotation's lines, linked to it (server: src/server/kinds/quotations.ts createOrderFromQuotation).
    // The `r o` command opens the order wizard filled from the quotation (createFlow), so the order gets its activities and intervention.
    createOrder: { label: 'Crea ordine', ability: 'createOrder', creates: true, createdType: 'orders', key: 'o', states: ['accepted'], createFlow: 'relationships.quotationId' },
  },
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    status: { path: 'attributes.status', type: 'text', sortable: true },
    module: { path: 'attributes.module', type: 'text' },
    date: { path: 'attributes.date', type: 'date', sortable: true, range: true },
    expiryDate: { path: 'attributes.expiryDate', type: 'date', sortable: true, range: true },
    revisionNumber: { path: 'attributes.revisionNumber', type: 'number' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    authorId: { path: 'relationships.authorId', type: 'uuid' },
    commercialUserId: { path: 'relationships.commercialUserId', type: 'uuid' },
    totalNetPrice: { path: 'metadata.totalNetPrice', type: 'number', sortable: true, range: true },
    customerName: { path: 'metadata.customerName', type: 'text', sortable: true },
    // The last request for approval (server: kinds/quotations.ts), shown in the approval queue.
    approvalMessage: { path: 'metadata.approvalMessage', type: 'text' },
    approvalRequestedBy: { path: 'metadata.approvalRequestedBy', type: 'uuid' },
    approvalRequestedAt: { path: 'metadata.approvalRequestedAt', type: 'date' },
  },
  fullText: ['attributes.code', 'attributes.title', 'metadata.customerName', 'attributes.notes'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.officeLocationId': { target: 'customers' },
    'relationships.authorId': { target: 'users' },
    'attributes.attachments[].mediaId': { target: 'media' },
    'relationships.commercialUserId': { target: 'users' },
    'relationships.paymentTermId': { target: 'paymentTerms' },
    'relationships.invoicingMethodId': { target: 'invoicingMethods' },
    'relationships.priceListId': { target: 'priceLists' },
    'relationships.supplierIds': { target: 'suppliers', many: true },
    'relationships.commercialAgreementIds': { target: 'commercialAgreements', many: true },
    // Attached files live inside objects; their ids are gathered in metadata so a file in use cannot be deleted.
    'metadata.attachmentMediaIds': { target: 'media', many: true },
    'metadata.approvalRequestedBy': { target: 'users' },
  },
  rules: (entity) => {
    const { attributes, relationships } = entity as QuotationShape;
    // Today is the day in Rome (the rule converts the clock), not the UTC day: at 00:30 in Italy it is already tomorrow.
    return quotationDateIssues(attributes, { today: new Date(), hasCommercialAgreements: relationships.commercialAgreementIds.length > 0 });
  },
  derivedMetadata: (entity) => ({
    attachmentMediaIds: [...new Set((entity as QuotationShape).attributes.attachments.map((a) => a.mediaId))],
  }),
  title: (entity) => {
    const { code, title } = (entity as QuotationShape).attributes;
    const customerName = typeof entity.metadata.customerName === 'string' ? entity.metadata.customerName : '';
    return [code || 'Nuovo preventivo', title || customerName].filter(Boolean).join(' – ');
  },
});

export const quotationRevisionAttributes = z.strictObject({
  /** The revision number the quotation had when it was frozen. */
  revisionNumber: nonNegativeInt(),
  reason: optionalText(2000),
  /** The quotation as it was (attributes, metadata, relationships): kept as is, never validated again. */
  snapshot: z.record(z.string(), z.unknown()).default({}),
  createdFromStatus: z.enum(quotationStatuses).optional(),
});

type QuotationRevisionShape = EntityShape & { attributes: z.infer<typeof quotationRevisionAttributes> };

export const quotationRevisions = defineKind({
  type: 'quotationRevisions',
  subject: 'quotation revision',
  label: { singular: 'Revisione del preventivo', plural: 'Revisioni del preventivo' },
  // A revision is a frozen copy of its quotation: read where the quotation is.
  readThrough: [{ path: 'relationships.quotationId', target: 'quotations' }],
  attributes: quotationRevisionAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    quotationId: z.uuid(),
  }),
  fields: {
    revisionNumber: { path: 'attributes.revisionNumber', type: 'number', sortable: true },
    quotationId: { path: 'relationships.quotationId', type: 'uuid' },
  },
  fullText: ['attributes.reason'],
  references: {
    'relationships.quotationId': { target: 'quotations', owned: true },
  },
  title: (entity) => `Revisione ${(entity as QuotationRevisionShape).attributes.revisionNumber}`,
});
