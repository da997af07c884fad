/**
 * Enrolment requests (issue 26 §6): from the portal's training matrix, a customer's user asks that one
 * of its employees be enrolled in an edition of a required course: the edition chosen (one of the next
 * planned editions with free places) or «la prossima disponibile», and a note. The training office
 * accepts it, which adds the employee as a participant of the edition through the course editions'
 * own write path (capacity, same customer, frozen states), or declines it with a reason the customer reads.
 *
 * A kind of its own: the customer writes a row of its own (it may not write course editions), and each
 * request keeps its decision and its history. Server: src/server/kinds/enrolmentRequests.ts.
 * Fields: our design (the issue names what is asked).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { defineMachine } from '../machines/define.ts';
import { isoDate, isoDateTime, optionalText } from '../validation.ts';
import { italianDate } from './italian-date.ts';

export const enrolmentRequestStates = ['requested', 'accepted', 'declined'] as const;
export type EnrolmentRequestState = (typeof enrolmentRequestStates)[number];

export const enrolmentRequestStateLabels: Record<EnrolmentRequestState, string> = {
  requested: 'Iscrizione richiesta',
  accepted: 'Iscrizione accettata',
  declined: 'Iscrizione rifiutata',
};

/** The longest decline reason the office may write. */
export const ENROLMENT_REASON_MAX = 1000;

/**
 * The office's decision: `decide` on enrolment requests; «Accetta» also asks `update` on the edition
 * the employee joins (who may not change the edition may not fill it).
 */
export const enrolmentRequestMachine = defineMachine({
  statePath: 'attributes.state',
  states: enrolmentRequestStates,
  initial: 'requested',
  transitions: [
    { from: ['requested'], action: 'accept', to: 'accepted', label: 'Accetta', ability: 'decide' },
    {
      from: ['requested'],
      action: 'decline',
      to: 'declined',
      label: 'Rifiuta',
      ability: 'decide',
      message: { label: 'Motivo del rifiuto', maxLength: ENROLMENT_REASON_MAX, required: true },
    },
  ],
});

export const enrolmentRequestAttributes = z.strictObject({
  state: z.enum(enrolmentRequestStates).default('requested'),
  note: optionalText(2000),
  /** Set by the decision (the server's): why it was declined, when it was decided. */
  decisionReason: optionalText(ENROLMENT_REASON_MAX).nullable(),
  decidedDateTime: isoDateTime().nullable().optional(),
  /** The first day of the edition «Accetta» enrolled the employee in: what the customer reads (it may not read course editions). */
  enrolledStartDate: isoDate().nullable().optional(),
});

export const enrolmentRequestRelationships = z.strictObject({
  /** The employee to enrol, of the request's customer (the server checks). */
  employeeId: z.uuid(),
  /** The employee's customer: the Cliente role's scope. */
  customerId: z.uuid(),
  courseId: z.uuid(),
  /** The edition asked for; none: «la prossima disponibile» (the office picks it on accepting). */
  courseEditionId: z.uuid().nullable().optional(),
  /** The edition the employee was enrolled in (set by «Accetta»). */
  enrolledEditionId: z.uuid().nullable().optional(),
  decidedById: z.uuid().nullable().optional(),
});

type EnrolmentRequestShape = EntityShape & {
  attributes: z.infer<typeof enrolmentRequestAttributes>;
  relationships: z.infer<typeof enrolmentRequestRelationships>;
};

/** Paths the decision sets, never a client's write. */
export const ENROLMENT_DECISION_PATHS = [
  'attributes.state', 'attributes.decisionReason', 'attributes.decidedDateTime', 'attributes.enrolledStartDate', 'relationships.enrolledEditionId', 'relationships.decidedById',
] as const;

export const enrolmentRequests = defineKind({
  type: 'enrolmentRequests',
  subject: 'enrolment request',
  label: { singular: 'Richiesta di iscrizione', plural: 'Richieste di iscrizione' },
  // Training is the `edu` module's.
  module: 'edu',
  // Its employee's: readable where the employee is (a customer's user limited to some sites: theirs only).
  readThrough: [{ path: 'relationships.employeeId', target: 'employees' }],
  attributes: enrolmentRequestAttributes,
  metadata: z.strictObject({}),
  relationships: enrolmentRequestRelationships,
  machine: enrolmentRequestMachine,
  // Once decided, the request is kept as it was judged.
  stateLock: { editableStates: ['requested'], alwaysEditable: [] },
  serverAssigned: [...ENROLMENT_DECISION_PATHS],
  fields: {
    state: { path: 'attributes.state', type: 'text', sortable: true },
    employeeId: { path: 'relationships.employeeId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    courseId: { path: 'relationships.courseId', type: 'uuid' },
    courseEditionId: { path: 'relationships.courseEditionId', type: 'uuid' },
    enrolledEditionId: { path: 'relationships.enrolledEditionId', type: 'uuid' },
    decidedById: { path: 'relationships.decidedById', type: 'uuid' },
    decidedDateTime: { path: 'attributes.decidedDateTime', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.note', 'attributes.decisionReason'],
  defaultOrder: ['-createdDateTime'],
  references: {
    'relationships.employeeId': { target: 'employees' },
    'relationships.customerId': { target: 'customers' },
    'relationships.courseId': { target: 'courses' },
    'relationships.courseEditionId': { target: 'courseEditions' },
    'relationships.enrolledEditionId': { target: 'courseEditions' },
    'relationships.decidedById': { target: 'users' },
  },
  title: (entity) => {
    const { state } = (entity as EnrolmentRequestShape).attributes;
    const created = entity.metadata?.createdDateTime;
    const when = typeof created === 'string' ? ` del ${italianDate(created)}` : '';
    return `Richiesta di iscrizione${when} (${enrolmentRequestStateLabels[state ?? 'requested'].replace('Iscrizione ', '')})`;
  },
});
