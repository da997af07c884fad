/**
 * Commercial agreements (SPEC /planning/commercialAgreements/{customerId}, subject `commercial
 * offer`): what a customer has agreed to buy over a period, which services and how often. The
 * planning area generates the work from them; a quotation that refers to one needs validity dates.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { moduleName } from '../enums.ts';
import { isoDate, MAX_QUANTITY, messages, money, optionalText } from '../validation.ts';
import { frequency } from './activities.ts';
import { italianDate } from './italian-date.ts';

/** One service covered by the agreement: an activity of the catalogue, a product, or both. */
export const agreementServiceItem = z.strictObject({
  activityId: z.uuid().nullable().optional(),
  productId: z.uuid().nullable().optional(),
  quantity: z.number().finite().gt(0).max(MAX_QUANTITY),
  unitPrice: money().pipe(z.number().min(0)),
});

export const commercialAgreementAttributes = z.strictObject({
  code: optionalText(50),
  title: optionalText(300),
  module: moduleName.optional(),
  startDate: isoDate(),
  /** Absent while the agreement runs until cancelled. */
  endDate: isoDate().nullable().optional(),
  /** How often the services are performed. */
  frequency: frequency.optional(),
  /** Agreed fee for the period. */
  amount: money().pipe(z.number().min(0)).optional(),
  notes: optionalText(5000),
  isActive: z.boolean().default(true),
  serviceItems: z.array(agreementServiceItem).max(500).default([]),
});

export const commercialAgreementRelationships = z.strictObject({
  customerId: z.uuid(),
  priceListId: z.uuid().nullable().optional(),
  /** The quotation the agreement was signed from. */
  quotationId: z.uuid().nullable().optional(),
});

type CommercialAgreementShape = EntityShape & { attributes: z.infer<typeof commercialAgreementAttributes> };

/** The period ends on or after it starts; each service item names an activity or a product. */
export function commercialAgreementIssues(attributes: z.infer<typeof commercialAgreementAttributes>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { startDate, endDate, serviceItems } = attributes;
  if (endDate && endDate < startDate) {
    issues.push({ path: ['attributes', 'endDate'], code: 'validityEndAfterStart', message: messages.validityEndAfterStart });
  }
  serviceItems.forEach((item, index) => {
    if (!item.activityId && !item.productId) {
      issues.push({ path: ['attributes', 'serviceItems', index, 'activityId'], code: 'required', message: messages.required });
    }
  });
  return issues;
}

/** Ids gathered from the service items, so the activities and products they name cannot vanish. */
function itemIds(attributes: z.infer<typeof commercialAgreementAttributes>, key: 'activityId' | 'productId'): string[] {
  return [...new Set(attributes.serviceItems.flatMap((item) => (item[key] ? [item[key]] : [])))];
}

export const commercialAgreements = defineKind({
  type: 'commercialAgreements',
  subject: 'commercial offer',
  label: { singular: 'Accordo commerciale', plural: 'Accordi commerciali' },
  attributes: commercialAgreementAttributes,
  metadata: z.strictObject({}),
  relationships: commercialAgreementRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    module: { path: 'attributes.module', type: 'text' },
    startDate: { path: 'attributes.startDate', type: 'date', sortable: true, range: true },
    endDate: { path: 'attributes.endDate', type: 'date', sortable: true, range: true },
    isActive: { path: 'attributes.isActive', type: 'boolean' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.title', 'attributes.notes'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.priceListId': { target: 'priceLists' },
    'relationships.quotationId': { target: 'quotations' },
    'attributes.serviceItems[].activityId': { target: 'activities', gatheredIn: 'metadata.activityIds' },
    'attributes.serviceItems[].productId': { target: 'products', gatheredIn: 'metadata.productIds' },
  },
  rules: (entity) => commercialAgreementIssues((entity as CommercialAgreementShape).attributes),
  derivedMetadata: (entity) => {
    const { attributes } = entity as CommercialAgreementShape;
    return { activityIds: itemIds(attributes, 'activityId'), productIds: itemIds(attributes, 'productId') };
  },
  title: (entity) => {
    const { code, title, startDate } = (entity as CommercialAgreementShape).attributes;
    return [code, title].filter(Boolean).join(' – ') || `Accordo dal ${italianDate(startDate)}`;
  },
});
