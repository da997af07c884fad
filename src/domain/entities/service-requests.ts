/**
 * Service requests («chiamate», issue 26 §7): a customer's user asks for a visit from the portal:
 * what is wrong, the site (its head office or one of its office locations), the module, photos (media
 * rows attached to the request) and up to three preferred slots (a business day, morning or
 * afternoon, not in the past). The office confirms one slot (or another day) with a technician, which
 * plans an intervention for it (server: src/server/kinds/serviceRequests.ts), or declines it with a reason.
 * Fields: our design (the issue names what is asked).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { moduleName } from '../enums.ts';
import { nonWorkingDay } from '../rules/calendar.ts';
import { defineMachine } from '../machines/define.ts';
import { isoDate, isoDateTime, messages, optionalText, requiredText } from '../validation.ts';
import { italianDate } from './italian-date.ts';

export const serviceRequestStates = ['submitted', 'confirmed', 'declined'] as const;
export type ServiceRequestState = (typeof serviceRequestStates)[number];

export const serviceRequestStateLabels: Record<ServiceRequestState, string> = {
  submitted: 'Inviata',
  confirmed: 'Confermata',
  declined: 'Rifiutata',
};

/** Half days a visit is asked for: morning and afternoon, with the hours an intervention is planned on (Rome). */
export const slotPeriods = ['morning', 'afternoon'] as const;
export type SlotPeriod = (typeof slotPeriods)[number];
export const slotPeriodHours: Record<SlotPeriod, { startMinutes: number; endMinutes: number; label: string }> = {
  morning: { startMinutes: 9 * 60, endMinutes: 13 * 60, label: 'mattina' },
  afternoon: { startMinutes: 14 * 60, endMinutes: 18 * 60, label: 'pomeriggio' },
};

export const MAX_PREFERRED_SLOTS = 3;

export const serviceRequestSlot = z.strictObject({ date: isoDate(), period: z.enum(slotPeriods) });
export type ServiceRequestSlot = z.infer<typeof serviceRequestSlot>;

/**
 * The states are the office's to change, by «Conferma» and «Rifiuta» (the kind's actions): a request
 * is created submitted and no transition is offered beside them.
 */
export const serviceRequestMachine = defineMachine({
  statePath: 'attributes.status',
  states: serviceRequestStates,
  initial: 'submitted',
  transitions: [],
});

export const serviceRequestAttributes = z.strictObject({
  status: z.enum(serviceRequestStates).default('submitted'),
  /** What is wrong, in the customer's words (the intervention's description once confirmed). */
  description: requiredText(5000),
  module: moduleName,
  preferredSlots: z.array(serviceRequestSlot).min(1, messages.required).max(MAX_PREFERRED_SLOTS),
  /** The photos: media rows attached to this request. */
  photoMediaIds: z.array(z.uuid()).max(20).default([]).transform((list) => [...new Set(list)]),
  /** Set by «Conferma»: the day and half day planned, and the intervention's start. */
  confirmedDate: isoDate().nullable().optional(),
  confirmedPeriod: z.enum(slotPeriods).nullable().optional(),
  plannedStartDateTime: isoDateTime().nullable().optional(),
  /** Set by «Rifiuta». */
  declineReason: optionalText(1000).nullable(),
});

export const serviceRequestRelationships = z.strictObject({
  customerId: z.uuid(),
  /** The site: one of the customer's office locations; none is its head office. */
  officeLocationId: z.uuid().nullable().optional(),
  /** The intervention planned by «Conferma». */
  assignmentId: z.uuid().nullable().optional(),
  technicianId: z.uuid().nullable().optional(),
});

type ServiceRequestShape = EntityShape & {
  attributes: z.infer<typeof serviceRequestAttributes>;
  relationships: z.infer<typeof serviceRequestRelationships>;
};

/** Body of «Conferma»: the day and half day (one of the preferred slots or another) and the technician. */
export const confirmServiceRequestBody = z.strictObject({
  date: isoDate(),
  period: z.enum(slotPeriods),
  technicianId: z.uuid(),
});

/** Body of «Rifiuta»: the reason, which the customer reads. */
export const declineServiceRequestBody = z.strictObject({ reason: requiredText(1000) });

/** Why a day cannot be asked for or planned: in the past, or not a business day. */
export function slotDayIssue(day: string, today: string): string | null {
  if (day < today) return 'Il giorno è già passato';
  const closed = nonWorkingDay(day);
  if (closed) return `Il ${italianDate(day)} non è un giorno lavorativo (${closed.name})`;
  return null;
}

/** The preferred slots: business days from today on, each asked once. */
export function preferredSlotIssues(slots: readonly ServiceRequestSlot[], today: string): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const seen = new Set<string>();
  slots.forEach((slot, index) => {
    const problem = slotDayIssue(slot.date, today);
    if (problem) issues.push({ path: ['attributes', 'preferredSlots', index, 'date'], code: 'invalidSlot', message: problem });
    const key = `${slot.date}|${slot.period}`;
    if (seen.has(key)) issues.push({ path: ['attributes', 'preferredSlots', index], code: 'duplicateSlot', message: 'Fascia già indicata' });
    seen.add(key);
  });
  return issues;
}

/** «12/03/2027 mattina». */
export function slotLabel(slot: { date: string; period: string }): string {
  const period = slotPeriodHours[slot.period as SlotPeriod]?.label ?? slot.period;
  return `${italianDate(slot.date)} ${period}`;
}

export const serviceRequests = defineKind({
  type: 'serviceRequests',
  subject: 'service request',
  label: { singular: 'Richiesta di intervento', plural: 'Richieste di intervento' },
  attributes: serviceRequestAttributes,
  metadata: z.strictObject({}),
  relationships: serviceRequestRelationships,
  machine: serviceRequestMachine,
  actions: {
    // The intervention for the chosen slot (server: kinds/serviceRequests.ts).
    confirm: { label: 'Conferma', ability: 'confirm', body: confirmServiceRequestBody, states: ['submitted'] },
    decline: { label: 'Rifiuta', ability: 'decline', body: declineServiceRequestBody, states: ['submitted'] },
  },
  fields: {
    status: { path: 'attributes.status', type: 'text' },
    module: { path: 'attributes.module', type: 'text' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    officeLocationId: { path: 'relationships.officeLocationId', type: 'uuid' },
    assignmentId: { path: 'relationships.assignmentId', type: 'uuid' },
    technicianId: { path: 'relationships.technicianId', type: 'uuid' },
    plannedStartDateTime: { path: 'attributes.plannedStartDateTime', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.description', 'attributes.declineReason'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.officeLocationId': { target: 'customers' },
    'relationships.assignmentId': { target: 'assignments' },
    'relationships.technicianId': { target: 'users' },
    'attributes.photoMediaIds': { target: 'media', many: true },
  },
  rules: (entity) => {
    const { attributes } = entity as ServiceRequestShape;
    if (attributes.status === 'declined' && !attributes.declineReason?.trim()) {
      return [{ path: ['attributes', 'declineReason'], code: 'required', message: messages.required }];
    }
    return [];
  },
  title: (entity) => {
    const { description } = (entity as ServiceRequestShape).attributes;
    const text = (description ?? '').replace(/\s+/g, ' ').trim();
    return `Richiesta: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
  },
});
