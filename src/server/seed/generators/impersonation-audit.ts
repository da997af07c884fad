/**
 * A short impersonation session in the audit (security issue), so the administrator's «Registro
 * impersonificazioni» shows what it records: the demo administrator, the day before the reference
 * day, looked at the first demo customer's data as its customer user saw it. Fixed content, no
 * faker draw (the step comes after the others' content).
 */
import { sql } from 'kysely';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { DEMO_USERS } from './demo-users.ts';
import { stateOf } from './state.ts';

export async function seedImpersonationAudit(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const demo = DEMO_USERS.find((user) => user.userType === 'customer' && (user.demoCustomer ?? 0) === 0);
  const customerId = state.customers[state.demoCustomerIndexes[0] ?? -1]?.id;
  if (!demo || !customerId) return { 'richieste in impersonificazione': 0 };
  const user = await sql<{ id: string }>`SELECT id FROM users WHERE attributes->>'email' = ${demo.email} AND NOT is_deleted`.execute(ctx.db);
  const userId = user.rows[0]?.id;
  if (!userId) return { 'richieste in impersonificazione': 0 };
  const requests: [method: string, path: string, status: number][] = [
    ['GET', '/api/identity/authorization', 200],
    ['GET', `/api/customers/${customerId}`, 200],
    ['GET', `/api/equipments?filter[customerId]=${customerId}&page[size]=50`, 200],
    ['GET', `/api/physicalActivities?filter[customerId]=${customerId}&sort=deadlineDate`, 200],
    ['GET', `/api/quotations?filter[customerId]=${customerId}`, 200],
    ['GET', '/api/users', 403],
  ];
  const start = Date.parse(`${ctx.day(-1)}T09:12:00.000Z`);
  const items: SeedItem[] = requests.map(([method, path, httpStatus], index) => {
    const at = new Date(start + index * 17_000).toISOString();
    return { createdDateTime: at, attributes: { at, method, path, httpStatus }, relationships: { impersonatorId: state.adminId, userId } };
  });
  await ctx.insert('impersonationAudit', items);
  return { 'richieste in impersonificazione': items.length };
}
