/**
 * Quotations: found by code or customer in record search; a stored one opens in the quotation editor
 * (header, lines grid, totals; loaded on demand). Duplicate is a declared custom action in the domain.
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const QuotationEditor = lazy(() => import('../quotation-editor/quotation-editor.tsx').then((module) => ({ default: module.QuotationEditor })));

export const quotations: KindModule = {
  type: 'quotations',
  screen: { detail: QuotationEditor },
  search: { subject: 'quotation', order: 1 },
};
