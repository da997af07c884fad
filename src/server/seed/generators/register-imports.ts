/**
 * Issue 27: the demo customer's history holds one import of an extinguisher register, tried and then
 * undone (its equipment removed again), as the import screen leaves such a record: who, when, file,
 * mapping and counts. Uses no random numbers, so the data of the other steps stays the same.
 */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { autoMapping, headerSignature } from '../../../domain/import/register-import.ts';
import { stateOf } from './state.ts';
import { at } from './util.ts';

const HEADERS = ['Matricola', 'Tipo', 'Agente', 'Data fabbricazione', 'Ubicazione', 'Note'];

export async function seedRegisterImports(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const customerId = state.customers[state.demoCustomerIndexes[0] ?? -1]?.id ?? state.customers[0]?.id;
  if (!customerId) return { 'importazioni di attrezzature': 0 };
  const item: SeedItem = {
    createdDateTime: at(ctx.day(-12), 10, 20),
    attributes: {
      register: 'equipments',
      fileName: 'Registro estintori manutentore precedente.xlsx',
      headers: HEADERS,
      signature: headerSignature(HEADERS),
      mapping: autoMapping('equipments', HEADERS),
      rowsCount: 14,
      createdCount: 12,
      updatedCount: 0,
      refusedCount: 2,
      state: 'undone',
      committedDateTime: at(ctx.day(-12), 10, 21),
      undoneDateTime: at(ctx.day(-12), 10, 34),
      note: 'Prova di importazione annullata: il registro va ricontrollato con il cliente.',
    },
    relationships: { customerId },
  };
  await ctx.insert('imports', [item]);
  return { 'importazioni di attrezzature': 1 };
}
