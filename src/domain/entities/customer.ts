/** Customer (SPEC §3): companies and persons, office locations, commercial offer, classifications. */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import {
  additionalFieldTypes, classificationLevels, commercialOfferTypes, contactKinds, contactLastReplies, contactTypes,
  customerOrigins, customerTypes, genders, moduleName, psClassifications,
} from '../enums.ts';
import {
  detail, fiscalCode, isoDate, isoDateTime, messages, nonNegativeInt, optionalEmail, optionalText, optionalUrl,
  percentage, requiredText, vatNumber,
} from '../validation.ts';
import { address } from './address.ts';
import { commercialReferentIssues, type RegistryReferent } from '../rules/commercial-referent.ts';

export const registry = z.strictObject({
  // In reading order: what it is and its name, tax codes, address, contacts, ERP, a person's birth data.
  isPerson: z.boolean().default(false),
  businessName: optionalText(300),
  firstName: optionalText(100),
  lastName: optionalText(100),
  vatNumber: vatNumber().optional(),
  fiscalCode: fiscalCode().optional(),
  foreignVatNumber: detail(optionalText(30)),
  address: optionalText(300),
  street: optionalText(200),
  streetNumber: optionalText(20),
  zipCode: optionalText(10),
  city: optionalText(100),
  province: optionalText(5),
  phoneNumber: optionalText(30),
  mobilePhoneNumber: optionalText(30),
  secondaryPhoneNumber: detail(optionalText(30)),
  email: optionalEmail(),
  emailPec: optionalEmail(),
  website: optionalUrl(),
  isElectronicInvoiceEnabled: z.boolean().default(false),
  alias: detail(optionalText(200)),
  erpCode: detail(optionalText(50)),
  erpCountryCode: detail(nonNegativeInt().default(86)),
  gender: z.enum(genders).default('male'),
  birthDate: isoDate().optional(),
  birthCity: optionalText(100),
  birthProvince: optionalText(5),
  isValid: detail(z.boolean().default(true)),
  addresses: z.array(address).max(50).default([]),
});

/** SPEC §5: a person needs first and last name, a company its business name. */
export function registryIssues(reg: z.infer<typeof registry>, at: PropertyKey[]): RuleIssue[] {
  const missing = (field: string): RuleIssue => ({ path: [...at, field], code: 'required', message: messages.required });
  if (reg.isPerson) {
    return [
      ...(reg.firstName?.trim() ? [] : [missing('firstName')]),
      ...(reg.lastName?.trim() ? [] : [missing('lastName')]),
    ];
  }
  return reg.businessName?.trim() ? [] : [missing('businessName')];
}

export function registryDisplayName(reg: { isPerson?: boolean; firstName?: string; lastName?: string; businessName?: string }): string {
  return reg.isPerson ? [reg.lastName, reg.firstName].filter(Boolean).join(' ') : (reg.businessName ?? '');
}

const referent = z.strictObject({
  firstName: requiredText(100),
  lastName: requiredText(100),
  phoneNumber: optionalText(30),
  email: optionalEmail(),
  role: optionalText(100),
  // Seldom filled: folded under each referent's «Altri dati», so a list of referents stays short.
  notes: detail(optionalText(1000)),
});

const marketingContact = z.strictObject({
  completeName: requiredText(200),
  email: z.email(),
});

const managedService = (nameKey: 'rsppCompleteName' | 'doctorCompleteName') =>
  z.strictObject({ isManaged: z.boolean().default(false), [nameKey]: optionalText(200) });

export const additionalInformations = z.strictObject({
  logo: z.uuid().optional(),
  classifications: z
    .strictObject({
      asr: z.enum(classificationLevels).optional(),
      firePrevention: z.enum(classificationLevels).optional(),
      ps: z.enum(psClassifications).optional(),
    })
    .default({}),
  legalRepresentative: z
    .strictObject({ firstName: optionalText(100), lastName: optionalText(100), fiscalCode: fiscalCode().optional() })
    .optional(),
  rspp: managedService('rsppCompleteName').optional(),
  medicine: managedService('doctorCompleteName').optional(),
  referents: z.array(referent).max(100).default([]),
  marketingContacts: z.array(marketingContact).max(100).default([]),
  emailsForCertificates: z.array(z.email()).max(20).default([]),
  emailsForInterventionReports: z.array(z.email()).max(20).default([]),
  attachments: z.array(z.uuid()).max(200).default([]),
});

/** A customer-specific extra field on equipments (SPEC §3 "Additional field"). */
export const additionalField = z
  .strictObject({
    type: z.enum(additionalFieldTypes),
    label: requiredText(100),
    name: requiredText(100),
    hintLabel: optionalText(200),
    options: z.array(requiredText(100)).max(100).default([]),
    switch: z.boolean().default(false),
    multiple: z.boolean().default(false),
    isIncludedInReport: z.boolean().default(false),
    reportColumnOrder: nonNegativeInt().optional(),
    equipmentFamilyId: z.uuid().optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'combobox' && field.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: messages.comboboxNeedsOptions, params: { code: 'comboboxNeedsOptions' } });
    }
  });

export const featureFlags = z.strictObject({
  hasAdditionalFields: z.boolean().default(false),
  hasMediaTree: z.boolean().default(false),
});

/** A contact with the customer kept by marketing (SPEC §3 contact types, kinds and last reply). */
export const contact = z.strictObject({
  dateTime: isoDateTime(),
  type: z.enum(contactTypes),
  kind: z.enum(contactKinds),
  lastReply: z.enum(contactLastReplies).optional(),
  notes: optionalText(2000),
});

/**
 * «Registra contatto» (the CRM timeline): the contact as it happened now, and the next call, which
 * becomes a reminder of the caller's (it must be later than now).
 */
export const logContactRequest = z.strictObject({
  type: z.enum(contactTypes),
  kind: z.enum(contactKinds).default('contact'),
  lastReply: z.enum(contactLastReplies).optional(),
  notes: optionalText(2000),
  nextCallDateTime: isoDateTime()
    .refine((value) => Date.parse(value) > Date.now(), { message: messages.nextCallInFuture, params: { code: 'nextCallInFuture' } })
    .nullable()
    .optional(),
});

/** SPEC §5: the registry fields only a person has, and those only a company has (the others apply to both). */
export const personRegistryFields = ['firstName', 'lastName', 'gender', 'birthDate', 'birthCity', 'birthProvince'] as const;
export const companyRegistryFields = ['businessName', 'vatNumber', 'foreignVatNumber', 'website', 'isElectronicInvoiceEnabled'] as const;

/** Whether registry field `name` applies to a person (`isPerson`) or a company. */
export function registryFieldApplies(name: string, isPerson: boolean): boolean {
  if ((personRegistryFields as readonly string[]).includes(name)) return isPerson;
  if ((companyRegistryFields as readonly string[]).includes(name)) return !isPerson;
  return true;
}

/**
 * The additional fields in report column order (a field without one after those with one, then as
 * listed), each given its position as `reportColumnOrder`: the editor's order is the report's.
 */
export function orderedAdditionalFields<T extends { reportColumnOrder?: number | undefined }>(fields: readonly T[]): T[] {
  return additionalFieldOrder(fields).map((stored, index) => ({ ...(fields[stored] as T), reportColumnOrder: index + 1 }));
}

/** The stored positions of the additional fields in report column order (`[2, 0, 1]`: the third comes first). */
export function additionalFieldOrder(fields: readonly { reportColumnOrder?: number | undefined }[]): number[] {
  return fields
    .map((field, index) => ({ order: field.reportColumnOrder ?? Number.MAX_SAFE_INTEGER, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ index }) => index);
}

/**
 * What an equipment's report prints of its additional data: the customer's fields marked "in
 * report" that apply to the equipment's family (or to every family), in column order, each with its
 * value as text (yes/no, choices joined, numbers in Italian); fields without a value are left out.
 */
export function reportAdditionalValues(
  definitions: readonly { label: string; name: string; isIncludedInReport?: boolean; reportColumnOrder?: number | undefined; equipmentFamilyId?: string | undefined }[],
  familyId: string | null | undefined,
  values: Readonly<Record<string, unknown>>,
): { label: string; value: string }[] {
  const text = (value: unknown): string => {
    if (typeof value === 'boolean') return value ? 'Sì' : 'No';
    if (typeof value === 'number') return value.toLocaleString('it-IT');
    if (Array.isArray(value)) return value.map(text).filter(Boolean).join(', ');
    return typeof value === 'string' ? value.trim() : '';
  };
  return additionalFieldOrder(definitions)
    .map((index) => definitions[index]!)
    .filter((field) => field.isIncludedInReport === true && (!field.equipmentFamilyId || field.equipmentFamilyId === familyId))
    .map((field) => ({ label: field.label, value: text(values[field.name]) }))
    .filter((entry) => entry.value !== '');
}

export const customerAttributes = z.strictObject({
  allowedModules: z.array(moduleName).max(6).default([]),
  registry,
  parentId: z.uuid().nullable().optional(),
  additionalInformations: additionalInformations.default({
    classifications: {}, referents: [], marketingContacts: [], emailsForCertificates: [],
    emailsForInterventionReports: [], attachments: [],
  }),
  origin: z.enum(customerOrigins).default('siv'),
  originDetail: optionalText(200),
  commercialOfferType: z.enum(commercialOfferTypes).default('discount'),
  commercialPercentage: percentage().default(0),
  validityDateTimeStart: isoDateTime().nullable().optional(),
  validityDateTimeEnd: isoDateTime().nullable().optional(),
  /** Maximum discount % a quotation may give this customer without approval (SPEC §9; default from config). */
  maxDiscountPercent: percentage().optional(),
  sdiCode: z.string().trim().regex(/^[A-Z0-9]{0,7}$/i, messages.invalidValue).optional(),
  rating: z.number().int().min(0).max(5).optional(),
  registeredOffice: address.optional(),
  contacts: z.array(contact).max(500).default([]),
});

export const customerMetadata = z.strictObject({
  type: z.enum(customerTypes).default('potential'),
  erpCode: optionalText(50),
  erpPaymentTermCode: optionalText(50),
  commercialZoneCode: optionalText(50),
  /** The customer's price list in force (SPEC §2 "active price list"); else its newest valid own list (rules/pricing.ts). */
  activePriceListId: z.uuid().nullable().optional(),
  referentName: optionalText(200),
  /** SPEC §3 dateTime: when it entered the registry («Cliente dal»); set on create, an import from the ERP may carry its own. */
  dateTime: isoDateTime().nullable().optional(),
  additionalPEFields: z.array(additionalField).max(100).default([]),
  featureFlags: featureFlags.default({ hasAdditionalFields: false, hasMediaTree: false }),
});

export const customerRelationships = z.strictObject({
  customerGroupId: z.uuid().nullable().optional(),
  endCustomersIds: z.array(z.uuid()).max(1000).default([]),
  referentId: z.uuid().nullable().optional(),
  registeredOfficeId: z.uuid().nullable().optional(),
  commercialZoneId: z.uuid().nullable().optional(),
  billingCustomerId: z.uuid().nullable().optional(),
  paymentTermId: z.uuid().nullable().optional(),
  invoicingMethodId: z.uuid().nullable().optional(),
  /** SPEC §3 additionalFieldsLength: how many additional fields its equipment carries (counted by the server on every write). */
  additionalFieldsLength: z.number().int().min(0).optional(),
});

type CustomerShape = EntityShape & { attributes: z.infer<typeof customerAttributes> };

export const customers = defineKind({
  type: 'customers',
  subject: 'customer',
  label: { singular: 'Cliente', plural: 'Clienti' },
  attributes: customerAttributes,
  metadata: customerMetadata,
  relationships: customerRelationships,
  archivable: true,
  serverAssigned: ['relationships.additionalFieldsLength'],
  actions: {
    logContact: { label: 'Registra contatto', ability: 'update', body: logContactRequest, key: 't' },
  },
  fields: {
    type: { path: 'metadata.type', type: 'text', sortable: true },
    displayName: { path: 'metadata.displayName', type: 'text', sortable: true },
    isPerson: { path: 'attributes.registry.isPerson', type: 'boolean' },
    vatNumber: { path: 'attributes.registry.vatNumber', type: 'text' },
    fiscalCode: { path: 'attributes.registry.fiscalCode', type: 'text' },
    city: { path: 'attributes.registry.city', type: 'text', sortable: true },
    province: { path: 'attributes.registry.province', type: 'text', sortable: true },
    erpCode: { path: 'metadata.erpCode', type: 'text', sortable: true },
    origin: { path: 'attributes.origin', type: 'text' },
    parentId: { path: 'attributes.parentId', type: 'uuid' },
    allowedModules: { path: 'attributes.allowedModules', type: 'textArray' },
    commercialZoneId: { path: 'relationships.commercialZoneId', type: 'uuid' },
    customerGroupId: { path: 'relationships.customerGroupId', type: 'uuid' },
    referentId: { path: 'relationships.referentId', type: 'uuid' },
    commercialOfferType: { path: 'attributes.commercialOfferType', type: 'text' },
    commercialPercentage: { path: 'attributes.commercialPercentage', type: 'number', sortable: true, range: true },
    validityDateTimeEnd: { path: 'attributes.validityDateTimeEnd', type: 'date', sortable: true, range: true },
    customerSince: { path: 'metadata.dateTime', type: 'date', sortable: true, range: true },
    lastContact: { path: 'metadata.lastContact', type: 'date', sortable: true, range: true },
    lastReply: { path: 'metadata.lastReply', type: 'text', values: contactLastReplies },
    rating: { path: 'attributes.rating', type: 'number', sortable: true, range: true },
  },
  fullText: [
    'metadata.displayName', 'attributes.registry.alias', 'attributes.registry.vatNumber', 'attributes.registry.fiscalCode',
    'attributes.registry.city', 'attributes.registry.email', 'metadata.erpCode',
  ],
  references: {
    'attributes.parentId': { target: 'customers' },
    'attributes.additionalInformations.logo': { target: 'media' },
    'attributes.additionalInformations.attachments': { target: 'media', many: true },
    'metadata.additionalPEFields[].equipmentFamilyId': { target: 'equipmentFamilies' },
    'relationships.registeredOfficeId': { target: 'customers' },
    'relationships.customerGroupId': { target: 'customerGroups' },
    'relationships.endCustomersIds': { target: 'customers', many: true },
    'relationships.referentId': { target: 'users' },
    'relationships.commercialZoneId': { target: 'commercialZones' },
    'metadata.activePriceListId': { target: 'priceLists' },
    'relationships.billingCustomerId': { target: 'customers' },
    'relationships.paymentTermId': { target: 'paymentTerms' },
    'relationships.invoicingMethodId': { target: 'invoicingMethods' },
  },
  rules: (entity) => {
    const { attributes } = entity as CustomerShape;
    const issues = registryIssues(attributes.registry, ['attributes', 'registry']);
    if (!attributes.parentId && attributes.allowedModules.length === 0) {
      issues.push({ path: ['attributes', 'allowedModules'], code: 'atLeastOneModule', message: messages.atLeastOneModule });
    }
    const { validityDateTimeStart: start, validityDateTimeEnd: end } = attributes;
    if (start && end && end < start) {
      issues.push({ path: ['attributes', 'validityDateTimeEnd'], code: 'validityEndAfterStart', message: messages.validityEndAfterStart });
    }
    // SPEC §8: a commercial referent who is not a user comes from the customer's registry referents.
    issues.push(...commercialReferentIssues({
      referentId: entity.relationships.referentId as string | null | undefined,
      referentName: entity.metadata.referentName as string | undefined,
      referents: (attributes.additionalInformations as { referents?: RegistryReferent[] } | undefined)?.referents ?? [],
    }));
    return issues;
  },
  derivedMetadata: (entity) => {
    const { attributes } = entity as CustomerShape;
    // The CRM timeline's latest contact: when, and what the customer answered (the marketing customers list).
    const latest = [...attributes.contacts].sort((a, b) => a.dateTime.localeCompare(b.dateTime)).at(-1);
    return { displayName: registryDisplayName(attributes.registry), lastContact: latest?.dateTime ?? null, lastReply: latest?.lastReply ?? null };
  },
  title: (entity) => String(entity.metadata.displayName ?? registryDisplayName((entity as CustomerShape).attributes.registry)),
});
