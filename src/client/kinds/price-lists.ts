/**
 * Price lists: their page sits under the customer they belong to (SPEC
 * `/marketing/commercialOffers/{customerId}/priceList/{id}`; general and zone lists open in the
 * preview route), shown by the price list editor, loaded on demand; found by the palette's record search.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const PriceListEditor = lazyComponent(async () => ({ default: (await import('../price-list-editor/price-list-editor.tsx')).PriceListEditor }));

export const priceLists: KindModule = {
  type: 'priceLists',
  recordParams: { customerId: 'relationships.customerId' },
  screen: { detail: PriceListEditor },
  search: { subject: 'price list', order: 7 },
};
