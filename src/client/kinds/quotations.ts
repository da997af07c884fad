/** Quotations: found by code or customer in record search. (Duplicate is a declared custom action in the domain.) */
import type { KindModule } from './types.ts';

export const quotations: KindModule = {
  type: 'quotations',
  search: { subject: 'quotation', order: 1 },
};
