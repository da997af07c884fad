/**
 * Health surveillance (module med, D.Lgs. 81/2008 art. 41): the employees of customers with med have
 * their visits — a preventive visit a year before, then the periodic one with its judgement (mostly
 * «idoneo», some with prescriptions or limitations, one temporarily unfit), each written by a medico
 * competente — and the next visit on the deadlines worklist (module med, the law as its reason): some
 * overdue, some within 30, 60 or 90 days, most in order, so the portal's «Sorveglianza sanitaria» row
 * has every state. The demo customers are included (cliente1's portal shows the row). No draws: ids
 * come from the platform and everything else from the data already there, so the other steps' data
 * stays the same.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { tableName } from '../../db/entity-sql.ts';
import { addMonths } from '../../../domain/rules/calendar.ts';
import { fitnessJudgementFacts, nextVisitDate, periodicVisitRule, type FitnessJudgement, type VisitFacts } from '../../../domain/rules/health-surveillance.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { stateOf } from './state.ts';

const DOCTORS = ['Dott.ssa Paola Ferri (medico competente)', 'Dott. Marco Rinaldi (medico competente)', 'Dott.ssa Elena Barbieri (medico competente)'];

/** The periodic visit's judgement by the employee's place in the list: most fit, some with limitations, one temporarily unfit. */
function judgementOf(n: number): { judgement: FitnessJudgement; prescriptions?: string } {
  if (n % 7 === 3) return { judgement: 'idoneoConPrescrizioni', prescriptions: 'Evitare la movimentazione manuale di carichi superiori a 10 kg per 6 mesi.' };
  if (n % 11 === 5) return { judgement: 'idoneoConPrescrizioni', prescriptions: 'Uso obbligatorio di otoprotettori; esclusione dal lavoro notturno.' };
  if (n % 13 === 8) return { judgement: 'inidoneoTemporaneo' };
  return { judgement: 'idoneo' };
}

/** Days before the reference day the periodic visit was: spread so the next one (12 months on) falls in every state. */
const daysAgo = (n: number) => [380, 345, 310, 290, 250, 200, 150, 100, 60, 20][n % 10]! + (n % 3) * 3;

interface EmployeeRow { id: string; customer_id: string; office_location_id: string | null; first_name: string; last_name: string }

export async function seedHealthSurveillance(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const demo = new Set(state.demoCustomerIndexes.map((index) => state.customers[index]?.id));
  const withMed = state.customers.filter((customer) => customer.modules.includes('med') && !customer.isArchived && customer.employeeIds.length > 0);
  // The demo customers first, then a few others.
  const chosen = [...withMed.filter((customer) => demo.has(customer.id)), ...withMed.filter((customer) => !demo.has(customer.id)).slice(0, ctx.scaled(6))];
  const byId = new Map(state.customers.map((customer) => [customer.id, customer]));
  const ids = chosen.flatMap((customer) => customer.employeeIds.slice(0, 12));
  if (ids.length === 0) return { 'visite di sorveglianza sanitaria': 0 };
  const employees = (await sql<EmployeeRow>`SELECT id::text AS id, relationships->>'customerId' AS customer_id, relationships->>'officeLocationId' AS office_location_id,
      attributes->>'firstName' AS first_name, attributes->>'lastName' AS last_name
    FROM ${sql.raw(tableName({ type: 'employees' }))} WHERE NOT is_deleted AND id::text IN (${sql.join(ids)})`.execute(ctx.db)).rows;
  const order = new Map(ids.map((id, index) => [id, index]));
  employees.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const visits: SeedItem[] = [];
  const deadlines: SeedItem[] = [];
  employees.forEach((employee, n) => {
    const customer = byId.get(employee.customer_id);
    const doctorName = DOCTORS[n % DOCTORS.length]!;
    const visitDate = ctx.day(-daysAgo(n));
    const { judgement, prescriptions } = judgementOf(n);
    const periodic: VisitFacts = { visitType: 'periodica', visitDate, judgement, periodicityMonths: 12, ...(judgement === 'inidoneoTemporaneo' ? { unfitUntil: ctx.day(-daysAgo(n) + 45) } : {}) };
    const next = nextVisitDate(periodic)!;
    const periodicId = randomUUID();
    const metadata = {
      ...(customer ? { customerName: customer.displayName, commercialZoneId: customer.commercialZoneId } : {}),
      targetName: `${employee.last_name} ${employee.first_name}`.trim(),
      ...(employee.office_location_id ? { customerLocationId: employee.office_location_id } : {}),
    };
    const rule = periodicVisitRule(periodic);
    // Every other employee: the preventive visit a year before, and its next visit executed by the periodic one.
    if (n % 2 === 0) {
      const earlierDate = addMonths(visitDate, -12);
      const earlierId = randomUUID();
      visits.push({
        id: earlierId, createdDateTime: `${earlierDate}T09:00:00.000Z`,
        attributes: { visitType: n % 4 === 0 ? 'preventiva' : 'preassuntiva', visitDate: earlierDate, doctorName, judgement: 'idoneo', periodicityMonths: 12, nextVisitDate: addMonths(earlierDate, 12) },
        relationships: { employeeId: employee.id, customerId: employee.customer_id },
      });
      deadlines.push({
        id: randomUUID(), createdDateTime: `${earlierDate}T09:00:00.000Z`,
        attributes: { module: 'med', deadlineDate: addMonths(earlierDate, 12), lastExecutionDate: earlierDate, isExecuted: true, executedDate: visitDate, isEnded: false, rule },
        relationships: { customerId: employee.customer_id, employeeId: employee.id, healthSurveillanceVisitId: earlierId },
        extraMetadata: { ...metadata, activityName: `Visita periodica (ultimo giudizio: ${fitnessJudgementFacts.idoneo.label.toLocaleLowerCase('it')})` },
      });
    }
    visits.push({
      id: periodicId, createdDateTime: `${visitDate}T09:00:00.000Z`,
      attributes: { ...periodic, doctorName, ...(prescriptions ? { prescriptions } : {}), nextVisitDate: next },
      relationships: { employeeId: employee.id, customerId: employee.customer_id },
    });
    deadlines.push({
      id: randomUUID(), createdDateTime: `${visitDate}T09:00:00.000Z`,
      attributes: { module: 'med', deadlineDate: next, lastExecutionDate: visitDate, isExecuted: false, isEnded: false, rule },
      relationships: { customerId: employee.customer_id, employeeId: employee.id, healthSurveillanceVisitId: periodicId },
      extraMetadata: { ...metadata, activityName: `Visita periodica (ultimo giudizio: ${fitnessJudgementFacts[judgement].label.toLocaleLowerCase('it')})` },
    });
  });
  await ctx.insert('healthSurveillanceVisits', visits);
  await ctx.insert('physicalActivities', deadlines);
  return { 'visite di sorveglianza sanitaria': visits.length, 'prossime visite in scadenziario': deadlines.filter((d) => d.attributes.isExecuted === false).length };
}
