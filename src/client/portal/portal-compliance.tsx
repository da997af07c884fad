/**
 * The portal's home (issue 26 §1): the customer's compliance per site across its modules, each site
 * with its worst state and its deadlines by state (scaduto, in scadenza within 30, 60, 90 days, in
 * regola), and a chart of what falls due in the next 12 months with its table behind Alt+T. Every
 * figure is the server's count through its read rule (`portal-data.ts`).
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import { overallState, type PortalOverall, type PortalStateCounts } from '../../domain/rules/portal-compliance.ts';
import { dashboardCommands } from '../../../commands/dashboard.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { ChartFigure } from '../dashboard/dashboard-charts.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { CalendarFeed } from '../settings/calendar-feed.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { useIsActiveTab, useTabTitle } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { useSession } from '../session/session.tsx';
import { useCustomer, useDueByMonth, usePortalModules, useSiteCounts, useSites } from './portal-data.ts';
import { dueByMonthTable, moduleName, portalSiteUrl, usePortalTexts } from './portal-texts.ts';
import './portal-styles.ts';

const STATES: readonly (keyof PortalStateCounts)[] = ['expired', 'within30', 'within60', 'within90', 'ok'];

interface Site {
  id: string;
  name: string;
  address: string;
}

function siteOf(entity: Entity, name: string): Site {
  const registry = (entity.attributes.registry ?? {}) as Record<string, unknown>;
  const address = [registry.address, registry.city].filter((part) => typeof part === 'string' && part !== '').join(', ');
  return { id: entity.id, name, address };
}

export function failureText(error: unknown): string {
  return error instanceof ApiProblem ? problemText(error) : String((error as Error | undefined)?.message ?? error);
}

export default function PortalCompliance({ customerId, staffView }: { customerId: string; staffView: boolean }) {
  const intl = useIntl();
  const { identity } = useSession();
  const texts = usePortalTexts();
  const today = businessDay();
  const customer = useCustomer(customerId);
  const sitesQuery = useSites(customerId);
  const modules = usePortalModules(customer.data);
  const { counts, failed } = useSiteCounts(customerId, modules);
  const months = useDueByMonth(customerId, modules, today);
  const [tables, setTables] = useState(false);
  const active = useIsActiveTab();
  const commands = useMemo(() => dashboardCommands({ toggle: () => setTables((shown) => !shown) }), []);
  useScopedCommands('tab', commands, active && modules.length > 0);

  const name = String(customer.data?.metadata.displayName ?? '');
  useTabTitle(intl.formatMessage({ id: 'portal.tabTitle' }, { customer: name }));
  const error = customer.error ?? sitesQuery.error ?? failed ?? months.error;
  if (error) return <p role="alert"><FormattedMessage id="portal.failed" values={{ reason: failureText(error) }} /></p>;
  if (!customer.data || !sitesQuery.data) return <p role="status"><FormattedMessage id="portal.loading" /></p>;
  // Issue 26 §9: a user limited to some sites (the head office under the customer's id) sees only those; the
  // office locations are already limited by the server's read rule, the head office is the customer itself.
  const ownSites = identity.userType === 'customer' ? identity.officeLocationIds : [];
  const headOffice = ownSites.length === 0 || ownSites.includes(customerId);
  const sites: Site[] = [
    ...(headOffice ? [siteOf(customer.data, intl.formatMessage({ id: 'portal.headOffice' }))] : []),
    ...sitesQuery.data.data.map((site) => siteOf(site, String(site.metadata.displayName ?? '').replace(`${name} – `, ''))),
  ];
  return (
    <section className="portal portal-compliance" aria-labelledby="portal-title">
      <h1 id="portal-title" className="screen-title"><FormattedMessage id="portal.title" /> – {name}</h1>
      <p><FormattedMessage id="portal.intro" values={{ customer: name }} /></p>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      {modules.length === 0 ? (
        <p role="status"><FormattedMessage id="portal.noModules" /></p>
      ) : (
        <>
          <div className="dashboard-charts-bar">
            <h2><FormattedMessage id="portal.sites" /></h2>
            <CommandButton commandId="dashboard.chartTables" label={intl.formatMessage({ id: tables ? 'dashboard.charts.showCharts' : 'dashboard.charts.showTables' })} />
          </div>
          {!counts ? (
            <p role="status"><FormattedMessage id="portal.loading" /></p>
          ) : (
            <ul className="portal-sites">
              {sites.map((site) => (
                <li key={site.id}>
                  <SiteCard customerId={customerId} site={site} modules={modules} counts={counts.get(site.id)} />
                </li>
              ))}
            </ul>
          )}
          <ChartFigure id="portalDueByMonth" title={intl.formatMessage({ id: 'portal.chart.title' })} rowHeader={intl.formatMessage({ id: 'portal.chart.rowHeader' })}
            table={months.data ? dueByMonthTable(months.data, modules, today, texts) : undefined} tables={tables} horizontal={false} stacked />
        </>
      )}
      {/* Its own calendar: the customer's user's, not staff looking at its portal. */}
      {!staffView && <CalendarFeed />}
    </section>
  );
}

function SiteCard({ customerId, site, modules, counts }: { customerId: string; site: Site; modules: readonly string[]; counts: Map<string, PortalStateCounts> | undefined }) {
  const intl = useIntl();
  const rows = modules.map((module) => ({ module, counts: counts?.get(module) }));
  const overall: PortalOverall = overallState(rows.flatMap((row) => (row.counts ? [row.counts] : [])));
  const titleId = `portal-site-${site.id}`;
  return (
    <article className="portal-site" data-state={overall} aria-labelledby={titleId}>
      <h3 id={titleId}>
        <AppLink href={portalSiteUrl(customerId, site.id)} aria-label={intl.formatMessage({ id: 'portal.site.open' }, { site: site.name })}>{site.name}</AppLink>
      </h3>
      {site.address && <p className="portal-site-address">{site.address}</p>}
      <p className="portal-state" data-state={overall}><FormattedMessage id={`portal.state.${overall}`} /></p>
      {overall === 'none' ? null : (
        <table className="portal-counts">
          <caption className="sr-only">{site.name}</caption>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="portal.table.module" /></th>
              {STATES.map((state) => <th key={state} scope="col"><FormattedMessage id={`portal.table.${state}`} /></th>)}
            </tr>
          </thead>
          <tbody>
            {rows.filter((row) => row.counts).map((row) => (
              <tr key={row.module} data-module={row.module}>
                <th scope="row">{moduleName(intl, row.module)}</th>
                {STATES.map((state) => (
                  <td key={state} data-count={state} className={row.counts![state] > 0 && state !== 'ok' ? `is-${state}` : undefined}>{intl.formatNumber(row.counts![state])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
