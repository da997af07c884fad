/**
 * A quotation's lines: inside their quotation they read as product, quantity, unit, unit price,
 * discount and net total. Unit and prices are optional on input (the server prices a line from the
 * price list), so the generic choice of required amounts would leave them out.
 */
import type { KindModule } from './types.ts';

export const quotationProducts: KindModule = {
  type: 'quotationProducts',
  childColumns: ['productId', 'quantity', 'unitOfMeasure', 'unitPrice', 'discountPercent', 'netTotal'],
};
