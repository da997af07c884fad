/**
 * Server hooks of service requests («chiamate», issue 26 §7): a request is created submitted, for a
 * site of its own customer (the head office or one of its office locations), in one of that
 * customer's modules, with preferred slots on business days from today on; its state changes only
 * by the office's «Conferma» (an intervention planned on the chosen half day for the technician, by
 * the record service as the planning board plans one) and «Rifiuta» (with the reason the customer reads).
 */
import type { z } from 'zod';
import type { Entity, EntityData } from '../../domain/entity.ts';
import {
  preferredSlotIssues, slotDayIssue, slotPeriodHours,
  type confirmServiceRequestBody, type declineServiceRequestBody, type ServiceRequestSlot,
} from '../../domain/entities/service-requests.ts';
import { assignmentMachine } from '../../domain/machines/assignment.ts';
import { findTransition } from '../../domain/machine.ts';
import { romeInstant } from '../../domain/rules/planning.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { keepDecisionFields } from './support/hook-helpers.ts';

/** What «Conferma» and «Rifiuta» set: a client's write never does. */
const DECISION_PATHS = [
  'attributes.confirmedDate', 'attributes.confirmedPeriod', 'attributes.plannedStartDateTime', 'attributes.declineReason',
  'relationships.assignmentId', 'relationships.technicianId',
] as const;

/** Requests whose state an action of this file is changing now (the row is locked for the action's transaction). */
const changingState = new Set<string>();

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function invalid(pointer: string, code: string, message: string): Problem {
  return new Problem('VALIDATION_FAILED', { message, errors: [{ pointer, code, message }] });
}

/** The site belongs to the request's customer, and the module is one the customer has. */
async function checkSiteAndModule(hook: HookContext, data: EntityData): Promise<void> {
  const customerId = String(data.relationships.customerId ?? '');
  const customers = hook.repository('customers');
  const customer = await customers.findById(customerId);
  // A missing customer is the references check's (422 referenceNotFound).
  if (!customer) return;
  const siteId = text(data.relationships.officeLocationId);
  if (siteId && siteId !== customerId) {
    const site = await customers.findById(siteId);
    if (site && site.attributes.parentId !== customerId) {
      throw invalid('/relationships/officeLocationId', 'invalidSite', 'La sede non è del cliente della richiesta');
    }
  }
  const modules = Array.isArray(customer.attributes.allowedModules) ? customer.attributes.allowedModules : [];
  if (!modules.includes(data.attributes.module)) {
    throw invalid('/attributes/module', 'invalidModule', 'Il modulo non è tra quelli del cliente');
  }
}

function checkSlots(hook: HookContext, slots: readonly ServiceRequestSlot[]): void {
  const issues = preferredSlotIssues(slots, hook.today);
  if (issues.length === 0) return;
  throw new Problem('VALIDATION_FAILED', {
    message: issues[0]!.message,
    errors: issues.map((issue) => ({ pointer: `/${issue.path.join('/')}`, code: issue.code, message: issue.message })),
  });
}

/** Stores the request's new content under the action's name; only here may its state change. */
async function rewrite(hook: HookContext, entity: Entity, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}): Promise<Entity> {
  changingState.add(entity.id);
  try {
    return await hook.service.replaceWithin(hook.db, hook.call, entity, 'serviceRequests', {
      attributes: { ...entity.attributes, ...attributes },
      metadata: entity.metadata,
      relationships: { ...entity.relationships, ...relationships },
    });
  } finally {
    changingState.delete(entity.id);
  }
}

/**
 * «Conferma»: the intervention for the customer, site and module of the request, with its text,
 * planned on the half day for the technician (operator and operator in charge), created and then
 * scheduled as the planning board does (the schedule transition's guard asked first), and linked
 * from the request, now confirmed.
 */
async function confirmRequest(hook: HookContext, entity: Entity, body: Record<string, unknown>): Promise<{ entity: Entity }> {
  const { date, period, technicianId } = body as z.output<typeof confirmServiceRequestBody>;
  const dayProblem = slotDayIssue(date, hook.today);
  if (dayProblem) throw invalid('/date', 'invalidSlot', dayProblem);
  const technician = await hook.repository('users').findById(technicianId);
  if (!technician || technician.metadata.isDeleted || technician.attributes.userType === 'customer') {
    throw invalid('/technicianId', 'notATechnician', 'Indicare un tecnico del personale');
  }
  const hours = slotPeriodHours[period];
  const description = String(entity.attributes.description ?? '');
  const created = await hook.service.createWithin(hook.db, hook.call, 'assignments', {
    attributes: {
      // The code is the intervention series' (kinds/assignments.ts).
      state: 'open',
      module: entity.attributes.module,
      title: `Chiamata del cliente: ${description.replace(/\s+/g, ' ').trim()}`.slice(0, 300),
      description: description.slice(0, 5000),
      plannedStartDateTime: romeInstant(date, hours.startMinutes),
      plannedEndDateTime: romeInstant(date, hours.endMinutes),
    },
    relationships: {
      customerId: entity.relationships.customerId,
      officeLocationId: text(entity.relationships.officeLocationId),
      operatorIds: [technicianId],
      operatorInChargeId: technicianId,
    },
  });
  const schedule = findTransition(assignmentMachine, 'open', 'schedule');
  const refusal = schedule?.guard?.(created, { today: hook.today });
  if (refusal) throw new Problem('TRANSITION_REFUSED', { code: refusal.code, message: refusal.message });
  hook.call.access.authorize(schedule?.ability ?? 'update', hook.service.kind('assignments'), created);
  const scheduled = await hook.service.replaceWithin(hook.db, hook.call, created, 'assignments', {
    attributes: { ...created.attributes, state: 'scheduled' },
    metadata: created.metadata,
    relationships: created.relationships,
  });
  const updated = await rewrite(
    hook, entity,
    { status: 'confirmed', confirmedDate: date, confirmedPeriod: period, plannedStartDateTime: scheduled.attributes.plannedStartDateTime },
    { assignmentId: scheduled.id, technicianId },
  );
  return { entity: updated };
}

/** «Rifiuta»: declined, with the reason the customer reads. */
async function declineRequest(hook: HookContext, entity: Entity, body: Record<string, unknown>): Promise<{ entity: Entity }> {
  const { reason } = body as z.output<typeof declineServiceRequestBody>;
  return { entity: await rewrite(hook, entity, { status: 'declined', declineReason: reason }) };
}

export const serviceRequestsKind = defineKindHooks('serviceRequests', {
  async beforeWrite(hook, written, previous, id) {
    const data = changingState.has(id) ? written : keepDecisionFields(written, previous, DECISION_PATHS);
    if (!changingState.has(id)) {
      if (!previous && data.attributes.status !== 'submitted') {
        throw invalid('/attributes/status', 'stateNotAllowed', 'Una richiesta nuova è inviata: la conferma o il rifiuto sono dell’ufficio');
      }
      if (previous && previous.attributes.status !== 'submitted') {
        throw new Problem('STATE_LOCKED', { message: `Richiesta ${previous.attributes.status === 'confirmed' ? 'confermata' : 'rifiutata'}: non si modifica più` });
      }
    }
    if (!previous || previous.relationships.customerId !== data.relationships.customerId
      || previous.relationships.officeLocationId !== data.relationships.officeLocationId || previous.attributes.module !== data.attributes.module) {
      await checkSiteAndModule(hook, data);
    }
    const slots = (data.attributes.preferredSlots ?? []) as ServiceRequestSlot[];
    if (!previous || JSON.stringify(previous.attributes.preferredSlots) !== JSON.stringify(slots)) checkSlots(hook, slots);
    return data;
  },
  actions: { confirm: confirmRequest, decline: declineRequest },
});

