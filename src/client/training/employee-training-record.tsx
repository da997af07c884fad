/**
 * An employee's training record (issue 12 "Employee training record"), under the employee's form:
 * the courses attended, newest first, with the outcome, the certificate (downloaded through its
 * signed link) and the next refresher with its status on today's business day. The server answers
 * it for whoever may read the employee (`GET /api/employees/{id}/training`), with only this
 * employee's participation: a customer user sees its employees' real training without reading
 * course editions, and the edition is a link only for who may open it.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { recordTabUrl } from '../../domain/routes.ts';
import { courseEditionOutcomeLabels } from '../../domain/entities/course-editions.ts';
import { findKind } from '../../domain/kinds.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { useLiveUpdates } from '../data/index.ts';
import { downloadMedia } from '../files/upload.ts';
import { addMessages } from '../i18n/index.ts';
import editionMessages from '../i18n/messages/course-editions.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { courseName, employeeTrainingKey, loadEmployeeTraining, useComplianceFollowsSources } from './compliance-data.ts';

addMessages(editionMessages);

const italianDay = (day: string) => day.split('-').reverse().join('/');
const columns = ['course', 'edition', 'completedOn', 'outcome', 'certificate', 'refresher'] as const;

export function EmployeeTrainingRecord({ id }: { id: string }) {
  const intl = useIntl();
  const { ability } = useSession();
  useLiveUpdates();
  useComplianceFollowsSources();
  const query = useQuery({ queryKey: employeeTrainingKey(id), queryFn: ({ signal }) => loadEmployeeTraining(id, signal) });
  const editions = findKind('courseEditions');
  const opensEditions = editions !== undefined && ability.can('read', editions.subject);
  if (query.isPending) return <p role="status"><FormattedMessage id="courseEditions.record.loading" /></p>;
  if (query.isError) return <p role="alert">{query.error instanceof ApiProblem ? problemText(query.error) : String(query.error)}</p>;
  const { data: rows, meta } = query.data;
  return (
    <section className="form-section training-record" aria-labelledby={`training-record-title-${id}`}>
      <h2 id={`training-record-title-${id}`}><FormattedMessage id="courseEditions.record.title" /></h2>
      {rows.length === 0 ? <p><FormattedMessage id="courseEditions.record.none" /></p> : (
        <table className="training-record-table" aria-labelledby={`training-record-title-${id}`}>
          <thead>
            <tr>{columns.map((column) => <th key={column} scope="col"><FormattedMessage id={`courseEditions.record.${column}`} /></th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const title = courseName(meta, row.courseId);
              const outcome = row.outcome ? courseEditionOutcomeLabels[row.outcome] : row.editionState === 'closed' ? '—' : intl.formatMessage({ id: 'courseEditions.record.inProgress' });
              return (
                <tr key={row.editionId} data-edition={row.editionId}>
                  <th scope="row">{title}</th>
                  <td>{opensEditions ? <AppLink href={recordTabUrl('courseEditions', row.editionId)}>{row.editionCode}</AppLink> : row.editionCode}</td>
                  <td>{italianDay(row.completedOn)}</td>
                  <td>{outcome}</td>
                  <td>
                    {row.certificateMediaId ? (
                      <button type="button" onClick={() => void downloadMedia(row.certificateMediaId!, `Attestato ${title}.pdf`).catch(() => undefined)}>
                        {intl.formatMessage({ id: 'courseEditions.certificate.download' }, { name: title })}
                      </button>
                    ) : '—'}
                  </td>
                  <td className="training-refresher" data-status={row.refresher?.status ?? ''}>
                    {row.refresher
                      ? <>{intl.formatMessage({ id: 'courseEditions.record.refresherValue' }, { date: italianDay(row.refresher.dueDate), course: courseName(meta, row.refresher.refresherCourseId) })} · <FormattedMessage id={`courseEditions.record.status.${row.refresher.status}`} /></>
                      : row.superseded ? <FormattedMessage id="courseEditions.record.superseded" /> : row.outcome === 'passed' ? <FormattedMessage id="courseEditions.record.noExpiry" /> : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
