/**
 * Health surveillance visits (module `med`, «Visite di sorveglianza sanitaria»; issue 26 §1): one
 * record per visit of an employee under D.Lgs. 81/2008 art. 41, holding what the written judgement
 * gives the employer (art. 41 c. 6-bis) and nothing clinical: the kind of visit, its date, the medico
 * competente, the judgement of fitness, the prescriptions or limitations as written on it, the end of a
 * temporary unfitness, the periodicity and the next visit (computed from the periodicity when the
 * doctor set no date), and the judgement's file. The clinical record stays with the doctor (art. 25).
 * The rule: src/domain/rules/health-surveillance.ts; the server keeps the next visit on the deadlines
 * worklist (src/server/kinds/support/health-surveillance.ts).
 * Fields: our design (the law names what the judgement holds).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import {
  DEFAULT_PERIODICITY_MONTHS, MAX_PERIODICITY_MONTHS, fitnessJudgementFacts, fitnessJudgements, healthVisitTypes, visitIssues,
} from '../rules/health-surveillance.ts';
import { isoDate, optionalText, requiredText } from '../validation.ts';
import { italianDate } from './italian-date.ts';

export const healthSurveillanceVisitAttributes = z.strictObject({
  visitType: z.enum(healthVisitTypes),
  visitDate: isoDate(),
  /** The medico competente who wrote the judgement (name as on the judgement). */
  doctorName: requiredText(200),
  judgement: z.enum(fitnessJudgements),
  /** Art. 41 c. 6 lett. b: the prescriptions or limitations, copied as written on the judgement. */
  prescriptions: optionalText(2000),
  /** Art. 41 c. 6 lett. c and c. 7: the last day of a temporary unfitness. */
  unfitUntil: isoDate().nullable().optional(),
  /** Months to the next periodic visit, as the medico competente set them (art. 41 c. 2 lett. b: di norma 12). */
  periodicityMonths: z.number().int().min(1).max(MAX_PERIODICITY_MONTHS).default(DEFAULT_PERIODICITY_MONTHS),
  /** The next visit: the doctor's date, else computed by the server from the visit's date and periodicity. */
  nextVisitDate: isoDate().nullable().optional(),
  /** The written judgement (a media row attached to this record), optional. */
  judgementMediaId: z.uuid().nullable().optional(),
});

export const healthSurveillanceVisitRelationships = z.strictObject({
  employeeId: z.uuid(),
  /** The employee's customer, set by the server from the employee: the Cliente role's scope. */
  customerId: z.uuid().nullable().optional(),
});

type VisitShape = EntityShape & {
  attributes: z.infer<typeof healthSurveillanceVisitAttributes>;
  relationships: z.infer<typeof healthSurveillanceVisitRelationships>;
};

export function healthSurveillanceVisitIssues(attributes: z.infer<typeof healthSurveillanceVisitAttributes>): RuleIssue[] {
  return visitIssues(attributes).map((issue) => ({ path: ['attributes', issue.path], code: issue.code, message: issue.message }));
}

export const healthSurveillanceVisits = defineKind({
  type: 'healthSurveillanceVisits',
  subject: 'health surveillance visit',
  label: { singular: 'Visita di sorveglianza sanitaria', plural: 'Visite di sorveglianza sanitaria' },
  // Occupational medicine is the `med` module's: a user without it reads none.
  module: 'med',
  // Its employee's: readable where the employee is (a customer's user limited to some sites: theirs only).
  readThrough: [{ path: 'relationships.employeeId', target: 'employees' }],
  attributes: healthSurveillanceVisitAttributes,
  metadata: z.strictObject({}),
  relationships: healthSurveillanceVisitRelationships,
  serverAssigned: ['relationships.customerId'],
  fields: {
    employeeId: { path: 'relationships.employeeId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    visitType: { path: 'attributes.visitType', type: 'text', sortable: true },
    visitDate: { path: 'attributes.visitDate', type: 'date', sortable: true, range: true },
    judgement: { path: 'attributes.judgement', type: 'text', sortable: true },
    doctorName: { path: 'attributes.doctorName', type: 'text', sortable: true },
    nextVisitDate: { path: 'attributes.nextVisitDate', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.doctorName', 'attributes.prescriptions'],
  defaultOrder: ['-visitDate'],
  references: {
    // A visit is its employee's: it goes with the employee.
    'relationships.employeeId': { target: 'employees', owned: true },
    'relationships.customerId': { target: 'customers' },
    'attributes.judgementMediaId': { target: 'media' },
  },
  rules: (entity) => healthSurveillanceVisitIssues((entity as VisitShape).attributes),
  title: (entity) => {
    const { visitDate, judgement } = (entity as VisitShape).attributes;
    const outcome = judgement ? fitnessJudgementFacts[judgement].label.toLocaleLowerCase('it') : '';
    return `Visita del ${italianDate(visitDate)}${outcome ? `: ${outcome}` : ''}`;
  },
});
