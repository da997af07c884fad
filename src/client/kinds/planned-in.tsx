/**
 * The deadlines worklist's «Intervento» cell: a deadline planned in an intervention (its
 * `assignmentActivityId`, set by «Crea intervento») shows that intervention's code as a link to it.
 * The cells of a grid page ask in the same tick: one `ids=` list of their activities, then one of
 * their interventions, cached per activity.
 */
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { records } from '../data/index.ts';
import { batchLoader } from '../data/batch-loader.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';

interface PlannedIn { id: string; code: string; entity: EntityJson }

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

async function resolveBatch(activityIds: string[]): Promise<Map<string, PlannedIn>> {
  const found = new Map<string, PlannedIn>();
  for (let i = 0; i < activityIds.length; i += 100) {
    const chunk = activityIds.slice(i, i + 100);
    const activities = await records.list('assignmentActivities', { ids: chunk.join(','), 'page[size]': chunk.length }, undefined, { silent: true });
    const assignmentOf = new Map(activities.data.map((a) => [a.id, text(a.relationships.assignmentId)]));
    const assignmentIds = [...new Set([...assignmentOf.values()].filter((id): id is string => id !== undefined))];
    if (assignmentIds.length === 0) continue;
    const assignments = await records.list('assignments', { ids: assignmentIds.join(','), 'page[size]': assignmentIds.length }, undefined, { silent: true });
    const byId = new Map(assignments.data.map((a) => [a.id, a]));
    for (const [activityId, assignmentId] of assignmentOf) {
      const assignment = assignmentId ? byId.get(assignmentId) : undefined;
      if (assignment) found.set(activityId, { id: assignment.id, code: String(assignment.attributes.code ?? ''), entity: assignment });
    }
  }
  return found;
}

const loadPlannedIn = batchLoader(resolveBatch);

/** The intervention a deadline is planned in, as a link with its code (nothing for one still to plan). */
export function PlannedInCell({ row }: { row: EntityJson }) {
  const intl = useIntl();
  const { ability } = useSession();
  const activityId = text(row.relationships.assignmentActivityId);
  const readable = ability.can('read', 'assignment') && ability.can('read', 'assignment activity');
  const { data } = useQuery({
    queryKey: ['plannedIn', activityId ?? ''],
    queryFn: () => loadPlannedIn(activityId!),
    enabled: Boolean(activityId) && readable,
    staleTime: 60_000,
  });
  if (!activityId) return null;
  if (!data) return <span className="deadline-planned">{intl.formatMessage({ id: 'deadlines.planned' })}</span>;
  return (
    <AppLink href={recordTabUrl('assignments', data.id, data.entity)} tabIndex={-1} className="deadline-planned" title={intl.formatMessage({ id: row.attributes.isExecuted === true ? 'deadlines.executedIn' : 'deadlines.plannedIn' }, { code: data.code })}>
      {data.code}
    </AppLink>
  );
}
