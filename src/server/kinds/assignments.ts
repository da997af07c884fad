/**
 * Server hooks of assignments, the interventions (issue 11 "The intervention"): one per code, who
 * may be an operator, the facts the assignment machine's closing guards read (the unresolved
 * anomalies found during the intervention's activities, see src/domain/rules/intervention.ts), what
 * closing with anomalies records on the activities, and the deadlines closing executes (the
 * deadline engine, support/deadline-engine.ts).
 */
import { writePath } from '../../domain/kind.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import type { GuardContext } from '../../domain/machine.ts';
import { ACTIVITY_STATES_TO_DO, INTERVENTION_ANOMALIES, INTERVENTION_UNRECORDED_CONTROLS, mayOperate, OPERATOR_NOT_ALLOWED, type OperatorCandidate } from '../../domain/rules/intervention.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { storedOf } from '../resources/service.ts';
import { customerName, nextCode, requireUnique } from './support/hook-helpers.ts';
import { executeDeadlinesOfAssignment } from './support/deadline-engine.ts';
import { unrecordedControlLines } from './assignmentActivities.ts';
import { calendarDay } from '../../domain/rules/calendar.ts';
import { missingQualificationMessage, missingSystemTypes } from '../../domain/rules/technician-qualification.ts';
import { callerIsAdmin, qualificationsOf, systemTypesOfIntervention } from './support/technician-qualifications.ts';

/** Activities the closing moves (the machine's cascade moves the same ones). */
const STILL_TO_DO: readonly string[] = ['open', 'postponed'];

/** Ids of the assignment's activities that have at least one unresolved anomaly found during them. */
async function activitiesWithAnomalies(hook: HookContext, activities: readonly Entity[]): Promise<{ ids: Set<string>; count: number }> {
  const anomalies = hook.repository('anomalies');
  const ids = new Set<string>();
  let count = 0;
  for (const activity of activities) {
    const found = (await anomalies.listByRelationship('assignmentActivityId', activity.id)).filter((a) => a.attributes.state === 'unresolved').length;
    if (found > 0) ids.add(activity.id);
    count += found;
  }
  return { ids, count };
}

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Operators are staff (internal or external) allowed on the intervention's module (src/domain/rules/intervention.ts).
 * Checked for the operators a write adds (all of them when the module changes): a team chosen
 * before a user's modules changed stays as it was until someone changes it.
 */
async function checkOperators(hook: HookContext, data: EntityData, previous: Entity | undefined): Promise<void> {
  const module = String(data.attributes.module ?? '');
  const operators = idsOf(data.relationships.operatorIds);
  const before = previous && previous.attributes.module === data.attributes.module ? new Set(idsOf(previous.relationships.operatorIds)) : new Set<string>();
  const added = operators.filter((id) => !before.has(id));
  if (added.length === 0) return;
  const users = await hook.repository('users').findByIds(added);
  const errors = operators
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => added.includes(id) && !mayOperate(users.get(id) as OperatorCandidate | undefined, module))
    .map(({ index }) => ({ pointer: `/relationships/operatorIds/${index}`, code: 'operatorNotAllowed', message: OPERATOR_NOT_ALLOWED }));
  if (errors.length > 0) throw new Problem('VALIDATION_FAILED', { errors });
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * Issue 25, qualified technicians (D.M. 1/9/2021 as amended by D.M. 15/7/2025): an operator the write
 * adds must be qualified, on the intervention's day (today when it has none), for every system type its
 * activities need; when the day moves, an operator qualified on the old day is checked on the new one. An administrator may let a
 * technician in anyway by giving `qualificationOverrideReason` in the same write (the reason and the
 * operators go into the history together); from anyone else a new reason is refused. An intervention
 * let in so keeps its team when it moves.
 */
async function checkQualifications(hook: HookContext, data: EntityData, previous: Entity | undefined, id: string): Promise<void> {
  const reason = textOf(data.attributes.qualificationOverrideReason);
  const reasonGiven = reason !== undefined && reason !== textOf(previous?.attributes.qualificationOverrideReason);
  if (reasonGiven && !(await callerIsAdmin(hook))) throw new Problem('QUALIFICATION_OVERRIDE_NOT_ALLOWED');
  // A new intervention has no activities yet: nothing needs a qualification.
  if (!previous) return;
  const operators = idsOf(data.relationships.operatorIds);
  const before = new Set(idsOf(previous.relationships.operatorIds));
  const moved = previous.attributes.plannedStartDateTime !== data.attributes.plannedStartDateTime;
  const candidates = operators.filter((operator) => !before.has(operator) || (moved && !reason));
  if (candidates.length === 0) return;
  const needed = await systemTypesOfIntervention(hook, id);
  if (needed.length === 0) return;
  const day = calendarDay(data.attributes.plannedStartDateTime as string | null | undefined) ?? hook.today;
  const held = await qualificationsOf(hook, candidates);
  // A move checks the team again only where it makes a difference: an operator qualified on the old day and not on
  // the new one (a renewal deadline passed). A team that was already short (an older intervention) is not a new assignment.
  const oldDay = calendarDay(previous.attributes.plannedStartDateTime as string | null | undefined) ?? hook.today;
  const checked = candidates.filter((operator) => !before.has(operator) || missingSystemTypes(needed, held.get(operator) ?? [], oldDay).length === 0);
  if (checked.length === 0) return;
  const users = await hook.repository('users').findByIds(checked);
  const errors = operators.flatMap((operator, index) => {
    if (!checked.includes(operator)) return [];
    const missing = missingSystemTypes(needed, held.get(operator) ?? [], day);
    if (missing.length === 0) return [];
    const name = String(users.get(operator)?.attributes.displayName ?? 'Il tecnico');
    return [{ pointer: `/relationships/operatorIds/${index}`, code: 'technicianNotQualified', message: missingQualificationMessage(name, missing), missing }];
  });
  if (errors.length === 0 || reasonGiven) return;
  throw new Problem('TECHNICIAN_NOT_QUALIFIED', {
    message: errors.map((error) => error.message).join('; '),
    errors: errors.map(({ pointer, code, message }) => ({ pointer, code, message })),
    extensions: { missingSystemTypes: Object.fromEntries(errors.map((error) => [error.pointer, error.missing])) },
  });
}

/**
 * The closing guards' facts: unresolved anomalies found during the intervention's activities, and
 * (issue 22) the mandatory controls its activities still to do have not recorded.
 */
async function interventionGuardContext(hook: HookContext, entity: Entity): Promise<Partial<GuardContext>> {
  const activities = await hook.repository('assignmentActivities').listByRelationship('assignmentId', entity.id);
  const { count } = await activitiesWithAnomalies(hook, activities);
  const toDo = activities.filter((activity) => ACTIVITY_STATES_TO_DO.includes(String(activity.attributes.state)));
  return { related: { [INTERVENTION_ANOMALIES]: count }, lists: { [INTERVENTION_UNRECORDED_CONTROLS]: await unrecordedControlLines(hook, toDo) } };
}

/**
 * Closing with anomalies records where they were found: the activities still to do without an
 * anomaly are closed, and the machine's cascade then closes the others with anomalies. They carry
 * the same cascade mark, so reopening the intervention reopens them all.
 */
async function recordAnomaliesOnClosing(hook: HookContext, current: Entity, _next: EntityData, action: string): Promise<void> {
  if (action !== 'closeWithAnomalies') return;
  const repository = hook.repository('assignmentActivities');
  const toDo = await repository.findRelated('assignmentId', current.id, 'attributes.state', STILL_TO_DO);
  const { ids } = await activitiesWithAnomalies(hook, toDo);
  for (const activity of toDo.filter((a) => !ids.has(a.id))) {
    let data = writePath(storedOf(activity), 'attributes.state', 'closed');
    data = writePath(data, 'metadata.cascadedBy', `assignments:${current.id}`);
    await repository.update(activity.id, activity.metadata.lastUpdatedDateTime, { data }, hook.call.identity, action);
  }
}

/**
 * One numbered series of intervention codes, `INT-YYYY-NNNNN` (the year of the business day in Rome),
 * whoever creates the intervention (the order wizard, the planner, the API): a code the client sends
 * is ignored, and a stored code never changes (older interventions keep theirs). `nextCode` is the
 * quotations' and orders' counter: unique under concurrent writes, a rolled-back write may leave a gap.
 */
async function interventionCode(hook: HookContext, previous: Entity | undefined): Promise<string> {
  const stored = previous?.attributes.code;
  if (typeof stored === 'string' && stored) return stored;
  return nextCode(hook, 'INT', Number(hook.today.slice(0, 4)));
}

export const assignmentsKind = defineKindHooks('assignments', {
  async beforeWrite(hook, stored, previous, id) {
    await checkOperators(hook, stored, previous);
    await checkQualifications(hook, stored, previous, id);
    const data = { ...stored, attributes: { ...stored.attributes, code: await interventionCode(hook, previous) } };
    await requireUnique(hook, data, id, 'code', 'ASSIGNMENT_CODE_ALREADY_USED', (other) => `Codice incarico già utilizzato per l’incarico ${other}`);
    return { ...data, metadata: { ...data.metadata, customerName: await customerName(hook, data.relationships.customerId) } };
  },
  // Closing an intervention executes the deadlines of the activities it closes (the deadline engine).
  afterWrite: executeDeadlinesOfAssignment,
  // The intervention (issue 11): closing follows the anomalies found, and closing with anomalies records them.
  guardContext: interventionGuardContext,
  async onTransition(hook, current, next, action, input) {
    await recordAnomaliesOnClosing(hook, current, next, action);
    return withActualTimes(next, action, input.performedAt);
  },
});

/**
 * The intervention's actual start and end are when the technician started and closed it (issue 25: the
 * device's time when that was done offline, sent later): the report prints them, and closing dates the
 * deadlines it executes by them. A start after a pause keeps the first one.
 */
export function withActualTimes(next: EntityData, action: string, at: string): EntityData {
  if (action === 'start' && !next.attributes.actualStartDateTime) return { ...next, attributes: { ...next.attributes, actualStartDateTime: at } };
  if (action === 'close' || action === 'closeWithAnomalies') {
    // Never before its start (a device clock behind the server's that started it): the record stays valid.
    const start = typeof next.attributes.actualStartDateTime === 'string' ? next.attributes.actualStartDateTime : undefined;
    const end = start && Date.parse(at) < Date.parse(start) ? start : at;
    return { ...next, attributes: { ...next.attributes, actualEndDateTime: end } };
  }
  return next;
}
