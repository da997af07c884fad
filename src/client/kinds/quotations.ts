/**
 * Quotations: found by code or customer in record search; a stored one opens in the quotation editor
 * (header, lines grid, totals; loaded on demand), a new one in its create flow. Duplicate is a declared custom action in the domain.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

// The editor has no file fields of its own: the quotation's attachments (the signed copy accepting needs) go below it.
const QuotationFiles = lazyComponent(async () => ({ default: (await import('../files/record-files.tsx')).recordFilesOf('quotations') }));
const QuotationEditor = lazyComponent(async () => ({ default: (await import('../quotation-editor/quotation-editor.tsx')).QuotationEditor }));
// A new quotation: customer first, dated today, lines at once (no state, no revision field).
const NewQuotation = lazyComponent(async () => ({ default: (await import('../quotation-editor/new-quotation.tsx')).NewQuotation }));

export const quotations: KindModule = {
  type: 'quotations',
  screen: { create: NewQuotation, detail: QuotationEditor, below: QuotationFiles },
  search: { subject: 'quotation', order: 1 },
  // t p …: preventivo.
  transitionKeys: { kind: 'p', actions: { start: 'i', requestApproval: 'r', approve: 'a', refuseApproval: 'g', emit: 'e', accept: 'c', reject: 'f', cancel: 'n', createRevision: 'v' } },
};
