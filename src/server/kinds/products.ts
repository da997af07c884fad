/**
 * Server hooks of products: one product per code (SPEC §8), and its suppliers list written out as
 * «supplier products» rows (the list is the one truth; the rows are what the API's
 * `/api/supplierProducts` reads, and nobody writes them directly: domain/ability.ts closingRules).
 */
import { randomUUID } from 'node:crypto';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { requireUnique, sameJson } from './support/hook-helpers.ts';

/** The product's suppliers list as rows: one per supplier, created, changed or deleted to match. */
async function writeSupplierOffers(hook: HookContext, product: Entity): Promise<void> {
  const rows = hook.repository('supplierProducts');
  const stored = new Map((await rows.listByRelationship('productId', product.id, { forUpdate: true })).map((row) => [String(row.relationships.supplierId), row]));
  const offers = (product.attributes.suppliers as ({ supplierId: string } & Record<string, unknown>)[] | undefined) ?? [];
  const created: { id: string; data: EntityData; by: HookContext['call']['identity'] }[] = [];
  for (const { supplierId, ...attributes } of offers) {
    const data: EntityData = { attributes, metadata: {}, relationships: { supplierId, productId: product.id } };
    const row = stored.get(supplierId);
    stored.delete(supplierId);
    if (!row) created.push({ id: randomUUID(), data, by: hook.call.identity });
    else if (!sameJson(row.attributes, attributes)) {
      const updated = await rows.update(row.id, row.metadata.lastUpdatedDateTime, { data }, hook.call.identity);
      if (!updated) throw new Problem('VERSION_CONFLICT');
    }
  }
  await rows.insert(created);
  const gone = [...stored.values()];
  if (gone.length > 0 && !(await rows.softDeleteMany(gone.map((row) => ({ id: row.id, expectedVersion: row.metadata.lastUpdatedDateTime, before: row })), hook.call.identity))) {
    throw new Problem('VERSION_CONFLICT');
  }
}

export const productsKind = defineKindHooks('products', {
  async beforeWrite(hook, data, _previous, id) {
    await requireUnique(hook, data, id, 'code', 'PRODUCT_CODE_ALREADY_USED', (other) => `Codice prodotto già utilizzato per il prodotto ${other}`);
  },
  async afterWrite(hook, entity, previous) {
    // A deleted product's offers go with it (owned rows); otherwise they follow its list.
    if (entity.metadata.isDeleted) return;
    if (previous && !previous.metadata.isDeleted && sameJson(previous.attributes.suppliers, entity.attributes.suppliers)) return;
    await writeSupplierOffers(hook, entity);
  },
});
