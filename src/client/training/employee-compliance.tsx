/**
 * An employee's safety-role compliance (issue 12), under the employee's form: per role, each
 * training it requires with its norm, the status on the business day (in regola, in scadenza,
 * scaduta, mancante: words and colour), until when it holds and the course to attend next. The
 * server computes it with the domain rule (`rules/training-compliance.ts`).
 */
import { useQuery } from '@tanstack/react-query';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { recordTabUrl } from '../../domain/routes.ts';
import { useLiveUpdates } from '../data/index.ts';
import { formatValue } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import trainingMessages from '../i18n/messages/training.ts';
import { AppLink } from '../shell/app-link.tsx';
import { ComplianceBadge } from './compliance-badge.tsx';
import { courseName, employeeComplianceKey, loadEmployeeCompliance, useComplianceFollowsSources } from './compliance-data.ts';

addMessages(trainingMessages);

const columns = ['role', 'required', 'norm', 'status', 'validUntil', 'next'] as const;

export function EmployeeCompliance({ id }: { id: string }) {
  const intl = useIntl();
  useLiveUpdates();
  useComplianceFollowsSources();
  const query = useQuery({ queryKey: employeeComplianceKey(id), queryFn: ({ signal }) => loadEmployeeCompliance(id, signal) });
  const titleId = `employee-compliance-${id}`;
  if (query.isPending) return <p role="status"><FormattedMessage id="training.compliance.loading" /></p>;
  // A refusal says why, in the server's words (never a generic failure alone).
  if (query.isError) return <p role="alert"><FormattedMessage id="training.compliance.failed" /> {query.error instanceof ApiProblem ? problemText(query.error) : ''}</p>;
  const { data, meta } = query.data;
  const or = intl.formatMessage({ id: 'training.compliance.or' });
  return (
    <section className="form-section employee-compliance" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id="training.compliance.title" />
        {data.rows.length > 0 ? <> <ComplianceBadge summary={data.summary} /></> : null}
      </h2>
      {data.safetyRoleIds.length === 0 ? <p><FormattedMessage id="training.compliance.noRoles" /></p>
        : data.rows.length === 0 ? <p><FormattedMessage id="training.compliance.noRequirements" /></p> : (
          <table className="compliance-table" aria-labelledby={titleId}>
            <thead>
              <tr>{columns.map((column) => <th key={column} scope="col"><FormattedMessage id={`training.compliance.${column}`} /></th>)}</tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.roleId}:${row.requirementIndex}`} data-status={row.status}>
                  <th scope="row">{row.roleName || row.roleCode}</th>
                  <td>
                    {row.courseIds.map((courseId) => courseName(meta, courseId)).join(or)}
                    {row.courseId && !row.courseIds.includes(row.courseId)
                      ? <> ({intl.formatMessage({ id: 'training.compliance.heldBy' }, { course: courseName(meta, row.courseId) })})</> : null}
                  </td>
                  <td>{row.norm}</td>
                  <td><span className="compliance-status" data-status={row.status}><FormattedMessage id={`training.compliance.status.${row.status}`} /></span></td>
                  <td>
                    {row.validUntil ? formatValue(row.validUntil, 'date')
                      : row.status === 'missing' ? '—' : <FormattedMessage id="training.compliance.noExpiry" />}
                  </td>
                  <td>
                    {row.status === 'valid' ? '—' : <AppLink href={recordTabUrl('courses', row.nextCourseId)}>{courseName(meta, row.nextCourseId)}</AppLink>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </section>
  );
}
