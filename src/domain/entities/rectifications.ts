/**
 * Rectifications (issue 26 §4): for an open anomaly of its customer, the customer's user sends proof
 * that it fixed the defect itself: a note and files (photos or a document: media rows attached to the
 * rectification by the ordinary upload path). The office accepts it, and the anomaly is resolved with
 * this evidence (the register of checks prints it), or refuses it with a reason the customer reads.
 *
 * A kind of its own rather than actions on the anomaly: the customer writes a row of its own (its
 * files attach to that row, so it needs no right on the anomaly it may only read), each attempt and
 * each decision keeps its own history, and a refused proof stays beside the next one.
 * Server: src/server/kinds/rectifications.ts. Fields: our design (the issue names what is recorded).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { defineMachine } from '../machines/define.ts';
import { isoDateTime, optionalText, requiredText } from '../validation.ts';
import { italianDate } from './italian-date.ts';

export const rectificationStates = ['submitted', 'accepted', 'refused'] as const;
export type RectificationState = (typeof rectificationStates)[number];

export const rectificationStateLabels: Record<RectificationState, string> = {
  submitted: 'In attesa di verifica',
  accepted: 'Accettata',
  refused: 'Rifiutata',
};

/**
 * The proofs of an anomaly as the office reads them: those waiting for its decision first, then the
 * decided ones; the newest first within each.
 */
export function pendingFirst<T extends { attributes: Record<string, unknown>; metadata: Record<string, unknown> }>(rows: readonly T[]): T[] {
  const rank = (row: T) => (row.attributes.state === 'submitted' ? 0 : 1);
  return rows.toSorted((a, b) => rank(a) - rank(b) || String(b.metadata.createdDateTime ?? '').localeCompare(String(a.metadata.createdDateTime ?? '')));
}

/** The longest refusal reason the office may write. */
export const RECTIFICATION_REASON_MAX = 1000;

/**
 * The office's decision: `decide` on rectifications (the staff who may update anomalies); the
 * server also asks `update` on the anomaly itself, which «Accetta» resolves.
 */
export const rectificationMachine = defineMachine({
  statePath: 'attributes.state',
  states: rectificationStates,
  initial: 'submitted',
  transitions: [
    { from: ['submitted'], action: 'accept', to: 'accepted', label: 'Accetta', ability: 'decide' },
    {
      from: ['submitted'],
      action: 'refuse',
      to: 'refused',
      label: 'Rifiuta',
      ability: 'decide',
      message: { label: 'Motivo del rifiuto', maxLength: RECTIFICATION_REASON_MAX, required: true },
    },
  ],
});

export const rectificationAttributes = z.strictObject({
  state: z.enum(rectificationStates).default('submitted'),
  /** What the customer did, in its words. */
  note: requiredText(5000),
  /** The evidence: media rows attached to this rectification (photos, a document). */
  evidenceMediaIds: z.array(z.uuid()).max(20).default([]).transform((list) => [...new Set(list)]),
  /** Set by the decision (the server's): why it was refused, when it was decided. */
  decisionReason: optionalText(RECTIFICATION_REASON_MAX).nullable(),
  decidedDateTime: isoDateTime().nullable().optional(),
});

export const rectificationRelationships = z.strictObject({
  anomalyId: z.uuid(),
  /** The anomaly's customer (the server checks they agree): the Cliente role's scope. */
  customerId: z.uuid(),
  /** Who decided (set by the server). */
  decidedById: z.uuid().nullable().optional(),
});

type RectificationShape = EntityShape & {
  attributes: z.infer<typeof rectificationAttributes>;
  relationships: z.infer<typeof rectificationRelationships>;
};

/** Paths the decision sets, never a client's write. */
export const RECTIFICATION_DECISION_PATHS = ['attributes.state', 'attributes.decisionReason', 'attributes.decidedDateTime', 'relationships.decidedById'] as const;

export const rectifications = defineKind({
  type: 'rectifications',
  subject: 'rectification',
  label: { singular: 'Risoluzione segnalata dal cliente', plural: 'Risoluzioni segnalate dai clienti' },
  // Read where its anomaly is read (the customer's own; staff by their rules on anomalies).
  readThrough: [{ path: 'relationships.anomalyId', target: 'anomalies' }],
  attributes: rectificationAttributes,
  metadata: z.strictObject({}),
  relationships: rectificationRelationships,
  machine: rectificationMachine,
  // Once decided, the proof is kept as it was judged.
  stateLock: { editableStates: ['submitted'], alwaysEditable: [] },
  serverAssigned: [...RECTIFICATION_DECISION_PATHS],
  fields: {
    state: { path: 'attributes.state', type: 'text' },
    anomalyId: { path: 'relationships.anomalyId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    decidedById: { path: 'relationships.decidedById', type: 'uuid' },
    decidedDateTime: { path: 'attributes.decidedDateTime', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.note', 'attributes.decisionReason'],
  defaultOrder: ['-createdDateTime'],
  references: {
    'relationships.anomalyId': { target: 'anomalies' },
    'relationships.customerId': { target: 'customers' },
    'relationships.decidedById': { target: 'users' },
    'attributes.evidenceMediaIds': { target: 'media', many: true },
  },
  title: (entity) => {
    const { note } = (entity as RectificationShape).attributes;
    const text = (note ?? '').replace(/\s+/g, ' ').trim();
    const created = entity.metadata?.createdDateTime;
    const when = typeof created === 'string' ? ` (${italianDate(created)})` : '';
    return `Risoluzione: ${text.length > 60 ? `${text.slice(0, 59)}…` : text}${when}`;
  },
});
