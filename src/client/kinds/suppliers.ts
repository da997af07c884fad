/** Suppliers: found by name in record search; their page lists the products they supply. */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const SupplierProducts = lazyComponent(async () => ({ default: (await import('./supplier-products.tsx')).SupplierProducts }));

export const suppliers: KindModule = {
  type: 'suppliers',
  search: { subject: 'supplier', order: 6 },
  screen: { below: SupplierProducts },
};
