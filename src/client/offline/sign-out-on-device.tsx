/**
 * Signing out without a network (issue 25). The sign-in provider cannot be reached, so «Esci» — and
 * «Esporta e scarta» after its file — must not navigate to the provider's end-session page: that showed
 * the browser's own «no internet» page, and left the session on the device. Instead the session ends
 * here, on this device: the stored OIDC user (`oidc.user:<authority>:<client>` of oidc-client-ts's
 * WebStorageStateStore in localStorage, its refresh token with it) and the renewal hand-off (IndexedDB
 * `backoffice-auth`, auth/renewal-handoff.ts) are removed, the identity kept for an offline start is
 * forgotten, impersonation dropped, the change stream closed, and the app gives way to its Italian
 * signed-out screen. A reload finds no session.
 *
 * The provider's own session (its cookie) can only be ended over the network: when the network comes
 * back while this screen shows, the stored user is put back for that one step and the normal sign-out
 * runs (revocation, end-session with the id token's hint, the signed-out page). The listener is a
 * capture one, so it runs before the app's own reconnect handlers read the (absent) session.
 */
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { askPasswordNextTime } from '../auth/auth-base.ts';
import { SCREEN_STYLE } from '../auth/auth-screen.tsx';
import { forgetIdentity } from '../auth/offline-start.ts';
import { addMessages, locale, messages } from '../i18n/index.ts';
import syncMessages from '../i18n/messages/sync.ts';
import { writeImpersonation } from '../session/impersonation-state.ts';

addMessages(syncMessages);

/** oidc-client-ts's key of the stored user (its `userStore` prefix `oidc.`). */
export const OIDC_USER_PREFIX = 'oidc.user:';

/** The browser says there is no network. */
export const isOfflineNow = () => globalThis.navigator?.onLine === false;

export interface SignOutOnDeviceOptions {
  /** Where the session is stored (default: localStorage). */
  storage?: Storage;
  /** Shows the signed-out screen (default: replaces the page's content). */
  show?: () => void;
}

/**
 * Empties the renewal hand-off (auth/renewal-handoff.ts: idb-keyval's store `renewals` in the database
 * `backoffice-auth`; its records hold the latest user too), made as idb-keyval makes it, then closed.
 */
export function clearRenewalHandoff(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const request = indexedDB.open('backoffice-auth');
    request.onupgradeneeded = () => request.result.createObjectStore('renewals');
    request.onerror = () => resolve();
    request.onsuccess = () => {
      const db = request.result;
      try {
        const transaction = db.transaction('renewals', 'readwrite');
        transaction.objectStore('renewals').clear();
        transaction.oncomplete = transaction.onerror = transaction.onabort = () => {
          db.close();
          resolve();
        };
      } catch {
        db.close();
        resolve();
      }
    };
  });
}

/** «Sei uscito», and why signing in again waits for the network. */
export function SignedOutOnDevice() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="auth-screen" aria-live="polite" data-auth-screen="logged-out" data-signed-out-offline="" style={SCREEN_STYLE}>
      <h1 ref={heading} tabIndex={-1}>
        <FormattedMessage id="auth.screen.logged-out.title" />
      </h1>
      <p>
        <FormattedMessage id="sync.signedOutOffline" />
      </p>
    </main>
  );
}

/** «Sei uscito» in place of the app (also in the other tabs of a device signed out offline: main.tsx). */
export function showSignedOutOnDevice(): void {
  const container = document.createElement('div');
  container.id = 'signed-out';
  // The app's tree leaves the page (its dialogs and alerts with it).
  document.body.replaceChildren(container);
  createRoot(container).render(
    <IntlProvider locale={locale} defaultLocale={locale} messages={messages}>
      <SignedOutOnDevice />
    </IntlProvider>,
  );
}

/**
 * Ends the session on this device without the network (see above); `signOut` is the app's normal
 * sign-out, run once the network is back while the page is still open.
 */
export async function signOutOnDevice(signOut: () => Promise<void>, options: SignOutOnDeviceOptions = {}): Promise<void> {
  const storage = options.storage ?? globalThis.localStorage;
  const kept: [string, string][] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    const value = key?.startsWith(OIDC_USER_PREFIX) ? storage.getItem(key) : null;
    if (key && value !== null) kept.push([key, value]);
  }
  for (const [key] of kept) storage.removeItem(key);
  // The provider's session outlives this until the network is back: the next sign-in asks the password.
  askPasswordNextTime(storage);
  forgetIdentity();
  writeImpersonation(null);
  await clearRenewalHandoff();
  await import('../data/live-updates.ts').then(({ stopLiveUpdates }) => stopLiveUpdates()).catch(() => undefined);
  (options.show ?? showSignedOutOnDevice)();
  if (kept.length === 0) return;
  const online = () => {
    globalThis.removeEventListener('online', online, { capture: true });
    for (const [key, value] of kept) storage.setItem(key, value);
    signOut().catch((error: unknown) => {
      console.warn('sign-out once online', error);
      for (const [key] of kept) storage.removeItem(key);
    });
  };
  globalThis.addEventListener('online', online, { capture: true });
}
