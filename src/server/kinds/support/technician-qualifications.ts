/**
 * Qualified technicians (issue 25): what the server reads to apply the rule of
 * src/domain/rules/technician-qualification.ts to an intervention (the system types its activities
 * need, the qualifications its operators hold on its day), and the renewal deadline each qualification
 * puts on the deadlines worklist (module doc, the decree as the reason).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Entity, EntityData } from '../../../domain/entity.ts';
import { entitySchema } from '../../../domain/kind.ts';
import { physicalActivities } from '../../../domain/entities/physical-activities.ts';
import { heldQualificationOf, systemTypeNames } from '../../../domain/entities/technician-qualifications.ts';
import { isAdmin } from '../../../domain/rules/identity.ts';
import { addMonths, daysBetween } from '../../../domain/rules/calendar.ts';
import type { DeadlineRule } from '../../../domain/rules/maintenance-rules.ts';
import { systemTypesForFamilies, type FireSystemType, type HeldQualification } from '../../../domain/rules/technician-qualification.ts';
import type { HookContext } from '../../resources/hooks.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Activities that will not be carried out need no qualification. */
const NOT_TO_DO: readonly unknown[] = ['canceled', 'activity-substituted', 'decommissioned'];

/** The system types the intervention's activities need: each activity's equipment type (its equipment's, else its catalogue activity's). */
export async function systemTypesOfIntervention(hook: HookContext, assignmentId: string): Promise<FireSystemType[]> {
  const activities = (await hook.repository('assignmentActivities').listByRelationship('assignmentId', assignmentId))
    .filter((activity) => !NOT_TO_DO.includes(activity.attributes.state));
  if (activities.length === 0) return [];
  const equipments = await hook.repository('equipments').findByIds(activities.map((a) => text(a.relationships.equipmentId)).filter((id) => id !== undefined));
  const catalogue = await hook.repository('activities').findByIds(activities.map((a) => text(a.relationships.activityId)).filter((id) => id !== undefined));
  const familyIds = activities.map((activity) => {
    const equipment = equipments.get(text(activity.relationships.equipmentId) ?? '');
    return text(equipment?.relationships.equipmentFamilyId) ?? text(catalogue.get(text(activity.relationships.activityId) ?? '')?.relationships.equipmentFamilyId);
  }).filter((id) => id !== undefined);
  const families = await hook.repository('equipmentFamilies').findByIds(familyIds);
  return systemTypesForFamilies([...families.values()].map((family) => String(family.attributes.code ?? '')));
}

/**
 * Keeps `metadata.systemTypes` of an intervention (what its activities need) in step with its activities,
 * so the planning board can mark, while a card is carried, the lanes of technicians not qualified for it.
 * A derived value (no history row, no new version), as a customer's deadline figures.
 */
export async function refreshInterventionSystemTypes(hook: HookContext, assignmentId: unknown): Promise<void> {
  const id = text(assignmentId);
  if (!id) return;
  const repository = hook.repository('assignments');
  const assignment = await repository.findById(id);
  if (!assignment || assignment.metadata.isDeleted) return;
  const systemTypes = await systemTypesOfIntervention(hook, id);
  if (JSON.stringify(assignment.metadata.systemTypes ?? []) !== JSON.stringify(systemTypes)) await repository.patchDerivedMetadata(id, { systemTypes });
}

/** The live qualifications of each technician, as the rule reads them. */
export async function qualificationsOf(hook: HookContext, userIds: readonly string[]): Promise<Map<string, HeldQualification[]>> {
  const repository = hook.repository('technicianQualifications');
  const held = new Map<string, HeldQualification[]>();
  for (const userId of new Set(userIds)) held.set(userId, (await repository.listByRelationship('userId', userId)).map(heldQualificationOf));
  return held;
}

/** Whether the effective caller is an administrator (its roles as they are now). */
export async function callerIsAdmin(hook: HookContext): Promise<boolean> {
  const userId = hook.call.identity.userId;
  if (!userId) return false;
  const roles = (
    await sql<{ name: string }>`SELECT r.attributes->>'name' AS name FROM roles r
      WHERE NOT r.is_deleted AND r.id::text IN (SELECT jsonb_array_elements_text(coalesce(u.relationships->'roleIds', '[]'::jsonb)) FROM users u WHERE u.id = ${userId}::uuid)`.execute(hook.db)
  ).rows;
  return isAdmin({ roles });
}

/** The decree the renewal deadlines cite (the worklist's reason). */
export const QUALIFICATION_NORM = { norm: 'D.M. 1 settembre 2021', edition: 'D.M. 15/7/2025' } as const;

/** Metadata of a renewal deadline: what the worklist shows and searches. */
async function renewalMetadata(hook: HookContext, qualification: Entity): Promise<Record<string, unknown>> {
  const user = await hook.repository('users').findById(String(qualification.relationships.userId));
  const name = text(user?.attributes.displayName) ?? `${String(user?.attributes.firstName ?? '')} ${String(user?.attributes.lastName ?? '')}`.trim();
  return {
    // The technicians are the provider's own staff: no customer, one group of their own on the worklist.
    customerName: 'Personale tecnico (qualifiche)',
    targetName: name,
    activityName: `Rinnovo qualifica: ${systemTypeNames((qualification.attributes.systemTypes as unknown[] | undefined) ?? [])}`.slice(0, 300),
  };
}

function renewalRule(obtained: string, due: string): DeadlineRule {
  // The months between obtaining and renewing (at least one), as the deadline engine's rules say it.
  let months = Math.max(1, Math.round(daysBetween(obtained, due) / 30.44));
  if (addMonths(obtained, months) > due && months > 1) months -= 1;
  return { kind: 'rinnovoQualifica', months: Math.min(months, 1200), from: 'lastExecution', ...QUALIFICATION_NORM };
}

const isPending = (deadline: Entity) => !deadline.metadata.isDeleted && deadline.attributes.isExecuted !== true && deadline.attributes.isEnded !== true;

async function storeDeadline(hook: HookContext, previous: Entity | undefined, content: { attributes: Record<string, unknown>; relationships: Record<string, unknown> }, metadata: Record<string, unknown>, action: string): Promise<void> {
  const parsed = entitySchema(physicalActivities).parse(content);
  const data = { ...(parsed as EntityData), metadata };
  const deadlines = hook.repository('physicalActivities');
  if (previous) await deadlines.update(previous.id, previous.metadata.lastUpdatedDateTime, { data }, hook.call.identity, action);
  else await deadlines.insert([{ id: randomUUID(), data, by: hook.call.identity }], action);
}

/**
 * The qualification's renewal on the deadlines worklist: one deadline to do on its renewal day. A
 * later renewal day (the qualification was renewed) marks the pending one executed today and opens
 * the next; an earlier one (a correction) moves it; no renewal day, or the qualification deleted, ends it.
 */
export async function syncRenewalDeadline(hook: HookContext, qualification: Entity): Promise<void> {
  const pending = (await hook.repository('physicalActivities').listByRelationship('technicianQualificationId', qualification.id)).filter(isPending);
  const due = qualification.metadata.isDeleted ? undefined : text(qualification.attributes.renewalDueDate);
  const obtained = text(qualification.attributes.obtainedDate) ?? hook.today;
  const metadata = await renewalMetadata(hook, qualification);
  const keep = (deadline: Entity) => ({ attributes: deadline.attributes, relationships: deadline.relationships });
  if (!due) {
    for (const deadline of pending) {
      await storeDeadline(hook, deadline, { ...keep(deadline), attributes: { ...deadline.attributes, isEnded: true, endedDate: hook.today } }, { ...deadline.metadata, ...metadata }, 'end');
    }
    return;
  }
  const [current, ...extra] = pending;
  for (const deadline of extra) {
    await storeDeadline(hook, deadline, { ...keep(deadline), attributes: { ...deadline.attributes, isEnded: true, endedDate: hook.today } }, deadline.metadata, 'end');
  }
  const attributes = { module: 'doc', deadlineDate: due, lastExecutionDate: obtained, isExecuted: false, rule: renewalRule(obtained, due) };
  const relationships = { customerId: null, technicianQualificationId: qualification.id };
  if (current && String(current.attributes.deadlineDate) < due && obtained > String(current.attributes.lastExecutionDate ?? '')) {
    // Renewed: the old deadline is done (the day the new qualification was obtained), the next one is due.
    await storeDeadline(hook, current, { ...keep(current), attributes: { ...current.attributes, isExecuted: true, executedDate: obtained <= hook.today ? obtained : hook.today } }, current.metadata, 'execute');
    await storeDeadline(hook, undefined, { attributes, relationships }, metadata, 'create');
    return;
  }
  const changed = !current || current.attributes.deadlineDate !== due || JSON.stringify(current.attributes.rule) !== JSON.stringify(attributes.rule)
    || current.metadata.targetName !== metadata.targetName || current.metadata.activityName !== metadata.activityName;
  if (changed) await storeDeadline(hook, current, { attributes: { ...current?.attributes, ...attributes }, relationships }, metadata, current ? 'update' : 'create');
}
