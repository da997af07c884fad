/**
 * Starting without a network (issue 25): the service worker serves the shell and /config.json, but
 * neither the token refresh nor the identity (/api/identity/authorization — the API is never cached)
 * can be read. So the identity last read from the server is kept in this browser beside the signed-in
 * user's subject, and a start without a network uses it, with the stored session as it is, only for
 * that same subject. The server still decides every request; this only lets the screens (and the
 * offline outbox) open. Sign-out forgets it.
 */
import type { Identity } from '../../domain/ability.ts';

const KEY = 'backoffice.offlineIdentity';

interface SavedIdentity {
  subject: string;
  identity: Identity;
}

export function rememberIdentity(subject: string, identity: Identity): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ subject, identity } satisfies SavedIdentity));
  } catch {
    // Storage full or refused: the next start simply needs the network.
  }
}

/** The identity last read for `subject`, or null (another user, none kept, unreadable). */
export function savedIdentity(subject: string | undefined): Identity | null {
  if (!subject) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SavedIdentity | null;
    if (!saved || saved.subject !== subject || typeof saved.identity?.id !== 'string' || !Array.isArray(saved.identity.permissions)) return null;
    return saved.identity;
  } catch {
    return null;
  }
}

export function forgetIdentity(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The browser says there is no network (a start that must not wait for the provider). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
