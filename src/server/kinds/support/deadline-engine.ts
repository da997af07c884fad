/**
 * The deadline engine on the server (DESIGN §4 "Deadlines"): an equipment's physical activities are
 * computed from the maintenance rules of its type and of the type's activities when it is created
 * and whenever what they depend on changes (production or installation date, type, agent);
 * decommissioning ends its pending deadlines. Closing the assignment activity that executes a
 * deadline marks it executed (date and intervention) and creates the next one from that execution.
 * The hooks that run it are those of equipments, equipmentFamilies, activities, assignments and
 * assignmentActivities; the deadlines' own actions (`plan`, `postpone`, `ignore`) are in
 * physicalActivities.ts.
 *
 * Deadlines are derived rows: they are written straight through the repository (validated against
 * the kind's schema), not through the caller's abilities, as a quotation's totals are.
 */
import { randomUUID } from 'node:crypto';
import { entitySchema } from '../../../domain/kind.ts';
import { physicalActivities } from '../../../domain/entities/physical-activities.ts';
import {
  AGENT_POINTER, AGENT_REQUIRED_MESSAGE, agentMissing, agentOf, deadlineKey, DEFAULT_EDITION_POLICY, effectiveAgent, equipmentDeadlines, nextDeadlineAfter,
  type DeadlineRule, type EditionPolicy, type MaintenanceRule,
} from '../../../domain/rules/maintenance-rules.ts';
import { addDays, addMonths } from '../../../domain/rules/calendar.ts';
import { businessDay } from '../../../domain/business-day.ts';
import type { Entity, EntityData } from '../../../domain/entity.ts';
import { Problem } from '../../http/problems.ts';
import type { HookContext } from '../../resources/hooks.ts';
import { chunksOf } from '../../resources/repository.ts';
import { sameJson } from './hook-helpers.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
export const isPending = (deadline: Entity) => deadline.attributes.isExecuted !== true && deadline.attributes.isEnded !== true;

/** Records a caller already holds (an equipment's deadlines computed together): used when they are the ones named. */
interface KnownRecords {
  target?: Entity;
  customer?: Entity;
  activities?: ReadonlyMap<string, Entity>;
}

/** The names the deadlines worklist shows and searches (customer, equipment or installation, activity). */
export async function deadlineMetadata(hook: HookContext, relationships: Record<string, unknown>, known: KnownRecords = {}): Promise<Record<string, unknown>> {
  const equipmentId = text(relationships.equipmentId);
  const installationId = text(relationships.installationId);
  const activityId = text(relationships.activityId);
  const targetId = equipmentId ?? installationId;
  const target = known.target && known.target.id === targetId ? known.target
    : equipmentId ? await hook.repository('equipments').findById(equipmentId)
    : installationId ? await hook.repository('installations').findById(installationId) : undefined;
  const activity = activityId ? known.activities?.get(activityId) ?? await hook.repository('activities').findById(activityId) : undefined;
  const targetName = target ? String(target.attributes.equipmentId ?? target.attributes.code ?? '') : undefined;
  // One read of the customer for its name and its zone.
  const customerId = text(relationships.customerId);
  const customer = customerId ? (known.customer?.id === customerId ? known.customer : await hook.repository('customers').findById(customerId)) : undefined;
  const zoneId = text(customer?.relationships.commercialZoneId);
  return {
    ...(customer ? { customerName: String(customer.metadata.displayName ?? '') } : {}),
    ...(zoneId ? { commercialZoneId: zoneId } : {}),
    ...(targetName ? { targetName: target?.attributes.name ? `${targetName} ${String(target.attributes.name)}` : targetName } : {}),
    ...(activity ? { activityName: String(activity.attributes.name ?? '') } : {}),
    ...(target && text(target.relationships.customerLocationId) ? { customerLocationId: target.relationships.customerLocationId } : {}),
  };
}

/** A deadline as the kind's schema stores it (defaults filled, bad data refused as a programming error). */
function deadlineData(content: { attributes: Record<string, unknown>; relationships: Record<string, unknown> }, metadata: Record<string, unknown>): EntityData {
  const parsed = entitySchema(physicalActivities).parse({ attributes: content.attributes, relationships: content.relationships });
  return { ...(parsed as EntityData), metadata };
}

type DeadlineContent = { attributes: Record<string, unknown>; relationships: Record<string, unknown> };

/** New deadlines in one INSERT (and one history statement), each named from the records its caller holds (`known`). */
async function insertDeadlines(hook: HookContext, rows: readonly { content: DeadlineContent; known?: KnownRecords }[], action: string): Promise<Entity[]> {
  if (rows.length === 0) return [];
  const items = [];
  for (const { content, known } of rows) items.push({ id: randomUUID(), data: deadlineData(content, await deadlineMetadata(hook, content.relationships, known)), by: hook.call.identity });
  const created = await hook.repository('physicalActivities').insert(items, action);
  if (created.length !== rows.length) throw new Error('deadline insert returned fewer rows');
  return created;
}

type DeadlineChanges = { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> };

/** A deadline's content after `changes`, with the names the worklist keeps. */
function changedDeadline(deadline: Entity, changes: DeadlineChanges): EntityData {
  const attributes = { ...deadline.attributes, ...changes.attributes };
  const relationships = { ...deadline.relationships, ...changes.relationships };
  const metadata = { ...Object.fromEntries(Object.entries(deadline.metadata).filter(([key]) => ['customerName', 'targetName', 'activityName', 'customerLocationId', 'commercialZoneId'].includes(key))) };
  return deadlineData({ attributes, relationships }, metadata);
}

export async function updateDeadline(hook: HookContext, deadline: Entity, changes: DeadlineChanges, action: string): Promise<Entity> {
  const updated = await hook.repository('physicalActivities').update(deadline.id, deadline.metadata.lastUpdatedDateTime, { data: changedDeadline(deadline, changes) }, hook.call.identity, action);
  if (!updated) throw new Problem('VERSION_CONFLICT');
  return updated;
}

/** Deadlines changed together in one UPDATE (and one history statement), each at the version read. */
async function updateDeadlines(hook: HookContext, changes: readonly { deadline: Entity; changes: DeadlineChanges }[], action: string): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map(({ deadline, changes }) => ({ id: deadline.id, expectedVersion: String(deadline.metadata.lastUpdatedDateTime), data: changedDeadline(deadline, changes), before: deadline }));
  if (!(await hook.repository('physicalActivities').updateMany(rows, hook.call.identity, action))) throw new Problem('VERSION_CONFLICT');
}

/** The rules that apply to equipments of a type: the type's own, and those of its active activities (each executed by its activity). */
function rulesFrom(family: Entity, activities: readonly Entity[]): MaintenanceRule[] {
  const own = (family.attributes.maintenanceRules as MaintenanceRule[] | undefined) ?? [];
  const ofActivities = activities
    .filter((activity) => activity.attributes.isActive !== false)
    .flatMap((activity) => ((activity.attributes.maintenanceRules as MaintenanceRule[] | undefined) ?? []).map((rule) => ({ ...rule, activityId: activity.id })));
  return [...own, ...ofActivities];
}

const activitiesOf = (hook: HookContext, family: Entity) => hook.repository('activities').listByRelationship('equipmentFamilyId', family.id);

interface FamilyWithActivities { family: Entity; activities: Entity[] }

/**
 * A batch of equipments (an import's hundreds of rows, each checked for its agent before it is
 * written) reads each type with its activities once (`onceInBatch`): writing equipments writes none
 * of them. Any other write reads afresh (a batch of activities changes what its next row would read).
 */
function readOncePerEquipmentBatch<T>(hook: HookContext, key: string, read: () => Promise<T>): Promise<T> {
  return hook.kind.type === 'equipments' ? hook.onceInBatch(key, read) : read();
}

function familyOf(hook: HookContext, familyId: string): Promise<FamilyWithActivities | undefined> {
  return readOncePerEquipmentBatch(hook, `equipmentFamilies:${familyId}`, async () => {
    const family = await hook.repository('equipmentFamilies').findById(familyId);
    return family && !family.metadata.isDeleted ? { family, activities: await activitiesOf(hook, family) } : undefined;
  });
}

const keyOf = (deadline: Entity): string | null => {
  const rule = deadline.attributes.rule as DeadlineRule | undefined;
  return rule ? deadlineKey({ kind: rule.kind, norm: rule.norm, activityId: text(deadline.relationships.activityId) }) : null;
};

/** Equipments whose deadlines are computed together: one read, one UPDATE and one INSERT for each group. */
const EQUIPMENTS_PER_COMPUTATION = 500;

/**
 * Brings the equipments' computed deadlines in line with their rules: a pending deadline whose rule
 * still applies moves to its new date and rule, a missing one is created, one whose rule no longer
 * applies is ended. Deadlines not computed by the engine (no rule) and executed ones are left alone;
 * the last execution of each rule is what the next deadline counts from. Equipments are computed in
 * groups (an import's hundreds, a type's equipments after its rules change): their deadlines read in
 * one statement, each type with its activities and each customer read once, the changes written in
 * one UPDATE and the new deadlines in one INSERT. `created`: equipments just created, which have no
 * deadline to read.
 */
export async function computeEquipmentDeadlines(hook: HookContext, equipments: readonly Entity[], options: { created?: boolean } = {}): Promise<void> {
  for (const group of chunksOf(equipments, EQUIPMENTS_PER_COMPUTATION)) await computeGroup(hook, group, options.created ?? false);
}

async function computeGroup(hook: HookContext, equipments: readonly Entity[], created: boolean): Promise<void> {
  const existingOf = Map.groupBy(
    created ? [] : await hook.repository('physicalActivities').listByRelationship('equipmentId', equipments.map((equipment) => equipment.id)),
    (deadline) => text(deadline.relationships.equipmentId),
  );
  // The group's types (with their activities) and customers, each read once up front: none of them is written while it is computed.
  const ids = (path: 'equipmentFamilyId' | 'customerId') => [...new Set(equipments.map((equipment) => text(equipment.relationships[path])).filter((id) => id !== null))];
  const types = new Map<string, (FamilyWithActivities & { rules: MaintenanceRule[]; activityById: Map<string, Entity> }) | undefined>();
  for (const familyId of ids('equipmentFamilyId')) {
    const read = await familyOf(hook, familyId);
    types.set(familyId, read && { ...read, rules: rulesFrom(read.family, read.activities), activityById: new Map(read.activities.map((activity) => [activity.id, activity])) });
  }
  const customers = new Map<string, Entity | undefined>();
  for (const customerId of ids('customerId')) customers.set(customerId, await hook.repository('customers').findById(customerId));
  const inserts: { content: DeadlineContent; known: KnownRecords }[] = [];
  const updates: { deadline: Entity; changes: DeadlineChanges }[] = [];
  for (const equipment of equipments) {
    const existing = existingOf.get(equipment.id) ?? [];
    const familyId = text(equipment.relationships.equipmentFamilyId);
    const read = familyId ? types.get(familyId) : undefined;
    const family = read?.family;
    const lastExecutions = new Map<string, string>();
    // What each rule's next deadline counts from: the latest execution recorded, on an executed deadline or on the pending one after it.
    for (const deadline of existing) {
      const key = keyOf(deadline);
      const executed = deadline.attributes.isExecuted === true ? text(deadline.attributes.executedDate) : text(deadline.attributes.lastExecutionDate);
      if (key && executed && executed > (lastExecutions.get(key) ?? '')) lastExecutions.set(key, executed);
    }
    const basis = family?.attributes.expiryBasis === 'installation' ? 'installation' : 'production';
    const computed = equipmentDeadlines({
      productionDate: text(equipment.attributes.productionDate),
      installationDate: text(equipment.attributes.installationDate),
      basis,
      agent: effectiveAgent(equipment.attributes.characteristics as Record<string, unknown> | undefined, family?.attributes.defaultAgent),
      rules: read?.rules ?? [],
      policy: (family?.attributes.editionPolicy as EditionPolicy | undefined) ?? DEFAULT_EDITION_POLICY,
      lastExecutions,
    });
    const pending = new Map<string, Entity>();
    for (const deadline of existing) {
      const key = keyOf(deadline);
      if (key && isPending(deadline)) pending.set(key, deadline);
    }
    const relationships = {
      customerId: equipment.relationships.customerId,
      equipmentId: equipment.id,
      equipmentFamilyId: familyId,
    };
    // The names on the new deadlines: the equipment in hand, its customer read once, the activities read with the rules.
    const customerId = text(equipment.relationships.customerId);
    let known: KnownRecords | undefined;
    for (const deadline of computed) {
      const current = pending.get(deadline.key);
      pending.delete(deadline.key);
      const attributes = { module: equipment.attributes.module, deadlineDate: deadline.deadlineDate, lastExecutionDate: deadline.lastExecutionDate, rule: deadline.rule };
      if (!current) {
        known ??= { target: equipment, customer: customerId ? customers.get(customerId) : undefined, activities: read?.activityById };
        inserts.push({ content: { attributes: { ...attributes, isExecuted: false }, relationships: { ...relationships, activityId: deadline.activityId } }, known });
        continue;
      }
      // A deadline a planner postponed keeps its date while its rule holds.
      const postponed = Boolean(current.attributes.postponeReason) && sameJson(current.attributes.rule, deadline.rule);
      const next = postponed ? { ...attributes, deadlineDate: current.attributes.deadlineDate } : attributes;
      const same = (Object.keys(next) as (keyof typeof next)[]).every((key) => sameJson(current.attributes[key] ?? null, next[key] ?? null))
        && current.relationships.customerId === relationships.customerId && (current.relationships.equipmentFamilyId ?? null) === familyId;
      if (!same) updates.push({ deadline: current, changes: { attributes: next, relationships } });
    }
    for (const stale of pending.values()) updates.push({ deadline: stale, changes: { attributes: { isEnded: true, endedDate: hook.today } } });
  }
  await updateDeadlines(hook, updates, 'computeDeadlines');
  await insertDeadlines(hook, inserts, 'computeDeadlines');
}

/**
 * An equipment whose type's rules depend on the agent, written without one that neither it nor its
 * type gives, is refused (422, pointer on `agenteEstinguente`) rather than left short of deadlines.
 * Checked when the equipment is created and when its type or characteristics change: an older
 * equipment without an agent keeps working until then.
 */
export async function checkEquipmentAgent(hook: HookContext, data: EntityData, previous: Entity | undefined): Promise<void> {
  const { attributes, relationships } = data;
  if (attributes.state === 'decommissioned') return;
  const familyId = text(relationships.equipmentFamilyId);
  if (!familyId) return;
  if (previous && previous.relationships.equipmentFamilyId === familyId && sameJson(previous.attributes.characteristics ?? null, attributes.characteristics ?? null)) return;
  const read = await familyOf(hook, familyId);
  if (!read) return;
  const characteristics = attributes.characteristics as Record<string, unknown> | undefined;
  if (agentMissing(characteristics, read.family.attributes.defaultAgent, rulesFrom(read.family, read.activities))) {
    throw new Problem('VALIDATION_FAILED', { message: AGENT_REQUIRED_MESSAGE, errors: [{ pointer: AGENT_POINTER, code: 'required', message: AGENT_REQUIRED_MESSAGE }] });
  }
}

/** Decommissioning: the equipment's deadlines still to do end today. */
export async function endPendingDeadlines(hook: HookContext, equipmentId: string): Promise<void> {
  for (const deadline of await hook.repository('physicalActivities').listByRelationship('equipmentId', equipmentId)) {
    if (isPending(deadline)) await updateDeadline(hook, deadline, { attributes: { isEnded: true, endedDate: hook.today } }, 'decommission');
  }
}

/** What a recomputation depends on. */
export function deadlineInputsChanged(entity: Entity, previous: Entity): boolean {
  const a = entity.attributes;
  const b = previous.attributes;
  return a.productionDate !== b.productionDate || a.installationDate !== b.installationDate || a.module !== b.module
    || entity.relationships.equipmentFamilyId !== previous.relationships.equipmentFamilyId
    || entity.relationships.customerId !== previous.relationships.customerId
    || agentOf(a.characteristics as Record<string, unknown> | undefined) !== agentOf(b.characteristics as Record<string, unknown> | undefined);
}

/** The day an assignment activity was executed: its own time, its assignment's end, or today. */
function executionDay(activity: Entity, assignment: Entity | undefined, today: string): string {
  for (const value of [activity.attributes.executedDateTime, assignment?.attributes.actualEndDateTime]) {
    const instant = text(value);
    if (instant) return businessDay(new Date(instant));
  }
  return today;
}

/** A deadline without a rule (entered by hand, older data) recurs by its activity's frequency. */
function nextByFrequency(frequency: unknown, executed: string): string | null {
  const f = frequency as { value?: number; unit?: string } | undefined;
  if (!f || typeof f.value !== 'number' || f.value <= 0) return null;
  switch (f.unit) {
    case 'day': return addDays(executed, f.value);
    case 'week': return addDays(executed, f.value * 7);
    case 'month': return addMonths(executed, f.value);
    case 'year': return addMonths(executed, f.value * 12);
    default: return null;
  }
}

/**
 * An assignment activity was closed (alone, or with its assignment): the deadline it executes is
 * marked executed with the day and the intervention, and the next one is created from that day.
 * The deadline is the one planned into this activity, else the earliest pending one of the same
 * activity on the same equipment or installation.
 */
export async function executeDeadlineOf(hook: HookContext, activity: Entity): Promise<void> {
  const deadlines = hook.repository('physicalActivities');
  let deadline = (await deadlines.listByRelationship('assignmentActivityId', activity.id)).find(isPending);
  if (!deadline) {
    const equipmentId = text(activity.relationships.equipmentId);
    const installationId = text(activity.relationships.installationId);
    const candidates = equipmentId ? await deadlines.listByRelationship('equipmentId', equipmentId) : installationId ? await deadlines.listByRelationship('installationId', installationId) : [];
    deadline = candidates
      .filter((d) => isPending(d) && d.relationships.activityId === activity.relationships.activityId && !text(d.relationships.assignmentActivityId))
      .toSorted((a, b) => String(a.attributes.deadlineDate).localeCompare(String(b.attributes.deadlineDate)))[0];
  }
  if (!deadline) return;
  const assignmentId = text(activity.relationships.assignmentId);
  const assignment = assignmentId ? await hook.repository('assignments').findById(assignmentId) : undefined;
  const executed = executionDay(activity, assignment, hook.today);
  await updateDeadline(hook, deadline, {
    attributes: { isExecuted: true, executedDate: executed },
    relationships: { assignmentActivityId: activity.id, executedAssignmentId: assignmentId },
  }, 'execute');
  const rule = deadline.attributes.rule as DeadlineRule | undefined;
  const next = rule ? nextDeadlineAfter(rule, executed) : nextByFrequency(deadline.attributes.frequency, executed);
  if (!next) return;
  const { module, frequency } = deadline.attributes;
  const { customerId, activityId, equipmentId, installationId, equipmentFamilyId } = deadline.relationships;
  await insertDeadlines(hook, [{
    content: {
      attributes: { module, deadlineDate: next, lastExecutionDate: executed, isExecuted: false, ...(rule ? { rule } : {}), ...(frequency ? { frequency } : {}) },
      relationships: { customerId, activityId, equipmentId, installationId, equipmentFamilyId },
    },
  }], 'execute');
}

export const closedStates: readonly unknown[] = ['closed', 'closed-with-anomalies'];

/**
 * An assignment activity closed by mistake is reopened: the deadlines it executed are to do again,
 * and the next ones their execution created (still to do, not planned) are deleted.
 */
export async function undoExecutionOf(hook: HookContext, activity: Entity): Promise<void> {
  const deadlines = hook.repository('physicalActivities');
  for (const done of await deadlines.listByRelationship('assignmentActivityId', activity.id)) {
    if (done.attributes.isExecuted !== true) continue;
    const executed = text(done.attributes.executedDate);
    const equipmentId = text(done.relationships.equipmentId);
    const installationId = text(done.relationships.installationId);
    const siblings = equipmentId ? await deadlines.listByRelationship('equipmentId', equipmentId) : installationId ? await deadlines.listByRelationship('installationId', installationId) : [];
    const next = siblings.find((d) => d.id !== done.id && isPending(d) && !text(d.relationships.assignmentActivityId) && text(d.attributes.lastExecutionDate) === executed
      && (d.relationships.activityId ?? null) === (done.relationships.activityId ?? null) && sameJson(d.attributes.rule ?? null, done.attributes.rule ?? null));
    if (next) await deadlines.update(next.id, next.metadata.lastUpdatedDateTime, { isDeleted: true }, hook.call.identity, 'reopen');
    await updateDeadline(hook, done, { attributes: { isExecuted: false, executedDate: null }, relationships: { executedAssignmentId: null } }, 'reopen');
  }
}

/**
 * An assignment closed (its machine moves its open activities along without their own hooks): each
 * of its activities closed by that transition executes its deadline. Reopened, the activities it
 * brings back to open undo their executions.
 */
export async function executeDeadlinesOfAssignment(hook: HookContext, assignment: Entity, previous: Entity | undefined): Promise<void> {
  if (!previous) return;
  const closing = closedStates.includes(assignment.attributes.state) && !closedStates.includes(previous.attributes.state);
  const reopening = assignment.attributes.state === 'open' && closedStates.includes(previous.attributes.state);
  if (!closing && !reopening) return;
  const marker = `assignments:${assignment.id}`;
  for (const activity of await hook.repository('assignmentActivities').listByRelationship('assignmentId', assignment.id)) {
    if (closing && closedStates.includes(activity.attributes.state) && activity.metadata.cascadedBy === marker) await executeDeadlineOf(hook, activity);
    if (reopening && activity.attributes.state === 'open') await undoExecutionOf(hook, activity);
  }
}

/**
 * An administrator changed a type's rules or edition policy, or an activity's rules: the deadlines
 * still to do of the type's equipments are computed again, in the same transaction.
 */
export async function recomputeFamily(hook: HookContext, familyId: unknown): Promise<void> {
  if (typeof familyId !== 'string') return;
  const equipments = await hook.repository('equipments').listByRelationship('equipmentFamilyId', familyId);
  await computeEquipmentDeadlines(hook, equipments.filter((equipment) => equipment.attributes.state !== 'decommissioned'));
}

export const rulesChanged = (entity: Entity, previous: Entity | undefined, keys: readonly string[]) =>
  previous !== undefined && !entity.metadata.isDeleted && keys.some((key) => !sameJson(entity.attributes[key] ?? null, previous.attributes[key] ?? null));
