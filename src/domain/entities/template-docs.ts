/**
 * Document templates (SPEC /templateDoc/{type}): the text a quotation or a course certificate is
 * printed from, with an optional file (letterhead, DOCX model) kept as media.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { templateDocTypes } from '../enums.ts';
import { requiredText } from '../validation.ts';

export const templateDocAttributes = z.strictObject({
  type: z.enum(templateDocTypes),
  name: requiredText(200),
  /** The template text with its placeholders; empty while the template is being prepared. */
  body: z.string().max(200_000).default(''),
  /** The template used for its type when none is chosen. */
  isDefault: z.boolean().default(false),
});

export const templateDocs = defineKind({
  type: 'templateDocs',
  subject: 'settings',
  label: { singular: 'Modello di documento', plural: 'Modelli di documento' },
  attributes: templateDocAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({
    mediaId: z.uuid().nullable().optional(),
  }),
  fields: {
    type: { path: 'attributes.type', type: 'text', sortable: true },
    name: { path: 'attributes.name', type: 'text', sortable: true },
    isDefault: { path: 'attributes.isDefault', type: 'boolean' },
  },
  fullText: ['attributes.name'],
  references: {
    'relationships.mediaId': { target: 'media' },
  },
  title: (entity) => (entity as EntityShape & { attributes: z.infer<typeof templateDocAttributes> }).attributes.name,
});
