/**
 * Bench page (built by run.ts): `#grid` renders the product's DataGrid over a 100,000-row list
 * served page by page by the bench's fake API; `#bare` renders a bare @tanstack/react-virtual
 * list of the same rows, height and columns from memory. run.ts scrolls both in one Chromium.
 */
import { StrictMode, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { configureApi } from '../../src/client/api/client.ts';
import { queryClient } from '../../src/client/api/query-client.ts';
import { locale, messages } from '../../src/client/i18n/index.ts';
import { store } from '../../src/client/store.ts';
import { DataGrid, ROW_HEIGHT } from '../../src/client/grid/data-grid.tsx';
import { injectScreenStyles } from '../../src/client/screens/screen-styles.ts';
import { SessionProvider } from '../../src/client/session/session.tsx';
import type { Identity } from '../../src/domain/ability.ts';

/** A staff user who reads equipments (the grid asks the session what the user may do). */
const identity: Identity = {
  id: '00000000-0000-4000-8000-00000000bbbb', email: 'tecnico@bench.local', displayName: 'Bench', userType: 'siv',
  allowedModules: ['fire'], allowedCustomerIds: [], officeLocationIds: [], isMainteiner: true, isSalesman: false,
  roles: [{ id: 'r', name: 'Bench' }], permissions: [{ action: 'read', subject: ['equipment', 'customer'] }],
};

declare global {
  interface Window { benchTotal: number }
}

const TOTAL = window.benchTotal ?? 100_000;
const COLUMNS = ['title', 'equipmentId', 'serialNumber', 'state', 'module', 'productionDate', 'lastUpdatedDateTime'];

function Bare() {
  const ref = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: TOTAL, getScrollElement: () => ref.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  return (
    <div ref={ref} className="scroller" style={{ height: 800, overflow: 'auto' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} role="row" style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)`, display: 'flex' }}>
            {COLUMNS.map((c) => <div key={c} style={{ width: 160 }}>{`${c} ${item.index}`}</div>)}
          </div>
        ))}
      </div>
    </div>
  );
}

function Grid() {
  return (
    <div style={{ height: 900 }}>
      <DataGrid type="equipments" url={`/equipments?cols=${COLUMNS.slice(1).join(',')}`} onUrlChange={() => {}} openTab={() => {}} label="Bench" />
    </div>
  );
}

injectScreenStyles();
configureApi({ baseUrl: `${location.origin}/api` });
const mode = location.hash.slice(1);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale={locale} messages={messages}>
          <SessionProvider identity={identity} signOut={async () => {}}>
            {mode === 'bare' ? <Bare /> : <Grid />}
          </SessionProvider>
        </IntlProvider>
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
);
