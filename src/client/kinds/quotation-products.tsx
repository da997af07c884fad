/**
 * A quotation's lines: inside their quotation they read as product, quantity, unit, unit price,
 * discount and net total. Unit and prices are optional on input (the server prices a line from the
 * price list), so the generic choice of required amounts would leave them out. Their «Sconto %» reads
 * as the editor's and the printed quotation's (`lineDiscountText`): «8%», or «offerta 15%».
 */
import type { EntityJson } from '../../domain/entity.ts';
import { lineDiscountText } from '../../domain/rules/pricing.ts';
import type { KindModule } from './types.ts';

const amount = (value: unknown) => (typeof value === 'number' ? value : undefined);

function LineDiscountCell({ row }: { row: EntityJson }) {
  const { kind, discountPercent, listPrice, unitPrice } = row.attributes;
  return <span>{lineDiscountText({ kind: typeof kind === 'string' ? kind : undefined, discountPercent: amount(discountPercent), listPrice: amount(listPrice), unitPrice: amount(unitPrice) })}</span>;
}

export const quotationProducts: KindModule = {
  type: 'quotationProducts',
  childColumns: ['productId', 'quantity', 'unitOfMeasure', 'unitPrice', 'discountPercent', 'netTotal'],
  gridCells: { discountPercent: LineDiscountCell },
};
