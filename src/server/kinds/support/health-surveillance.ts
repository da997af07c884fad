/**
 * Health surveillance (module med, D.Lgs. 81/2008 art. 41): an employee's next visit on the deadlines
 * worklist. The employee's latest visit (by date) governs: its next visit (the doctor's date, else its
 * date plus its periodicity: src/domain/rules/health-surveillance.ts) is one deadline of module med to
 * do, with the law as its rule («visita periodica: D.Lgs. 81/2008 art. 41, ogni 12 mesi …»), on the
 * employee's site. A later visit executes the pending one on its own date and puts its own next one;
 * a correction moves it; a visit with no next one (end of employment, permanent unfitness) ends it;
 * the latest visit deleted brings back the previous one's. Runs after the visit's write, in its
 * transaction; deadlines are derived rows, written through the repository as the other engines do.
 */
import { randomUUID } from 'node:crypto';
import type { Entity, EntityData } from '../../../domain/entity.ts';
import { entitySchema } from '../../../domain/kind.ts';
import { physicalActivities } from '../../../domain/entities/physical-activities.ts';
import type { DeadlineRule } from '../../../domain/rules/maintenance-rules.ts';
import {
  fitnessJudgementFacts, fitnessJudgements, healthVisitTypes, latestVisit, nextVisitDate, periodicVisitRule, type VisitFacts,
} from '../../../domain/rules/health-surveillance.ts';
import type { HookContext } from '../../resources/hooks.ts';
import { sameJson } from './hook-helpers.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A stored visit as the rule reads it. */
export function visitFactsOf(visit: Pick<Entity, 'id' | 'attributes'> & { metadata?: Record<string, unknown> }): VisitFacts & { id: string; createdDateTime: string | undefined } {
  const a = visit.attributes;
  return {
    id: visit.id,
    createdDateTime: text(visit.metadata?.createdDateTime),
    visitType: (healthVisitTypes as readonly unknown[]).includes(a.visitType) ? (a.visitType as VisitFacts['visitType']) : 'periodica',
    visitDate: text(a.visitDate) ?? '',
    judgement: (fitnessJudgements as readonly unknown[]).includes(a.judgement) ? (a.judgement as VisitFacts['judgement']) : 'idoneo',
    periodicityMonths: typeof a.periodicityMonths === 'number' ? a.periodicityMonths : null,
    nextVisitDate: text(a.nextVisitDate) ?? null,
    unfitUntil: text(a.unfitUntil) ?? null,
  };
}

/** A periodic-visit deadline still to do. */
const isPendingVisit = (deadline: Entity) =>
  !deadline.metadata.isDeleted && deadline.attributes.isExecuted !== true && deadline.attributes.isEnded !== true
  && (deadline.attributes.rule as DeadlineRule | undefined)?.kind === 'visitaPeriodica';

/** The metadata the worklist shows and searches; the site is the employee's. */
async function visitMetadata(hook: HookContext, employee: Entity, visit: VisitFacts): Promise<Record<string, unknown>> {
  const customerId = text(employee.relationships.customerId);
  const customer = customerId ? await hook.repository('customers').findById(customerId) : undefined;
  const zoneId = text(customer?.relationships.commercialZoneId);
  const siteId = text(employee.relationships.officeLocationId);
  return {
    ...(customer ? { customerName: String(customer.metadata.displayName ?? '') } : {}),
    ...(zoneId ? { commercialZoneId: zoneId } : {}),
    targetName: `${String(employee.attributes.lastName ?? '')} ${String(employee.attributes.firstName ?? '')}`.trim(),
    // The judgement only (art. 41 c. 6-bis): what the employer may know.
    activityName: `Visita periodica (ultimo giudizio: ${fitnessJudgementFacts[visit.judgement].label.toLocaleLowerCase('it')})`,
    ...(siteId ? { customerLocationId: siteId } : {}),
  };
}

async function store(hook: HookContext, previous: Entity | undefined, content: { attributes: Record<string, unknown>; relationships: Record<string, unknown> }, metadata: Record<string, unknown>, action: string): Promise<void> {
  const parsed = entitySchema(physicalActivities).parse({ attributes: content.attributes, relationships: content.relationships });
  const data = { ...(parsed as EntityData), metadata };
  const deadlines = hook.repository('physicalActivities');
  if (previous) await deadlines.update(previous.id, previous.metadata.lastUpdatedDateTime, { data }, hook.call.identity, action);
  else await deadlines.insert([{ id: randomUUID(), data, by: hook.call.identity }], action);
}

const DERIVED_KEYS = ['customerName', 'targetName', 'activityName', 'customerLocationId', 'commercialZoneId'];
const derivedOf = (deadline: Entity) => Object.fromEntries(Object.entries(deadline.metadata).filter(([key]) => DERIVED_KEYS.includes(key)));

/** Brings the employee's periodic-visit deadline in line with its visits (see the file's comment). */
export async function syncVisitDeadline(hook: HookContext, employeeId: string): Promise<void> {
  const employee = await hook.repository('employees').findById(employeeId);
  if (!employee || employee.metadata.isDeleted) return;
  const visits = (await hook.repository('healthSurveillanceVisits').listByRelationship('employeeId', employeeId))
    .filter((visit) => !visit.metadata.isDeleted).map(visitFactsOf);
  const latest = latestVisit(visits);
  const due = latest ? nextVisitDate(latest) : null;
  const pending = (await hook.repository('physicalActivities').listByRelationship('employeeId', employeeId)).filter(isPendingVisit);
  const governing = latest && due ? pending.find((deadline) => deadline.relationships.healthSurveillanceVisitId === latest.id) : undefined;
  for (const deadline of pending) {
    if (deadline === governing) continue;
    const since = text(deadline.attributes.lastExecutionDate) ?? '';
    // A later visit was the one due: executed on its day. Anything else (its visit deleted or moved) ends.
    const done = latest !== undefined && latest.id !== deadline.relationships.healthSurveillanceVisitId && latest.visitDate > since && visits.some((visit) => visit.id === deadline.relationships.healthSurveillanceVisitId);
    const changes = done ? { isExecuted: true, executedDate: latest.visitDate } : { isEnded: true, endedDate: hook.today };
    await store(hook, deadline, { attributes: { ...deadline.attributes, ...changes }, relationships: deadline.relationships }, derivedOf(deadline), done ? 'execute' : 'end');
  }
  if (!latest || !due) return;
  const attributes = { module: 'med', deadlineDate: due, lastExecutionDate: latest.visitDate, isExecuted: false, rule: periodicVisitRule(latest) };
  const relationships = { customerId: text(employee.relationships.customerId) ?? null, employeeId, healthSurveillanceVisitId: latest.id };
  const metadata = await visitMetadata(hook, employee, latest);
  if (!governing) {
    await store(hook, undefined, { attributes, relationships }, metadata, 'create');
    return;
  }
  const same = (Object.keys(attributes) as (keyof typeof attributes)[]).every((key) => sameJson(governing.attributes[key] ?? null, attributes[key] ?? null))
    && governing.relationships.customerId === relationships.customerId && sameJson(derivedOf(governing), metadata);
  if (!same) await store(hook, governing, { attributes: { ...governing.attributes, ...attributes }, relationships: { ...governing.relationships, ...relationships } }, metadata, 'update');
}
