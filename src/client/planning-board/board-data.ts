/**
 * What the planning board reads (the period shown, its technicians, interventions and backlog): the
 * calendar screen (its own small chunk) starts these requests as its tab opens, before the board's
 * code has rendered (render-as-you-fetch), and the board reads the same queries.
 */
import { useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import type { ListParams } from '../../domain/records.ts';
import { businessDay } from '../../domain/business-day.ts';
import { addDays } from '../../domain/rules/calendar.ts';
import { periodDays, requestRanges, type BoardView } from '../../domain/rules/board-period.ts';
import { listKey, records } from '../data/index.ts';
import { api } from '../api/client.ts';
import type { StaffName } from '../../domain/entities/users.ts';
import { useSession } from '../session/session.tsx';
import { useTabUrl } from '../workspace/tab-context.ts';

export const BOARD_TYPE = 'assignments';
/** The API's largest page (MAX_PAGE_SIZE default): a month of a busy module takes a few pages, fetched together. */
const PAGE_SIZE = 500;
const BACKLOG_SIZE = 200;

interface BoardFetch<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

/** The period a board's tab URL shows (?view=month&day=2026-11-01; this week by default): a link reproduces it. */
function boardPeriod(url: string): { view: BoardView; anchor: string } {
  const search = new URLSearchParams(url.split('?')[1] ?? '');
  const dayParam = search.get('day');
  return {
    view: search.get('view') === 'month' ? 'month' : 'week',
    anchor: dayParam && /^\d{4}-\d{2}-\d{2}$/.test(dayParam) ? dayParam : businessDay(),
  };
}

/** Every page of a list (the first answer says how many there are). */
async function listAll(params: ListParams, signal: AbortSignal): Promise<Entity[]> {
  const first = await records.list(BOARD_TYPE, { ...params, 'page[size]': PAGE_SIZE, 'page[number]': 1 }, signal);
  const pages = Math.ceil(first.meta.total / PAGE_SIZE);
  if (pages <= 1 || first.meta.totalIsEstimate) return first.data;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => records.list(BOARD_TYPE, { ...params, 'page[size]': PAGE_SIZE, 'page[number]': i + 2 }, signal)));
  return [first.data, ...rest.map((r) => r.data)].flat();
}

/**
 * A period's interventions, its days split into ranges asked at the same time (`requestRanges`): a
 * month of a busy module no longer waits for its first page to learn how many follow. Drawn once all
 * are in: drawing each range as it arrived was measured slower to the complete board (every arrival
 * redrew every lane) for an earlier first card.
 */
async function listPeriod(params: ListParams, from: string, to: string, signal: AbortSignal): Promise<Entity[]> {
  const parts = await Promise.all(requestRanges(from, to).map(([start, end]) => listAll({ ...params, 'from[plannedStartDateTime]': start, 'to[plannedStartDateTime]': end }, signal)));
  return parts.flat();
}

/** The board's three reads for a module, a period's days and the backlog's search. */
function boardFetches(moduleName: string, days: readonly string[], backlogSearch: string) {
  const usersQuery: ListParams = { 'filter[isMainteiner]': true, 'filter[moduleName]': moduleName, sort: 'displayName', 'page[size]': PAGE_SIZE };
  // A day more each side: the server's day is UTC, the board's Rome.
  const periodFrom = addDays(days[0]!, -1);
  const periodTo = addDays(days.at(-1)!, 1);
  const periodQuery: ListParams = { 'filter[module]': moduleName, 'from[plannedStartDateTime]': periodFrom, 'to[plannedStartDateTime]': periodTo, sort: 'plannedStartDateTime' };
  const backlogQuery: ListParams = {
    'filter[module]': moduleName, 'filter[state]': 'open,postponed', sort: '-code', 'page[size]': BACKLOG_SIZE,
    ...(backlogSearch.trim() ? { 'filter[fullText]': backlogSearch.trim() } : {}),
  };
  return {
    users: { queryKey: listKey('users', usersQuery), queryFn: ({ signal }: { signal: AbortSignal }) => records.list('users', usersQuery, signal) },
    period: { queryKey: listKey(BOARD_TYPE, periodQuery), queryFn: ({ signal }: { signal: AbortSignal }) => listPeriod(periodQuery, periodFrom, periodTo, signal) },
    backlog: { queryKey: listKey(BOARD_TYPE, backlogQuery), queryFn: ({ signal }: { signal: AbortSignal }) => records.list(BOARD_TYPE, backlogQuery, signal) },
  };
}

/**
 * The names of a reader's colleagues (a reader may not list users, reader-lanes.ts), and whether each
 * is still enabled: what the title cache's names do not say. One request for the period's lanes.
 */
export function staffNamesFetch(ids: readonly string[]): BoardFetch<ReadonlyMap<string, StaffName>> {
  const asked = ids.toSorted();
  return {
    queryKey: ['staffNames', asked],
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: StaffName[] }>('/users/names', { query: { ids: asked }, signal, silent: true });
      return new Map(answer.data.map((name) => [name.id, name]));
    },
  };
}

/**
 * Starts the board's reads of this tab's period while it renders (what react-query's
 * usePrefetchQuery does; useQuery asks only once the first render is committed), once: the calendar
 * screen calls it before the board's code has loaded, the board again (a period or search changed).
 * Nothing is asked for a role that may not read interventions (the board says why instead).
 */
export function useBoardPrefetch(moduleName: string, backlogSearch = '') {
  const client = useQueryClient();
  const { ability } = useSession();
  const [url] = useTabUrl();
  const { view, anchor } = boardPeriod(url);
  const days = useMemo(() => periodDays(view, anchor), [view, anchor]);
  const fetches = boardFetches(moduleName, days, backlogSearch);
  if (ability.can('read', 'assignment')) {
    const wanted = ability.can('read', 'user') ? [fetches.users, fetches.period, fetches.backlog] : [fetches.period, fetches.backlog];
    for (const fetch of wanted) if (!client.getQueryState(fetch.queryKey)) void client.prefetchQuery(fetch as BoardFetch<unknown>);
  }
  return { ...fetches, view, anchor, days };
}
