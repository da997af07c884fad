/**
 * A site's compliance in the portal (issue 26 §1): per module the deadlines still to do, nearest first,
 * each with its state and the norm behind its date («revisione: UNI 9994-1:2024, 5 anni dalla
 * produzione»), and the site's own 12-month chart.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { businessDay } from '../../domain/business-day.ts';
import { dashboardCommands } from '../../../commands/dashboard.ts';
import { ChartFigure } from '../dashboard/dashboard-charts.tsx';
import { enumLabel, formatValue } from '../forms/format.ts';
import { CommandButton } from '../shell/command-button.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { useIsActiveTab, useTabTitle } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { failureText } from './portal-compliance.tsx';
import { useCustomer, useDeadlineTargets, useDueByMonth, usePortalModules, useSiteDeadlines } from './portal-data.ts';
import type { Entity } from '../../domain/entity.ts';
import { deadlineStateText, dueByMonthTable, moduleName, portalUrl, reasonText, usePortalTexts } from './portal-texts.ts';
import { recordKey, records } from '../data/index.ts';
import { useQuery } from '@tanstack/react-query';
import './portal-styles.ts';
import { SiteRegister } from './portal-register.tsx';

export default function PortalSite({ customerId, siteId, staffView }: { customerId: string; siteId: string; staffView: boolean }) {
  const intl = useIntl();
  const texts = usePortalTexts();
  const today = businessDay();
  const customer = useCustomer(customerId);
  // The head office is the customer itself; another site is one of its office locations.
  const site = useQuery({ queryKey: recordKey('customers', siteId), queryFn: ({ signal }) => records.get('customers', siteId, signal), enabled: siteId !== customerId });
  const modules = usePortalModules(customer.data);
  const months = useDueByMonth(customerId, modules, today, siteId);
  const [tables, setTables] = useState(false);
  const active = useIsActiveTab();
  const commands = useMemo(() => dashboardCommands({ toggle: () => setTables((shown) => !shown) }), []);
  useScopedCommands('tab', commands, active && modules.length > 0);

  const siteEntity = siteId === customerId ? customer.data : site.data;
  const customerName = String(customer.data?.metadata.displayName ?? '');
  const siteName = siteId === customerId ? intl.formatMessage({ id: 'portal.headOffice' }) : String(siteEntity?.metadata.displayName ?? '').replace(`${customerName} – `, '');
  useTabTitle(intl.formatMessage({ id: 'portal.site.tabTitle' }, { site: siteName }));
  const error = customer.error ?? site.error;
  if (error) return <p role="alert"><FormattedMessage id="portal.failed" values={{ reason: failureText(error) }} /></p>;
  if (!customer.data || !siteEntity) return <p role="status"><FormattedMessage id="portal.loading" /></p>;
  if (siteId !== customerId && siteEntity.attributes.parentId !== customerId) return <p role="alert"><FormattedMessage id="portal.site.notFound" /></p>;
  return (
    <section className="portal portal-site-page" aria-labelledby="portal-site-title">
      <p><AppLink href={portalUrl(customerId)}><FormattedMessage id="portal.site.back" /></AppLink></p>
      <h1 id="portal-site-title" className="screen-title"><FormattedMessage id="portal.site.title" values={{ site: `${siteName} – ${customerName}` }} /></h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      {modules.length === 0 && <p role="status"><FormattedMessage id="portal.noModules" /></p>}
      {modules.map((module) => <ModuleDeadlines key={module} customerId={customerId} siteId={siteId} module={module} today={today} />)}
      {modules.length > 0 && (
        <>
          <div className="dashboard-charts-bar">
            <CommandButton commandId="dashboard.chartTables" label={intl.formatMessage({ id: tables ? 'dashboard.charts.showCharts' : 'dashboard.charts.showTables' })} />
          </div>
          <ChartFigure id="portalSiteDueByMonth" title={intl.formatMessage({ id: 'portal.chart.title' })} rowHeader={intl.formatMessage({ id: 'portal.chart.rowHeader' })}
            table={months.data ? dueByMonthTable(months.data, modules, today, texts) : undefined} tables={tables} horizontal={false} stacked />
        </>
      )}
      {modules.includes('fire') && <SiteRegister customerId={customerId} siteId={siteId} siteName={siteName} />}
    </section>
  );
}

function ModuleDeadlines({ customerId, siteId, module, today }: { customerId: string; siteId: string; module: string; today: string }) {
  const intl = useIntl();
  const list = useSiteDeadlines(customerId, siteId, module);
  const rowsRead = list.data?.data ?? [];
  const equipments = useDeadlineTargets('equipments', rowsRead.flatMap((d) => (typeof d.relationships.equipmentId === 'string' ? [d.relationships.equipmentId] : [])));
  const installations = useDeadlineTargets('installations', rowsRead.flatMap((d) => (typeof d.relationships.installationId === 'string' ? [d.relationships.installationId] : [])));
  const targets = useMemo(() => new Map([...(equipments.data?.data ?? []), ...(installations.data?.data ?? [])].map((entity) => [entity.id, entity])), [equipments.data, installations.data]);
  const titleId = `portal-module-${module}`;
  if (list.error) return <p role="alert"><FormattedMessage id="portal.failed" values={{ reason: failureText(list.error) }} /></p>;
  if (!list.data) return <p role="status"><FormattedMessage id="portal.loading" /></p>;
  const rows = list.data.data;
  const total = list.data.meta.total;
  return (
    <section className="portal-module" data-module={module} aria-labelledby={titleId}>
      <h2 id={titleId}><FormattedMessage id="portal.site.deadlines" values={{ module: moduleName(intl, module), count: total }} /></h2>
      {rows.length === 0 ? (
        <p><FormattedMessage id="portal.site.empty" /></p>
      ) : (
        <table className="portal-deadlines">
          <caption className="sr-only">{moduleName(intl, module)}</caption>
          <thead>
            <tr>
              {(['state', 'date', 'what', 'target', 'norm'] as const).map((column) => <th key={column} scope="col"><FormattedMessage id={`portal.column.${column}`} /></th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((deadline) => {
              const due = typeof deadline.attributes.deadlineDate === 'string' ? deadline.attributes.deadlineDate : null;
              const state = deadlineStateText(intl, due, today);
              // On a phone each row is a block and each cell says what it is (the header row is hidden there).
              const label = (column: string) => intl.formatMessage({ id: `portal.column.${column}` });
              return (
                <tr key={deadline.id} data-deadline={deadline.id}>
                  <td data-state={state.state} data-label={label('state')}>{state.text}</td>
                  <td className="portal-date" data-label={label('date')}>{due ? formatValue(due, 'date') : ''}</td>
                  <td data-label={label('what')}>{String(deadline.metadata.activityName ?? '') || formatValue((deadline.attributes.rule as { kind?: string } | undefined)?.kind, 'enum')}</td>
                  <th scope="row" data-label={label('target')}>{targetText(deadline, targets)}</th>
                  <td className="portal-norm" data-label={label('norm')}>{reasonText(intl, deadline.attributes as Parameters<typeof reasonText>[1])}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {total > rows.length && <p className="note"><FormattedMessage id="portal.site.more" values={{ shown: rows.length, total }} /></p>}
    </section>
  );
}


/** «ATT-0000015 · Estintore a CO2 · Magazzino – uscita di sicurezza»; an employee's name; the deadline's own name otherwise. */
function targetText(deadline: Entity, targets: ReadonlyMap<string, Entity>): string {
  const id = deadline.relationships.equipmentId ?? deadline.relationships.installationId;
  const target = typeof id === 'string' ? targets.get(id) : undefined;
  const name = String(deadline.metadata.targetName ?? '');
  if (!target) return name;
  // An installation's type is a value of its list («hydrant»): its Italian name («Idranti»).
  const type = typeof target.attributes.type === 'string' ? enumLabel(target.attributes.type) : undefined;
  const parts = [name, type, target.attributes.name, target.attributes.customerLocationPosition];
  return [...new Set(parts.filter((part): part is string => typeof part === 'string' && part.trim() !== ''))].join(' · ');
}
