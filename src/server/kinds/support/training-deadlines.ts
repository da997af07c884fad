/**
 * Employees' refresher deadlines (issue 12 "The same engine serves training: the employees'
 * refresher deadlines come from their certificates"). When a course edition records a certificate
 * for a participant (the `issueCertificates` action stores it), the employee gets a physical
 * activity of module edu for the next refresher: the day the course's validity ends, with the
 * course's rule and norm (`refresherRuleOf`), as an equipment's deadline carries its maintenance
 * rule; the pending refresher of the same line for that employee, from an earlier training, is
 * marked executed on the edition's last day. Runs after the edition's write, in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Entity, EntityData } from '../../../domain/entity.ts';
import { entitySchema } from '../../../domain/kind.ts';
import type { CourseEditionParticipant } from '../../../domain/entities/course-editions.ts';
import { physicalActivities } from '../../../domain/entities/physical-activities.ts';
import type { DeadlineRule } from '../../../domain/rules/maintenance-rules.ts';
import { courseLine, refresherCourseOf, refresherDueDate, refresherRuleOf, type CourseRuleFacts } from '../../../domain/rules/training-refreshers.ts';
import type { HookContext } from '../../resources/hooks.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const participantsOf = (entity: Entity | undefined) => ((entity?.attributes.participants as CourseEditionParticipant[] | undefined) ?? []);

function courseFacts(course: Entity): CourseRuleFacts & { refresherNorm?: { norm: string; edition: string } } {
  const norm = course.attributes.refresherNorm as { norm: string; edition: string } | undefined;
  return {
    id: course.id,
    validityYears: typeof course.attributes.validityYears === 'number' ? course.attributes.validityYears : undefined,
    baseCourseId: text(course.relationships.baseCourseId) ?? null,
    ...(norm ? { refresherNorm: norm } : {}),
  };
}

/** The metadata the engine derives on a deadline (the common ones are the server's). */
const DERIVED_KEYS = ['customerName', 'targetName', 'activityName', 'customerLocationId', 'commercialZoneId'];

/** A refresher deadline still to do. */
const isPendingRefresher = (deadline: Entity) =>
  !deadline.metadata.isDeleted && deadline.attributes.isExecuted !== true && deadline.attributes.isEnded !== true
  && (deadline.attributes.rule as DeadlineRule | undefined)?.kind === 'aggiornamentoFormativo';

async function store(hook: HookContext, id: string | undefined, previous: Entity | undefined, content: { attributes: Record<string, unknown>; relationships: Record<string, unknown> }, metadata: Record<string, unknown>): Promise<void> {
  const parsed = entitySchema(physicalActivities).parse({ attributes: content.attributes, relationships: content.relationships });
  const data = { ...(parsed as EntityData), metadata };
  const deadlines = hook.repository('physicalActivities');
  if (previous) {
    await deadlines.update(previous.id, previous.metadata.lastUpdatedDateTime, { data }, hook.call.identity, 'update');
  } else {
    await deadlines.insert([{ id: id ?? randomUUID(), data, by: hook.call.identity }], 'create');
  }
}

/** The participants whose certificate this write recorded (none before, one now). */
function newlyCertified(edition: Entity, previous: Entity | undefined): CourseEditionParticipant[] {
  const before = new Map(participantsOf(previous).map((participant) => [participant.employeeId, participant.certificateMediaId]));
  return participantsOf(edition).filter((participant) => participant.outcome === 'passed' && participant.certificateMediaId && !before.get(participant.employeeId));
}

export async function issueRefresherDeadlines(hook: HookContext, edition: Entity, previous: Entity | undefined): Promise<void> {
  if (edition.metadata.isDeleted) return;
  const certified = newlyCertified(edition, previous);
  const endDate = text(edition.attributes.endDate);
  const courseId = text(edition.relationships.courseId);
  if (certified.length === 0 || !endDate || !courseId) return;
  const allCourses = await hook.repository('courses').listAll();
  const course = allCourses.find((row) => row.id === courseId);
  if (!course) return;
  const facts = courseFacts(course);
  const rule = refresherRuleOf(facts);
  const deadlineDate = refresherDueDate(facts, endDate);
  const line = courseLine(facts);
  const ruleFacts = allCourses.map(courseFacts);
  const lineOf = (id: unknown) => {
    const found = ruleFacts.find((row) => row.id === id);
    return found ? courseLine(found) : undefined;
  };
  const refresher = allCourses.find((row) => row.id === refresherCourseOf(line, ruleFacts)) ?? course;
  const employees = await hook.repository('employees').findByIds(certified.map((participant) => participant.employeeId));
  const customers = await hook.repository('customers').findByIds([...employees.values()].map((employee) => String(employee.relationships.customerId)));
  for (const participant of certified) {
    const employee = employees.get(participant.employeeId);
    const customerId = text(employee?.relationships.customerId);
    if (!employee || !customerId) continue;
    const pending = (await hook.repository('physicalActivities').listByRelationship('employeeId', employee.id))
      .filter((deadline) => isPendingRefresher(deadline) && lineOf(deadline.relationships.courseId) === line);
    // A later training of the line already governs the next refresher: this older certificate changes nothing.
    if (pending.some((deadline) => (text(deadline.attributes.lastExecutionDate) ?? '') >= endDate)) continue;
    for (const earlier of pending) {
      await store(hook, undefined, earlier, {
        attributes: { ...earlier.attributes, isExecuted: true, executedDate: endDate },
        relationships: earlier.relationships,
      }, Object.fromEntries(Object.entries(earlier.metadata).filter(([key]) => DERIVED_KEYS.includes(key))));
    }
    if (!rule || !deadlineDate) continue;
    const customer = customers.get(customerId);
    const zoneId = text(customer?.relationships.commercialZoneId);
    await store(hook, undefined, undefined, {
      attributes: { module: 'edu', deadlineDate, lastExecutionDate: endDate, isExecuted: false, rule },
      relationships: { customerId, employeeId: employee.id, courseId: course.id, courseEditionId: edition.id },
    }, {
      ...(customer ? { customerName: String(customer.metadata.displayName ?? '') } : {}),
      ...(zoneId ? { commercialZoneId: zoneId } : {}),
      targetName: `${String(employee.attributes.lastName ?? '')} ${String(employee.attributes.firstName ?? '')}`.trim(),
      activityName: `${String(refresher.attributes.code ?? '')} – ${String(refresher.attributes.title ?? '')}`,
      ...(text(employee.relationships.officeLocationId) ? { customerLocationId: employee.relationships.officeLocationId } : {}),
    });
  }
}
