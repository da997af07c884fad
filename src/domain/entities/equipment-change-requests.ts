/**
 * Equipment change requests (issue 25 «Conflicts are merged per field»): the data that drives an
 * equipment's legal deadlines — its production and installation dates, its serial number (the
 * register's identity of the extinguisher) and its extinguishing agent — is never patched from the
 * field. A technician proposes a correction (online or offline, with the values seen when proposing
 * and the equipment's version); the office approves it, which writes the proposed values through the
 * equipment's own write pipeline (history, rules, deadlines, ability), or rejects it with a reason.
 *
 * A kind of its own rather than a patch queued on the equipment: the technician writes a row of its
 * own (created with a client id through the device's outbox, so it never conflicts), the office sees
 * base, proposal and current values side by side, and each decision keeps its history.
 * Server: src/server/kinds/equipmentChangeRequests.ts. Fields: our design (the issue names the data).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { defineMachine, describedGuard } from '../machines/define.ts';
import { agentOf, extinguishingAgents, type ExtinguishingAgent } from '../rules/maintenance-rules.ts';
import { isoDate, isoDateTime, optionalText } from '../validation.ts';
import { businessDay } from '../business-day.ts';
import { italianDate } from './italian-date.ts';

export const equipmentChangeRequestStates = ['pending', 'approved', 'rejected'] as const;
export type EquipmentChangeRequestState = (typeof equipmentChangeRequestStates)[number];

export const equipmentChangeRequestStateLabels: Record<EquipmentChangeRequestState, string> = {
  pending: 'In attesa',
  approved: 'Approvata',
  rejected: 'Respinta',
};

/** The equipment data the deadlines are computed from (maintenance-rules.ts): changed only by a request the office approves. */
export const legalEquipmentFields = ['productionDate', 'installationDate', 'serialNumber', 'agent'] as const;
export type LegalEquipmentField = (typeof legalEquipmentFields)[number];

/** Their Italian names, for the server's messages (the screens read `form.field.<key>`). */
export const legalFieldLabels: Record<LegalEquipmentField, string> = {
  productionDate: 'Data di produzione',
  installationDate: 'Data di installazione',
  serialNumber: 'Matricola',
  agent: 'Agente estinguente',
};

/** The agents' Italian names (as `form.enum.<agent>`), written into the equipment's text when an approved agent contradicts it. */
export const agentLabels: Record<ExtinguishingAgent, string> = {
  powder: 'Polvere',
  water: 'A base d’acqua',
  waterPlasticLined: 'A base d’acqua, serbatoio plastificato',
  co2: 'Anidride carbonica (CO2)',
  halogenated: 'Idrocarburi alogenati',
};

/**
 * The equipment paths a field user may not write (the Manutentore's `cannot update` rule names them):
 * the agent is a key of the characteristics, asked of the ability by its own path.
 */
export const LEGAL_EQUIPMENT_PATHS = ['attributes.productionDate', 'attributes.installationDate', 'attributes.serialNumber', 'attributes.characteristics.agent'] as const;

/** Where each legal field lives on the equipment. */
export const legalFieldPath: Record<LegalEquipmentField, (typeof LEGAL_EQUIPMENT_PATHS)[number]> = {
  productionDate: 'attributes.productionDate',
  installationDate: 'attributes.installationDate',
  serialNumber: 'attributes.serialNumber',
  agent: 'attributes.characteristics.agent',
};

export type LegalValues = Partial<Record<LegalEquipmentField, string | null>>;

const legalValues = z.strictObject({
  productionDate: isoDate().nullable().optional(),
  installationDate: isoDate().nullable().optional(),
  serialNumber: z.string().trim().max(100).nullable().optional(),
  agent: z.enum(extinguishingAgents).nullable().optional(),
});

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** An equipment's legal values as a request compares them (the agent as its rules read it: `agentOf`). */
export function legalValuesOf(attributes: Record<string, unknown>): Record<LegalEquipmentField, string | null> {
  const characteristics = attributes.characteristics as Record<string, unknown> | undefined;
  return {
    productionDate: text(attributes.productionDate),
    installationDate: text(attributes.installationDate),
    serialNumber: text(attributes.serialNumber),
    agent: agentOf(characteristics),
  };
}

/** The fields a request proposes, in the product's order. */
export function proposedFields(proposed: LegalValues | undefined): LegalEquipmentField[] {
  return legalEquipmentFields.filter((field) => proposed !== undefined && Object.hasOwn(proposed, field) && proposed[field] !== undefined);
}

/**
 * The proposed fields the equipment changed since the base the technician saw (someone else corrected
 * them meanwhile): approving would overwrite that change, so it needs the office's explicit «Approva comunque».
 */
export function changedSinceBase(proposed: LegalValues, base: LegalValues, current: Record<string, unknown>): LegalEquipmentField[] {
  const now = legalValuesOf(current);
  return proposedFields(proposed).filter((field) => text(base[field]) !== now[field]);
}

/**
 * The equipment's attributes with the proposed values written in. An agent is set as the rules read it
 * (`characteristics.agent`); the free text beside it is replaced when it says another agent.
 */
export function applyProposal(attributes: Record<string, unknown>, proposed: LegalValues): Record<string, unknown> {
  const next: Record<string, unknown> = { ...attributes };
  for (const field of proposedFields(proposed)) {
    const value = text(proposed[field]);
    if (field !== 'agent') {
      next[field] = value;
      continue;
    }
    const characteristics = { ...(attributes.characteristics as Record<string, unknown> | undefined) };
    if (value === null) {
      delete characteristics.agent;
      delete characteristics.agenteEstinguente;
    } else {
      characteristics.agent = value;
      const said = agentOf({ agenteEstinguente: characteristics.agenteEstinguente });
      if (said !== null && said !== value) characteristics.agenteEstinguente = agentLabels[value as ExtinguishingAgent];
    }
    next.characteristics = characteristics;
  }
  return next;
}

/** One line per field changed since the base, in Italian (the refusal names what changed). */
export function describeChanges(fields: readonly LegalEquipmentField[], base: LegalValues, current: Record<string, unknown>): string[] {
  const now = legalValuesOf(current);
  const shown = (field: LegalEquipmentField, value: string | null | undefined) => {
    if (value === null || value === undefined) return '—';
    if (field === 'agent') return agentLabels[value as ExtinguishingAgent] ?? value;
    return field === 'serialNumber' ? value : italianDate(value);
  };
  return fields.map((field) => `${legalFieldLabels[field]}: vista ${shown(field, base[field])}, ora ${shown(field, now[field])}`);
}

/** The longest rejection reason the office may write. */
export const CHANGE_REQUEST_REASON_MAX = 1000;
/** The problem code of an approval refused because the equipment changed since the base. */
export const CHANGED_SINCE_REQUEST = 'EQUIPMENT_CHANGED_SINCE_REQUEST';
/** The guard context's list of what changed (filled by the server from the equipment). */
export const CHANGED_SINCE_REQUEST_LIST = 'equipmentChangedSinceRequest';

/**
 * The office's decision (ability `decide`: administrators; approving also asks `update` on the
 * equipment's fields, through its write pipeline). «Approva» is refused while the equipment changed
 * those fields since the base; «Approva comunque» is the explicit re-confirmation, offered only then.
 */
export const equipmentChangeRequestMachine = defineMachine({
  statePath: 'attributes.state',
  states: equipmentChangeRequestStates,
  initial: 'pending',
  transitions: [
    {
      from: ['pending'], action: 'approve', to: 'approved', label: 'Approva', ability: 'decide',
      guard: describedGuard('L’attrezzatura non ha cambiato i campi proposti dopo la richiesta', (_entity, ctx) => {
        const changed = ctx.lists?.[CHANGED_SINCE_REQUEST_LIST] ?? [];
        if (changed.length === 0) return null;
        return { code: CHANGED_SINCE_REQUEST, message: `L’attrezzatura è cambiata dopo la richiesta (${changed.join('; ')}): per applicare comunque i valori proposti usa «Approva comunque»` };
      }),
    },
    {
      from: ['pending'], action: 'approveAnyway', to: 'approved', label: 'Approva comunque', ability: 'decide',
      guard: describedGuard('L’attrezzatura ha cambiato i campi proposti dopo la richiesta: l’ufficio conferma di sovrascriverli', (_entity, ctx) => ((ctx.lists?.[CHANGED_SINCE_REQUEST_LIST] ?? []).length === 0
        ? { code: 'EQUIPMENT_UNCHANGED_SINCE_REQUEST', message: 'L’attrezzatura non è cambiata dopo la richiesta: usa «Approva»' }
        : null)),
    },
    {
      from: ['pending'], action: 'reject', to: 'rejected', label: 'Respingi', ability: 'decide',
      message: { label: 'Motivo del rifiuto', maxLength: CHANGE_REQUEST_REASON_MAX, required: true },
    },
  ],
});

export const equipmentChangeRequestAttributes = z.strictObject({
  state: z.enum(equipmentChangeRequestStates).default('pending'),
  /** The values proposed: only the legal fields, at least one. */
  proposed: legalValues,
  /** The values the technician saw when proposing (the server fills a missing one with the current value). */
  base: legalValues.default({}),
  /** The equipment's version the technician saw (`lastUpdatedDateTime`). */
  equipmentVersion: isoDateTime().nullable().optional(),
  /** When it was proposed, by the device's clock (offline it may be sent hours later). */
  requestedDateTime: isoDateTime().nullable().optional(),
  /** Why: what the technician read on the plate. */
  note: optionalText(2000),
  /** Set by the decision (the server's). */
  decisionReason: optionalText(CHANGE_REQUEST_REASON_MAX).nullable(),
  decidedDateTime: isoDateTime().nullable().optional(),
});

export const equipmentChangeRequestRelationships = z.strictObject({
  equipmentId: z.uuid(),
  /** The intervention it was proposed from, if any. */
  assignmentId: z.uuid().nullable().optional(),
  /** The equipment's customer (set by the server): the office's filter. */
  customerId: z.uuid().nullable().optional(),
  /** Who proposed it (set by the server: the caller). */
  requestedById: z.uuid().nullable().optional(),
  /** Who decided (set by the server). */
  decidedById: z.uuid().nullable().optional(),
});

type RequestShape = EntityShape & { attributes: z.infer<typeof equipmentChangeRequestAttributes> };

/** Paths the server sets, never a client's write. */
export const CHANGE_REQUEST_SERVER_PATHS = [
  'attributes.state', 'attributes.decisionReason', 'attributes.decidedDateTime', 'relationships.decidedById', 'relationships.requestedById', 'relationships.customerId',
] as const;

export const equipmentChangeRequests = defineKind({
  type: 'equipmentChangeRequests',
  subject: 'equipment change request',
  label: { singular: 'Richiesta di modifica', plural: 'Richieste di modifica' },
  // Read where its equipment is read (module, customer), on top of the caller's own rules.
  readThrough: [{ path: 'relationships.equipmentId', target: 'equipments' }],
  attributes: equipmentChangeRequestAttributes,
  metadata: z.strictObject({}),
  relationships: equipmentChangeRequestRelationships,
  machine: equipmentChangeRequestMachine,
  // Once decided, the request is kept as it was judged.
  stateLock: { editableStates: ['pending'], alwaysEditable: [] },
  // The equipment's version the technician saw is bookkeeping the screen sets: shown as a date-time under the form (ChangeRequestValues), not as a field to type.
  fieldApplies: (path) => path !== 'attributes.equipmentVersion',
  serverAssigned: [...CHANGE_REQUEST_SERVER_PATHS],
  fields: {
    state: { path: 'attributes.state', type: 'text' },
    equipmentId: { path: 'relationships.equipmentId', type: 'uuid' },
    assignmentId: { path: 'relationships.assignmentId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    requestedById: { path: 'relationships.requestedById', type: 'uuid' },
    decidedById: { path: 'relationships.decidedById', type: 'uuid' },
    requestedDateTime: { path: 'attributes.requestedDateTime', type: 'date', sortable: true, range: true },
    decidedDateTime: { path: 'attributes.decidedDateTime', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.note', 'attributes.decisionReason'],
  defaultOrder: ['-createdDateTime'],
  references: {
    'relationships.equipmentId': { target: 'equipments' },
    'relationships.assignmentId': { target: 'assignments' },
    'relationships.customerId': { target: 'customers' },
    'relationships.requestedById': { target: 'users' },
    'relationships.decidedById': { target: 'users' },
  },
  title: (entity) => {
    const { proposed, requestedDateTime } = (entity as RequestShape).attributes;
    const fields = proposedFields(proposed).map((field) => legalFieldLabels[field].toLowerCase());
    // The day it was proposed in Rome (the business day): at 00:11 on the 30th in Rome, UTC still says the 29th.
    const at = typeof requestedDateTime === 'string' ? new Date(requestedDateTime) : undefined;
    const when = at && !Number.isNaN(at.getTime()) ? ` (${italianDate(businessDay(at))})` : '';
    return `Richiesta di modifica: ${fields.length > 0 ? fields.join(', ') : '—'}${when}`;
  },
});
