/**
 * Client start (SPEC §2, §4, §7, §8): read /config.json, finish or start sign-in (or none in the
 * disabled mode), configure the HTTP client, read the identity, pick the landing route (the
 * remembered one, default Dashboard; customer users their own customer), then render the app
 * (app-root.tsx, a chunk fetched meanwhile).
 * Failing to read the identity or to set up sign-in logs out, with a message and no redirect loop.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { locale, messages, intl } from './i18n/catalogue.ts';
import { api, configureApi } from './api/client.ts';
import { ApiProblem } from './api/http.ts';
import { loadClientConfig, type ClientConfig } from './auth/config.ts';
import {
  CALLBACK_PATH,
  DEFAULT_ROUTE,
  LOGGED_OUT_PATH,
  SILENT_PATH,
  createDisabledAuth,
  currentRoute,
  isAppRoute,
  landingRoute,
  passwordNextTime,
  rememberRoute,
  sessionLikelyStored,
  takeRememberedRoute,
  type Auth,
} from './auth/auth-base.ts';
import { AuthScreen, type AuthScreenKind } from './auth/auth-screen.tsx';
import { readImpersonation, writeImpersonation } from './session/impersonation-state.ts';
import type { Identity } from '../domain/ability.ts';
import { flashAlert } from './alerts/flash.ts';
import { forgetIdentity, isOffline, rememberIdentity, savedIdentity } from './auth/offline-start.ts';

/** Why the last sign-in failed, for the signed-out page after the provider's logout. */
const FAILURE_KEY = 'backoffice.signInFailure';

const container = document.getElementById('root') ?? createContainer();
const root = createRoot(container);

function createContainer(): HTMLElement {
  const element = document.createElement('div');
  element.id = 'root';
  document.body.replaceChildren(element);
  return element;
}

/**
 * What the first paint waits for is this module and its static imports: the sign-in screens and what
 * signing in needs. The app itself (app-root.tsx: the shell, its state and data layers, every other
 * text) is a chunk of its own, fetched as soon as a session is known to exist, while the provider and
 * the identity are asked; a visit without a session leaves for the sign-in page without it.
 */
let appRoot: Promise<typeof import('./app-root.tsx')> | undefined;
function loadApp(): Promise<typeof import('./app-root.tsx')> {
  // Its chunks at low priority first (build.mjs lists them in index.html): on a slow line the sign-in's
  // and the identity's requests go before them on the few connections the browser opens.
  // With them, on the default landing, the dashboard's.
  if (!appRoot) {
    const landing = window.location.pathname === DEFAULT_ROUTE || window.location.pathname === '/';
    for (const name of landing ? ['app-modules', 'dashboard-modules'] : ['app-modules']) {
      for (const href of document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ').filter(Boolean) ?? []) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.setAttribute('fetchpriority', 'low');
        document.head.append(link);
      }
    }
  }
  appRoot ??= import('./app-root.tsx');
  // Awaited before the app renders; a failure here is reported there.
  appRoot.catch(() => undefined);
  return appRoot;
}

function showScreen(kind: AuthScreenKind, options: { detail?: string; onAction?: () => void } = {}): void {
  root.render(
    <StrictMode>
      <IntlProvider locale={locale} defaultLocale={locale} messages={messages}>
        <AuthScreen kind={kind} {...options} />
      </IntlProvider>
    </StrictMode>,
  );
}

/** Replaces the address without a navigation; the router reads it when the app renders. */
function replaceRoute(route: string): void {
  if (route !== currentRoute()) window.history.replaceState(window.history.state, '', route);
}

/**
 * The provider's login page; without a network, the app's own «Nessuna connessione» until the browser
 * is online again, then the login page by itself. The provider cannot be reached offline: navigating
 * there showed the browser's error page (a reload after signing out on the device, «Accedi di nuovo»).
 */
function signInWhenOnline(auth: Auth, route: string): void {
  if (!isOffline()) return void auth.login(route);
  window.addEventListener('online', () => void auth.login(route), { once: true });
  showScreen('offline');
}

let restarting = false;
/** SPEC §8 "restart login": once, however many requests fail together. */
function restartLogin(auth: Auth): void {
  if (restarting) return;
  restarting = true;
  void auth.clear().then(() => auth.login(currentRoute()));
}

async function readIdentity(): Promise<Identity> {
  const list = await api.get<Identity[]>('/identity/authorization', { silent: true });
  const identity = Array.isArray(list) ? list[0] : undefined;
  if (!identity || typeof identity.id !== 'string' || !Array.isArray(identity.permissions)) throw new Error('identity: unexpected answer');
  return identity;
}

/**
 * SPEC §8: failing to read the identity or to set up sign-in logs out — the refresh token revoked
 * and the provider session ended, so the next attempt needs the user (no redirect loop) — and the
 * signed-out page says why. If even that fails, the local session is dropped and the reason shown.
 */
async function signInFailed(auth: Auth | null, error: unknown): Promise<void> {
  console.error('sign-in failed', error);
  // A 401 the refresh could not cure restarts the login (SPEC §8), as the HTTP client does.
  if (error instanceof ApiProblem && error.status === 401 && auth?.mode === 'oidc') return restartLogin(auth);
  const detail = error instanceof ApiProblem ? `${error.status} ${error.code || error.title}` : error instanceof Error ? error.message : String(error);
  // A failed impersonation is not a failed sign-in: back to the real user (SPEC §8 "error on impersonation").
  if (readImpersonation() && error instanceof ApiProblem && error.status >= 400 && error.status < 500 && error.status !== 401) {
    writeImpersonation(null);
    flashAlert({ id: 'impersonation-failed', type: 'danger', content: intl.formatMessage({ id: 'impersonation.failed' }) });
    window.location.reload();
    return;
  }
  writeImpersonation(null);
  const route = currentRoute();
  if (isAppRoute(route)) rememberRoute(route);
  showScreen('failed', { detail });
  if (auth?.mode === 'oidc') {
    sessionStorage.setItem(FAILURE_KEY, detail);
    try {
      await auth.signOut();
      return;
    } catch (signOutError) {
      console.error('sign-out after a failed sign-in', signOutError);
      sessionStorage.removeItem(FAILURE_KEY);
      await auth.clear().catch(() => undefined);
    }
  }
  showScreen('failed', { detail, onAction: () => (auth?.mode === 'oidc' ? signInWhenOnline(auth, takeRememberedRoute() ?? DEFAULT_ROUTE) : window.location.reload()) });
}

async function boot(): Promise<void> {
  const path = window.location.pathname;
  showScreen('loading');
  // The OIDC client (oidc-client-ts) is not in the initial JS: it downloads while /config.json is
  // read, and only the OIDC mode waits for it. Handled here so the disabled mode ignores a failure.
  const oidcModule = import('./auth/auth.ts');
  void oidcModule.catch(() => undefined);

  // Asked for before the app's code, which would otherwise hold the few connections.
  const configRead = loadClientConfig();
  void configRead.catch(() => undefined);
  // A session is likely: the app's code comes now, beside the sign-in's round trips (not in the
  // hidden frame of a silent sign-in, nor on the signed-out page).
  if (sessionLikelyStored() && path !== LOGGED_OUT_PATH && path !== SILENT_PATH) void loadApp();

  let config: ClientConfig;
  try {
    config = await configRead;
  } catch (error) {
    console.error('config.json', error);
    showScreen('config-failed', { detail: (error as Error).message, onAction: () => window.location.reload() });
    return;
  }

  let auth: Auth | null = null;
  let afterSignIn: string | null = null;
  /** Whose identity is kept for a start without a network (offline-start.ts). */
  let subject: string | undefined = config.auth.mode === 'disabled' ? 'disabled' : undefined;
  try {
    if (config.auth.mode === 'disabled') {
      void loadApp();
      auth = createDisabledAuth();
      if (path === CALLBACK_PATH || path === SILENT_PATH) replaceRoute(DEFAULT_ROUTE);
    } else {
      const { createOidcAuth, createUserManager, ErrorResponse } = await oidcModule;
      const manager = createUserManager(config.auth);
      const oidc = createOidcAuth(manager);
      auth = oidc;
      if (path === SILENT_PATH) {
        // Iframe fallback of signinSilent (no refresh token): hand the answer to the parent and stop.
        await manager.signinSilentCallback();
        return;
      }
      if (path === CALLBACK_PATH) {
        void loadApp();
        const user = await manager.signinCallback().catch(async (error: unknown) => {
          // The provider answered with an error (e.g. "Annulla" on its login page): no session was
          // made, so nothing to end; say why and offer a new attempt.
          if (!(error instanceof ErrorResponse)) throw error;
          await oidc.clear();
          const again = () => signInWhenOnline(oidc, takeRememberedRoute() ?? DEFAULT_ROUTE);
          if (error.error === 'access_denied') showScreen('cancelled', { onAction: again });
          else showScreen('failed', { detail: error.error_description ?? error.error ?? error.message, onAction: again });
          return null;
        });
        if (user === null) return;
        subject = user?.profile.sub;
        const state = user?.state as { returnTo?: string } | undefined;
        afterSignIn = takeRememberedRoute() ?? (state?.returnTo && isAppRoute(state.returnTo) ? state.returnTo : DEFAULT_ROUTE);
        replaceRoute(afterSignIn);
      } else if (path === LOGGED_OUT_PATH) {
        await auth.clear();
        forgetIdentity();
        const failure = sessionStorage.getItem(FAILURE_KEY);
        sessionStorage.removeItem(FAILURE_KEY);
        const again = auth;
        const login = () => signInWhenOnline(again, takeRememberedRoute() ?? DEFAULT_ROUTE);
        showScreen(failure ? 'failed' : 'logged-out', { ...(failure ? { detail: failure } : {}), onAction: login });
        return;
      } else {
        // SPEC §4: the stored refresh token buys a fresh access token at start.
        // Issue 25: without a network the stored session is kept as it is (the provider cannot be
        // reached, or a refresh fails on the network rather than by the provider's answer), if this
        // browser holds the identity last read for it; the server still decides every request.
        // A sign-out made on the device alone (offline): whatever session this browser still holds, the
        // password is asked again once the provider can be reached.
        if (passwordNextTime() && !isOffline()) {
          await auth.clear();
          await auth.login(currentRoute());
          return;
        }
        const stored = await manager.getUser();
        if (stored) void loadApp();
        const canStartOffline = stored !== null && savedIdentity(stored.profile.sub) !== null;
        const user =
          canStartOffline && isOffline()
            ? stored
            : stored?.refresh_token
              ? await manager.signinSilent().catch((error: unknown) => (canStartOffline && !(error instanceof ErrorResponse) ? stored : null))
              : stored && !stored.expired
                ? stored
                : null;
        subject = user?.profile.sub;
        if (!user) {
          await auth.clear();
          signInWhenOnline(auth, currentRoute());
          return;
        }
      }
    }
  } catch (error) {
    await signInFailed(auth, error);
    return;
  }

  const session: Auth = auth;
  if (config.auth.mode === 'disabled' && path === LOGGED_OUT_PATH) {
    showScreen('logged-out', { onAction: () => window.location.assign(DEFAULT_ROUTE) });
    return;
  }

  configureApi({
    baseUrl: new URL(config.apiBaseUrl, window.location.origin).href,
    getAccessToken: () => session.getAccessToken(),
    refreshAccessToken: () => session.refresh(),
    onLoginRequired: () => restartLogin(session),
  });

  // Issue 25: without a network the identity last read for this user opens the app (offline-start.ts);
  // never an impersonated one (kept only for the user's own).
  let identity: Identity;
  const impersonating = readImpersonation() !== null;
  const kept = isOffline() && !impersonating ? savedIdentity(subject) : null;
  if (kept) identity = kept;
  else {
    try {
      identity = await readIdentity();
      if (subject && !impersonating) rememberIdentity(subject, identity);
    } catch (error) {
      // The network failed on the way (status 0): the same.
      const saved = error instanceof ApiProblem && error.status === 0 && !impersonating ? savedIdentity(subject) : null;
      if (!saved) {
        await signInFailed(session, error);
        return;
      }
      identity = saved;
    }
  }

  const route = currentRoute();
  const landing = window.location.pathname === '/' || (identity.userType === 'customer' && window.location.pathname === DEFAULT_ROUTE);
  if (afterSignIn !== null || landing) {
    replaceRoute(landingRoute(identity, afterSignIn ?? (window.location.pathname === '/' ? null : route)));
  }

  // Once: the other tab's sign-out, finished once online, removes the session again (a second event).
  let leaving = false;
  const leave = () => {
    if (leaving) return;
    leaving = true;
    window.location.assign(LOGGED_OUT_PATH);
  };
  session.onSignedOutElsewhere(() => {
    if (restarting || leaving) return;
    // Signed out in another tab without a network: the signed-out page needs the provider (the service
    // worker leaves /auth to the network), so this tab says it in place, then goes there once online.
    if (isOffline()) {
      window.addEventListener('online', leave, { once: true });
      void import('./offline/sign-out-on-device.tsx').then(({ showSignedOutOnDevice }) => showSignedOutOnDevice());
      return;
    }
    leave();
  });
  let app: typeof import('./app-root.tsx');
  try {
    app = await loadApp();
  } catch (error) {
    await signInFailed(null, error);
    return;
  }
  app.startApp({ root, session, identity, impersonating, readIdentity });
}

void boot().catch((error: unknown) => signInFailed(null, error));
