/**
 * What the portal reads (issue 26), all through the record layer and so the server's read rule: a
 * customer user gets its own customer's rows only, staff what their abilities give them.
 * - the customer and its sites (office locations);
 * - its deadlines still to do counted per site and module in each window (`filter[due]`, the
 *   worklist's windows) and per month of the next 12, by the list's aggregate;
 * - a site's deadlines themselves, nearest first.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import { listKey, recordKey, records } from '../data/index.ts';
import { useSession } from '../session/session.tsx';
import {
  monthsAheadRange, PORTAL_DEADLINE_MODULES, PORTAL_WINDOWS, siteModuleCounts,
  type PortalStateCounts, type PortalWindow,
} from '../../domain/rules/portal-compliance.ts';

/** Deadlines still to do, as the worklist counts them. */
export const PENDING_FILTER = { 'filter[isExecuted]': 'false', 'filter[isEnded]': 'false' } as const;
/** The most deadlines a site's page lists (the nearest first). */
export const SITE_PAGE_SIZE = 500;

const windowFilter = (window: PortalWindow): Record<string, string> => (window === 'pending' ? { ...PENDING_FILTER } : { 'filter[due]': window });

export function useCustomer(customerId: string) {
  return useQuery({ queryKey: recordKey('customers', customerId), queryFn: ({ signal }) => records.get('customers', customerId, signal) });
}

/** The customer's office locations, by name. */
export function useSites(customerId: string) {
  const params = { 'filter[parentId]': customerId, sort: 'displayName', 'page[size]': '200' };
  return useQuery({ queryKey: listKey('customers', params), queryFn: ({ signal }) => records.list('customers', params, signal) });
}

/**
 * The modules the portal shows: those of the customer that have deadlines, which the signed-in user
 * may also use (a user limited to some modules sees only those).
 */
export function usePortalModules(customer: Entity | undefined): string[] {
  const { identity } = useSession();
  const own = (customer?.attributes.allowedModules as string[] | undefined) ?? [];
  const allowed = identity.allowedModules as readonly string[];
  return PORTAL_DEADLINE_MODULES.filter((module) => own.includes(module) && (allowed.length === 0 || allowed.includes(module)));
}

/** Per site (the head office under the customer's id) and module, the deadlines still to do by state. */
export function useSiteCounts(customerId: string, modules: readonly string[]): { counts: Map<string, Map<string, PortalStateCounts>> | undefined; failed: unknown } {
  const results = useQueries({
    queries: PORTAL_WINDOWS.map((window) => {
      const params = { 'filter[customerId]': customerId, 'filter[module]': modules.join(','), ...windowFilter(window), group: 'customerLocationId,module', limit: '500' };
      return {
        queryKey: [...listKey('physicalActivities'), 'aggregate', params],
        queryFn: ({ signal }: { signal: AbortSignal }) => records.aggregate('physicalActivities', params, signal),
        enabled: modules.length > 0,
      };
    }),
  });
  const failed = results.find((result) => result.error)?.error;
  if (modules.length === 0 || results.some((result) => !result.data)) return { counts: undefined, failed };
  const windows = Object.fromEntries(PORTAL_WINDOWS.map((window, i) => [window, results[i]!.data!.data])) as Record<PortalWindow, { key: Record<string, unknown>; count: number }[]>;
  return { counts: siteModuleCounts(windows, customerId), failed };
}

/** The deadlines still to do of the next 12 months, per month and module (the chart). */
export function useDueByMonth(customerId: string, modules: readonly string[], today: string, siteId?: string) {
  const { from, to } = monthsAheadRange(today);
  const params: Record<string, string> = {
    'filter[customerId]': customerId, 'filter[module]': modules.join(','), ...PENDING_FILTER,
    'from[deadlineDate]': from, 'to[deadlineDate]': to, group: 'deadlineDate:month,module', limit: '500',
    ...siteFilter(customerId, siteId),
  };
  return useQuery({
    queryKey: [...listKey('physicalActivities'), 'aggregate', params],
    queryFn: ({ signal }) => records.aggregate('physicalActivities', params, signal),
    enabled: modules.length > 0,
  });
}

/** A site's own deadlines: the head office's have no office location. */
export function siteFilter(customerId: string, siteId: string | undefined): Record<string, string> {
  if (siteId === undefined) return {};
  return siteId === customerId ? { 'has[customerLocationId]': 'false' } : { 'filter[customerLocationId]': siteId };
}

/** A site's deadlines still to do of one module, nearest first. */
export function useSiteDeadlines(customerId: string, siteId: string, module: string) {
  const params = {
    'filter[customerId]': customerId, 'filter[module]': module, ...PENDING_FILTER, ...siteFilter(customerId, siteId),
    sort: 'deadlineDate', 'page[size]': String(SITE_PAGE_SIZE),
  };
  return useQuery({ queryKey: listKey('physicalActivities', params), queryFn: ({ signal }) => records.list('physicalActivities', params, signal) });
}

/**
 * The equipment and installations a site's deadlines are about, by id (what the customer recognises:
 * code, type and where it is), read in one list each.
 */
export function useDeadlineTargets(type: 'equipments' | 'installations', ids: readonly string[]) {
  const unique = [...new Set(ids)].toSorted();
  const params = { ids: unique.join(','), 'filter[isArchived]': 'all', 'page[size]': String(Math.max(1, unique.length)) };
  return useQuery({
    queryKey: listKey(type, params),
    queryFn: ({ signal }) => records.list(type, params, signal, { silent: true }),
    enabled: unique.length > 0,
  });
}
