/**
 * Anomalies: a defect found on an equipment or an installation, usually during an assignment
 * activity, with its risk (SPEC §3) and whether it is resolved (SPEC §4).
 * Fields: our design (SPEC names the kind only).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { anomalyRisks, anomalyStates } from '../enums.ts';
import { isoDateTime, messages, optionalText, requiredText } from '../validation.ts';
import { anomalyMachine } from '../machines/anomaly.ts';
import { italianDate } from './italian-date.ts';

export const anomalyAttributes = z.strictObject({
  description: requiredText(5000),
  risk: z.enum(anomalyRisks),
  state: z.enum(anomalyStates).default('unresolved'),
  detectedDateTime: isoDateTime(),
  resolvedDateTime: isoDateTime().nullable().optional(),
  resolutionNotes: optionalText(5000),
});

export const anomalyRelationships = z.strictObject({
  customerId: z.uuid(),
  equipmentId: z.uuid().nullable().optional(),
  installationId: z.uuid().nullable().optional(),
  /** The activity during which it was found. */
  assignmentActivityId: z.uuid().nullable().optional(),
  /** The failed check that raised it (issue 11: a failed control raises an anomaly). */
  checkId: z.uuid().nullable().optional(),
});

type AnomalyAttributes = z.infer<typeof anomalyAttributes>;
type AnomalyShape = EntityShape & { attributes: AnomalyAttributes };

/** Nothing is resolved before it is found. */
export function anomalyIssues(attributes: AnomalyAttributes): RuleIssue[] {
  const { detectedDateTime, resolvedDateTime } = attributes;
  if (resolvedDateTime && resolvedDateTime < detectedDateTime) {
    return [{ path: ['attributes', 'resolvedDateTime'], code: 'invalidDate', message: messages.invalidDate }];
  }
  return [];
}

/** The longest description a title shows before it is cut. */
const ANOMALY_TITLE_LENGTH = 60;

export const anomalies = defineKind({
  type: 'anomalies',
  subject: 'anomaly',
  label: { singular: 'Anomalia', plural: 'Anomalie' },
  // An anomaly is read where the equipment or installation it was found on is, and the activity it was
  // found during (one without equipment: its intervention's module and customer).
  readThrough: [
    { path: 'relationships.equipmentId', target: 'equipments' },
    { path: 'relationships.installationId', target: 'installations' },
    { path: 'relationships.assignmentActivityId', target: 'assignmentActivities' },
  ],
  attributes: anomalyAttributes,
  metadata: z.strictObject({}),
  relationships: anomalyRelationships,
  machine: anomalyMachine,
  fields: {
    state: { path: 'attributes.state', type: 'text' },
    risk: { path: 'attributes.risk', type: 'text' },
    detectedDateTime: { path: 'attributes.detectedDateTime', type: 'date', sortable: true, range: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
    installationId: { path: 'relationships.installationId', type: 'uuid' },
    assignmentActivityId: { path: 'relationships.assignmentActivityId', type: 'uuid' },
  },
  fullText: ['attributes.description', 'attributes.resolutionNotes'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.equipmentId': { target: 'equipments' },
    'relationships.installationId': { target: 'installations' },
    'relationships.assignmentActivityId': { target: 'assignmentActivities' },
    'relationships.checkId': { target: 'checks' },
  },
  rules: (entity) => anomalyIssues((entity as AnomalyShape).attributes),
  // What was found, then when: every row of a list no longer reads the same «Anomalia del …».
  title: (entity) => {
    const { description, detectedDateTime } = (entity as AnomalyShape).attributes;
    const firstLine = (description ?? '').trim().split(/\r?\n/, 1)[0]!;
    const what = firstLine.length > ANOMALY_TITLE_LENGTH ? `${firstLine.slice(0, ANOMALY_TITLE_LENGTH - 1).trimEnd()}…` : firstLine;
    return what ? `${what} (${italianDate(detectedDateTime)})` : `Anomalia del ${italianDate(detectedDateTime)}`;
  },
});
