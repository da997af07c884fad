/**
 * A component test's render inside what the app gives every screen: the jotai store, the query
 * client, a signed-in session for `identity`, the Italian messages. The store and the query client are
 * the app's own; the test clears them after each test (`queryClient.clear()`).
 */
import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import type { Identity } from '../../domain/ability.ts';
import { queryClient } from '../api/query-client.ts';
import { messages } from '../i18n/index.ts';
import { SessionProvider } from '../session/session.tsx';
import { store } from '../store.ts';

export function renderSignedIn(identity: Identity, node: ReactNode): RenderResult {
  return render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider identity={identity} signOut={async () => undefined}>
          <IntlProvider locale="it" messages={messages}>{node}</IntlProvider>
        </SessionProvider>
      </QueryClientProvider>
    </Provider>,
  );
}
