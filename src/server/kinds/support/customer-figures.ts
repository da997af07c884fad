/**
 * The customer's derived figures (SPEC §3 metadata, rules/customer-figures.ts): computed from its
 * own rows on every read of the customer, and stored on it when one of those rows is written
 * (an office location, an agreement, a price list, a deadline) so lists show them and open
 * customer screens hear of the change. Also the name of who created it (`createdByName`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Entity } from '../../../domain/entity.ts';
import { customerFigures, customerFigureKeys, type CustomerFigures } from '../../../domain/rules/customer-figures.ts';
import { tableName } from '../../db/entity-sql.ts';
import { findKind } from '../../../domain/kinds.ts';
import type { CallContext } from '../../resources/service.ts';
import type { HookContext, KindHooks, ReadContext } from '../../resources/hooks.ts';
import { sameJson } from './hook-helpers.ts';

const table = (type: string) => sql.raw(tableName({ type }));
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A read condition on one kind's table (the caller's `listScope`), or none. */
export type ScopeOf = (type: string) => RawBuilder<unknown> | undefined;

/**
 * The figures of `customer` on `today`, from its live rows (office locations, own price lists,
 * agreements, deadlines); with `scopeOf`, only from the rows a caller may read (the one read rule:
 * a planner limited to `fire` does not count `equip` deadlines).
 */
export async function figuresOf(context: Pick<ReadContext, 'db' | 'today'>, customer: Entity, scopeOf: ScopeOf = () => undefined): Promise<CustomerFigures> {
  const { db, today } = context;
  const byCustomer = JSON.stringify({ customerId: customer.id });
  const within = (type: string) => {
    const scope = scopeOf(type);
    return scope ? sql` AND ${scope}` : sql``;
  };
  const [locations, lists, agreements, deadlines] = await Promise.all([
    sql<{ count: string }>`SELECT count(*) AS count FROM ${table('customers')}
      WHERE NOT is_deleted AND NOT is_archived AND attributes->>'parentId' = ${customer.id}${within('customers')}`.execute(db),
    sql<{ id: string; code: string; name: string; validFrom: string | null; validTo: string | null }>`SELECT id,
      attributes->>'code' AS code, attributes->>'name' AS name, attributes->>'validFrom' AS "validFrom", attributes->>'validTo' AS "validTo"
      FROM ${table('priceLists')} WHERE NOT is_deleted AND NOT is_archived AND relationships @> ${byCustomer}::jsonb${within('priceLists')}`.execute(db),
    sql<{ isActive: boolean | null; startDate: string; endDate: string | null }>`SELECT (attributes->>'isActive')::boolean AS "isActive",
      attributes->>'startDate' AS "startDate", attributes->>'endDate' AS "endDate"
      FROM ${table('commercialAgreements')} WHERE NOT is_deleted AND relationships @> ${byCustomer}::jsonb${within('commercialAgreements')}`.execute(db),
    // Only the pending ones count (the worklist's `filter[due]`): executed and ended deadlines are history.
    sql<{ deadlineDate: string }>`SELECT attributes->>'deadlineDate' AS "deadlineDate" FROM ${table('physicalActivities')}
      WHERE NOT is_deleted AND relationships @> ${byCustomer}::jsonb
      AND (attributes->>'isExecuted') IS DISTINCT FROM 'true' AND (attributes->>'isEnded') IS DISTINCT FROM 'true'${within('physicalActivities')}`.execute(db),
  ]);
  return customerFigures({
    customer: { activePriceListId: text(customer.metadata.activePriceListId) },
    priceLists: lists.rows,
    agreements: agreements.rows.map((row) => ({ ...row, isActive: row.isActive ?? true })),
    officeLocationsCount: Number(locations.rows[0]?.count ?? 0),
    deadlines: deadlines.rows,
    today,
  });
}

/** The kind each stored figure is counted from: a caller who cannot read all of it gets it counted for them, or not at all in lists. */
const figureSources: Record<(typeof customerFigureKeys)[number], string> = {
  activePriceListName: 'priceLists', priceListNr: 'priceLists', priceListExpireDate: 'priceLists',
  activeAgreementCount: 'commercialAgreements', expiringAgreementCount: 'commercialAgreements',
  officeLocationsCount: 'customers',
  expiredPhysicalActivitiesCount: 'physicalActivities', expiringPhysicalActivitiesCount: 'physicalActivities', nextExpirePhysicalActivity: 'physicalActivities',
};

/** A kind's read scope for the caller. */
const callerScope = (call: CallContext): ScopeOf => (type) => {
  const kind = findKind(type);
  return kind ? call.access.listScope(kind) : sql`false`;
};

/** Stores the figures on the customer when they changed (no new version: nobody's edit conflicts with them). */
export async function refreshCustomerFigures(hook: HookContext, customerId: unknown): Promise<void> {
  const id = text(customerId);
  if (!id) return;
  const repository = hook.repository('customers');
  const customer = await repository.findById(id);
  if (!customer || customer.metadata.isDeleted) return;
  const figures = await figuresOf(hook, customer);
  const stored = Object.fromEntries(customerFigureKeys.map((key) => [key, customer.metadata[key] ?? null]));
  if (!sameJson(stored, figures)) await repository.patchDerivedMetadata(id, { ...figures });
}

/** After a write of a row that belongs to a customer: its customer (and the one it left, when moved) refreshed. */
export function refreshOwners(via: (entity: Entity) => unknown) {
  return async (hook: HookContext, entity: Entity, previous: Entity | undefined): Promise<void> => {
    const now = text(via(entity));
    const before = previous ? text(via(previous)) : null;
    await refreshCustomerFigures(hook, now);
    if (before && before !== now) await refreshCustomerFigures(hook, before);
  };
}

/** An office location is a customer with a parent: the parent's count follows it. */
export const refreshParentOfLocation = refreshOwners((entity) => entity.attributes.parentId);

/**
 * The figures computed on every read of a customer, from what the reader may read; a figure counted
 * from a kind the reader may not read at all is left out (a salesman's page has no deadline counts),
 * and the creator's name when it was never stored.
 */
export const customerReadHook: NonNullable<KindHooks['afterRead']> = async (context, entity) => {
  const figures: Partial<CustomerFigures> = await figuresOf(context, entity, callerScope(context.call));
  for (const key of customerFigureKeys) {
    const source = findKind(figureSources[key]);
    if (!source || !context.call.access.can('read', source)) delete figures[key];
  }
  const metadata = { ...entity.metadata, ...figures, ...(await creatorName(context, entity)) };
  for (const key of customerFigureKeys) if (!(key in figures)) delete metadata[key];
  return { ...entity, metadata };
};

/**
 * In a list, the stored figures are everyone's: a figure counted from a kind the caller does not
 * read whole is left out (the customer's own page counts it for them).
 */
export const customerListHook: NonNullable<KindHooks['afterList']> = ({ call }, entities) => {
  const scope = callerScope(call);
  const hidden = customerFigureKeys.filter((key) => scope(figureSources[key]) !== undefined);
  if (hidden.length === 0) return entities;
  return entities.map((entity) => {
    const metadata = { ...entity.metadata };
    for (const key of hidden) delete metadata[key];
    return { ...entity, metadata };
  });
};

/** Rows stored before `createdByName` existed (imports, the seed) name their creator from the user they record. */
async function creatorName(context: Pick<ReadContext, 'db'>, entity: Entity): Promise<{ createdByName?: string }> {
  if (text(entity.metadata.createdByName) || !text(entity.metadata.createdBy)) return {};
  const result = await sql<{ name: string | null }>`SELECT attributes->>'displayName' AS name FROM ${table('users')}
    WHERE id = ${String(entity.metadata.createdBy)}::uuid`.execute(context.db);
  const name = result.rows[0]?.name;
  return name ? { createdByName: name } : {};
}
