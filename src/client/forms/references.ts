/**
 * Names of referenced entities (a quotation's customer, an assignment's operators) for cells and
 * reference fields. Lookups made in the same tick are batched into one `ids=` list request per
 * kind, and cached in react-query, so a grid page of 100 rows costs one request per column kind.
 */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom } from '../session/session.tsx';
import { queryClient } from '../api/query-client.ts';
import { api } from '../api/client.ts';
import { records } from '../data/index.ts';
import { findKind } from '../../domain/kinds.ts';
import { kindModule } from '../kinds/index.ts';
import type { EntityShape } from '../../domain/kind.ts';
import type { StaffName } from '../../domain/entities/users.ts';

interface EntityJson extends EntityShape { id: string }

const pending = new Map<string, Map<string, ((title: string) => void)[]>>();
let scheduled = false;

/** A batch asked of a kind's names path (`namesWithoutRead`) rather than of its list: `names:` and the path. */
const NAMES = 'names:';

/** Titles of one batch of ids of `type` (or of a names path), by id; an id left out is one the reader may not see. */
async function titlesOf(type: string, chunk: string[]): Promise<Map<string, string>> {
  if (type.startsWith(NAMES)) {
    const answer = await api.get<{ data: StaffName[] }>(`${type.slice(NAMES.length)}?ids=${chunk.map(encodeURIComponent).join(',')}`, { silent: true });
    return new Map(answer.data.map((name) => [name.id, name.displayName]));
  }
  // Best effort: a name next to an id. A row the user may not read shows «non visibile», not an alert.
  const answer = await records.list(type, { ids: chunk, 'page[size]': chunk.length, 'filter[isArchived]': 'all' }, undefined, { silent: true });
  const kind = findKind(type);
  return new Map(answer.data.map((e) => [e.id, kind ? kind.title(e) : e.id]));
}

function flush(): void {
  scheduled = false;
  const batches = [...pending.entries()];
  pending.clear();
  for (const [type, waiting] of batches) {
    const ids = [...waiting.keys()];
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      const settle = (titles: Map<string, string>) => {
        for (const id of chunk) for (const resolve of waiting.get(id) ?? []) resolve(titles.get(id) ?? '');
      };
      titlesOf(type, chunk).then(settle, () => settle(new Map()));
    }
  }
}

function loadTitle(type: string, id: string): Promise<string> {
  return new Promise((resolve) => {
    const waiting = pending.get(type) ?? new Map<string, ((title: string) => void)[]>();
    pending.set(type, waiting);
    waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

export const titleKey = (type: string, id: string) => ['title', type, id] as const;

/**
 * The display title of one entity: '' while it loads (or without an id); «non visibile» for a row the
 * reader may not see, never a placeholder that stays. Asking for a kind the role may not read would only
 * answer 403, so it is not asked; staff who may not read users still see their colleagues' names
 * (`GET /api/users/names`, issue 22: a sales manager's quotation names its salesman).
 */
export function useEntityTitle(type: string | undefined, id: string | undefined | null): string {
  const intl = useIntl();
  const { readable, staffNames, source } = useTitleSource(type);
  const { data } = useQuery({
    queryKey: titleKey(type ?? '', id ?? ''),
    queryFn: () => loadTitle(source!, id!),
    enabled: Boolean(type && id) && (readable || staffNames),
    staleTime: 5 * 60_000,
  });
  if (!type || !id) return '';
  if (!readable && !staffNames) return intl.formatMessage({ id: 'form.reference.hidden' });
  if (data === undefined) return '';
  return data || intl.formatMessage({ id: 'form.reference.hidden' });
}

/** Where the titles of `type` are asked: its list, its staff names path (`namesWithoutRead`), or nowhere. */
function useTitleSource(type: string | undefined): { readable: boolean; staffNames: boolean; source: string | undefined } {
  const session = useAtomValue(sessionAtom);
  const ability = session?.ability;
  const subject = type ? findKind(type)?.subject : undefined;
  const readable = !ability || !subject || ability.can('read', subject);
  const names = type && !readable ? kindModule(type).namesWithoutRead : undefined;
  const staffNames = names !== undefined && session !== null && names.offeredTo(session.identity);
  return { readable, staffNames, source: staffNames ? `${NAMES}${names.path}` : type };
}

/**
 * The display titles of several entities of one type (a planning board's lanes), as `useEntityTitle`
 * gives one: the same cache, the same batched request. An id is in the map once its title is known
 * («non visibile» for one the reader may not see); missing while it loads.
 */
export function useEntityTitles(type: string, ids: readonly string[]): ReadonlyMap<string, string> {
  const intl = useIntl();
  const { readable, staffNames, source } = useTitleSource(type);
  const hidden = intl.formatMessage({ id: 'form.reference.hidden' });
  const asked = readable || staffNames;
  // Pairs, not a Map: react-query keeps the same combined value while no title changes (structural
  // sharing of plain arrays), so the map below is rebuilt only when one does.
  const known = useQueries({
    queries: ids.map((id) => ({
      queryKey: titleKey(type, id),
      queryFn: () => loadTitle(source!, id),
      enabled: asked,
      staleTime: 5 * 60_000,
    })),
    combine: (results) => results.flatMap((result, i): [string, string][] => {
      if (!asked) return [[ids[i]!, hidden]];
      return result.data === undefined ? [] : [[ids[i]!, result.data || hidden]];
    }),
  });
  return useMemo(() => new Map(known), [known]);
}

/** Seeds the title cache from entities already loaded (a grid page, a search answer). */
export function rememberTitles(type: string, entities: EntityJson[]): void {
  const kind = findKind(type);
  if (!kind) return;
  for (const e of entities) queryClient.setQueryData(titleKey(type, e.id), kind.title(e));
}

/** Entities of a kind matching a text (reference pickers). */
export async function searchEntities(type: string, text: string, size = 20, filter: Record<string, string> = {}): Promise<{ id: string; title: string }[]> {
  const kind = findKind(type);
  const query: Record<string, string | number> = { ...filter, 'page[size]': size };
  if (text.trim()) query['filter[fullText]'] = text.trim();
  const answer = await records.list(type, query);
  rememberTitles(type, answer.data);
  return answer.data.map((e) => ({ id: e.id, title: kind ? kind.title(e) : e.id }));
}
