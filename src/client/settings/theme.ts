/**
 * Light and dark theme (SPEC §1): the user's choice when made (saved per user), else the system
 * preference. The root element carries `data-theme`, which the CSS reads.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { store } from '../store.ts';
import { updateUserSettings, userSettingsAtom } from './user-settings.ts';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && query().matches;
}

function subscribeSystem(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function effectiveDarkTheme(): boolean {
  return store.get(userSettingsAtom).hasDarkTheme ?? systemPrefersDark();
}

export function toggleTheme(): void {
  updateUserSettings({ hasDarkTheme: !effectiveDarkTheme() }, { immediate: true });
}

/** Keeps `<html data-theme>` in step with the setting and, when unset, with the system. */
export function useThemeOnRoot(): boolean {
  const chosen = useAtomValue(userSettingsAtom).hasDarkTheme;
  const system = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
  const dark = chosen ?? system;
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return dark;
}
