/**
 * Sign-in (SPEC §4, §7): authorization code + PKCE S256 with oidc-client-ts, the user (and its
 * refresh token) kept in localStorage, a refresh at start, automatic renewal through the refresh
 * token, renewals serialised across tabs with the Web Locks API so two tabs never present the same
 * (rotating) refresh token. With `auth.mode: 'disabled'` the server runs /api as a dev user.
 */
import { UserManager, WebStorageStateStore, type SigninSilentArgs, type User } from 'oidc-client-ts';
import type { OidcConfig } from './config.ts';
import type { Identity } from '../../domain/ability.ts';
import { writeImpersonation } from '../session/impersonation-state.ts';

export const CALLBACK_PATH = '/auth/callback';
export const SILENT_PATH = '/auth/silent';
export const LOGGED_OUT_PATH = '/auth/logged-out';
export const DEFAULT_ROUTE = '/dashboard';
const RETURN_TO_KEY = 'backoffice.returnTo';
const REFRESH_LOCK = 'oidc-refresh';

export interface Auth {
  readonly mode: 'disabled' | 'oidc';
  /** The current access token (refreshed first when it has expired), or null. */
  getAccessToken(): Promise<string | null>;
  /** A new access token after a 401, or null when refreshing failed. */
  refresh(): Promise<string | null>;
  /** Remembers `returnTo` and redirects to the login page. */
  login(returnTo: string): Promise<void>;
  /** Revokes the refresh token, ends the provider session (logout_hint) and lands on the logged-out page. */
  signOut(): Promise<void>;
  /** Forgets the local session without contacting the provider (failed sign-in setup). */
  clear(): Promise<void>;
  /** Calls `listener` when another tab signs out (the shared stored user disappears). */
  onSignedOutElsewhere(listener: () => void): void;
}

/** The route to come back to after sign-in, remembered before the login redirect (SPEC §2). */
export function rememberRoute(route: string): void {
  sessionStorage.setItem(RETURN_TO_KEY, route);
}

export function takeRememberedRoute(): string | null {
  const route = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return route && isAppRoute(route) ? route : null;
}

/** Only same-site app paths may be returned to (no `//host`, no auth pages). */
export function isAppRoute(route: string): boolean {
  return route.startsWith('/') && !route.startsWith('//') && !route.startsWith('/auth/') && route !== '/';
}

/** SPEC §2: customers always land on their own customer page; others on the remembered route, default Dashboard. */
export function landingRoute(identity: Pick<Identity, 'userType' | 'customerId'>, requested: string | null): string {
  if (identity.userType === 'customer' && identity.customerId) {
    const own = `/customers/${encodeURIComponent(identity.customerId)}`;
    return requested && (requested === own || requested.startsWith(`${own}/`) || requested.startsWith(`${own}?`)) ? requested : own;
  }
  return requested && isAppRoute(requested) ? requested : DEFAULT_ROUTE;
}

export function currentRoute(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Runs `task` holding the cross-tab lock (Web Locks); without the API (old browsers, tests) runs it directly. */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK, { mode: 'exclusive' }, task) as Promise<T>;
}

/**
 * Every silent renewal — automatic (SilentRenewService calls `signinSilent`), at start or after a
 * 401 — runs under the lock and first re-reads storage: if another tab already rotated the refresh
 * token while this one waited, its fresh user is taken instead of presenting the old token again.
 */
export class LockedUserManager extends UserManager {
  override async signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    const before = await this._loadUser();
    return withRefreshLock(async () => {
      const stored = await this._loadUser();
      if (stored && !stored.expired && stored.refresh_token && stored.refresh_token !== before?.refresh_token) {
        // getUser() re-arms this tab's expiry timers with the other tab's token.
        return this.getUser(true);
      }
      const resource = this.settings.resource;
      return super.signinSilent({ ...(resource ? { resource } : {}), ...args });
    });
  }
}

export function createUserManager(config: OidcConfig, origin = window.location.origin): LockedUserManager {
  const resource = config.resource ?? undefined;
  return new LockedUserManager({
    authority: config.authority,
    client_id: config.clientId,
    response_type: 'code',
    scope: config.scope,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_PATH}`,
    post_logout_redirect_uri: `${origin}${LOGGED_OUT_PATH}`,
    // SPEC §4: the refresh token lives in local storage (and so survives a closed tab).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
    ...(resource ? { resource, extraTokenParams: { resource } } : {}),
  });
}

export function createOidcAuth(manager: LockedUserManager): Auth {
  let refreshing: Promise<string | null> | null = null;

  const refresh = () => {
    // One renewal at a time inside this tab too; concurrent 401s share it.
    refreshing ??= manager
      .signinSilent()
      .then((user) => user?.access_token ?? null)
      .catch((error: unknown) => {
        console.warn('token refresh failed', error);
        return null;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  return {
    mode: 'oidc',
    async getAccessToken() {
      const user = await manager.getUser();
      if (!user) return null;
      // An expired token is still sent when renewing fails: its 401 then runs SPEC §8 (refresh once, else login).
      if (user.expired && user.refresh_token) return (await refresh()) ?? user.access_token;
      return user.access_token;
    },
    refresh,
    async login(returnTo) {
      if (isAppRoute(returnTo)) rememberRoute(returnTo);
      await manager.signinRedirect({ state: { returnTo } });
    },
    async signOut() {
      const user = await manager.getUser();
      writeImpersonation(null);
      try {
        // Revoke first: the refresh token in localStorage must be useless even if the redirect fails.
        if (user?.refresh_token) await manager.revokeTokens(['refresh_token']);
      } catch (error) {
        console.warn('refresh token revocation failed', error);
      }
      const hint = (user?.profile.email as string | undefined) ?? user?.profile.sub;
      try {
        await manager.signoutRedirect({
          ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
          post_logout_redirect_uri: `${window.location.origin}${LOGGED_OUT_PATH}`,
          ...(hint ? { extraQueryParams: { logout_hint: hint } } : {}),
        });
      } catch (error) {
        // An issuer without end-session (or unreachable): at least this browser is signed out.
        console.warn('end-session redirect failed', error);
        await manager.removeUser();
        window.location.assign(LOGGED_OUT_PATH);
      }
    },
    async clear() {
      manager.stopSilentRenew();
      await manager.removeUser();
      await manager.clearStaleState().catch(() => undefined);
    },
    onSignedOutElsewhere(listener) {
      const key = `oidc.user:${manager.settings.authority}:${manager.settings.client_id}`;
      window.addEventListener('storage', (event) => {
        if (event.storageArea === window.localStorage && (event.key === key || event.key === null) && !window.localStorage.getItem(key)) listener();
      });
    },
  };
}

export function createDisabledAuth(): Auth {
  return {
    mode: 'disabled',
    getAccessToken: async () => null,
    refresh: async () => null,
    async login(returnTo) {
      window.location.assign(isAppRoute(returnTo) ? returnTo : DEFAULT_ROUTE);
    },
    async signOut() {
      writeImpersonation(null);
      window.location.assign(LOGGED_OUT_PATH);
    },
    async clear() {},
    onSignedOutElsewhere() {},
  };
}
