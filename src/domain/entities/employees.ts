/**
 * Employees (SPEC /customers/employees): a customer's workers, whom training and occupational
 * medicine are about. Uniqueness of the fiscal code (SPEC §5) is checked by the server.
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { fiscalCode, isoDate, messages, optionalEmail, optionalText, requiredText } from '../validation.ts';

export const employeeAttributes = z.strictObject({
  firstName: requiredText(100),
  lastName: requiredText(100),
  /** Required: it identifies the worker across the customer's office locations. */
  fiscalCode: fiscalCode().refine((value) => value !== '', { message: messages.required, params: { code: 'required' } }),
  birthDate: isoDate().optional(),
  /** Birth place, printed on course certificates. */
  birthCity: optionalText(100),
  birthProvince: optionalText(5),
  hireDate: isoDate().optional(),
  email: optionalEmail(),
  phone: optionalText(30),
});

export const employeeRelationships = z.strictObject({
  customerId: z.uuid(),
  officeLocationId: z.uuid().nullable().optional(),
  jobId: z.uuid().nullable().optional(),
  jobScopeId: z.uuid().nullable().optional(),
  safetyRoleIds: z.array(z.uuid()).max(50).default([]),
});

type EmployeeShape = EntityShape & { attributes: z.infer<typeof employeeAttributes> };

/** Nobody is hired before being born. */
export function employeeIssues(attributes: z.infer<typeof employeeAttributes>): RuleIssue[] {
  const { birthDate, hireDate } = attributes;
  if (birthDate && hireDate && hireDate <= birthDate) {
    return [{ path: ['attributes', 'hireDate'], code: 'invalidDate', message: messages.invalidDate }];
  }
  return [];
}

export const employees = defineKind({
  type: 'employees',
  subject: 'customer',
  label: { singular: 'Dipendente', plural: 'Dipendenti' },
  // Training and occupational medicine are about a customer's workers; no other module reads them.
  module: ['edu', 'med'],
  attributes: employeeAttributes,
  metadata: z.strictObject({}),
  relationships: employeeRelationships,
  fields: {
    lastName: { path: 'attributes.lastName', type: 'text', sortable: true },
    firstName: { path: 'attributes.firstName', type: 'text', sortable: true },
    fiscalCode: { path: 'attributes.fiscalCode', type: 'text' },
    hireDate: { path: 'attributes.hireDate', type: 'date', sortable: true, range: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    officeLocationId: { path: 'relationships.officeLocationId', type: 'uuid' },
    jobId: { path: 'relationships.jobId', type: 'uuid' },
    jobScopeId: { path: 'relationships.jobScopeId', type: 'uuid' },
    safetyRoleIds: { path: 'relationships.safetyRoleIds', type: 'uuidArray' },
  },
  fullText: ['attributes.lastName', 'attributes.firstName', 'attributes.fiscalCode', 'attributes.email'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.officeLocationId': { target: 'customers' },
    'relationships.jobId': { target: 'jobs' },
    'relationships.jobScopeId': { target: 'jobScopes' },
    'relationships.safetyRoleIds': { target: 'safetyRoles', many: true },
  },
  rules: (entity) => employeeIssues((entity as EmployeeShape).attributes),
  title: (entity) => {
    const { lastName, firstName } = (entity as EmployeeShape).attributes;
    return `${lastName} ${firstName}`;
  },
});
