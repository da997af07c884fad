/**
 * The app once signed in (main.tsx loads this chunk while it signs in, and hands it the session and
 * the identity): its providers, the session, the shell (app.tsx) and every text of the client
 * (i18n/index.ts); a field user's offline runtime; the identity read again when the profile changes.
 */
import { StrictMode, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { locale, messages, intl } from './i18n/index.ts';
import App from './app.tsx';
import { store } from './store.ts';
import { queryClient } from './api/query-client.ts';
import type { Auth } from './auth/auth-base.ts';
import { SessionProvider } from './session/session.tsx';
import { buildAbility, type Identity } from '../domain/ability.ts';
import { isFieldUser } from './offline/runtime-state.ts';
import { showFlashAlerts } from './alerts/flash.ts';
import { pushAlert } from './alerts/alerts.ts';
import { forgetIdentity, isOffline } from './auth/offline-start.ts';
import { whenFirstScreenSettled } from './first-screen.ts';
import { preloadScreenOf } from './screens/index.tsx';
import { currentLocation } from './workspace/workspace-sync.ts';
import { expectDeviceRecords } from './data/records.ts';

// The first screen's code comes now, while the sign-in finishes (main.tsx loads this chunk meanwhile).
preloadScreenOf(currentLocation());

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <IntlProvider locale={locale} defaultLocale={locale} messages={messages}>
        <JotaiProvider store={store}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </JotaiProvider>
      </IntlProvider>
    </StrictMode>
  );
}

export interface AppStart {
  root: Root;
  session: Auth;
  identity: Identity;
  /** An administrator acting as someone (session/impersonation-state.ts). */
  impersonating: boolean;
  readIdentity(): Promise<Identity>;
}

/** Renders the app for `identity` in `root`, in place of the sign-in screens. */
export function startApp({ root, session, identity, impersonating, readIdentity }: AppStart): void {
  // Issue 25: a field user's offline store and outbox (offline/runtime.ts, Dexie: not in the initial JS),
  // never while impersonating; stopped before the session signs out. Online it waits for the first
  // screen to be ready (first-screen.ts: its priming and the kinds it brings would compete with it);
  // offline it starts at once, since the screens read what the device keeps.
  let offlineRuntime: Promise<typeof import('./offline/runtime.ts')> | undefined;
  const startOffline = (current: Identity) => {
    const ability = buildAbility(current.permissions);
    if (impersonating || (!offlineRuntime && !isFieldUser(ability))) return;
    offlineRuntime ??= (isOffline() ? Promise.resolve() : whenFirstScreenSettled()).then(() => import('./offline/runtime.ts'));
    const started = offlineRuntime.then(({ startOfflineRuntime }) => startOfflineRuntime(current, ability));
    // Offline, the first screen reads what the device keeps: its reads wait for the store, never the network first.
    if (isOffline()) expectDeviceRecords(started);
    started.catch((error: unknown) => console.error('offline runtime', error));
  };
  const stopOffline = () => offlineRuntime?.then(({ stopOfflineRuntime }) => stopOfflineRuntime()).catch((error: unknown) => console.error('offline runtime', error));

  // The change stream closes first, so the revoked token's last ticket opens nothing after sign-out.
  const signOut = () => {
    forgetIdentity();
    return Promise.resolve(stopOffline())
      .then(() => import('./data/live-updates.ts'))
      .then(({ stopLiveUpdates }) => stopLiveUpdates())
      .finally(() => session.signOut());
  };
  let shown = identity;
  const render = (current: Identity) =>
    root.render(
      <Providers>
        <SessionProvider identity={current} signOut={signOut}>
          <App />
        </SessionProvider>
      </Providers>,
    );
  render(identity);
  showFlashAlerts();
  startOffline(identity);
  // An administrator changed this user's user, roles or zones (or notices were missed): the server
  // applies it at the next request; the menus, buttons and abilities follow here at once (same tabs,
  // same drafts) when the identity read again differs.
  void import('./data/live-updates.ts').then(({ onProfileChange }) =>
    onProfileChange(() => {
      readIdentity().then(
        (fresh) => {
          if (JSON.stringify(fresh) === JSON.stringify(shown)) return;
          shown = fresh;
          render(fresh);
          startOffline(fresh);
          pushAlert({ id: 'profile-changed', type: 'info', content: intl.formatMessage({ id: 'session.profileChanged' }) });
        },
        (error: unknown) => console.error('identity after a profile change', error),
      );
    }));
}
