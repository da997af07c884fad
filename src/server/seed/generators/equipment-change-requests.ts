/**
 * Equipment change requests (issue 25): the demo Manutentore's proposed corrections of the data that
 * drives legal deadlines, waiting for the office, so its «Richieste di modifica» list has rows: a serial
 * number read on the plate, a production date. Not on the two demo customers' equipment, whose pages the
 * tests walk from a known state. No draws: the rest of the data stays the same.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { legalValuesOf } from '../../../domain/entities/equipment-change-requests.ts';
import { tableName } from '../../db/entity-sql.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { DEMO_DOMAIN } from './demo-users.ts';
import { stateOf } from './state.ts';
import { addDays } from './util.ts';

export async function seedEquipmentChangeRequests(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const technician = state.staff.find((user) => user.email === `manutentore@${DEMO_DOMAIN}`);
  const demo = new Set(state.demoCustomerIndexes.map((index) => state.customers[index]?.id));
  if (!technician) return { 'richieste di modifica': 0 };
  const rows = await sql<{ id: string; attributes: Record<string, unknown>; customer_id: string; last_updated_date_time: string | Date }>`SELECT id, attributes,
      relationships->>'customerId' AS customer_id, last_updated_date_time
    FROM ${sql.raw(tableName({ type: 'equipments' }))} WHERE NOT is_deleted AND attributes->>'module' = 'fire' AND attributes->>'state' = 'active'
    AND attributes->>'productionDate' IS NOT NULL ORDER BY created_date_time, id LIMIT 20`.execute(ctx.db);
  const chosen = rows.rows.filter((row) => !demo.has(row.customer_id)).slice(0, ctx.scaled(2) || 1);
  const requests: SeedItem[] = chosen.map((row, n) => {
    const current = legalValuesOf(row.attributes);
    const proposed = n % 2 === 0
      ? { serialNumber: `${current.serialNumber ?? 'MATR'}-B` }
      : { productionDate: addDays(current.productionDate!, 365) };
    const base = Object.fromEntries(Object.keys(proposed).map((field) => [field, current[field as keyof typeof current]]));
    const at = `${addDays(ctx.referenceDay, -1 - n)}T09:${String((10 + n * 7) % 60).padStart(2, '0')}:00.000Z`;
    return {
      id: randomUUID(),
      createdDateTime: at,
      attributes: {
        state: 'pending', proposed, base, equipmentVersion: new Date(row.last_updated_date_time).toISOString(), requestedDateTime: at,
        note: n % 2 === 0 ? 'La matricola sulla targhetta non corrisponde al registro.' : 'Anno di produzione punzonato sul serbatoio diverso da quello registrato.',
      },
      relationships: { equipmentId: row.id, customerId: row.customer_id, requestedById: technician.id },
    };
  });
  await ctx.insert('equipmentChangeRequests', requests);
  return { 'richieste di modifica': requests.length };
}
