/**
 * Assignments (SPEC /planning/assignments): an intervention at a customer, planned on the
 * calendar of one module and carried out by operators. The code is the server's, from one
 * numbered series (`INT-YYYY-NNNNN`, server/kinds/assignments.ts).
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { assignmentPriorities, assignmentStates, moduleName } from '../enums.ts';
import { isoDateTime, messages, optionalText } from '../validation.ts';
import { ASSIGNMENT_EDITABLE_STATES, assignmentMachine } from '../machines/assignment.ts';

export const assignmentAttributes = z.strictObject({
  /**
   * Assigned by the server from one numbered series `INT-YYYY-NNNNN` (the business day's year),
   * whoever creates the intervention: a code sent is ignored, and a stored one never changes.
   */
  code: optionalText(50),
  state: z.enum(assignmentStates).default('open'),
  module: moduleName,
  title: optionalText(300),
  description: optionalText(5000),
  plannedStartDateTime: isoDateTime().nullable().optional(),
  plannedEndDateTime: isoDateTime().nullable().optional(),
  actualStartDateTime: isoDateTime().nullable().optional(),
  actualEndDateTime: isoDateTime().nullable().optional(),
  priority: z.enum(assignmentPriorities).default('normal'),
  notes: optionalText(5000),
  /** Created by the order wizard (SPEC §2 step 5) and still to be confirmed in the assignment detail. */
  isProvisional: z.boolean().default(false),
  /**
   * Issue 25: why an administrator assigns a technician not qualified for the intervention's system
   * types (D.M. 1/9/2021). Accepted only from an administrator; kept in the history with the operators it let in.
   */
  qualificationOverrideReason: optionalText(500).nullable(),
});

export const assignmentRelationships = z.strictObject({
  customerId: z.uuid(),
  /** SPEC §2: only one office location per assignment. */
  officeLocationId: z.uuid().nullable().optional(),
  orderId: z.uuid().nullable().optional(),
  /** A set: an operator listed twice is kept once. */
  operatorIds: z.array(z.uuid()).max(50).default([]).transform((list) => [...new Set(list)]),
  operatorInChargeId: z.uuid().nullable().optional(),
});

type AssignmentAttributes = z.infer<typeof assignmentAttributes>;
type AssignmentRelationships = z.infer<typeof assignmentRelationships>;
type AssignmentShape = EntityShape & { attributes: AssignmentAttributes; relationships: AssignmentRelationships };

/**
 * States in which nobody has to be named yet: still to schedule, or dropped (cancelled or
 * postponed) before anyone was named. Every other state means the work is planned or done.
 */
const unstaffedStates: readonly AssignmentAttributes['state'][] = ['open', 'canceled', 'postponed'];

/**
 * SPEC §5 "at least one operator and an operator-in-charge on assignments", once the assignment
 * is scheduled (the machine's schedule guard says the same before the move); the operator in
 * charge is always one of the operators. Ends follow their starts.
 */
export function assignmentIssues(attributes: AssignmentAttributes, relationships: AssignmentRelationships): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { operatorIds, operatorInChargeId } = relationships;
  if (!unstaffedStates.includes(attributes.state)) {
    if (operatorIds.length === 0) {
      issues.push({ path: ['relationships', 'operatorIds'], code: 'operatorRequired', message: messages.operatorRequired });
    }
    if (!operatorInChargeId) {
      issues.push({ path: ['relationships', 'operatorInChargeId'], code: 'operatorInChargeRequired', message: messages.operatorInChargeRequired });
    }
  }
  if (operatorInChargeId && !operatorIds.includes(operatorInChargeId)) {
    issues.push({ path: ['relationships', 'operatorInChargeId'], code: 'operatorInChargeRequired', message: messages.operatorInChargeRequired });
  }
  const endsBeforeStart = (start: string | null | undefined, end: string | null | undefined) => Boolean(start && end && end <= start);
  if (endsBeforeStart(attributes.plannedStartDateTime, attributes.plannedEndDateTime)) {
    issues.push({ path: ['attributes', 'plannedEndDateTime'], code: 'invalidDate', message: messages.invalidDate });
  }
  // Actual times are recorded as they happened (a device's, a server's): an end at its start's instant is one.
  const actualStart = attributes.actualStartDateTime;
  const actualEnd = attributes.actualEndDateTime;
  if (actualStart && actualEnd && Date.parse(actualEnd) < Date.parse(actualStart)) {
    issues.push({ path: ['attributes', 'actualEndDateTime'], code: 'invalidDate', message: messages.invalidDate });
  }
  return issues;
}

export const assignments = defineKind({
  type: 'assignments',
  subject: 'assignment',
  label: { singular: 'Intervento', plural: 'Interventi' },
  attributes: assignmentAttributes,
  metadata: z.strictObject({}),
  relationships: assignmentRelationships,
  machine: assignmentMachine,
  // Issue 22: closed or cancelled, an intervention opens read-only but for its notes (src/domain/record-lock.ts).
  stateLock: { editableStates: ASSIGNMENT_EDITABLE_STATES, alwaysEditable: ['attributes.notes'], hint: 'si possono cambiare solo le note (Riapri per modificare il resto)' },
  // The code is the series' (server/kinds/assignments.ts): nobody types it.
  serverAssigned: ['attributes.code'],
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    state: { path: 'attributes.state', type: 'text' },
    module: { path: 'attributes.module', type: 'text' },
    priority: { path: 'attributes.priority', type: 'text' },
    plannedStartDateTime: { path: 'attributes.plannedStartDateTime', type: 'date', sortable: true, range: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    orderId: { path: 'relationships.orderId', type: 'uuid' },
    operatorIds: { path: 'relationships.operatorIds', type: 'uuidArray' },
    operatorInChargeId: { path: 'relationships.operatorInChargeId', type: 'uuid' },
  },
  fullText: ['attributes.code', 'attributes.title', 'attributes.description'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.officeLocationId': { target: 'customers' },
    'relationships.orderId': { target: 'orders' },
    'relationships.operatorIds': { target: 'users', many: true },
    'relationships.operatorInChargeId': { target: 'users' },
  },
  rules: (entity) => {
    const { attributes, relationships } = entity as AssignmentShape;
    return assignmentIssues(attributes, relationships);
  },
  title: (entity) => {
    const { code, title } = (entity as AssignmentShape).attributes;
    // A code is always stored (the server's series); only a record not yet written has none.
    const label = code || 'Nuovo intervento';
    return title ? `${label} – ${title}` : label;
  },
});
