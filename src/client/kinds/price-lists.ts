/**
 * Price lists: their page sits under the customer they belong to (SPEC
 * `/marketing/commercialOffers/{customerId}/priceList/{id}`; general and zone lists open in the
 * preview route), shown by the price list editor, loaded on demand; found by the palette's record search.
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const PriceListEditor = lazy(() => import('../price-list-editor/price-list-editor.tsx').then((module) => ({ default: module.PriceListEditor })));

export const priceLists: KindModule = {
  type: 'priceLists',
  recordParams: { customerId: 'relationships.customerId' },
  screen: { detail: PriceListEditor },
  search: { subject: 'price list', order: 7 },
};
