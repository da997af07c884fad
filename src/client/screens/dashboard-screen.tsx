/**
 * Dashboard (default landing): first what this user works on (dashboard-tiles.ts: the salesman's
 * quotations, the planner's overdue deadlines and week, the technician's day, the administrator's
 * recent changes), then an overview; every figure is the `meta.total` of a one-row list query and a
 * link to the grid showing exactly those rows (the grid view is the URL, so the counts agree). Tiles
 * are links: Tab reaches them, Enter opens the grid. Cached under the provider's list keys, so a
 * write or a live change of those kinds refreshes the figures in place. After the tiles, the role's
 * charts (issue 23, src/client/dashboard/): counts by group from the server, drawn or as tables.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { EXACT_TOTAL_LIMIT } from '../../domain/records.ts';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import { useSession } from '../session/session.tsx';
import { useOpenTab, useTabTitle } from '../workspace/tab-context.ts';
import { formatBasic } from '../forms/format-basic.ts';
import { lazyModule } from '../lazy-component.ts';
import { whenFirstScreenSettled } from '../first-screen.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import { addMessages } from '../i18n/index.ts';
import dashboardMessages from '../i18n/messages/dashboard.ts';
import { dashboardSections, figureText, tileHref, type Tile } from './dashboard-tiles.ts';
import DashboardCharts from '../dashboard/dashboard-charts.tsx';

addMessages(dashboardMessages);

// The kinds (their titles name the lists' records) bring zod and every schema: not before the figures.
const domainKinds = lazyModule(() => import('../../domain/kinds.ts'));
type FindKind = (typeof import('../../domain/kinds.ts'))['findKind'];

/** `findKind` once the first screen is ready and the kinds are in (first-screen.ts). */
function useFindKind(): FindKind | undefined {
  const [found, setFound] = useState<{ findKind: FindKind }>();
  useEffect(() => {
    let live = true;
    whenFirstScreenSettled()
      .then(domainKinds)
      .then(({ findKind }) => live && setFound({ findKind }))
      .catch((error: unknown) => console.error('kinds', error));
    return () => {
      live = false;
    };
  }, []);
  return found?.findKind;
}

type Figure = Pick<Tile, 'id' | 'type' | 'subject' | 'route' | 'query'>;

/** The overview everyone gets (what they may read of it). */
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

export default function DashboardScreen() {
  const intl = useIntl();
  const { ability, identity } = useSession();
  useTabTitle(intl.formatMessage({ id: 'screens.dashboard.title' }));
  useLiveUpdates();
  const today = businessDay();
  const sections = useMemo(() => dashboardSections(identity, ability, today), [identity, ability, today]);
  const visible = figures.filter((f) => ability.can('read', f.subject));
  return (
    <section className="screen screen-dashboard">
      <h1 className="screen-title"><FormattedMessage id="screens.dashboard.title" /></h1>
      {sections.map((section) => (
        <section key={section.id} className={`dashboard-section dashboard-${section.id}`} aria-labelledby={`dashboard-${section.id}-title`}>
          <h2 id={`dashboard-${section.id}-title`}><FormattedMessage id={section.title} /></h2>
          <div className="dashboard-cards">
            {section.tiles.map((tile) => <FigureCard key={tile.id} figure={tile} label={intl.formatMessage({ id: tile.label }, tile.values)} />)}
          </div>
        </section>
      ))}
      <DashboardCharts today={today} />
      {visible.length > 0 && (
        <section className="dashboard-section dashboard-overview" aria-labelledby="dashboard-overview-title">
          <h2 id="dashboard-overview-title"><FormattedMessage id="screens.dashboard.section.overview" /></h2>
          <div className="dashboard-cards">
            {visible.map((figure) => <FigureCard key={figure.id} figure={figure} label={intl.formatMessage({ id: `screens.dashboard.${figure.id}` })} />)}
          </div>
        </section>
      )}
      {ability.can('read', 'reminder') && (
        <RecentList
          title={intl.formatMessage({ id: 'screens.dashboard.reminders' })}
          type="reminders"
          // What is coming from today: overdue reminders are the reminders grid's (and the bell's), not «prossimi».
          query={{ 'filter[isDone]': 'false', 'from[dateTime]': today, sort: 'dateTime', 'page[size]': '8' }}
          detail={(e) => formatBasic(e.attributes.dateTime, 'datetime')}
        />
      )}
      {ability.can('read', 'quotation') && (
        <RecentList
          title={intl.formatMessage({ id: 'screens.dashboard.toApprove' })}
          type="quotations"
          query={{ 'filter[status]': 'to-be-approved', sort: '-date', 'page[size]': '8' }}
          detail={(e) => formatBasic(e.metadata.totalNetPrice, 'money')}
        />
      )}
    </section>
  );
}

function FigureCard({ figure, label }: { figure: Figure; label: string }) {
  const intl = useIntl();
  const openTab = useOpenTab();
  const query = { ...figure.query, 'page[size]': 1 };
  const { data, isPending, isError } = useQuery({
    queryKey: listKey(figure.type, query),
    queryFn: ({ signal }) => records.list(figure.type, query, signal),
    select: (answer) => answer.meta,
  });
  const href = tileHref(figure);
  return (
    <a className="dashboard-card" href={href} data-tile={figure.id} aria-busy={isPending} onClick={(e) => { if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return; e.preventDefault(); openTab(href); }}>
      <div className="figure" title={data?.totalIsEstimate ? intl.formatMessage({ id: 'screens.dashboard.aboutTitle' }, { limit: intl.formatNumber(EXACT_TOTAL_LIMIT) }) : data?.onDevice ? intl.formatMessage({ id: 'screens.dashboard.onDeviceTitle' }) : undefined}>
        {isPending ? '…' : isError && !data ? '—' : figureText(intl, data?.total ?? 0, data?.totalIsEstimate === true, EXACT_TOTAL_LIMIT)}
      </div>
      <div className="label">{label}</div>
      {/* Offline the device counts only what it keeps (issue 25): the figure says so instead of passing for the office's. */}
      {data?.onDevice && <div className="figure-note" data-on-device><FormattedMessage id="screens.dashboard.onDevice" /></div>}
    </a>
  );
}

function RecentList({ title, type, query, detail }: { title: string; type: string; query: Record<string, string>; detail(e: EntityJson): string }) {
  const openTab = useOpenTab();
  const findKind = useFindKind();
  const kind = findKind?.(type);
  const { data: rows } = useQuery({ queryKey: listKey(type, query), queryFn: ({ signal }) => records.list(type, query, signal), select: (answer) => answer.data });
  // Shown with their titles, never as bare ids.
  const data = kind ? rows : undefined;
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
                {kind?.title(entity)}
              </a>{' '}
              <span>{detail(entity)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
