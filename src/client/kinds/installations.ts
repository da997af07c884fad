/**
 * Installations: besides their own page they open under their customer and module
 * (`/customers/{id}/{moduleName}/installations/{installationId}`), both read from the record.
 */
import type { KindModule } from './types.ts';

export const installations: KindModule = {
  type: 'installations',
  recordParams: { id: 'relationships.customerId', moduleName: 'attributes.module' },
};
