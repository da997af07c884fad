/** The portal's words and tables (issue 26): the norm behind a date, a deadline's state, the chart's table. */
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { AggregateResult } from '../../domain/aggregate.ts';
import { deadlineReason, monthsAhead, portalComplianceState, type DeadlineRuleFacts } from '../../domain/rules/portal-compliance.ts';
import { chartTexts, type ChartTable, type ChartTexts } from '../dashboard/chart-specs.ts';
import { formatValue } from '../forms/format.ts';
import { quotationStateLabels } from '../../domain/machines/index.ts';
import { routeUrl } from '../../domain/routes.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/portal.ts';

addMessages(messages);

export const portalUrl = (customerId: string) => `/customers/${encodeURIComponent(customerId)}/portal`;
export const portalSiteUrl = (customerId: string, siteId: string) => `${portalUrl(customerId)}/sites/${encodeURIComponent(siteId)}`;
export const portalQuotationUrl = (customerId: string, quotationId: string) => routeUrl('CustomersIdPortalQuotation', { id: customerId, quotationId });
export const portalEmployeeUrl = (customerId: string, employeeId: string) => routeUrl('CustomersIdPortalEmployee', { id: customerId, employeeId });

/** A quotation's state in its customer's words: issued is «Da approvare» (by it); a state it never sees, the office's word. */
export function quotationStateText(intl: IntlShape, status: unknown): string {
  const id = `portal.quotation.state.${String(status)}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : formatValue(status, 'enum', quotationStateLabels);
}

export function usePortalTexts(): ChartTexts {
  const intl = useIntl();
  return useMemo(() => chartTexts(intl), [intl]);
}

/** The portal names a module by what its deadlines are where that differs from the module's name (med: «Sorveglianza sanitaria»). */
const PORTAL_MODULE_LABELS: Readonly<Record<string, string>> = { med: 'portal.moduleName.med' };
const moduleLabelId = (module: string) => PORTAL_MODULE_LABELS[module] ?? `nav.param.moduleName.${module}`;

export const moduleName = (intl: Pick<IntlShape, 'formatMessage'>, module: string) => intl.formatMessage({ id: moduleLabelId(module) });

/** The chart's table: one row per month of the next 12, one column per module, and the total. */
export function dueByMonthTable(result: AggregateResult, modules: readonly string[], today: string, texts: ChartTexts): ChartTable {
  const count = (month: string, module: string) => result.data.filter((g) => g.key.deadlineDate === month && g.key.module === module).reduce((n, g) => n + g.count, 0);
  return {
    estimate: result.meta.totalIsEstimate === true,
    columns: [...modules.map((module) => ({ label: texts.t(moduleLabelId(module)), drawn: true })), { label: texts.t('portal.chart.total'), drawn: false }],
    rows: monthsAhead(today).map((month) => {
      const values = modules.map((module) => count(month, module));
      return { label: texts.month(month), values: [...values, values.reduce((a, b) => a + b, 0)] };
    }),
  };
}

/** «revisione: UNI 9994-1:2024, 5 anni dalla produzione»; «Data fixed by the office» for a deadline without a rule. */
export function reasonText(intl: Pick<IntlShape, 'formatMessage'>, facts: DeadlineRuleFacts): string {
  const reason = deadlineReason(facts);
  if (!reason) return frequencyText(intl, facts);
  const period = reason.months % 12 === 0
    ? intl.formatMessage({ id: 'portal.period.years' }, { years: reason.months / 12 })
    : intl.formatMessage({ id: 'portal.period.months' }, { months: reason.months });
  return intl.formatMessage({ id: 'portal.reason' }, {
    kind: formatValue(reason.kind, 'enum').toLocaleLowerCase('it'),
    norm: reason.norm,
    period,
    basis: reason.basis,
    months: intl.formatMessage({ id: 'portal.period.months' }, { months: reason.months }),
    since: reason.since ? formatValue(reason.since, 'date') : '',
  });
}

/** A deadline's state in words, and its key for the style («scaduta da 12 giorni», «entro 30 giorni»). */
export function deadlineStateText(intl: Pick<IntlShape, 'formatMessage'>, due: string | null | undefined, today: string): { state: string; text: string } {
  const state = portalComplianceState(due, today);
  switch (state.state) {
    case 'expired': return { state: 'expired', text: intl.formatMessage({ id: 'portal.deadline.expired' }, { days: state.daysLate }) };
    case 'expiring': return { state: 'expiring', text: state.daysLeft === 0 ? intl.formatMessage({ id: 'portal.deadline.today' }) : intl.formatMessage({ id: 'portal.deadline.expiring' }, { band: state.withinDays }) };
    case 'ok': return { state: 'ok', text: intl.formatMessage({ id: 'portal.deadline.ok' }) };
    case 'missing': return { state: 'missing', text: intl.formatMessage({ id: 'portal.deadline.missing' }) };
  }
}

/** A deadline without a norm's rule: the periodicity agreed for its activity, from its last execution. */
function frequencyText(intl: Pick<IntlShape, 'formatMessage'>, facts: DeadlineRuleFacts & { frequency?: unknown }): string {
  const frequency = facts.frequency as { unit?: unknown; value?: unknown } | undefined;
  if (!frequency || typeof frequency.value !== 'number' || typeof frequency.unit !== 'string') return intl.formatMessage({ id: 'portal.reason.none' });
  const since = typeof facts.lastExecutionDate === 'string' && facts.lastExecutionDate !== '' ? formatValue(facts.lastExecutionDate.slice(0, 10), 'date') : '';
  return intl.formatMessage({ id: 'portal.reason.frequency' }, {
    period: intl.formatMessage({ id: `portal.period.${frequency.unit}` }, { count: frequency.value }),
    since: since || 'none',
  });
}
