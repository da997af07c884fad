/**
 * Server hooks of deadlines (physical activities): the names the worklist shows, the customer's
 * deadline figures, and the worklist's actions: «Crea intervento» (`plan`), «Rinvia» (`postpone`),
 * «Ignora» (`ignore`). The deadline engine that computes them: support/deadline-engine.ts.
 */
import type { z } from 'zod';
import { physicalActivities, type planDeadlinesRequest, type postponeDeadlineRequest } from '../../domain/entities/physical-activities.ts';
import { calendarDay } from '../../domain/rules/calendar.ts';
import type { Entity } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { refreshCustomerFigures } from './support/customer-figures.ts';
import { deadlineMetadata, isPending, updateDeadline } from './support/deadline-engine.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

type PlanRequest = z.output<typeof planDeadlinesRequest>;

/**
 * "Crea intervento" from the deadlines worklist: the deadline the action runs on and the other
 * selected ones, grouped by customer site (the customer and the equipment's office location), become
 * one intervention per site, to schedule, with one activity per deadline; each deadline is linked to
 * its activity, so closing it executes the deadline. Answers the first intervention created.
 */
async function planDeadlines(hook: HookContext, entity: Entity, body: Record<string, unknown>): Promise<{ entity: Entity }> {
  const request = body as PlanRequest;
  const ids = [...new Set([entity.id, ...request.physicalActivityIds])];
  const found = await hook.repository('physicalActivities').findByIds(ids);
  const selected: Entity[] = [];
  for (const [index, id] of ids.entries()) {
    const deadline = found.get(id);
    const pointer = index === 0 ? '' : `/physicalActivityIds/${index - 1}`;
    const refuse = (message: string) => new Problem('VALIDATION_FAILED', { message, errors: [{ pointer, code: 'invalidValue', message }] });
    if (!deadline || deadline.metadata.isDeleted) throw refuse('Scadenza inesistente');
    if (!isPending(deadline)) throw refuse(`${physicalActivities.title(deadline)}: già eseguita o chiusa`);
    if (text(deadline.relationships.assignmentActivityId)) throw refuse(`${physicalActivities.title(deadline)}: già pianificata in un intervento`);
    if (!text(deadline.relationships.activityId)) throw refuse(`${physicalActivities.title(deadline)}: nessuna attività la esegue`);
    hook.call.access.authorize('update', physicalActivities, deadline);
    selected.push(deadline);
  }
  const groups = new Map<string, Entity[]>();
  for (const deadline of selected) {
    const key = `${String(deadline.relationships.customerId)}|${text(deadline.metadata.customerLocationId) ?? ''}|${String(deadline.attributes.module)}`;
    groups.set(key, [...(groups.get(key) ?? []), deadline]);
  }
  let first: Entity | undefined;
  for (const group of groups.values()) {
    const [head] = group as [Entity, ...Entity[]];
    const scheduledDate = calendarDay(request.scheduledDate ?? null);
    const names = [...new Set(group.map((d) => text(d.metadata.activityName)).filter((n) => n !== null))];
    const assignment = await hook.service.createWithin(hook.db, hook.call, 'assignments', {
      attributes: {
        // The code is the intervention series' (kinds/assignments.ts).
        module: head.attributes.module, state: 'open',
        title: `Scadenze: ${names.slice(0, 3).join(', ')}${names.length > 3 ? '…' : ''}`.slice(0, 300),
        description: group.map((d) => physicalActivities.title(d)).join('\n').slice(0, 5000),
      },
      relationships: { customerId: head.relationships.customerId, officeLocationId: text(head.metadata.customerLocationId) },
    });
    for (const deadline of group) {
      const activity = await hook.service.createWithin(hook.db, hook.call, 'assignmentActivities', {
        attributes: { state: 'open', scheduledDate: scheduledDate ?? deadline.attributes.deadlineDate },
        relationships: {
          assignmentId: assignment.id, activityId: deadline.relationships.activityId,
          equipmentId: deadline.relationships.equipmentId ?? null, installationId: deadline.relationships.installationId ?? null,
        },
      });
      await updateDeadline(hook, deadline, { relationships: { assignmentActivityId: activity.id } }, 'plan');
    }
    first ??= assignment;
  }
  if (!first) throw new Error('no deadline planned');
  return { entity: first };
}

/** A deadline still to do, or the refusal that says why not. */
function requirePending(deadline: Entity): void {
  if (!isPending(deadline)) throw new Problem('TRANSITION_NOT_ALLOWED', { message: `${physicalActivities.title(deadline)}: già eseguita o chiusa` });
}

/** "Rinvia": to a later day, with the reason. */
async function postponeDeadline(hook: HookContext, entity: Entity, body: Record<string, unknown>): Promise<{ entity: Entity }> {
  requirePending(entity);
  const request = body as z.output<typeof postponeDeadlineRequest>;
  if (request.deadlineDate <= String(entity.attributes.deadlineDate)) {
    const message = 'La nuova scadenza deve essere successiva a quella attuale';
    throw new Problem('VALIDATION_FAILED', { message, errors: [{ pointer: '/deadlineDate', code: 'invalidDate', message }] });
  }
  return { entity: await updateDeadline(hook, entity, { attributes: { deadlineDate: request.deadlineDate, postponeReason: request.postponeReason } }, 'postpone') };
}

/** "Ignora" (an administrator): ends the deadline today, without execution and without a next one. */
async function ignoreDeadline(hook: HookContext, entity: Entity): Promise<{ entity: Entity }> {
  requirePending(entity);
  return { entity: await updateDeadline(hook, entity, { attributes: { isEnded: true, endedDate: hook.today } }, 'ignore') };
}

export const physicalActivitiesKind = defineKindHooks('physicalActivities', {
  async beforeWrite(hook, data) {
    return { ...data, metadata: { ...data.metadata, ...(await deadlineMetadata(hook, data.relationships)) } };
  },
  // The customer's deadline figures (expired, expiring, next) follow a deadline written by hand.
  afterWrite: (hook, entity) => refreshCustomerFigures(hook, entity.relationships.customerId),
  actions: { plan: planDeadlines, postpone: postponeDeadline, ignore: ignoreDeadline },
});
