import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { buildAbility, type Identity } from '../../domain/ability.ts';
import type { AggregateResult } from '../../domain/aggregate.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';
import { dashboardCommands, CHART_TABLES_KEY } from '../../../commands/dashboard.ts';
import { assertValidCommands, commands } from '../../../commands/registry.ts';
import dashboard from '../i18n/messages/dashboard.ts';
import dashboardCharts from '../i18n/messages/dashboard-charts.ts';
import workspace from '../i18n/messages/workspace.ts';
import { cellText, chartTable, chartTexts, dashboardCharts as chartsOf } from './chart-specs.ts';

const TODAY = '2026-06-17'; // a Wednesday
const intl = createIntl({ locale: 'it', messages: { ...workspace, ...dashboard, ...dashboardCharts } });
const texts = chartTexts(intl);

function charts(roleName: string, flags: Partial<Identity> = {}) {
  const permissions = roleDefinitions.find((role) => role.name === roleName)!.permissions;
  const identity: Identity = {
    id: 'u1', email: 'u1@test.it', displayName: 'U1', userType: 'siv', allowedModules: [], allowedCustomerIds: [], officeLocationIds: [],
    isMainteiner: false, isSalesman: false, roles: [{ id: 'r', name: roleName }], permissions, ...flags,
  };
  return chartsOf(identity, buildAbility(permissions), TODAY);
}
const result = (data: AggregateResult['data'], meta: Partial<AggregateResult['meta']> = {}): AggregateResult => ({ data, meta: { total: data.reduce((n, g) => n + g.count, 0), groups: data.length, ...meta } });

describe('the dashboards’ charts', () => {
  it('a salesman: the funnel of their quotations with € by state, issued against accepted per month', () => {
    const specs = charts('Commerciale', { isSalesman: true });
    expect(specs.map((s) => s.id)).toEqual(['quotationFunnel', 'quotationsByMonth']);
    expect(specs[0]!.query).toEqual({ 'filter[commercialUserId]': 'u1', 'filter[status]': 'draft,revision,to-be-approved,approved,issued,accepted,not-accepted', group: 'status', sum: 'totalNetPrice' });
    expect(specs[1]!.query).toMatchObject({ 'from[date]': '2026-01-01', 'to[date]': '2026-06-30', group: 'date:month,status' });
    // A sales manager follows the area's quotations (the server's read rule says which).
    const area = charts('Responsabile commerciale', { isSalesman: true });
    expect(area.map((s) => [s.id, s.title, s.query['filter[commercialUserId]']])).toEqual([
      ['quotationFunnel', 'dashboard.chart.quotationFunnel.area', undefined], ['quotationsByMonth', 'dashboard.chart.quotationsByMonth.area', undefined],
    ]);
    const funnel = chartTable(specs[0]!, result([
      { key: { status: 'issued' }, count: 2, sum: { totalNetPrice: 1234.5 } },
      { key: { status: 'revision' }, count: 1, sum: { totalNetPrice: 800 } },
    ]), texts, TODAY);
    expect(funnel.rows.map((row) => row.label)).toEqual(['Bozza', 'In revisione', 'Da approvare', 'Approvato', 'Emesso', 'Accettato', 'Non accettato']);
    expect(funnel.rows[1]).toEqual({ label: 'In revisione', values: [800, 1] });
    expect(funnel.rows[4]).toEqual({ label: 'Emesso', values: [1234.5, 2] });
    expect(cellText(texts, 1234.5, funnel.columns[0]!, false)).toBe('1234,50\u00a0€');
    const months = chartTable(specs[1]!, result([
      { key: { date: '2026-06-01', status: 'issued' }, count: 3 },
      { key: { date: '2026-06-01', status: 'accepted' }, count: 2 },
      { key: { date: '2026-05-01', status: 'not-accepted' }, count: 1 },
    ]), texts, TODAY);
    expect(months.rows.map((r) => [r.label, ...r.values])).toEqual([
      ['gennaio 2026', 0, 0], ['febbraio 2026', 0, 0], ['marzo 2026', 0, 0], ['aprile 2026', 0, 0], ['maggio 2026', 1, 0], ['giugno 2026', 5, 2],
    ]);
  });

  it('a planner: deadlines by week and module (every week shown), technicians’ load this week, overdue by customer', () => {
    const specs = charts('Pianificatore');
    expect(specs.map((s) => s.id)).toEqual(['deadlinesByWeek', 'technicianLoad', 'overdueByCustomer']);
    expect(specs[1]!.query).toMatchObject({ 'from[plannedStartDateTime]': '2026-06-15', 'to[plannedStartDateTime]': '2026-06-21', group: 'operatorIds,plannedStartDateTime:day' });
    const weeks = chartTable(specs[0]!, result([{ key: { deadlineDate: '2026-06-22', module: 'fire' }, count: 4 }, { key: { deadlineDate: '2026-06-22', module: 'equip' }, count: 1 }]), texts, TODAY);
    expect(weeks.columns.map((c) => c.label)).toEqual(['Antincendio', 'Attrezzature', 'Totale']);
    expect(weeks.rows).toHaveLength(8);
    expect(weeks.rows[1]).toEqual({ label: 'sett. del 22/06', values: [4, 1, 5] });
    const load = chartTable(specs[1]!, result([{ key: { operatorIds: 'a', plannedStartDateTime: '2026-06-16' }, count: 2 }], { labels: { operatorIds: { a: 'Mario Rossi' } } }), texts, TODAY);
    expect(load.columns[1]!.label).toBe('mar 16/06');
    expect(load.rows).toEqual([{ label: 'Mario Rossi', values: [0, 2, 0, 0, 0, 0, 0, 2] }]);
    const overdue = chartTable(specs[2]!, result([{ key: { customerId: 'c' }, count: 1200 }], { groups: 40, totalIsEstimate: true, labels: { customerId: { c: 'Alfa Srl' } } }), texts, TODAY);
    expect(overdue.note).toBe('I primi 1 di 40 clienti');
    // An estimate says so.
    expect(cellText(texts, 1200, overdue.columns[0]!, overdue.estimate)).toBe('circa 1200');
  });

  it('an administrator: deadlines by week and overdue by customer; nobody else gets charts they may not read', () => {
    expect(charts('Amministratore').map((s) => s.id)).toEqual(['deadlinesByWeek', 'overdueByCustomer']);
    expect(charts('Esterno', { isSalesman: true })).toEqual([]);
  });

  it('a technician: their own interventions of this week and the next, per day, to do and closed', () => {
    const specs = charts('Manutentore', { isMainteiner: true });
    expect(specs.map((s) => s.id)).toEqual(['myInterventions']);
    expect(specs[0]!.query).toEqual({
      'filter[operatorIds]': 'u1', 'filter[state]': 'open,scheduled,running,paused,closed,closed-with-anomalies',
      'from[plannedStartDateTime]': '2026-06-15', 'to[plannedStartDateTime]': '2026-06-28', group: 'plannedStartDateTime:day,state',
    });
    const own = chartTable(specs[0]!, result([
      { key: { plannedStartDateTime: '2026-06-16', state: 'closed' }, count: 2 },
      { key: { plannedStartDateTime: '2026-06-16', state: 'scheduled' }, count: 1 },
      { key: { plannedStartDateTime: '2026-06-23', state: 'running' }, count: 1 },
    ]), texts, TODAY);
    expect(own.columns.map((c) => c.label)).toEqual(['Da fare', 'Chiusi', 'Totale']);
    expect(own.rows).toHaveLength(14);
    expect(own.rows[1]).toEqual({ label: 'mar 16/06', values: [1, 2, 3] });
    expect(own.rows[8]).toEqual({ label: 'mar 23/06', values: [1, 0, 1] });
  });

  it('Alt+T toggles the tables, without a clash in the tab scope', () => {
    let toggled = 0;
    const [command] = dashboardCommands({ toggle: () => toggled++ });
    expect(command!.keys).toEqual([CHART_TABLES_KEY]);
    void command!.run({} as never);
    expect(toggled).toBe(1);
    expect(() => assertValidCommands([...commands, command!])).not.toThrow();
  });
});
