/**
 * SPEC §9 limits this server runs with (`GET /api/limits`): activities per intervention, report
 * headings per module, and the modules whose report headings reached theirs. Live with the record
 * layer: a report heading written anywhere reads them again.
 */
import { useQuery } from '@tanstack/react-query';
import type { HeadingsOverLimit, Limits } from '../../domain/rules/limits.ts';
import { api } from '../api/client.ts';
import { listKey } from './records.ts';

export interface LimitsState extends Limits {
  reportHeadingsOverLimit: HeadingsOverLimit[];
}

/** Under the report headings' lists, so their writes (and their change notices) refresh the warnings. */
export const limitsKey = () => [...listKey('reportHeadings'), 'limits'] as const;

export function useLimits(): LimitsState | undefined {
  const answer = useQuery({
    queryKey: limitsKey(),
    queryFn: async () => (await api.get<{ data: LimitsState }>('/limits', { silent: true })).data,
    staleTime: 60_000,
  });
  return answer.data;
}
