/**
 * Names of referenced entities (a quotation's customer, an assignment's operators) for cells and
 * reference fields. Lookups made in the same tick are batched into one `ids=` list request per
 * kind, and cached in react-query, so a grid page of 100 rows costs one request per column kind.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../session/session.tsx';
import { queryClient } from '../api/query-client.ts';
import { records } from '../data/index.ts';
import { findKind } from '../../domain/kinds.ts';
import type { EntityShape } from '../../domain/kind.ts';

interface EntityJson extends EntityShape { id: string }

const pending = new Map<string, Map<string, ((title: string) => void)[]>>();
let scheduled = false;

function flush(): void {
  scheduled = false;
  const batches = [...pending.entries()];
  pending.clear();
  for (const [type, waiting] of batches) {
    const ids = [...waiting.keys()];
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      records
        // Best effort: a name next to an id. A kind the user may not read (a customer user's referent) shows no name, not an alert.
        .list(type, { ids: chunk, 'page[size]': chunk.length, 'filter[isArchived]': 'all' }, undefined, { silent: true })
        .then((answer) => {
          const kind = findKind(type);
          const titles = new Map(answer.data.map((e) => [e.id, kind ? kind.title(e) : e.id]));
          for (const id of chunk) for (const resolve of waiting.get(id) ?? []) resolve(titles.get(id) ?? '');
        })
        .catch(() => {
          for (const id of chunk) for (const resolve of waiting.get(id) ?? []) resolve('');
        });
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

/** The display title of one entity ('' while loading or when unknown, or of a kind the role may not list). */
export function useEntityTitle(type: string | undefined, id: string | undefined | null): string {
  const ability = useAtomValue(sessionAtom)?.ability;
  const subject = type ? findKind(type)?.subject : undefined;
  // Asking for a kind the role may not read would only answer 403 (a salesman's quotation names its author, a user).
  const readable = !ability || !subject || ability.can('read', subject);
  const { data } = useQuery({
    queryKey: titleKey(type ?? '', id ?? ''),
    queryFn: () => loadTitle(type!, id!),
    enabled: Boolean(type && id) && readable,
    staleTime: 5 * 60_000,
  });
  return data ?? '';
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
