/**
 * Unsaved drafts that survive a reload or a crashed browser tab: kept in the tab's sessionStorage
 * (which the browser restores with the tab) under the tab's own id, the record's type and id, as
 * the merge patch from the version they were based on, with that version and the time. The record
 * controller offers a stored draft back when the record is reopened, and clears it on save or discard.
 */
import { mergePatch } from '../../domain/merge-patch.ts';

export interface StoredDraft {
  /** JSON Merge Patch from the base version to the draft (only what the user changed). */
  patch: unknown;
  /** The version the draft was based on (`lastUpdatedDateTime`), empty for a new record. */
  baseVersion: string;
  /** When it was last written (ISO). */
  savedAt: string;
}

/** The part of `Storage` the store uses (sessionStorage in the browser, a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DraftStore {
  /** Stores the draft, or clears it when `draft` equals `base`. */
  save(type: string, id: string, base: unknown, draft: unknown, baseVersion: string, now?: Date): void;
  load(type: string, id: string): StoredDraft | undefined;
  clear(type: string, id: string): void;
}

const PREFIX = 'records.draft';
const TAB_ID_KEY = 'records.tabId';

/** A random id made in the browser (randomUUID exists only on secure origins: plain http gets a time-and-random one). */
export function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** This browser tab's id: made once, kept in sessionStorage across reloads. */
export function browserTabId(storage: DraftStorage): string {
  const existing = storage.getItem(TAB_ID_KEY);
  if (existing) return existing;
  const id = newClientId();
  storage.setItem(TAB_ID_KEY, id);
  return id;
}

export function createDraftStore(storage: DraftStorage, tabId: string = browserTabId(storage)): DraftStore {
  const key = (type: string, id: string) => `${PREFIX}:${tabId}:${type}:${id}`;
  const clear = (type: string, id: string) => {
    try {
      storage.removeItem(key(type, id));
    } catch {
      // Storage unavailable (private mode): nothing was kept either.
    }
  };
  return {
    save(type, id, base, draft, baseVersion, now = new Date()) {
      const patch = mergePatch(base, draft);
      if (patch === undefined) return clear(type, id);
      const value: StoredDraft = { patch, baseVersion, savedAt: now.toISOString() };
      try {
        storage.setItem(key(type, id), JSON.stringify(value));
      } catch {
        // Full or unavailable storage: the draft still lives in memory, only the crash safety is lost.
      }
    },
    load(type, id) {
      let text: string | null;
      try {
        text = storage.getItem(key(type, id));
      } catch {
        return undefined;
      }
      if (!text) return undefined;
      try {
        const value = JSON.parse(text) as Partial<StoredDraft>;
        if (value.patch === undefined || typeof value.savedAt !== 'string') return undefined;
        return { patch: value.patch, baseVersion: String(value.baseVersion ?? ''), savedAt: value.savedAt };
      } catch {
        clear(type, id);
        return undefined;
      }
    },
    clear,
  };
}

let shared: DraftStore | undefined;

/** The app's store over this tab's sessionStorage (an in-memory one where there is none). */
export function drafts(): DraftStore {
  if (shared) return shared;
  let storage: DraftStorage;
  try {
    storage = window.sessionStorage;
  } catch {
    const memory = new Map<string, string>();
    storage = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  }
  shared = createDraftStore(storage);
  return shared;
}
