/**
 * Sidebar state: SPEC §4 group rules (pure, unit-tested), enlarged/collapsed (saved per user) and,
 * on small screens (SPEC §9 breakpoints sm and xs), a drawer that closes on every route change.
 */
import { store } from '../store.ts';
import { updateUserSettings, userSettingsAtom } from '../settings/user-settings.ts';
import { pagePath } from '../workspace/workspace-state.ts';
import { sidebarDrawerOpenAtom } from './ui-state.ts';

export interface SidebarGroupsState {
  current: string;
  opened: readonly string[];
}

/**
 * SPEC §4: selecting a group makes it current and toggles its open state; if the selected group
 * is the one toggled (already current), all groups are cleared; the current group is then always
 * kept open.
 */
export function selectSidebarGroup(state: SidebarGroupsState, name: string): SidebarGroupsState {
  let opened = state.opened.includes(name) ? state.opened.filter((group) => group !== name) : [...state.opened, name];
  if (state.current === name) opened = [];
  if (!opened.includes(name)) opened = [...opened, name];
  return { current: name, opened };
}

/** Below the md breakpoint (SPEC §9 sm and xs) the sidebar is a drawer. */
export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

export function isSmallScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN_QUERY).matches;
}

export function selectGroup(name: string): void {
  const settings = store.get(userSettingsAtom);
  const next = selectSidebarGroup({ current: settings.currentGroupSelected, opened: settings.sidebarOpenedGroups }, name);
  updateUserSettings({ currentGroupSelected: next.current, sidebarOpenedGroups: [...next.opened] });
}

/** Enlarge/collapse on large screens; open/close the drawer on small ones. */
export function toggleSidebar(): void {
  if (isSmallScreen()) store.set(sidebarDrawerOpenAtom, (open) => !open);
  else updateUserSettings({ hasSidebarEnlarged: !store.get(userSettingsAtom).hasSidebarEnlarged });
}

/** SPEC §2: `selected` when the active URL is the link's page or below it; also `current` when it is exactly it. */
export function linkClasses(linkUrl: string, activeUrl: string | undefined): string {
  if (!activeUrl) return '';
  const active = pagePath(activeUrl);
  if (active === linkUrl) return 'selected current';
  return active.startsWith(`${linkUrl}/`) ? 'selected' : '';
}
