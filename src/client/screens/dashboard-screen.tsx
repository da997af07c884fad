/**
 * Dashboard (default landing): live counts from the API (`meta.total` of one-row list queries),
 * each a link to the grid showing exactly those rows (the grid view is the URL), and the next
 * reminders and quotations waiting for approval. Cached under the provider's list keys, so a write
 * or a live change of those kinds refreshes the figures in place.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import { useSession } from '../session/session.tsx';
import { useOpenTab, useTabTitle } from '../workspace/tab-context.ts';
import { formatValue } from '../forms/format.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import type { EntityJson } from '../../domain/entity.ts';

interface Figure {
  id: string;
  type: string;
  subject: string;
  /** The grid route and its query (SPEC §7 language): also the API query of the count. */
  route: string;
  query: Record<string, string>;
}

const figures: Figure[] = [
  { id: 'quotationsToApprove', type: 'quotations', subject: 'quotation', route: '/marketing/quotations', query: { 'filter[status]': 'to-be-approved' } },
  { id: 'quotationsIssued', type: 'quotations', subject: 'quotation', route: '/marketing/quotations', query: { 'filter[status]': 'issued' } },
  { id: 'quotationsDraft', type: 'quotations', subject: 'quotation', route: '/marketing/quotations', query: { 'filter[status]': 'draft,revision' } },
  { id: 'assignmentsOpen', type: 'assignments', subject: 'assignment', route: '/planning/assignments', query: { 'filter[state]': 'open,postponed' } },
  { id: 'assignmentsRunning', type: 'assignments', subject: 'assignment', route: '/planning/assignments', query: { 'filter[state]': 'scheduled,running,paused' } },
  { id: 'ordersActive', type: 'orders', subject: 'order', route: '/marketing/orders', query: { 'filter[state]': 'todo,planned,in-progress' } },
  { id: 'deadlinesExpiring', type: 'physicalActivities', subject: 'physical activity', route: '/planning/physicalActivities', query: { 'filter[onlyExpiring]': 'true', 'filter[isExecuted]': 'false' } },
  { id: 'customersActive', type: 'customers', subject: 'customer', route: '/customers/company', query: { 'filter[type]': 'active' } },
];

const link = (route: string, query: Record<string, string>) =>
  `${route}?${Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&')}`;

export default function DashboardScreen() {
  const intl = useIntl();
  const { ability } = useSession();
  useTabTitle(intl.formatMessage({ id: 'screens.dashboard.title' }));
  useLiveUpdates();
  const visible = figures.filter((f) => ability.can('read', f.subject));
  return (
    <section className="screen screen-dashboard">
      <h1 className="screen-title"><FormattedMessage id="screens.dashboard.title" /></h1>
      <div className="dashboard-cards">
        {visible.map((figure) => <FigureCard key={figure.id} figure={figure} />)}
      </div>
      {ability.can('read', 'reminder') && (
        <RecentList
          title={intl.formatMessage({ id: 'screens.dashboard.reminders' })}
          type="reminders"
          query={{ 'filter[isDone]': 'false', sort: 'dateTime', 'page[size]': '8' }}
          detail={(e) => formatValue(e.attributes.dateTime, 'datetime')}
        />
      )}
      {ability.can('read', 'quotation') && (
        <RecentList
          title={intl.formatMessage({ id: 'screens.dashboard.toApprove' })}
          type="quotations"
          query={{ 'filter[status]': 'to-be-approved', sort: '-date', 'page[size]': '8' }}
          detail={(e) => formatValue(e.metadata.totalNetPrice, 'money')}
        />
      )}
    </section>
  );
}

function FigureCard({ figure }: { figure: Figure }) {
  const openTab = useOpenTab();
  const query = { ...figure.query, 'page[size]': 1 };
  const { data, isPending } = useQuery({
    queryKey: listKey(figure.type, query),
    queryFn: ({ signal }) => records.list(figure.type, query, signal),
    select: (answer) => answer.meta.total,
  });
  const href = link(figure.route, figure.query);
  return (
    <a className="dashboard-card" href={href} onClick={(e) => { if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return; e.preventDefault(); openTab(href); }}>
      <div className="figure">{isPending ? '…' : (data ?? 0).toLocaleString('it-IT')}</div>
      <div><FormattedMessage id={`screens.dashboard.${figure.id}`} /></div>
    </a>
  );
}

function RecentList({ title, type, query, detail }: { title: string; type: string; query: Record<string, string>; detail(e: EntityJson): string }) {
  const openTab = useOpenTab();
  const kind = findKind(type);
  const { data } = useQuery({ queryKey: listKey(type, query), queryFn: ({ signal }) => records.list(type, query, signal), select: (answer) => answer.data });
  return (
    <section className="dashboard-list">
      <h2>{title}</h2>
      {data && data.length === 0 && <p><FormattedMessage id="grid.empty" /></p>}
      <ul>
        {(data ?? []).map((entity) => {
          const href = recordTabUrl(type, entity.id, entity);
          return (
            <li key={entity.id}>
              <a href={href} onClick={(e) => { if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return; e.preventDefault(); openTab(href); }}>
                {kind?.title(entity) ?? entity.id}
              </a>{' '}
              <span>{detail(entity)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
