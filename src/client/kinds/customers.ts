/** Customers: the SPEC §7 `have[…]` filters, first in record search, pages per allowed module. */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

export const customers: KindModule = {
  type: 'customers',
  extraFilters: [
    { group: 'have', name: 'commercialOffer', kind: 'boolean' },
    { group: 'have', name: 'priceList', kind: 'boolean' },
  ],
  search: { subject: 'customer', order: 0 },
  // The folder tree of a customer whose featureFlags.hasMediaTree is on (it shows nothing otherwise).
  screen: { below: lazy(() => import('../files/media-tree.tsx')) },
  // A customer's equipment, installation and deadline pages exist for the modules it has (all when none is set).
  paramValues(param, values, entity) {
    if (param !== 'moduleName') return values;
    const allowed = entity?.attributes.allowedModules;
    const own = Array.isArray(allowed) ? values.filter((value) => allowed.includes(value)) : [];
    return own.length > 0 ? own : values;
  },
};
