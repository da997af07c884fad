/**
 * Server hooks of price lists: the figures of the customer they belong to (and of the one they left)
 * follow them; and the rows of products of a module the caller may not use (SPEC §6 allowedModules)
 * are not theirs: not read (neither code, name nor price), not added, and kept as stored when the
 * caller saves the rows it reads.
 */
import { sql, type Kysely } from 'kysely';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { deepEqual } from '../../domain/merge-patch.ts';
import type { HistoryEntry } from '../../domain/records.ts';
import { findKind } from '../../domain/kinds.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { tableName } from '../db/entity-sql.ts';
import { Problem } from '../http/problems.ts';
import { isUuid } from '../auth/read-rule.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import type { CallContext } from '../resources/service.ts';
import { refreshOwners } from './support/customer-figures.ts';

interface Item {
  productId: string;
}

const itemsOf = (entity: { attributes: Record<string, unknown> }): Item[] => (Array.isArray(entity.attributes.items) ? (entity.attributes.items as Item[]) : []);

/** The products among `ids` of a module the caller may not use (the module rule of the one read rule; no query for a caller of every module). */
async function productsOfOtherModules(db: Kysely<DatabaseSchema>, call: CallContext, ids: readonly string[]): Promise<Set<string>> {
  const products = findKind('products')!;
  const condition = call.access.parentScope({ path: 'attributes.items', target: 'products', scope: 'module' }, products);
  const wanted = [...new Set(ids.filter((id) => typeof id === 'string' && isUuid(id)).map((id) => id.toLowerCase()))];
  if (condition === undefined || wanted.length === 0) return new Set();
  const found = await sql<{ id: string }>`SELECT id::text AS id FROM ${sql.raw(tableName(products))} WHERE id = ANY(${wanted}::uuid[]) AND ${condition}`.execute(db);
  const readable = new Set(found.rows.map((row) => row.id.toLowerCase()));
  return new Set(wanted.filter((id) => !readable.has(id)));
}

const ITEMS_POINTER = '/attributes/items';
const PRODUCT_IDS_POINTER = '/metadata/productIds';

const hidden = (set: ReadonlySet<string>, item: Item) => set.has(String(item.productId).toLowerCase());

/** The price list as read by a caller who may not use the products `others`: without their rows. */
function withoutRows(entity: Entity, others: ReadonlySet<string>): Entity {
  const items = itemsOf(entity);
  if (others.size === 0) return entity;
  const productIds = Array.isArray(entity.metadata.productIds) ? (entity.metadata.productIds as string[]).filter((id) => !others.has(id.toLowerCase())) : undefined;
  return {
    ...entity,
    attributes: { ...entity.attributes, items: items.filter((item) => !hidden(others, item)) },
    metadata: { ...entity.metadata, ...(productIds ? { productIds } : {}) },
  };
}

export const priceListsKind = defineKindHooks('priceLists', {
  afterWrite: refreshOwners((entity) => entity.relationships.customerId),

  async afterRead(context, entity): Promise<Entity> {
    return withoutRows(entity, await productsOfOtherModules(context.db, context.call, itemsOf(entity).map((item) => item.productId)));
  },

  // A list page asks once for the products of all its price lists.
  async afterList(context, entities): Promise<Entity[]> {
    const others = await productsOfOtherModules(context.db, context.call, entities.flatMap((entity) => itemsOf(entity).map((item) => item.productId)));
    return entities.map((entity) => withoutRows(entity, others));
  },

  // The rows of those products were never the caller's to read: the history shows the lists without them.
  async afterHistory(context, entries): Promise<HistoryEntry[]> {
    const changes = entries.flatMap((entry) => entry.changes.filter((change) => change.pointer === ITEMS_POINTER));
    const others = await productsOfOtherModules(context.db, context.call, changes.flatMap((change) => [change.from, change.to].flatMap((value) => (Array.isArray(value) ? (value as Item[]).map((item) => item.productId) : []))));
    if (others.size === 0) return entries;
    const shown = (value: unknown) => (Array.isArray(value) ? (value as Item[]).filter((item) => !hidden(others, item)) : value);
    const productIds = (value: unknown) => (Array.isArray(value) ? (value as string[]).filter((id) => !others.has(String(id).toLowerCase())) : value);
    return entries.map((entry) => ({
      ...entry,
      changes: entry.changes
        .map((change) => (change.pointer === ITEMS_POINTER ? { ...change, from: shown(change.from), to: shown(change.to) } : change.pointer === PRODUCT_IDS_POINTER ? { ...change, from: productIds(change.from), to: productIds(change.to) } : change))
        .filter((change) => !deepEqual(change.from ?? null, change.to ?? null)),
    }));
  },

  async beforeWrite(hook, data, previous): Promise<EntityData | void> {
    const sent = itemsOf(data);
    const stored = previous ? itemsOf(previous) : [];
    const others = await productsOfOtherModules(hook.db, hook.call, [...sent, ...stored].map((item) => item.productId));
    if (others.size === 0) return;
    const kept = stored.filter((item) => hidden(others, item));
    const keptIds = new Set(kept.map((item) => String(item.productId).toLowerCase()));
    // A row the caller could not have read is not one it adds (or changes: the stored one stays).
    if (sent.some((item) => hidden(others, item) && !keptIds.has(String(item.productId).toLowerCase()))) throw new Problem('MODULE_NOT_ALLOWED');
    return { ...data, attributes: { ...data.attributes, items: [...sent.filter((item) => !hidden(others, item)), ...kept] } };
  },
});
