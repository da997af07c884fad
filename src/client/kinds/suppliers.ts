/** Suppliers: found by name in record search. */
import type { KindModule } from './types.ts';

export const suppliers: KindModule = {
  type: 'suppliers',
  search: { subject: 'supplier', order: 6 },
};
