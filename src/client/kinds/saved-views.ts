/**
 * Saved views on the client (issue 7): a grid's URL saved under a name (the `savedViews` kind), the
 * user's own and those shared with their roles, listed in the sidebar under their area and in the
 * palette ("Vista: Preventivi da approvare"). A view opens at its saved URL, so a shared link and an
 * opened view are the same URL; only relative days (`today`, `today-N`, `today+N`) are turned into
 * the business day they stand for when the view opens.
 */
import { useQuery } from '@tanstack/react-query';
import { businessDay, addDays } from '../../domain/business-day.ts';
import type { Entity } from '../../domain/entity.ts';
import { matchRoute, type SidebarGroup } from '../../domain/routes.ts';
import { listKey, records } from '../data/index.ts';
import { useSession } from '../session/session.tsx';
import { resolveScreen } from '../screens/screen-table.ts';

export const SAVED_VIEWS_TYPE = 'savedViews';
export const SAVED_VIEW_SUBJECT = 'saved view';
/** The user's views and the shared ones, by name (a sidebar holds no more). */
export const SAVED_VIEWS_QUERY = { 'page[size]': 100, sort: 'name' } as const;

/** The app URL of a view: its path and its query, exactly as saved. */
export function savedViewUrl(view: { attributes: Record<string, unknown> }): string {
  const path = String(view.attributes.path ?? '/');
  const query = String(view.attributes.query ?? '');
  return query ? `${path}?${query}` : path;
}

const RELATIVE_DAY = /^today(?:([+-])(\d{1,4}))?$/;

/**
 * `url` with its relative days (`today`, `today-30`, `today+7`) replaced by the day they stand for,
 * counted from `today` (YYYY-MM-DD, the business day). Other values are left as typed.
 */
export function resolveViewUrl(url: string, today: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  let changed = false;
  const pairs = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(eq + 1));
    } catch {
      return pair;
    }
    const match = RELATIVE_DAY.exec(value);
    if (!match) return pair;
    changed = true;
    const days = match[2] ? Number(match[2]) * (match[1] === '-' ? -1 : 1) : 0;
    return `${pair.slice(0, eq + 1)}${addDays(today, days)}`;
  });
  return changed ? `${url.slice(0, at)}?${pairs.join('&')}` : url;
}

/** Where a view opens today. */
export function openingUrl(view: { attributes: Record<string, unknown> }, today = businessDay()): string {
  return resolveViewUrl(savedViewUrl(view), today);
}

/** The sidebar area of a view: its route's group (home when the route has none). */
export function viewGroup(view: { attributes: Record<string, unknown> }): SidebarGroup {
  return matchRoute(String(view.attributes.path ?? '/'))?.route.group ?? 'home';
}

/** The view of a tab that shows a grid (its path and query), or undefined for any other page. */
export function gridViewOf(url: string | undefined): { path: string; query: string } | undefined {
  if (!url || resolveScreen(url)?.spec.screen !== 'grid') return undefined;
  const [path = '/', rest = ''] = url.split('#', 1)[0]!.split(/\?(.*)/s);
  return { path, query: rest };
}

/** The saved views the user may open (their own and the shared ones); empty while loading or without the permission. */
export function useSavedViews(): Entity[] {
  const { ability } = useSession();
  const allowed = ability.can('read', SAVED_VIEW_SUBJECT);
  const { data } = useQuery({
    queryKey: listKey(SAVED_VIEWS_TYPE, SAVED_VIEWS_QUERY),
    queryFn: ({ signal }) => records.list(SAVED_VIEWS_TYPE, SAVED_VIEWS_QUERY, signal),
    enabled: allowed,
    staleTime: 60_000,
  });
  return allowed ? (data?.data ?? []) : [];
}
