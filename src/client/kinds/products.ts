/** Products: found by code and name in record search. */
import type { KindModule } from './types.ts';

export const products: KindModule = {
  type: 'products',
  search: { subject: 'product', order: 5 },
};
