/**
 * Sign-in (SPEC §4, §7): authorization code + PKCE S256 with oidc-client-ts, the user (and its
 * refresh token) kept in localStorage, a refresh at start, automatic renewal through the refresh
 * token, renewals serialised across tabs with the Web Locks API so two tabs never present the same
 * (rotating) refresh token. With `auth.mode: 'disabled'` the server runs /api as a dev user
 * (`auth-base.ts`, re-exported here). main.tsx imports this module lazily (initial JS budget).
 */
import { User, UserManager, WebStorageStateStore, type SigninSilentArgs } from 'oidc-client-ts';
import type { OidcConfig } from './config.ts';
import { writeImpersonation } from '../session/impersonation-state.ts';
import { indexedDbHandoff, memoryHandoff, nextRecord, tokenDigest, type RenewalHandoff } from './renewal-handoff.ts';
import { CALLBACK_PATH, LOGGED_OUT_PATH, SILENT_PATH, isAppRoute, rememberRoute, takePasswordNextTime, type Auth } from './auth-base.ts';

export * from './auth-base.ts';
/** The provider's error answer on the callback (main.tsx tells "Annulla" from a failure with it). */
export { ErrorResponse } from 'oidc-client-ts';

const REFRESH_LOCK = 'oidc-refresh';

/** Runs `task` holding the cross-tab lock (Web Locks); without the API (old browsers, tests) runs it directly. */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK, { mode: 'exclusive' }, task) as Promise<T>;
}

/**
 * Every silent renewal — automatic (SilentRenewService calls `signinSilent`), at start or after a
 * 401 — runs under the lock and first looks for what another tab did while this one waited: a
 * different user in storage, or (storage not synced yet across processes) the handoff record
 * naming the token this tab holds as rotated. Either is taken instead of presenting the old token.
 */
export class LockedUserManager extends UserManager {
  /** Where renewals leave their result for the next tab (IndexedDB in the browser: `createUserManager`). */
  handoff: RenewalHandoff = memoryHandoff();

  override async signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    const before = await this._loadUser();
    return withRefreshLock(async () => {
      const stored = await this._loadUser();
      if (stored && !stored.expired && stored.refresh_token && stored.refresh_token !== before?.refresh_token) {
        // getUser() re-arms this tab's expiry timers with the other tab's token.
        return this.getUser(true);
      }
      const record = before?.refresh_token ? await this.handoff.read() : undefined;
      if (record && before?.refresh_token && record.replaced.includes(await tokenDigest(before.refresh_token))) {
        const latest = User.fromStorageString(record.user);
        await this.storeUser(latest);
        if (!latest.expired) return this.getUser(true);
      }
      const current = await this._loadUser();
      const resource = this.settings.resource;
      const user = await super.signinSilent({ ...(resource ? { resource } : {}), ...args });
      if (user?.refresh_token && current?.refresh_token && user.refresh_token !== current.refresh_token) {
        // Written before the lock is released: the next tab to hold it sees it.
        await this.handoff.write(await nextRecord(record, current.refresh_token, user.toStorageString()));
      }
      return user;
    });
  }
}

export function createUserManager(config: OidcConfig, origin = window.location.origin): LockedUserManager {
  const resource = config.resource ?? undefined;
  const manager = new LockedUserManager({
    authority: config.authority,
    // The embedded provider's discovery document comes with /config.json: no discovery request.
    ...(config.metadata ? { metadata: config.metadata } : {}),
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
    // RFC 7009 asks only for a 200 from the revocation endpoint: oidc-provider (and others) answer it empty as
    // text/plain, which oidc-client-ts refuses unless told («Invalid response Content-Type» at every sign-out).
    revokeTokenAdditionalContentTypes: ['text/plain'],
    ...(resource ? { resource, extraTokenParams: { resource } } : {}),
  });
  manager.handoff = indexedDbHandoff(`${config.authority}:${config.clientId}`);
  return manager;
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

  let signingOut: Promise<void> | null = null;
  const signOutOnce = async () => {
    const user = await manager.getUser();
    writeImpersonation(null);
    await manager.handoff.clear();
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
      // A new grant begins: tokens rotated under the old one say nothing about it.
      await manager.handoff.clear();
      await manager.signinRedirect({ state: { returnTo }, ...(takePasswordNextTime() ? { prompt: 'login' } : {}) });
    },
    signOut() {
      // One sign-out at a time: a second call (a double click, the session ending while one runs) shares the
      // first instead of revoking again while the page is leaving (the second revocation was aborted).
      signingOut ??= signOutOnce().finally(() => {
        signingOut = null;
      });
      return signingOut;
    },
    async clear() {
      manager.stopSilentRenew();
      await manager.removeUser();
      await manager.handoff.clear();
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

