/**
 * Quotations: found by code or customer in record search; a stored one opens in the quotation editor
 * (header, lines grid, totals; loaded on demand). Duplicate is a declared custom action in the domain.
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

// The editor has no file fields of its own: the quotation's attachments (the signed copy accepting needs) go below it.
const QuotationFiles = lazy(() => import('../files/record-files.tsx').then((module) => ({ default: module.recordFilesOf('quotations') })));
const QuotationEditor = lazy(() => import('../quotation-editor/quotation-editor.tsx').then((module) => ({ default: module.QuotationEditor })));

export const quotations: KindModule = {
  type: 'quotations',
  screen: { detail: QuotationEditor, below: QuotationFiles },
  search: { subject: 'quotation', order: 1 },
};
