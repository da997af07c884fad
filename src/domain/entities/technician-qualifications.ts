/**
 * Qualified technicians (issue 25, «Qualified technicians»): one record per qualification a
 * technician holds (D.M. 1 settembre 2021 as amended by D.M. 15 luglio 2025): the system types it
 * covers, who certified it, when, until when (its renewal deadline, which the deadlines worklist
 * shows), and the certificate file. The rule that reads them: src/domain/rules/technician-qualification.ts.
 * Fields: our design (the issue names what is recorded).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { fireSystemTypes, fireSystemTypeFacts, type HeldQualification } from '../rules/technician-qualification.ts';
import { isoDate, messages, optionalText, requiredText } from '../validation.ts';
import { italianDate } from './italian-date.ts';

export const technicianQualificationAttributes = z.strictObject({
  /** The types of system the qualification covers (a set: a type listed twice is kept once). */
  systemTypes: z.array(z.enum(fireSystemTypes)).min(1, messages.required).max(fireSystemTypes.length * 2).transform((list) => [...new Set(list)]),
  /** The body that certified the technician (an accredited certification body, a training provider). */
  certifyingBody: requiredText(200),
  certificateNumber: optionalText(100),
  obtainedDate: isoDate(),
  /** The qualification covers the days up to and including this one. */
  renewalDueDate: isoDate().nullable().optional(),
  /** The certificate (a media row attached to this record). */
  certificateMediaId: z.uuid().nullable().optional(),
  notes: optionalText(2000),
});

export const technicianQualificationRelationships = z.strictObject({
  /** The technician (a staff user). */
  userId: z.uuid(),
});

type QualificationShape = EntityShape & {
  attributes: z.infer<typeof technicianQualificationAttributes>;
  relationships: z.infer<typeof technicianQualificationRelationships>;
};

/** A renewal comes after the qualification was obtained. */
export function technicianQualificationIssues(attributes: z.infer<typeof technicianQualificationAttributes>): RuleIssue[] {
  const { obtainedDate, renewalDueDate } = attributes;
  if (renewalDueDate && renewalDueDate <= obtainedDate) {
    return [{ path: ['attributes', 'renewalDueDate'], code: 'validityEndAfterStart', message: messages.validityEndAfterStart }];
  }
  return [];
}

/** A stored qualification as the rule reads it. */
export function heldQualificationOf(entity: { attributes: Record<string, unknown> }): HeldQualification {
  const { systemTypes, obtainedDate, renewalDueDate } = entity.attributes;
  return {
    systemTypes: Array.isArray(systemTypes) ? systemTypes.filter((type): type is (typeof fireSystemTypes)[number] => (fireSystemTypes as readonly unknown[]).includes(type)) : [],
    obtainedOn: typeof obtainedDate === 'string' ? obtainedDate : '9999-12-31',
    renewalDue: typeof renewalDueDate === 'string' && renewalDueDate !== '' ? renewalDueDate : null,
  };
}

/** «Estintori, Porte e finestre tagliafuoco»: the Italian names of a qualification's system types. */
export function systemTypeNames(types: readonly unknown[]): string {
  return fireSystemTypes.filter((type) => types.includes(type)).map((type) => fireSystemTypeFacts[type].label).join(', ');
}

export const technicianQualifications = defineKind({
  type: 'technicianQualifications',
  subject: 'technician qualification',
  label: { singular: 'Qualifica del tecnico', plural: 'Qualifiche dei tecnici' },
  attributes: technicianQualificationAttributes,
  metadata: z.strictObject({}),
  relationships: technicianQualificationRelationships,
  fields: {
    userId: { path: 'relationships.userId', type: 'uuid' },
    systemTypes: { path: 'attributes.systemTypes', type: 'textArray' },
    certifyingBody: { path: 'attributes.certifyingBody', type: 'text', sortable: true },
    obtainedDate: { path: 'attributes.obtainedDate', type: 'date', sortable: true, range: true },
    renewalDueDate: { path: 'attributes.renewalDueDate', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.certifyingBody', 'attributes.certificateNumber', 'attributes.notes'],
  defaultOrder: ['renewalDueDate'],
  references: {
    // A qualification is its technician's: it goes with the user.
    'relationships.userId': { target: 'users', owned: true },
    'attributes.certificateMediaId': { target: 'media' },
  },
  rules: (entity) => technicianQualificationIssues((entity as QualificationShape).attributes),
  title: (entity) => {
    const { systemTypes, renewalDueDate } = (entity as QualificationShape).attributes;
    const until = renewalDueDate ? ` (fino al ${italianDate(renewalDueDate)})` : '';
    return `Qualifica: ${systemTypeNames(systemTypes ?? [])}${until}`;
  },
});
