/**
 * Record search of the palette: the API full-text filter (SPEC §7 `filter[fullText]`) over the
 * kinds people look for by name, debounced, only the kinds the user may read within its modules
 * (a course edition's page is of module edu: a fire-only user's search never asks for them).
 */
import { useQueries } from '@tanstack/react-query';
import type { AppAbility } from '../../domain/ability.ts';
import { records } from '../data/index.ts';
import { kindRouteModules, modulesAllowed, recordTabUrl } from '../../domain/routes.ts';
import { recordSearchKinds } from '../kinds/index.ts';
import { useDebounced } from '../use-debounced.ts';
import { SEARCH_DEBOUNCE_MS } from './search-debounce.ts';

/** API type → CASL subject, in palette order: the kinds whose module asks for record search. */
export const searchKinds: readonly [type: string, subject: string][] = recordSearchKinds;

const PER_KIND = 5;

export interface RecordHit {
  type: string;
  id: string;
  url: string;
  title: string;
  detail?: string;
}

interface EntityJson {
  id: string;
  attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined);

/** A readable name for a record of any kind: its code and its name, whichever it has. */
export function recordTitle(entity: EntityJson): { title: string; detail?: string } {
  const a = entity.attributes;
  const m = entity.metadata;
  const registry = (a.registry ?? {}) as Record<string, unknown>;
  const code = text(a.code) ?? text(a.orderNumber) ?? text(a.equipmentId) ?? text(a.serialNumber);
  const name = text(m.displayName) ?? text(a.name) ?? text(a.businessName) ?? text(registry.businessName) ?? text(a.title) ?? text(a.description);
  const title = [code, name].filter(Boolean).join(' · ') || entity.id;
  const customer = text(m.customerName);
  return customer && customer !== name ? { title, detail: customer } : { title };
}

/** The search kinds a user reads: its ability, and the module of the kind's page (`kindRouteModules`) among its own. */
export function userSearchKinds(user: { ability: Pick<AppAbility, 'can'>; allowedModules: readonly string[] }): string[] {
  return searchKinds.filter(([type, subject]) => user.ability.can('read', subject) && modulesAllowed(kindRouteModules(type), user.allowedModules)).map(([type]) => type);
}

/**
 * One kind's matches, as palette hits; a kind that fails (e.g. no full text on it) finds nothing. A
 * search given up for a newer term stays a failure, so «nothing found» is never kept for that term.
 */
function searchKind(type: string, term: string, signal: AbortSignal): Promise<RecordHit[]> {
  return records
    .list(type, { 'filter[fullText]': term, 'page[size]': PER_KIND }, signal, { silent: true })
    // A record's page may name another of its records (a customer's price list): the entity says which.
    .then((answer) => answer.data.map((entity): RecordHit => ({ type, id: entity.id, url: recordTabUrl(type, entity.id, entity), ...recordTitle(entity) })))
    .catch((error: unknown) => {
      if (signal.aborted) throw error;
      return [];
    });
}

/** The kinds' answers so far, in palette order, each page once. */
function combineHits(results: readonly { data?: RecordHit[]; isFetching: boolean; isError: boolean }[]) {
  const seen = new Set<string>();
  const hits = results.flatMap((result) => result.data ?? []).filter((hit) => !seen.has(hit.url) && Boolean(seen.add(hit.url)));
  return { data: hits, isFetching: results.some((result) => result.isFetching), isError: results.some((result) => result.isError) };
}

/**
 * Full text finds codes too (`PRV-2026-000` → the quotations whose code starts so). One request per
 * kind, each shown as soon as it answers: the fastest kinds' records do not wait for the slowest.
 */
export function useRecordSearch(search: string, user: { ability: AppAbility; allowedModules: readonly string[] }) {
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const kinds = userSearchKinds(user);
  const found = useQueries({
    queries: kinds.map((type) => ({
      queryKey: ['palette', 'records', term, type],
      enabled: term.length >= 2,
      staleTime: 30_000,
      queryFn: ({ signal }: { signal: AbortSignal }) => searchKind(type, term, signal),
    })),
    combine: combineHits,
  });
  // Still searching while the last keys wait for the debounce too: the records shown are an earlier
  // term's (or none) until the typed one is asked and answered.
  const waiting = search.trim().length >= 2 && term !== search.trim();
  return { ...found, isFetching: found.isFetching || waiting };
}
