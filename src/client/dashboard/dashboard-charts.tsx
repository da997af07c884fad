/**
 * The dashboard's charts (issue 23): each chart's figures come from the list's aggregate
 * (`records.aggregate`, the server's read rule) as one table (chart-specs.ts), drawn by Chart.js in a
 * lazily loaded chunk (chart-canvas.ts) or shown as that table, its text alternative: Alt+T (the
 * command `dashboard.chartTables`, also in the palette and on the button) switches every chart.
 * Cached under the list keys of their kinds, so a write or a live change refreshes them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { listKey, records } from '../data/index.ts';
import { useSession } from '../session/session.tsx';
import { useIsActiveTab } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { CommandButton } from '../shell/command-button.tsx';
import { injectStyles } from '../shell/inject-styles.ts';
import { addMessages } from '../i18n/index.ts';
import dashboardChartMessages from '../i18n/messages/dashboard-charts.ts';
import { AGGREGATE_ROW_LIMIT } from '../../domain/aggregate.ts';
import { dashboardCommands } from '../../../commands/dashboard.ts';
import { cellText, chartTable, chartTexts, dashboardCharts, type ChartSpec, type ChartTable } from './chart-specs.ts';

addMessages(dashboardChartMessages);

/** Chart.js and the drawing, fetched with the first chart drawn (a table needs neither). */
const loadChartCanvas = () => import('./chart-canvas.ts');

injectStyles('dashboard-charts', `
.dashboard-charts-bar { display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; }
.dashboard-charts-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 1rem; margin-top: .75rem; }
.dashboard-chart { margin: 0; padding: .75rem 1rem; background: var(--surface); border: 1px solid var(--border); border-radius: 8px; min-width: 0; }
.dashboard-chart h3 { margin: 0 0 .5rem; font-size: 1rem; }
.dashboard-chart-canvas { position: relative; width: 100%; }
.dashboard-chart table { border-collapse: collapse; width: 100%; }
.dashboard-chart th, .dashboard-chart td { padding: .25rem .5rem; border-bottom: 1px solid var(--border); text-align: right; white-space: nowrap; }
.dashboard-chart th[scope=row], .dashboard-chart thead th:first-child { text-align: left; white-space: normal; }
.dashboard-chart figcaption, .dashboard-chart .note { color: var(--muted); font-size: .85rem; margin-top: .25rem; }
`);

export default function DashboardCharts({ today }: { today: string }) {
  const intl = useIntl();
  const { identity, ability } = useSession();
  const charts = useMemo(() => dashboardCharts(identity, ability, today), [identity, ability, today]);
  const [tables, setTables] = useState(false);
  const active = useIsActiveTab();
  const commands = useMemo(() => dashboardCommands({ toggle: () => setTables((shown) => !shown) }), []);
  useScopedCommands('tab', commands, active && charts.length > 0);
  if (charts.length === 0) return null;
  return (
    <section className="dashboard-section dashboard-charts" aria-labelledby="dashboard-charts-title" data-chart-view={tables ? 'table' : 'chart'}>
      <div className="dashboard-charts-bar">
        <h2 id="dashboard-charts-title"><FormattedMessage id="dashboard.charts.title" /></h2>
        <CommandButton commandId="dashboard.chartTables" label={intl.formatMessage({ id: tables ? 'dashboard.charts.showCharts' : 'dashboard.charts.showTables' })} />
      </div>
      <div className="dashboard-charts-grid">
        {charts.map((spec) => <DashboardChart key={spec.id} spec={spec} tables={tables} today={today} />)}
      </div>
    </section>
  );
}

function DashboardChart({ spec, tables, today }: { spec: ChartSpec; tables: boolean; today: string }) {
  const intl = useIntl();
  const texts = useMemo(() => chartTexts(intl), [intl]);
  // Under the list keys of the kind: every write or live change of the kind refreshes the chart.
  const { data: result, isPending, isError } = useQuery({
    queryKey: [...listKey(spec.type), 'aggregate', spec.query],
    queryFn: ({ signal }) => records.aggregate(spec.type, spec.query, signal),
  });
  const table = useMemo(() => (result ? chartTable(spec, result, texts, today) : undefined), [spec, result, texts, today]);
  return (
    <ChartFigure id={spec.id} title={intl.formatMessage({ id: spec.title })} rowHeader={intl.formatMessage({ id: `dashboard.chart.rowHeader.${spec.id}` })}
      table={isPending ? undefined : table} unavailable={isError && !result} tables={tables} horizontal={spec.drawing.horizontal} stacked={spec.drawing.stacked}
      caption={spec.id === 'quotationsByMonth' ? intl.formatMessage({ id: 'dashboard.chart.quotationsByMonth.note' }) : undefined} />
  );
}

/**
 * One chart as a figure: its title, then the chart drawn from `table` or, with `tables`, that table
 * (its text alternative); «Caricamento» while `table` is undefined. The dashboards and the customer
 * portal draw their charts with it.
 */
export function ChartFigure({ id, title, rowHeader, table, unavailable = false, tables, horizontal, stacked, caption }: {
  id: string; title: string; rowHeader: string; table: ChartTable | undefined; tables: boolean; horizontal: boolean; stacked: boolean; caption?: string | undefined;
  /** Its figures could not be read (offline, the server down): said so, never «Caricamento» for ever. */
  unavailable?: boolean;
}) {
  const intl = useIntl();
  const texts = useMemo(() => chartTexts(intl), [intl]);
  const format = useCallback((value: number, money: boolean) => (money ? texts.money(value) : texts.number(value)), [texts]);
  const titleId = `dashboard-chart-${id}-title`;
  const empty = table !== undefined && table.rows.every((row) => row.values.every((v) => v === 0));
  return (
    <figure className="dashboard-chart" data-chart={id} aria-labelledby={titleId} aria-busy={table === undefined && !unavailable}>
      <h3 id={titleId}>{title}</h3>
      {!table && unavailable ? (
        <p data-chart-unavailable>{intl.formatMessage({ id: 'dashboard.charts.unavailable' })}</p>
      ) : !table ? (
        <p>{intl.formatMessage({ id: 'dashboard.charts.loading' })}</p>
      ) : tables ? (
        <table data-chart-table={id}>
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {table.columns.map((column) => <th key={column.label} scope="col">{column.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={`${row.label}-${i}`}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, j) => <td key={j}>{cellText(texts, value, table.columns[j]!, table.estimate)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      ) : empty || table.rows.length === 0 ? (
        <p>{intl.formatMessage({ id: 'dashboard.charts.empty' })}</p>
      ) : (
        <ChartCanvas table={table} label={title} horizontal={horizontal} stacked={stacked} format={format} />
      )}
      {caption && <figcaption>{caption}</figcaption>}
      {table?.note && <p className="note">{table.note}</p>}
      {table?.estimate && <p className="note">{intl.formatMessage({ id: 'dashboard.charts.estimate' }, { limit: intl.formatNumber(AGGREGATE_ROW_LIMIT) })}</p>}
    </figure>
  );
}

/** The canvas a chart is drawn on, once its code is in; an image named by the chart's title. */
function ChartCanvas({ table, label, horizontal, stacked, format }: { table: ChartTable; label: string; horizontal: boolean; stacked: boolean; format(value: number, money: boolean): string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let undraw: (() => void) | undefined;
    let gone = false;
    void loadChartCanvas().then(({ drawChart }) => {
      if (gone || !canvas.current) return;
      undraw = drawChart(canvas.current, table, { horizontal, stacked, format });
      setDrawn(true);
    });
    return () => {
      gone = true;
      undraw?.();
    };
  }, [table, horizontal, stacked, format]);
  const height = horizontal ? Math.max(160, 40 + table.rows.length * 28) : 260;
  return (
    <div className="dashboard-chart-canvas" style={{ height }} data-drawn={drawn}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
