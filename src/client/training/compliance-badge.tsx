/**
 * The compliance of one employee in a few words, coloured by the most urgent status: "2 mancanti ·
 * 1 in scadenza", or "In regola (3 corsi)". The colour is never the only signal: the words say it.
 */
import { useIntl } from 'react-intl';
import type { ComplianceSummary } from '../../domain/rules/training-compliance.ts';
import { urgentStatuses } from './compliance-data.ts';

export function complianceSummaryText(summary: ComplianceSummary, format: (id: string, values?: Record<string, string | number>) => string): string {
  const parts = urgentStatuses.filter((status) => summary[status] > 0).map((status) => format(`training.compliance.count.${status}`, { count: summary[status] }));
  return parts.length > 0 ? parts.join(' · ') : format('training.compliance.allValid', { required: summary.required });
}

export function ComplianceBadge({ summary }: { summary: ComplianceSummary }) {
  const intl = useIntl();
  const worst = urgentStatuses.find((status) => summary[status] > 0) ?? 'valid';
  return (
    <span className="compliance-status" data-status={worst}>
      {complianceSummaryText(summary, (id, values) => intl.formatMessage({ id }, values))}
    </span>
  );
}
