/**
 * Bench page (built by run.ts): the quotation editor's lines grid over 500 lines with its totals and
 * approval flag, the same components and domain rules as the editor (state kept here the way the
 * editor keeps it). run.ts types quantities into a cell and measures keydown → totals painted.
 */
import { useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '../../src/client/api/client.ts';
import { queryClient } from '../../src/client/api/query-client.ts';
import { addMessages, locale, messages } from '../../src/client/i18n/index.ts';
import editorMessages from '../../src/client/i18n/messages/quotation-editor.ts';
import { store } from '../../src/client/store.ts';
import { formatMoney } from '../../src/client/forms/format.ts';
import { LinesGrid, type LinesGridActions } from '../../src/client/quotation-editor/lines-grid.tsx';
import { approvalNeeded, quotationTotals, withNumber, type LineDraft } from '../../src/client/quotation-editor/lines.ts';

addMessages(editorMessages);

declare global {
  interface Window { benchLines: number }
}

const initial: LineDraft[] = Array.from({ length: window.benchLines ?? 500 }, (_, i) => ({
  key: `l${i}`, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, kind: 'product', isOptional: false, productId: null, supplierId: null,
  description: `Estintore a polvere 6 kg, riga ${i + 1}`, unitOfMeasure: 'each', quantity: 1 + (i % 7), listPrice: 50 + (i % 13), unitPrice: 45 + (i % 13), discountPercent: i % 5, costPrice: 30,
}));

function Bench() {
  const [lines, setLines] = useState(initial);
  const gridRef = useRef<{ editProduct(row: number): void; focus(): void } | null>(null);
  const actions = useMemo<LinesGridActions>(() => ({
    add: () => {}, duplicate: () => {}, move: () => {}, remove: () => {}, toggleOptional: () => {}, setDescription: () => {},
    chooseProduct: async () => {},
    setNumber: (row, field, value) => setLines((current) => current.map((line, i) => (i === row ? withNumber(line, field, value) : line))),
  }), []);
  const totals = useMemo(() => quotationTotals(lines), [lines]);
  return (
    <div>
      <p id="net" data-total="net">{formatMoney(totals.netTotal)}</p>
      <p id="approval">{approvalNeeded(totals, 20) ? 'Richiede approvazione' : 'Entro il massimo'}</p>
      <LinesGrid lines={lines} actions={actions} locked={false} canEditPrice problems={new Map()} handleRef={gridRef} />
    </div>
  );
}

configureApi({ baseUrl: `${location.origin}/api` });
createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale={locale} messages={messages}>
        <Bench />
      </IntlProvider>
    </QueryClientProvider>
  </Provider>,
);
