/**
 * Code and name of the products a price list names, read through the records provider in batches
 * of ids (a list of 10,000 rows asks for them 100 at a time, a few batches at once) and kept for the
 * tab's life: rows show `EST-P6 · Estintore…`, not ids. Also finds products by code (CSV import).
 */
import { useEffect, useState } from 'react';
import type { EntityJson } from '../../domain/entity.ts';
import { records } from '../data/index.ts';

export interface ProductInfo {
  id: string;
  code: string;
  name: string;
  listPrice: number | undefined;
  /** Code and name in lower case, for the rows' search (computed once, not on every keystroke). */
  search: string;
}

const BATCH = 100;
const PARALLEL = 4;
const known = new Map<string, ProductInfo>();
/** Ids the server answered without their product (deleted for good, or one the user may not read): nothing more to wait for. */
const unavailable = new Set<string>();
const listeners = new Set<() => void>();

function infoOf(entity: EntityJson): ProductInfo {
  const { code, name, listPrice } = entity.attributes;
  const text = { code: String(code ?? ''), name: String(name ?? '') };
  return { id: entity.id, ...text, listPrice: typeof listPrice === 'number' ? listPrice : undefined, search: `${text.code}\n${text.name}`.toLocaleLowerCase('it-IT') };
}

/** Keeps `entity` (a product just chosen in a picker) so its row shows at once. */
export function rememberProduct(entity: EntityJson): ProductInfo {
  const info = infoOf(entity);
  known.set(info.id, info);
  unavailable.delete(info.id);
  for (const listener of listeners) listener();
  return info;
}

export function productInfo(id: string): ProductInfo | undefined {
  return known.get(id);
}

async function inBatches<T>(values: readonly T[], work: (batch: T[]) => Promise<void>): Promise<void> {
  const batches: T[][] = [];
  for (let i = 0; i < values.length; i += BATCH) batches.push(values.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await work(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, batches.length) }, worker));
}

const pending = new Set<string>();

/** Loads the products of `ids` not known yet. */
export async function loadProducts(ids: readonly string[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !known.has(id) && !unavailable.has(id) && !pending.has(id));
  if (missing.length === 0) return;
  for (const id of missing) pending.add(id);
  try {
    await inBatches(missing, async (batch) => {
      const answer = await records.list('products', { ids: batch, 'page[size]': batch.length, 'filter[isArchived]': 'all' });
      for (const entity of answer.data) known.set(entity.id, infoOf(entity));
      for (const id of batch) if (!known.has(id)) unavailable.add(id);
      for (const listener of listeners) listener();
    });
  } finally {
    for (const id of missing) pending.delete(id);
  }
}

/** Product id of each code (exact, as stored), asking the server for the codes not known yet. */
export async function productsByCode(codes: readonly string[]): Promise<Map<string, ProductInfo>> {
  const wanted = new Set(codes);
  const found = new Map<string, ProductInfo>();
  for (const info of known.values()) if (wanted.has(info.code)) found.set(info.code, info);
  const missing = [...wanted].filter((code) => !found.has(code) && !code.includes(','));
  await inBatches(missing, async (batch) => {
    const answer = await records.list('products', { 'filter[code]': batch, 'page[size]': batch.length });
    for (const entity of answer.data) {
      const info = infoOf(entity);
      known.set(info.id, info);
      found.set(info.code, info);
    }
  });
  return found;
}

/**
 * Re-renders when products of `ids` arrive; answers how many of them are settled: known, or answered
 * without their product (so «Caricamento dei prodotti» ends even when some never come).
 */
export function useProductCatalogue(ids: readonly string[]): number {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  useEffect(() => {
    void loadProducts(ids).catch(() => undefined);
  }, [ids]);
  return ids.reduce((count, id) => count + (known.has(id) || unavailable.has(id) ? 1 : 0), 0);
}
