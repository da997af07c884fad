/**
 * What start-up needs before it knows the sign-in mode (SPEC §2, §4): the auth paths, the remembered
 * and landing routes, the `Auth` interface and the disabled mode. The OIDC side (`auth.ts`, with
 * oidc-client-ts) is loaded by main.tsx beside /config.json, outside the initial JS.
 */
import type { Identity } from '../../domain/ability.ts';
import { customerUserRedirect, matchRoute } from '../../domain/routes.ts';
import { writeImpersonation } from '../session/impersonation-state.ts';

export const CALLBACK_PATH = '/auth/callback';
export const SILENT_PATH = '/auth/silent';
export const LOGGED_OUT_PATH = '/auth/logged-out';
export const DEFAULT_ROUTE = '/dashboard';
const RETURN_TO_KEY = 'backoffice.returnTo';

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

const PASSWORD_NEXT_TIME_KEY = 'auth.passwordNextTime';

/**
 * A sign-out made on the device alone (offline: the provider's session could not be ended): the next
 * sign-in must ask the password again (`prompt=login`), even if the tab was closed before the network
 * came back.
 */
export function askPasswordNextTime(storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PASSWORD_NEXT_TIME_KEY, '1');
}

/** Whether the next sign-in must ask the password (kept until that sign-in takes it). */
export function passwordNextTime(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return Boolean(storage.getItem(PASSWORD_NEXT_TIME_KEY));
}

/** Whether the next sign-in must ask the password (and forget it: asked once). */
export function takePasswordNextTime(storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): boolean {
  const asked = Boolean(storage.getItem(PASSWORD_NEXT_TIME_KEY));
  storage.removeItem(PASSWORD_NEXT_TIME_KEY);
  return asked;
}

/** Only same-site app paths may be returned to (no `//host`, no auth pages). */
export function isAppRoute(route: string): boolean {
  return route.startsWith('/') && !route.startsWith('//') && !route.startsWith('/auth/') && route !== '/';
}

/** SPEC §2: customers always land on their own customer page; others on the remembered route, default Dashboard. */
export function landingRoute(identity: Pick<Identity, 'userType' | 'customerId'>, requested: string | null): string {
  if (identity.userType === 'customer' && identity.customerId) {
    const own = `/customers/${encodeURIComponent(identity.customerId)}`;
    // A staff page it has a portal page for (a quotation from an e-mail of before): that page.
    const match = requested ? matchRoute(requested) : undefined;
    const portal = match ? customerUserRedirect(match, identity.customerId) : undefined;
    if (portal) return portal;
    return requested && (requested === own || requested.startsWith(`${own}/`) || requested.startsWith(`${own}?`)) ? requested : own;
  }
  return requested && isAppRoute(requested) ? requested : DEFAULT_ROUTE;
}

export function currentRoute(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
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

/**
 * Whether this browser seems to hold a signed-in user (oidc-client-ts keeps it in localStorage under
 * `oidc.user:<issuer>:<client>`): only a hint to fetch the app's code early (main.tsx), never a decision.
 */
export function sessionLikelyStored(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith('oidc.user:'));
  } catch {
    return false;
  }
}
