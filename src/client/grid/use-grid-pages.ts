/**
 * Server pages of a grid through react-query: only the pages under the visible rows are fetched
 * (plus the first, which gives `meta.total`), each cached under the grid's query, so scrolling
 * back is instant and a changed filter starts from a fresh total. Pages are cached under the
 * provider's `listKey`, so a write or a live change notice refetches them in place: the rows
 * change, the grid's scroll and selection stay (they reset only when the view's query changes).
 */
import { useMemo } from 'react';
import { useQueries, useQuery, useQueryClient, keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import type { EntityJson } from '../../domain/entity.ts';
import type { ListResult } from '../../domain/records.ts';
import { pageQuery, type GridState } from './grid-state.ts';

export const PAGE_SIZE = 100;

/**
 * One page. When the page before is in the cache with its keyset cursor (`meta.page.next`), the
 * page is read after it (`page[after]`): as fast at row 50,000 as at row 100, where an offset
 * steps over every row before it. A jump far down (no page before in the cache) uses the offset.
 * The cache key stays the page number either way, so both answers are the same page.
 */
function fetchPage(client: QueryClient, type: string, state: GridState, fixed: Record<string, string>, page: number, signal: AbortSignal) {
  const before = page > 1 ? client.getQueryData<ListResult>(listKey(type, pageQuery(state, fixed, page - 1, PAGE_SIZE))) : undefined;
  return records.list(type, pageQuery(state, fixed, page, PAGE_SIZE, before?.meta.page.next), signal);
}

export interface GridPages {
  /** Rows to scroll through: the exact total, or the database's estimate when `totalIsEstimate` (pages past the real end come back empty). */
  total: number;
  totalIsEstimate: boolean;
  /** The row at an index, or undefined while its page loads. */
  row(index: number): EntityJson | undefined;
  loading: boolean;
  error: unknown;
}

/** Pages of `type` for rows `[first, last]` (virtual range). */
export function useGridPages(type: string, state: GridState, fixed: Record<string, string>, first: number, last: number): GridPages {
  useLiveUpdates();
  const client = useQueryClient();
  const firstQuery = useQuery({
    queryKey: listKey(type, pageQuery(state, fixed, 1, PAGE_SIZE)),
    queryFn: ({ signal }) => fetchPage(client, type, state, fixed, 1, signal),
    placeholderData: keepPreviousData,
  });
  const total = firstQuery.data?.meta.total ?? 0;
  const pages = useMemo(() => {
    const out: number[] = [];
    if (total === 0) return out;
    const from = Math.floor(Math.max(0, first) / PAGE_SIZE) + 1;
    const to = Math.floor(Math.min(Math.max(first, last), total - 1) / PAGE_SIZE) + 1;
    for (let p = Math.max(2, from); p <= to; p++) out.push(p);
    return out;
  }, [first, last, total]);
  const rest = useQueries({
    queries: pages.map((page) => ({
      queryKey: listKey(type, pageQuery(state, fixed, page, PAGE_SIZE)),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPage(client, type, state, fixed, page, signal),
    })),
  });
  const byPage = new Map<number, EntityJson[]>();
  // While a new filter loads, the previous first page is a placeholder: do not show its rows as the answer.
  if (firstQuery.data && !firstQuery.isPlaceholderData) byPage.set(1, firstQuery.data.data);
  pages.forEach((page, i) => {
    const data = rest[i]?.data;
    if (data) byPage.set(page, data.data);
  });
  return {
    total,
    totalIsEstimate: firstQuery.data?.meta.totalIsEstimate === true,
    row: (index) => byPage.get(Math.floor(index / PAGE_SIZE) + 1)?.[index % PAGE_SIZE],
    loading: firstQuery.isFetching,
    error: firstQuery.error,
  };
}
