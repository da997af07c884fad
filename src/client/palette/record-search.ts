/**
 * Record search of the palette: the API full-text filter (SPEC §7 `filter[fullText]`) over the
 * kinds people look for by name, debounced, only the kinds the user may read within its modules
 * (a course edition's page is of module edu: a fire-only user's search never asks for them).
 */
import { useQuery } from '@tanstack/react-query';
import type { AppAbility } from '../../domain/ability.ts';
import { records } from '../data/index.ts';
import { kindRouteModules, modulesAllowed, recordTabUrl } from '../../domain/routes.ts';
import { recordSearchKinds } from '../kinds/index.ts';
import { useDebounced } from '../use-debounced.ts';

/** API type → CASL subject, in palette order: the kinds whose module asks for record search. */
export const searchKinds: readonly [type: string, subject: string][] = recordSearchKinds;

export const SEARCH_DEBOUNCE_MS = 200;
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

export function useRecordSearch(search: string, user: { ability: AppAbility; allowedModules: readonly string[] }) {
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const kinds = userSearchKinds(user);
  return useQuery({
    queryKey: ['palette', 'records', term, kinds],
    enabled: term.length >= 2 && kinds.length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      // Full text finds codes too (`PRV-2026-000` → the quotations whose code starts so): one request per kind.
      const requests = kinds.map((type) => ({ type, query: { 'filter[fullText]': term, 'page[size]': PER_KIND } }));
      const lists = await Promise.all(
        requests.map(({ type, query }) =>
          records
            .list(type, query, signal, { silent: true })
            .then((answer) => answer.data.map((entity): RecordHit | undefined => {
              // A record's page may name another of its records (a customer's price list): the entity says which.
              return { type, id: entity.id, url: recordTabUrl(type, entity.id, entity), ...recordTitle(entity) };
            }))
            // One kind failing (e.g. no full text on it) leaves the others.
            .catch(() => [] as (RecordHit | undefined)[]),
        ),
      );
      const seen = new Set<string>();
      return lists.flat().filter((hit): hit is RecordHit => hit !== undefined && !seen.has(hit.url) && Boolean(seen.add(hit.url)));
    },
  });
}
