/** Price lists: their page sits under the customer they belong to (SPEC `/marketing/commercialOffers/{customerId}/priceList/{id}`). */
import type { KindModule } from './types.ts';

export const priceLists: KindModule = {
  type: 'priceLists',
  recordParams: { customerId: 'relationships.customerId' },
};
