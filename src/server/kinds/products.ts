/** Server hooks of products: one product per code (SPEC §8). */
import { defineKindHooks } from '../resources/hooks.ts';
import { requireUnique } from './support/hook-helpers.ts';

export const productsKind = defineKindHooks('products', {
  async beforeWrite(hook, data, _previous, id) {
    await requireUnique(hook, data, id, 'code', 'PRODUCT_CODE_ALREADY_USED', (other) => `Codice prodotto già utilizzato per il prodotto ${other}`);
  },
});
