/**
 * The anomaly lists' «Controllo» cell (issue 23): the control whose failed check raised the anomaly,
 * by name. The cells of a grid page ask together: one list of their checks, then one of the controls.
 */
import { useQuery } from '@tanstack/react-query';
import type { EntityJson } from '../../domain/entity.ts';
import { records } from '../data/index.ts';
import { batchLoader } from '../data/batch-loader.ts';
import { useSession } from '../session/session.tsx';

const CHUNK = 100;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

async function resolveBatch(checkIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < checkIds.length; i += CHUNK) {
    const chunk = checkIds.slice(i, i + CHUNK);
    const checks = await records.list('checks', { ids: chunk.join(','), 'page[size]': chunk.length }, undefined, { silent: true });
    const controlOf = new Map(checks.data.map((check) => [check.id, text(check.relationships.controlId)]));
    const controlIds = [...new Set([...controlOf.values()].filter((id): id is string => id !== undefined))];
    if (controlIds.length === 0) continue;
    const controls = await records.list('controls', { ids: controlIds.join(','), 'page[size]': controlIds.length }, undefined, { silent: true });
    const names = new Map(controls.data.map((control) => [control.id, text(control.attributes.name)]));
    for (const [checkId, controlId] of controlOf) {
      const name = controlId ? names.get(controlId) : undefined;
      if (name) found.set(checkId, name);
    }
  }
  return found;
}

const loadControlName = batchLoader(resolveBatch);

export function AnomalyControlCell({ row }: { row: EntityJson }) {
  const { ability } = useSession();
  const checkId = text(row.relationships.checkId);
  const readable = ability.can('read', 'checks');
  const { data } = useQuery({ queryKey: ['anomalyControl', checkId ?? ''], queryFn: () => loadControlName(checkId!), enabled: Boolean(checkId) && readable, staleTime: 300_000 });
  return checkId && data ? <span>{data}</span> : null;
}
