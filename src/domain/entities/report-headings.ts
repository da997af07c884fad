/**
 * Report headings (SPEC /reportHeadings): the letterhead printed on reports and certificates,
 * one per module or a general one.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { moduleName } from '../enums.ts';
import { optionalEmail, optionalText, requiredText, vatNumber } from '../validation.ts';

export const reportHeadingAttributes = z.strictObject({
  title: requiredText(200),
  companyName: requiredText(300),
  /** Printed one under the other below the company name. */
  addressLines: z.array(requiredText(300)).max(6).default([]),
  vatNumber: vatNumber().optional(),
  phoneNumber: optionalText(30),
  email: optionalEmail(),
  footer: optionalText(2000),
  /** The heading used for its module when none is chosen. */
  isDefault: z.boolean().default(false),
  /** Absent: valid for every module. */
  module: moduleName.optional(),
});

export const reportHeadings = defineKind({
  type: 'reportHeadings',
  subject: 'report heading',
  label: { singular: 'Intestazione dei documenti', plural: 'Intestazioni dei documenti' },
  attributes: reportHeadingAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    logoMediaId: z.uuid().nullable().optional(),
  }),
  fields: {
    title: { path: 'attributes.title', type: 'text', sortable: true },
    module: { path: 'attributes.module', type: 'text' },
    isDefault: { path: 'attributes.isDefault', type: 'boolean' },
  },
  fullText: ['attributes.title', 'attributes.companyName'],
  references: {
    'relationships.logoMediaId': { target: 'media' },
  },
  title: (entity) => (entity as EntityShape & { attributes: z.infer<typeof reportHeadingAttributes> }).attributes.title,
});
