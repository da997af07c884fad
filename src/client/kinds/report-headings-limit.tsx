/**
 * SPEC §9 report headings limit warning, above the report headings' grid and form: each module (or the general
 * headings) whose headings reached the configured limit, as the server counts them (`GET /api/limits`).
 * A warning only: more headings are still accepted.
 */
import { useIntl } from 'react-intl';
import { useLimits, useLiveUpdates } from '../data/index.ts';
import { enumLabel } from '../forms/format.ts';

export function ReportHeadingsLimit() {
  const intl = useIntl();
  useLiveUpdates();
  const limits = useLimits();
  const over = limits?.reportHeadingsOverLimit ?? [];
  if (over.length === 0) return null;
  return (
    <div className="limit-warning report-headings-limit" role="status">
      {over.map(({ module, count, limit }) => (
        <p key={module ?? ''}>
          {module
            ? intl.formatMessage({ id: 'limits.reportHeadings.module' }, { module: enumLabel(module), count, limit })
            : intl.formatMessage({ id: 'limits.reportHeadings.general' }, { count, limit })}
        </p>
      ))}
    </div>
  );
}
