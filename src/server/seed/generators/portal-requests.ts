/**
 * What customers ask through the portal (issue 26 §4, §6, §7), a few of each so every screen has
 * rows: proofs that a defect was fixed (rectifications, waiting for the office), enrolment requests
 * (most waiting, one declined) and service requests (waiting, with preferred slots on the next
 * working days). Not for the two demo customers, whose portal the tests walk from a known state.
 * No draws: ids come from the platform, the rest from the data already there, so the other steps'
 * data stays the same.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { tableName } from '../../db/entity-sql.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { stateOf } from './state.ts';

/** The next `count` working days (Monday to Friday) after `day`. */
function workingDaysAfter(ctx: SeedContext, count: number): string[] {
  const days: string[] = [];
  for (let offset = 1; days.length < count; offset++) {
    const day = ctx.day(offset);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days;
}

export async function seedPortalRequests(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const demo = new Set(state.demoCustomerIndexes.map((index) => state.customers[index]?.id));
  const others = state.customers.filter((customer) => !demo.has(customer.id) && !customer.isArchived && !customer.isPerson);
  const at = (offset: number, hour: number) => `${ctx.day(offset)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

  // Proofs for unresolved anomalies of other customers.
  const anomalies = await sql<{ id: string; customer_id: string }>`SELECT id, relationships->>'customerId' AS customer_id
    FROM ${sql.raw(tableName({ type: 'anomalies' }))} WHERE NOT is_deleted AND attributes->>'state' = 'unresolved'
    AND relationships->>'customerId' IS NOT NULL ORDER BY created_date_time, id LIMIT 20`.execute(ctx.db);
  const rectifications: SeedItem[] = anomalies.rows.filter((row) => !demo.has(row.customer_id)).slice(0, ctx.scaled(3) || 1).map((row, n) => ({
    id: randomUUID(),
    createdDateTime: at(-1 - n, 10),
    attributes: { state: 'submitted', evidenceMediaIds: [], note: n % 2 === 0 ? 'Sigillo e cartellino sostituiti dal nostro manutentore interno, foto allegata.' : 'Estintore spostato nella posizione indicata e segnaletica ripristinata.' },
    relationships: { anomalyId: row.id, customerId: row.customer_id },
  }));
  await ctx.insert('rectifications', rectifications);

  // Enrolment requests for employees of other customers.
  const courses = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName({ type: 'courses' }))} WHERE NOT is_deleted ORDER BY attributes->>'code', id`.execute(ctx.db);
  const withEmployees = others.filter((customer) => customer.employeeIds.length > 0).slice(0, ctx.scaled(6) || 1);
  const enrolments: SeedItem[] = courses.rows.length === 0 ? [] : withEmployees.map((customer, n) => ({
    id: randomUUID(),
    createdDateTime: at(-2 - n, 9),
    attributes: n === 1
      ? { state: 'declined', note: 'Nuovo addetto al primo soccorso', decisionReason: 'Il dipendente ha già un attestato valido', decidedDateTime: at(-1, 11) }
      : { state: 'requested', ...(n % 2 === 0 ? { note: 'Nuovo assunto in reparto' } : {}) },
    relationships: { employeeId: customer.employeeIds[0]!, customerId: customer.id, courseId: courses.rows[n % courses.rows.length]!.id },
  }));
  await ctx.insert('enrolmentRequests', enrolments);

  // Service requests of other customers, waiting for the office.
  const slots = workingDaysAfter(ctx, 3);
  const asking = others.filter((customer) => customer.modules.includes('fire')).slice(0, ctx.scaled(4) || 1);
  const requests: SeedItem[] = asking.map((customer, n) => ({
    id: randomUUID(),
    createdDateTime: at(-n, 8),
    attributes: {
      status: 'submitted',
      photoMediaIds: [],
      description: ['Estintore del magazzino scarico dopo un principio d’incendio.', 'Porta tagliafuoco del reparto che non si chiude da sola.', 'Luce di emergenza della scala B spenta.', 'Idrante del cortile con la cassetta rotta.'][n % 4],
      module: 'fire',
      preferredSlots: [{ date: slots[n % 3]!, period: 'morning' }, { date: slots[(n + 1) % 3]!, period: 'afternoon' }],
    },
    relationships: { customerId: customer.id },
  }));
  await ctx.insert('serviceRequests', requests);
  return { rectifications: rectifications.length, enrolmentRequests: enrolments.length, serviceRequests: requests.length };
}
