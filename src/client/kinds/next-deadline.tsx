/**
 * The equipment grids' «Prossima scadenza» cell (issue 23, the asset view): the nearest open deadline
 * of the row's equipment, its date and what it is («Revisione»), coloured when overdue or within 30
 * days. The cells of a grid page ask together: one list of open deadlines for their equipments.
 */
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import { ruleKindLabels } from '../../domain/entities/physical-activities.ts';
import { isExpired, isExpiring } from '../../domain/rules/expiry.ts';
import type { DeadlineRule } from '../../domain/rules/maintenance-rules.ts';
import { records } from '../data/index.ts';
import { batchLoader } from '../data/batch-loader.ts';
import { formatDate } from '../forms/format.ts';
import { useSession } from '../session/session.tsx';

interface NextDeadline { date: string; what: string }

/** Equipments per request: their open deadlines (a few each) fit one page of the API. */
const CHUNK = 50;
const DUE_DAYS = 30;

async function resolveBatch(equipmentIds: string[]): Promise<Map<string, NextDeadline>> {
  const found = new Map<string, NextDeadline>();
  for (let i = 0; i < equipmentIds.length; i += CHUNK) {
    const chunk = equipmentIds.slice(i, i + CHUNK);
    const page = await records.list('physicalActivities', {
      'filter[equipmentId]': chunk.join(','), 'filter[isExecuted]': false, 'filter[isEnded]': false, sort: 'deadlineDate', 'page[size]': 500,
    }, undefined, { silent: true });
    for (const deadline of page.data) {
      const equipmentId = String(deadline.relationships.equipmentId ?? '');
      if (!equipmentId || found.has(equipmentId)) continue;
      const rule = deadline.attributes.rule as DeadlineRule | undefined;
      found.set(equipmentId, { date: String(deadline.attributes.deadlineDate), what: rule ? ruleKindLabels[rule.kind] : '' });
    }
  }
  return found;
}

const loadNextDeadline = batchLoader(resolveBatch);

export function NextDeadlineCell({ row }: { row: EntityJson }) {
  const intl = useIntl();
  const { ability } = useSession();
  const readable = ability.can('read', 'physical activity');
  const { data, isPending } = useQuery({
    queryKey: ['nextDeadline', row.id],
    queryFn: () => loadNextDeadline(row.id),
    enabled: readable && row.attributes.state !== 'decommissioned',
    staleTime: 60_000,
  });
  if (!readable || row.attributes.state === 'decommissioned') return null;
  if (isPending) return <span aria-busy="true">…</span>;
  if (!data) return <span>{intl.formatMessage({ id: 'equipments.nextDeadline.none' })}</span>;
  const today = businessDay();
  const tone = isExpired(data.date, today) ? 'overdue' : isExpiring(data.date, today, DUE_DAYS) ? 'expiring' : undefined;
  return (
    <span className={`next-deadline${tone ? ` is-${tone}` : ''}`}>
      {formatDate(data.date)}{data.what ? ` · ${data.what}` : ''}
    </span>
  );
}
