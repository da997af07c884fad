/**
 * The technicians' qualifications (issue 25, D.M. 1 settembre 2021): every technician of the provider
 * holds one, from a certifying body, with its renewal deadline on the deadlines worklist (module doc);
 * the demo external technician («Davide Conti») is qualified only for extinguishers, hydrants, doors
 * and emergency lighting, so assigning him an intervention on detection, sprinklers or smoke vents is
 * refused. No draws: the ids are the installation's own and everything else follows from the staff's
 * order, so the data of the other steps stays the same.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { findKind } from '../../../domain/kinds.ts';
import { tableName } from '../../db/entity-sql.ts';
import { fireSystemTypes, systemTypesForFamilies, type FireSystemType } from '../../../domain/rules/technician-qualification.ts';
import { systemTypeNames } from '../../../domain/entities/technician-qualifications.ts';
import { addMonths } from '../../../domain/rules/calendar.ts';
import { QUALIFICATION_NORM } from '../../kinds/support/technician-qualifications.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { DEMO_DOMAIN } from './demo-users.ts';
import { stateOf } from './state.ts';
import { addDays } from './util.ts';

const BODIES = ['Certifica Antincendio S.r.l. (organismo accreditato)', 'Istituto Qualità Sicurezza S.p.A.', 'Ente Formazione Prevenzione Incendi'];

/** The demo technician who is not qualified for every type. */
export const PARTLY_QUALIFIED_EMAIL = `esterno@${DEMO_DOMAIN}`;
const PARTLY_QUALIFIED_TYPES: readonly FireSystemType[] = ['extinguishers', 'hydrants', 'fireDoors', 'emergencyLighting'];

/** How long a qualification lasts before its renewal, in the demo (our choice). */
const VALIDITY_MONTHS = 60;

export async function seedTechnicianQualifications(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  // Those who service equipment: the maintainers, and the demo Operatore, operator of its interventions.
  const technicians = state.staff.filter((user) => (user.isMainteiner || user.email === `operatore@${DEMO_DOMAIN}`) && user.isEnabled);
  const qualifications: SeedItem[] = [];
  const deadlines: SeedItem[] = [];
  technicians.forEach((technician, index) => {
    const types = technician.email === PARTLY_QUALIFIED_EMAIL ? PARTLY_QUALIFIED_TYPES : fireSystemTypes;
    // Renewals spread over the next years; every fourth one falls in the next 90 days.
    const renewalDueDate = addDays(ctx.referenceDay, index % 4 === 1 ? 15 + index * 5 : 120 + index * 97);
    const obtainedDate = addMonths(renewalDueDate, -VALIDITY_MONTHS);
    const id = randomUUID();
    qualifications.push({
      id,
      createdDateTime: `${obtainedDate}T10:00:00.000Z`,
      attributes: {
        systemTypes: [...types], certifyingBody: BODIES[index % BODIES.length], certificateNumber: `QTM-${obtainedDate.slice(0, 4)}-${String(101 + index).padStart(4, '0')}`,
        obtainedDate, renewalDueDate,
      },
      relationships: { userId: technician.id },
    });
    deadlines.push({
      id: randomUUID(),
      createdDateTime: `${obtainedDate}T10:00:00.000Z`,
      attributes: {
        module: 'doc', deadlineDate: renewalDueDate, lastExecutionDate: obtainedDate, isExecuted: false, isEnded: false,
        rule: { kind: 'rinnovoQualifica', months: VALIDITY_MONTHS, from: 'lastExecution', ...QUALIFICATION_NORM },
      },
      relationships: { customerId: null, technicianQualificationId: id },
      extraMetadata: { customerName: 'Personale tecnico (qualifiche)', targetName: technician.displayName, activityName: `Rinnovo qualifica: ${systemTypeNames(types)}` },
    });
  });
  await ctx.insert('technicianQualifications', qualifications);
  await ctx.insert('physicalActivities', deadlines);
  return { 'qualifiche dei tecnici': qualifications.length, 'interventi con i tipi di impianto': await deriveInterventionSystemTypes(ctx) };
}

type Row = { id: string; relationships: Record<string, unknown>; attributes: Record<string, unknown> };
const rowsOf = async (ctx: SeedContext, type: string): Promise<Row[]> =>
  (await sql<Row>`SELECT id, attributes, relationships FROM ${sql.raw(tableName(findKind(type)!))} WHERE NOT is_deleted`.execute(ctx.db)).rows;

/** The seeded interventions' `metadata.systemTypes` (what the assignments' activities hook keeps for written ones). */
async function deriveInterventionSystemTypes(ctx: SeedContext): Promise<number> {
  const [activities, equipments, catalogue, families] = await Promise.all([rowsOf(ctx, 'assignmentActivities'), rowsOf(ctx, 'equipments'), rowsOf(ctx, 'activities'), rowsOf(ctx, 'equipmentFamilies')]);
  const familyOf = new Map([...equipments, ...catalogue].map((row) => [row.id, String(row.relationships.equipmentFamilyId ?? '')]));
  const codeOf = new Map(families.map((row) => [row.id, String(row.attributes.code ?? '')]));
  const codes = new Map<string, string[]>();
  for (const activity of activities) {
    if (['canceled', 'activity-substituted', 'decommissioned'].includes(String(activity.attributes.state))) continue;
    const family = familyOf.get(String(activity.relationships.equipmentId ?? '')) || familyOf.get(String(activity.relationships.activityId ?? ''));
    const code = family ? codeOf.get(family) : undefined;
    const assignmentId = String(activity.relationships.assignmentId);
    if (code) codes.set(assignmentId, [...(codes.get(assignmentId) ?? []), code]);
  }
  const values = [...codes].map(([id, list]) => ({ id, systemTypes: systemTypesForFamilies(list) })).filter((row) => row.systemTypes.length > 0);
  if (values.length === 0) return 0;
  await sql`UPDATE ${sql.raw(tableName(findKind('assignments')!))} AS a SET metadata = a.metadata || jsonb_build_object('systemTypes', v.types)
    FROM jsonb_to_recordset(${JSON.stringify(values.map((row) => ({ id: row.id, types: row.systemTypes })))}::jsonb) AS v(id uuid, types jsonb) WHERE a.id = v.id`.execute(ctx.db);
  return values.length;
}
