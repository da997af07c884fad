/** The kinds of the commercial (marketing) area, for the registry in kinds.ts. */
import { quotationRevisions, quotations } from './quotations.ts';
import { quotationProducts } from './quotation-products.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { supplierProducts, suppliers } from './suppliers.ts';
import { priceLists } from './price-lists.ts';
import { commercialAgreements } from './commercial-agreements.ts';

export const marketingKinds = [
  quotations, quotationRevisions, quotationProducts,
  orders,
  products, suppliers, supplierProducts,
  priceLists, commercialAgreements,
] as const;
