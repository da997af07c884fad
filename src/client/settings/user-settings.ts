/**
 * Per-user settings (SPEC §3 "User settings (persisted)"), kept in the `userSettings` kind on the
 * server so they follow the user to any machine, mirrored in localStorage so the theme and the
 * tabs apply before the server answers. Writes are merged and sent after a short pause, with the
 * version they were based on; a conflict re-reads and re-applies the local change.
 */
import { useCallback } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { z } from 'zod';
import type { userSettingsAttributes } from '../../domain/entities/user-settings.ts';
import { records } from '../data/records.ts';
import { ApiProblem } from '../api/http.ts';
import { store } from '../store.ts';

export type UserSettings = z.output<typeof userSettingsAttributes>;
export type UserSettingKey = keyof UserSettings;

export const defaultUserSettings: UserSettings = {
  hasFilters: false,
  hasSidebarEnlarged: false,
  sidebarOpenedGroups: [],
  currentGroupSelected: '',
  openTabs: [],
  tabLimit: 50,
  gridColumns: {},
};

/** The signed-in user's settings as the client knows them now. */
export const userSettingsAtom = atom<UserSettings>(defaultUserSettings);
/** True once the server copy has been read (or found absent): the workspace restores tabs after it. */
export const userSettingsLoadedAtom = atom(false);


const SAVE_DELAY_MS = 600;
let userId: string | undefined;
let entity: { id: string; version: string } | undefined;
let pending: Partial<UserSettings> = {};
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<void> = Promise.resolve();

const storageKey = (id: string) => `backoffice.userSettings.${id}`;

function readLocal(id: string): Partial<UserSettings> {
  try {
    const raw = localStorage.getItem(storageKey(id));
    return raw ? (JSON.parse(raw) as Partial<UserSettings>) : {};
  } catch {
    return {};
  }
}

function writeLocal(settings: UserSettings): void {
  if (!userId) return;
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(settings));
  } catch {
    // Storage full or denied: the server copy still holds them.
  }
}

/** Only the known keys of a stored object (an old or foreign copy must not break the client). */
function pickKnown(value: Partial<UserSettings>): Partial<UserSettings> {
  const known: Partial<UserSettings> = {};
  for (const key of [...Object.keys(defaultUserSettings), 'hasDarkTheme', 'activeTabUrl', 'splitTabUrl'] as UserSettingKey[]) {
    if (value[key] !== undefined) (known as Record<string, unknown>)[key] = value[key];
  }
  return known;
}

/** Applies the local copy at once, then the server copy (which wins). Called once after sign-in. */
export async function loadUserSettings(id: string): Promise<void> {
  userId = id;
  store.set(userSettingsAtom, { ...defaultUserSettings, ...pickKnown(readLocal(id)) });
  try {
    const answer = await records.list('userSettings', { 'filter[userId]': id, 'page[size]': 1 }, undefined, { silent: true });
    const found = answer.data[0];
    if (found) {
      entity = { id: found.id, version: found.metadata.lastUpdatedDateTime };
      const merged = { ...defaultUserSettings, ...pickKnown(found.attributes as Partial<UserSettings>), ...pending };
      store.set(userSettingsAtom, merged);
      writeLocal(merged);
    }
  } catch (error) {
    // Offline or not allowed: keep the local copy (settings are a convenience, never a blocker).
    console.warn('user settings: not loaded', error);
  } finally {
    store.set(userSettingsLoadedAtom, true);
  }
}

/**
 * Changes settings now and saves them shortly (several changes in a row make one request);
 * `immediate` for a deliberate choice (the theme) that a reload right after must not lose.
 */
export function updateUserSettings(patch: Partial<UserSettings>, options: { immediate?: boolean } = {}): void {
  const current = store.get(userSettingsAtom);
  if (Object.entries(patch).every(([key, value]) => JSON.stringify(current[key as UserSettingKey]) === JSON.stringify(value))) return;
  const next = { ...current, ...patch };
  store.set(userSettingsAtom, next);
  writeLocal(next);
  pending = { ...pending, ...patch };
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void flushUserSettings(), options.immediate ? 0 : SAVE_DELAY_MS);
}

/** Sends the pending changes now (also on page hide). */
export function flushUserSettings(): Promise<void> {
  clearTimeout(saveTimer);
  saving = saving.then(save, save);
  return saving;
}

async function save(): Promise<void> {
  if (!userId || Object.keys(pending).length === 0) return;
  const patch = pending;
  pending = {};
  try {
    if (entity) {
      // JSON Merge Patch: a setting set to undefined (no active tab, no split) is removed with null.
      const attributes = Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, value === undefined ? null : value]));
      const stored = { id: entity.id, attributes: {}, metadata: { lastUpdatedDateTime: entity.version }, relationships: {} };
      const saved = await records.update('userSettings', stored, { attributes }, { silent: true });
      entity = { id: saved.id, version: saved.metadata.lastUpdatedDateTime };
    } else {
      // The whole object: the server applies its defaults to what is missing.
      const created = await records.create('userSettings', { attributes: store.get(userSettingsAtom), relationships: { userId } }, { silent: true });
      entity = { id: created.id, version: created.metadata.lastUpdatedDateTime };
    }
  } catch (error) {
    if (error instanceof ApiProblem && (error.status === 409 || error.status === 412)) {
      // Another machine saved meanwhile: take its version, then re-apply ours (last writer wins per key).
      pending = { ...patch, ...pending };
      await reload();
      saveTimer = setTimeout(() => void flushUserSettings(), SAVE_DELAY_MS);
      return;
    }
    console.warn('user settings: not saved', error);
  }
}

/**
 * The server changed the settings row itself (the calendar feed's key): take its version, so the next
 * save does not meet a conflict it would have to retry.
 */
export function userSettingsChangedOnServer(): Promise<void> {
  return reload();
}

async function reload(): Promise<void> {
  if (!userId) return;
  const answer = await records.list('userSettings', { 'filter[userId]': userId, 'page[size]': 1 }, undefined, { silent: true }).catch(() => undefined);
  const found = answer?.data[0];
  entity = found ? { id: found.id, version: found.metadata.lastUpdatedDateTime } : undefined;
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void flushUserSettings());
}

/** One setting and its setter, saved per user on the server (e.g. a grid's columns: `useUserSetting('gridColumns', {})`). */
export function useUserSetting<K extends UserSettingKey>(key: K, fallback: NonNullable<UserSettings[K]>): [NonNullable<UserSettings[K]>, (value: UserSettings[K]) => void] {
  const value = useAtomValue(userSettingsAtom)[key] ?? fallback;
  const set = useCallback((next: UserSettings[K]) => updateUserSettings({ [key]: next } as Partial<UserSettings>), [key]);
  return [value as NonNullable<UserSettings[K]>, set];
}
