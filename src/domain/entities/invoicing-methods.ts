/**
 * Invoicing methods (SPEC /invoicingMethod): how a quotation or order is invoiced, in one payment
 * or in instalments, each a percentage due at a moment (subscription, completion, progress, or a
 * duration after one of them). SPEC's "invoicing method installments" live inside the method.
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { instalmentTimings, instalmentUnits, invoicingMethodTypes } from '../enums.ts';
import { messages, optionalText, requiredText } from '../validation.ts';
import { instalmentIssue, instalmentMessage } from '../rules/instalments.ts';

/** Timings that count a duration from an event, so they need `duration` and `unit`. */
export const timingsWithDuration: ReadonlySet<string> = new Set(['durationFromSubscription', 'durationFromCompletion']);

export const instalment = z.strictObject({
  /** Share of the total, more than 0 and at most 100. */
  percentage: z.number().finite().gt(0).max(100),
  timing: z.enum(instalmentTimings),
  duration: z.number().int().min(1).max(1000).optional(),
  unit: z.enum(instalmentUnits).optional(),
  description: optionalText(500),
});

export const invoicingMethodAttributes = z.strictObject({
  name: requiredText(200),
  type: z.enum(invoicingMethodTypes),
  instalments: z.array(instalment).max(100).default([]),
});

type InvoicingMethodShape = EntityShape & { attributes: z.infer<typeof invoicingMethodAttributes> };

/**
 * SPEC §5: instalments must add up to 100%. A single payment may name when it is due with one
 * instalment (then of 100%), or none.
 */
export function invoicingMethodIssues(attributes: z.infer<typeof invoicingMethodAttributes>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const at = ['attributes', 'instalments'];
  const { type, instalments } = attributes;
  if (type === 'singlePayment' && instalments.length > 1) {
    issues.push({ path: at, code: 'invalidValue', message: messages.invalidValue });
  } else if (type === 'instalment' || instalments.length > 0) {
    const percentages = instalments.map((i) => i.percentage);
    const issue = instalmentIssue(percentages);
    if (issue) issues.push({ path: at, code: issue, message: instalmentMessage(issue, percentages, messages[issue]) });
  }
  instalments.forEach((item, index) => {
    if (!timingsWithDuration.has(item.timing)) return;
    if (item.duration === undefined) issues.push({ path: [...at, index, 'duration'], code: 'required', message: messages.required });
    if (item.unit === undefined) issues.push({ path: [...at, index, 'unit'], code: 'required', message: messages.required });
  });
  return issues;
}

export const invoicingMethods = defineKind({
  type: 'invoicingMethods',
  subject: 'invoicing method',
  label: { singular: 'Metodo di fatturazione', plural: 'Metodi di fatturazione' },
  attributes: invoicingMethodAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({}),
  fields: {
    name: { path: 'attributes.name', type: 'text', sortable: true },
    type: { path: 'attributes.type', type: 'text', sortable: true },
  },
  fullText: ['attributes.name'],
  references: {},
  rules: (entity) => invoicingMethodIssues((entity as InvoicingMethodShape).attributes),
  title: (entity) => (entity as InvoicingMethodShape).attributes.name,
});
