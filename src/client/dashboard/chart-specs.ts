/**
 * The dashboards' charts (issue 23), as data: which charts a user gets, the aggregate query of each
 * (`GET /api/{type}/aggregate`, the list language plus `group`/`sum`: the server counts through its
 * read rule, the browser never lists rows to count them), and how an answer becomes the table every
 * chart is drawn from and shows as its text alternative. Pure: no React, no chart library.
 * - a salesman: their quotations' funnel (count and € by state) and issued against accepted per month
 *   (a sales manager: those of the quotations they may read, their area's);
 * - a planner: deadlines due per week and module, the technicians' load this week, overdue by customer;
 * - an administrator: deadlines due per week and module, overdue by customer;
 * - a technician: their interventions this week and the next, per day, to do and closed.
 */
import type { AppAbility, Identity } from '../../domain/ability.ts';
import type { IntlShape } from 'react-intl';
import type { AggregateResult } from '../../domain/aggregate.ts';
import { addDays } from '../../domain/business-day.ts';
import { isAdmin } from '../../domain/rules/identity.ts';
import { quotationStateLabels } from '../../domain/machines/quotation.ts';
import { weekOf } from '../screens/dashboard-tiles.ts';

/** Weeks of deadlines ahead, from this week's Monday. */
export const DEADLINE_WEEKS = 8;
/** Months of quotations, this one included. */
export const QUOTATION_MONTHS = 6;
/** Customers shown in «overdue by customer» (the most overdue first). */
export const TOP_CUSTOMERS = 10;
/** The funnel's states, in the order of the work (SPEC §4); a revision («In revisione») is drafted again before its approval. */
export const FUNNEL_STATES = ['draft', 'revision', 'to-be-approved', 'approved', 'issued', 'accepted', 'not-accepted'] as const;
/** A quotation the customer received: issued, then accepted or not. */
export const SENT_STATES = ['issued', 'accepted', 'not-accepted'] as const;
/** Interventions that load a technician: every state but cancelled and postponed. */
export const LOAD_STATES = ['open', 'scheduled', 'running', 'paused', 'closed', 'closed-with-anomalies'] as const;
/** Of those, the ones done. */
export const DONE_STATES = ['closed', 'closed-with-anomalies'] as const;
/** Days in a technician's own chart: this week and the next. */
export const OWN_DAYS = 14;

export type ChartId = 'quotationFunnel' | 'quotationsByMonth' | 'deadlinesByWeek' | 'technicianLoad' | 'overdueByCustomer' | 'myInterventions';

export interface ChartSpec {
  id: ChartId;
  /** Message id of the title. */
  title: string;
  /** API type aggregated, and the CASL subject the user must read. */
  type: string;
  subject: string;
  /** The aggregate query: list filters plus group/sum/sort/limit. */
  query: Record<string, string>;
  /** How it is drawn: bars per row (`columns` side by side or stacked), horizontal for named rows. */
  drawing: { horizontal: boolean; stacked: boolean; money?: boolean };
}

/** The texts a table needs (the screen passes its intl; the unit test a plain object). */
export interface ChartTexts {
  t(id: string, values?: Record<string, string | number>): string;
  number(value: number): string;
  money(value: number): string;
  /** `YYYY-MM-DD` as an Italian short date (15/06), or its month (giugno 2026). */
  day(day: string): string;
  month(day: string): string;
  weekday(day: string): string;
}

export interface ChartColumn {
  label: string;
  /** Drawn as a series (a total column is in the table only). */
  drawn: boolean;
  money?: boolean;
}

export interface ChartTable {
  columns: ChartColumn[];
  rows: { label: string; values: number[] }[];
  /** The figures are the server's estimate (its row limit was reached): the table says «circa». */
  estimate: boolean;
  /** A note under the table (how many groups were left out). */
  note?: string;
}

/** The Italian formats a table needs, from the screen's intl. */
export function chartTexts(intl: Pick<IntlShape, 'formatMessage' | 'formatNumber' | 'formatDate'>): ChartTexts {
  const utc = (day: string) => new Date(`${day}T12:00:00Z`);
  return {
    t: (id, values) => intl.formatMessage({ id }, values),
    number: (value) => intl.formatNumber(value),
    money: (value) => intl.formatNumber(value, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    day: (day) => intl.formatDate(utc(day), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }),
    month: (day) => intl.formatDate(utc(day), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    weekday: (day) => intl.formatDate(utc(day), { weekday: 'short', timeZone: 'UTC' }),
  };
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
function addMonths(day: string, months: number): string {
  const date = new Date(`${firstOfMonth(day)}T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The charts of this user, in order; those on a kind the user may not read are left out. */
export function dashboardCharts(identity: Identity, ability: AppAbility, today: string): ChartSpec[] {
  const admin = isAdmin(identity);
  const { monday, sunday } = weekOf(today);
  const charts: ChartSpec[] = [];
  const deadlinesByWeek: ChartSpec = {
    id: 'deadlinesByWeek', title: 'dashboard.chart.deadlinesByWeek', type: 'physicalActivities', subject: 'physical activity',
    // The worklist's «still to do»: not executed, not ended.
    query: { 'filter[isExecuted]': 'false', 'filter[isEnded]': 'false', 'from[deadlineDate]': monday, 'to[deadlineDate]': addDays(monday, DEADLINE_WEEKS * 7 - 1), group: 'deadlineDate:week,module' },
    drawing: { horizontal: false, stacked: true },
  };
  const overdueByCustomer: ChartSpec = {
    id: 'overdueByCustomer', title: 'dashboard.chart.overdueByCustomer', type: 'physicalActivities', subject: 'physical activity',
    // The worklist's «Scadute» window (filter[due]=expired), as the planner's overdue tile.
    query: { 'filter[due]': 'expired', group: 'customerId', sort: '-count', limit: String(TOP_CUSTOMERS) },
    drawing: { horizontal: true, stacked: false },
  };
  if (admin) charts.push(deadlinesByWeek, overdueByCustomer);
  if (identity.isSalesman) {
    // A sales manager (who approves) follows the quotations of the area, as the server lets them read; a salesman their own.
    const area = ability.can('approve', 'quotation');
    const mine: Record<string, string> = area ? {} : { 'filter[commercialUserId]': identity.id };
    const whose = area ? '.area' : '';
    charts.push(
      { id: 'quotationFunnel', title: `dashboard.chart.quotationFunnel${whose}`, type: 'quotations', subject: 'quotation', query: { ...mine, 'filter[status]': FUNNEL_STATES.join(','), group: 'status', sum: 'totalNetPrice' }, drawing: { horizontal: true, stacked: false, money: true } },
      {
        id: 'quotationsByMonth', title: `dashboard.chart.quotationsByMonth${whose}`, type: 'quotations', subject: 'quotation',
        query: { ...mine, 'filter[status]': SENT_STATES.join(','), 'from[date]': addMonths(today, 1 - QUOTATION_MONTHS), 'to[date]': addDays(addMonths(today, 1), -1), group: 'date:month,status' },
        drawing: { horizontal: false, stacked: false },
      },
    );
  }
  if (!admin && ability.can('create', 'assignment') && ability.can('update', 'physical activity')) {
    charts.push(
      deadlinesByWeek,
      {
        id: 'technicianLoad', title: 'dashboard.chart.technicianLoad', type: 'assignments', subject: 'assignment',
        query: { 'filter[state]': LOAD_STATES.join(','), 'from[plannedStartDateTime]': monday, 'to[plannedStartDateTime]': sunday, group: 'operatorIds,plannedStartDateTime:day', limit: '500' },
        drawing: { horizontal: true, stacked: true },
      },
      overdueByCustomer,
    );
  }
  if (!admin && identity.isMainteiner && charts.length === 0) {
    charts.push({
      id: 'myInterventions', title: 'dashboard.chart.myInterventions', type: 'assignments', subject: 'assignment',
      query: {
        'filter[operatorIds]': identity.id, 'filter[state]': LOAD_STATES.join(','),
        'from[plannedStartDateTime]': monday, 'to[plannedStartDateTime]': addDays(monday, OWN_DAYS - 1), group: 'plannedStartDateTime:day,state',
      },
      drawing: { horizontal: false, stacked: true },
    });
  }
  return charts.filter((chart) => ability.can('read', chart.subject));
}

const moduleLabel = (texts: ChartTexts, module: string) => texts.t(`nav.param.moduleName.${module}`);

/** The table of a chart's answer: rows and columns in the order people read them, every period shown even when empty. */
export function chartTable(spec: ChartSpec, result: AggregateResult, texts: ChartTexts, today: string): ChartTable {
  const estimate = result.meta.totalIsEstimate === true;
  const count = (key: Record<string, unknown>) => result.data.filter((g) => Object.entries(key).every(([k, v]) => g.key[k] === v)).reduce((n, g) => n + g.count, 0);
  const label = (field: string, id: unknown) => (typeof id === 'string' ? result.meta.labels?.[field]?.[id] : undefined);
  switch (spec.id) {
    case 'quotationFunnel':
      return {
        estimate,
        columns: [{ label: texts.t('dashboard.chart.column.amount'), drawn: true, money: true }, { label: texts.t('dashboard.chart.column.quotations'), drawn: false }],
        rows: FUNNEL_STATES.map((state) => {
          const group = result.data.find((g) => g.key.status === state);
          return { label: quotationStateLabels[state] ?? state, values: [group?.sum?.totalNetPrice ?? 0, group?.count ?? 0] };
        }),
      };
    case 'quotationsByMonth': {
      const months = Array.from({ length: QUOTATION_MONTHS }, (_, i) => addMonths(today, i + 1 - QUOTATION_MONTHS));
      return {
        estimate,
        columns: [{ label: texts.t('dashboard.chart.column.issued'), drawn: true }, { label: texts.t('dashboard.chart.column.accepted'), drawn: true }],
        rows: months.map((month) => ({
          label: texts.month(month),
          values: [SENT_STATES.reduce((n, status) => n + count({ date: month, status }), 0), count({ date: month, status: 'accepted' })],
        })),
      };
    }
    case 'deadlinesByWeek': {
      const monday = String(spec.query['from[deadlineDate]']);
      const weeks = Array.from({ length: DEADLINE_WEEKS }, (_, i) => addDays(monday, i * 7));
      const modules = [...new Set(result.data.map((g) => String(g.key.module)))].toSorted((a, b) => moduleLabel(texts, a).localeCompare(moduleLabel(texts, b), 'it'));
      return {
        estimate,
        columns: [...modules.map((module) => ({ label: moduleLabel(texts, module), drawn: true })), { label: texts.t('dashboard.chart.column.total'), drawn: false }],
        rows: weeks.map((week) => {
          const values = modules.map((module) => count({ deadlineDate: week, module }));
          return { label: texts.t('dashboard.chart.week', { day: texts.day(week) }), values: [...values, values.reduce((a, b) => a + b, 0)] };
        }),
      };
    }
    case 'technicianLoad': {
      const monday = String(spec.query['from[plannedStartDateTime]']);
      const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
      const operators = [...new Set(result.data.map((g) => g.key.operatorIds))];
      const name = (id: unknown) => (id === null ? texts.t('dashboard.chart.unassigned') : (label('operatorIds', id) ?? texts.t('dashboard.chart.unknownName')));
      const rows = operators.map((id) => {
        const values = days.map((day) => count({ operatorIds: id, plannedStartDateTime: day }));
        return { label: name(id), values: [...values, values.reduce((a, b) => a + b, 0)] };
      });
      return {
        estimate,
        columns: [...days.map((day) => ({ label: `${texts.weekday(day)} ${texts.day(day)}`, drawn: true })), { label: texts.t('dashboard.chart.column.total'), drawn: false }],
        rows: rows.toSorted((a, b) => b.values.at(-1)! - a.values.at(-1)! || a.label.localeCompare(b.label, 'it')),
      };
    }
    case 'myInterventions': {
      const monday = String(spec.query['from[plannedStartDateTime]']);
      const days = Array.from({ length: OWN_DAYS }, (_, i) => addDays(monday, i));
      const done = (state: unknown) => (DONE_STATES as readonly unknown[]).includes(state);
      return {
        estimate,
        columns: [
          { label: texts.t('dashboard.chart.column.toDo'), drawn: true }, { label: texts.t('dashboard.chart.column.done'), drawn: true },
          { label: texts.t('dashboard.chart.column.total'), drawn: false },
        ],
        rows: days.map((day) => {
          const ofDay = result.data.filter((g) => g.key.plannedStartDateTime === day);
          const closed = ofDay.filter((g) => done(g.key.state)).reduce((n, g) => n + g.count, 0);
          const all = ofDay.reduce((n, g) => n + g.count, 0);
          return { label: `${texts.weekday(day)} ${texts.day(day)}`, values: [all - closed, closed, all] };
        }),
      };
    }
    case 'overdueByCustomer': {
      const shown = result.data.length;
      return {
        estimate,
        columns: [{ label: texts.t('dashboard.chart.column.overdue'), drawn: true }],
        rows: result.data.map((g) => ({ label: label('customerId', g.key.customerId) ?? texts.t('dashboard.chart.unknownName'), values: [g.count] })),
        ...(result.meta.groups > shown ? { note: texts.t('dashboard.chart.topOf', { shown, groups: texts.number(result.meta.groups) }) } : {}),
      };
    }
  }
}

/** A cell as the table shows it: money in € with 2 decimals, counts as numbers, «circa» when estimated. */
export function cellText(texts: ChartTexts, value: number, column: ChartColumn, estimate: boolean): string {
  const text = column.money ? texts.money(value) : texts.number(value);
  return estimate && value > 0 ? texts.t('screens.dashboard.about', { count: text }) : text;
}
