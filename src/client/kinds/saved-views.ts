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
/** Most views of each kind (own, shared) a sidebar holds. */
const VIEWS_PER_LIST = 100;
/** The one empty answer (loading, no permission), so the sidebar's and palette's memos keep theirs. */
const NO_VIEWS: Entity[] = [];

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

/**
 * The user's own views and those shared with one of their roles, by name; empty while loading or
 * without the permission. Asked for as two lists, not "everything readable": an administrator may
 * read every user's views but wants only these in the sidebar.
 */
export function useSavedViews(): Entity[] {
  const { ability, identity } = useSession();
  const allowed = ability.can('read', SAVED_VIEW_SUBJECT);
  const roleIds = identity.roles.map((role) => role.id).sort();
  const own = { 'filter[userId]': identity.id, 'page[size]': VIEWS_PER_LIST, sort: 'name' };
  const shared = { 'filter[sharedRoleIds]': roleIds.join(','), 'page[size]': VIEWS_PER_LIST, sort: 'name' };
  const { data } = useQuery({
    queryKey: [...listKey(SAVED_VIEWS_TYPE, own), roleIds],
    queryFn: async ({ signal }) => {
      const [mine, theirs] = await Promise.all([
        records.list(SAVED_VIEWS_TYPE, own, signal),
        roleIds.length > 0 ? records.list(SAVED_VIEWS_TYPE, shared, signal) : Promise.resolve({ data: [] as Entity[] }),
      ]);
      return mergeViews(mine.data, theirs.data, identity.id);
    },
    enabled: allowed,
    staleTime: 60_000,
  });
  return allowed ? (data ?? NO_VIEWS) : NO_VIEWS;
}

/** Own and shared views in one list by name, each once (a view of mine shared with my role is mine). */
export function mergeViews(own: readonly Entity[], shared: readonly Entity[], userId: string): Entity[] {
  const seen = new Set(own.map((view) => view.id));
  const others = shared.filter((view) => !seen.has(view.id) && view.relationships.userId !== userId);
  return [...own, ...others].sort((a, b) => String(a.attributes.name).localeCompare(String(b.attributes.name), 'it'));
}
