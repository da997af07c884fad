/**
 * What the last token renewal made, where every tab of the browser reads it coherently.
 *
 * Renewals run one at a time under a Web Lock, and a tab that waited used to take the new refresh
 * token from localStorage. Chromium propagates localStorage between renderer processes
 * asynchronously, so the waiting tab could be granted the lock before the other tab's write reached
 * it, present the old (rotated) token again and have the provider revoke the whole grant (seen in
 * tests/e2e/auth.test.ts «serialises renewals across tabs», about once in ten under load).
 * IndexedDB transactions run in the browser process: a write committed before the lock is released
 * is seen by whoever holds the lock next. The record names the refresh tokens it replaced by digest,
 * never keeps more than one live token, and is deleted on sign-out.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface RenewalRecord {
  /** SHA-256 digests (hex) of the refresh tokens this browser has rotated away, newest first. */
  replaced: string[];
  /** The user the newest renewal stored (oidc-client-ts `User.toStorageString()`). */
  user: string;
}

export interface RenewalHandoff {
  read(): Promise<RenewalRecord | undefined>;
  write(record: RenewalRecord): Promise<void>;
  clear(): Promise<void>;
}

/** How many rotated tokens the record remembers: more than the tabs that can wait on one renewal. */
export const REMEMBERED_ROTATIONS = 8;

export async function tokenDigest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The record after a renewal that presented `presented` and got `user`. */
export async function nextRecord(previous: RenewalRecord | undefined, presented: string, user: string): Promise<RenewalRecord> {
  const digest = await tokenDigest(presented);
  return { replaced: [digest, ...(previous?.replaced ?? []).filter((d) => d !== digest)].slice(0, REMEMBERED_ROTATIONS), user };
}

/** Kept in memory: one page (tests), or browsers without IndexedDB, where localStorage is all there is. */
export function memoryHandoff(): RenewalHandoff {
  let record: RenewalRecord | undefined;
  return {
    read: async () => record,
    write: async (next) => {
      record = next;
    },
    clear: async () => {
      record = undefined;
    },
  };
}

/** IndexedDB, one record per provider and client. A failing database (private mode, quota) only loses the handoff. */
export function indexedDbHandoff(key: string): RenewalHandoff {
  if (typeof indexedDB === 'undefined') return memoryHandoff();
  let store: UseStore | undefined;
  const storeOf = () => (store ??= createStore('backoffice-auth', 'renewals'));
  return {
    read: () => get<RenewalRecord>(key, storeOf()).catch(() => undefined),
    write: (record) => set(key, record, storeOf()).catch(() => undefined),
    clear: () => del(key, storeOf()).catch(() => undefined),
  };
}
