/**
 * Bench page (built by run.ts): the price list editor's rows grid over N rows (default 10,000) held
 * in memory, with what the record controller does on every change of the rows (the kind's schema
 * and rules: repeated products, prices) and the search and sort of the view. run.ts drives it
 * through `window.bench` and measures from the change to the next painted frame.
 */
import { StrictMode, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'jotai';
import { findKind } from '../../src/domain/kinds.ts';
import { changePricesByPercent, type PriceListRow } from '../../src/domain/rules/price-list-rows.ts';
import { validationErrors } from '../../src/client/data/record-state.ts';
import { addMessages, locale, messages } from '../../src/client/i18n/index.ts';
import priceListMessages from '../../src/client/i18n/messages/price-lists.ts';
import { store } from '../../src/client/store.ts';
import { injectScreenStyles } from '../../src/client/screens/screen-styles.ts';
import { rememberProduct } from '../../src/client/price-list-editor/product-catalogue.ts';
import { PriceListRows, rowsView, type RowsHandle, type RowsSort } from '../../src/client/price-list-editor/price-list-rows.tsx';

declare global {
  interface Window {
    benchRows: number;
    bench: { search(text: string): void; sort(sort: RowsSort | null): void; raise(): void; ready: boolean };
  }
}

addMessages(priceListMessages);
const ROWS = window.benchRows ?? 10_000;
const kind = findKind('priceLists')!;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const initial: PriceListRow[] = Array.from({ length: ROWS }, (_, n) => ({ productId: id(n), price: (n % 997) + 0.5, discountPercent: n % 7 ? undefined : 5 }));
for (let n = 0; n < ROWS; n++) {
  rememberProduct({ id: id(n), attributes: { code: `P-${String(n).padStart(5, '0')}`, name: `Prodotto di prova ${n}`, listPrice: 10 }, metadata: {}, relationships: {} });
}

function Bench() {
  const [items, setItems] = useState(initial);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RowsSort | null>(null);
  const handle = useRef<RowsHandle | null>(null);
  const view = useMemo(() => rowsView(items, search, sort), [items, search, sort]);
  // What the record controller runs on every change of the draft: the kind's schema and rules.
  const problems = useMemo(() => {
    const errors = validationErrors(kind, { id: id(0), attributes: { code: 'BENCH', name: 'Bench', items }, metadata: {}, relationships: {} });
    const byRow = new Map<number, string>();
    for (const [path, message] of errors) {
      const match = /^attributes\.items\.(\d+)/.exec(path);
      if (match) byRow.set(Number(match[1]), message);
    }
    return byRow;
  }, [items]);
  window.bench = {
    search: setSearch,
    sort: setSort,
    // A change by 1% of every tenth row: one write of the whole list, as the editor does.
    raise: () => setItems((list) => changePricesByPercent(list, list.map((_, n) => n).filter((n) => n % 10 === 0), 1)),
    ready: true,
  };
  return (
    <PriceListRows items={items} view={view} onChange={setItems} locked={false} problems={problems} label="Bench" sort={sort} onSort={setSort}
      onSelectionChange={() => {}} handleRef={handle} empty="—" />
  );
}

injectScreenStyles();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <IntlProvider locale={locale} messages={messages}>
        <Bench />
      </IntlProvider>
    </Provider>
  </StrictMode>,
);
