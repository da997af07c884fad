/**
 * Bench page (built by run.ts): the product's planning board (src/client/planning-board) in its
 * month view, signed in as a planner, over the fake API run.ts serves (technicians, a month of
 * interventions page by page, the backlog, and the writes a drop makes). The key dispatcher of the
 * shell is installed, so run.ts presses the keys a user presses.
 */
import { StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '../../src/client/api/client.ts';
import { startLiveUpdates } from '../../src/client/data/index.ts';
import { queryClient } from '../../src/client/api/query-client.ts';
import { locale, messages } from '../../src/client/i18n/index.ts';
import { store } from '../../src/client/store.ts';
import { SessionProvider } from '../../src/client/session/session.tsx';
import { useKeyboardShortcuts } from '../../src/client/shell/keyboard.ts';
import { dispatchWorkspace } from '../../src/client/workspace/workspace-state.ts';
import { TabIdContext } from '../../src/client/workspace/tab-context.ts';
import { injectScreenStyles } from '../../src/client/screens/screen-styles.ts';
import CalendarScreen from '../../src/client/planning-board/calendar-screen.tsx';
import { preloadLazyComponents } from '../../src/client/lazy-component.ts';
import type { Identity } from '../../src/domain/ability.ts';
import { findKind } from '../../src/domain/kinds.ts';

declare global {
  interface Window { benchUrl: string; benchStart: number; benchPainted?: number; benchOpen?: () => void }
}

const identity: Identity = {
  id: '00000000-0000-4000-8000-00000000aaaa', email: 'pianificatore@demo.sicurezza.it', displayName: 'Pianificatore', userType: 'siv',
  allowedModules: ['fire'], allowedCustomerIds: [], officeLocationIds: [], isMainteiner: false, isSalesman: false,
  roles: [{ id: 'r', name: 'Pianificatore' }],
  permissions: [{ action: 'manage', subject: ['assignment', 'assignment activity'] }, { action: 'read', subject: ['calendar', 'user', 'customer'] }],
};

function Keys() {
  useKeyboardShortcuts();
  return null;
}

injectScreenStyles();
configureApi({ baseUrl: `${location.origin}/api` });
// The workspace's change stream is open before any board is (the first screen opened it).
startLiveUpdates();
dispatchWorkspace({ type: 'open', url: window.benchUrl, id: 'bench' });

// First paint of the board: the first frame in which its lanes show cards.
const watch = () => {
  if (document.querySelector('.board-lanes .board-card')) {
    requestAnimationFrame(() => setTimeout(() => (window.benchPainted = performance.now() - window.benchStart)));
    return;
  }
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);

/**
 * The board opens in a running workspace: the providers are up and the kinds registry (built at the
 * app's start, where the shell's routes and palette read it) is ready. So the clock starts when the
 * board is opened in the mounted tree, as when a planner opens its tab.
 */
function OpenBoard() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const openNow = () => {
      window.benchStart = performance.now();
      setOpen(true);
    };
    // `?hold`: opened by run.ts (window.benchOpen), once its profiler runs.
    if (location.search.includes('hold')) {
      window.benchOpen = openNow;
      return;
    }
    const timer = setTimeout(openNow, 50);
    return () => clearTimeout(timer);
  }, []);
  // As the workspace opens its tab: the calendar screen (its reads start), then the board.
  return open ? <Suspense fallback={null}><CalendarScreen moduleName="fire" /></Suspense> : null;
}

findKind('assignments');
// A running workspace has loaded its screens' code once the browser was idle (app.tsx): the board's too.
await preloadLazyComponents();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale={locale} messages={messages}>
          <SessionProvider identity={identity} signOut={async () => {}}>
            <Keys />
            <TabIdContext.Provider value="bench">
              <OpenBoard />
            </TabIdContext.Provider>
          </SessionProvider>
        </IntlProvider>
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
);
