import { describeKindContract, type Sample } from './kind-contract.ts';
import type { KindDefinition } from '../kind.ts';
import { marketingKinds } from './marketing-kinds.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const quotationId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const supplierId = '3f2b8c1d-9e4a-4b6f-8a2d-6c5e4f3a2b1c';

/** The smallest valid entity of each kind. */
const samples: Record<string, Sample> = {
  quotations: { attributes: { date: '2025-03-01' }, relationships: { customerId } },
  quotationRevisions: { attributes: { revisionNumber: 0 }, relationships: { quotationId } },
  quotationProducts: { attributes: { description: 'Estintore a polvere 6 kg', quantity: 2, unitPrice: 45 }, relationships: { quotationId } },
  orders: { attributes: { orderDate: '2025-03-10' }, relationships: { customerId } },
  products: { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg' } },
  suppliers: { attributes: { businessName: 'Antincendio Forniture S.r.l.' } },
  supplierProducts: { attributes: {}, relationships: { supplierId, productId } },
  priceLists: { attributes: { code: 'L2025', name: 'Listino 2025' } },
  commercialAgreements: { attributes: { startDate: '2025-01-01' }, relationships: { customerId } },
};

/** Metadata the server fills from other rows (src/server/kinds/), so it is in no schema of the kind. */
const lookedUpByServer: Record<string, string[]> = {
  // The approval request's message, author and time: written by the requestApproval transition (kinds/quotations.ts).
  quotations: ['metadata.totalNetPrice', 'metadata.customerName', 'metadata.approvalMessage', 'metadata.approvalRequestedBy', 'metadata.approvalRequestedAt'],
  orders: ['metadata.customerName'],
};

describeKindContract('marketing kinds', marketingKinds as readonly KindDefinition[], samples, { lookedUpByServer });
