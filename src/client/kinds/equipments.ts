/**
 * Equipments: besides their own page they open under their customer and module
 * (`/customers/{id}/{moduleName}/equipments/{equipmentId}`), both read from the record.
 */
import type { KindModule } from './types.ts';

export const equipments: KindModule = {
  type: 'equipments',
  search: { subject: 'equipment', order: 4 },
  recordParams: { id: 'relationships.customerId', moduleName: 'attributes.module' },
};
