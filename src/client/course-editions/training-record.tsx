/**
 * An employee's training record (issue 12 "Employee training record"), under the employee's form:
 * the course editions attended, newest first, with the outcome, the certificate (downloaded
 * through its signed link) and the next refresher that the deadline engine's course rules give
 * (`src/domain/rules/training-refreshers.ts`), with its status on today's business day.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { businessDay } from '../../domain/business-day.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { courseEditionOutcomeLabels, type CourseEditionParticipant } from '../../domain/entities/course-editions.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { attendedCourses } from '../../domain/rules/training-compliance.ts';
import { trainingRecord, type CourseRuleFacts } from '../../domain/rules/training-refreshers.ts';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import { downloadMedia } from '../files/upload.ts';
import { addMessages } from '../i18n/index.ts';
import editionMessages from '../i18n/messages/course-editions.ts';
import { AppLink } from '../shell/app-link.tsx';

addMessages(editionMessages);

const italianDay = (day: string) => day.split('-').reverse().join('/');

export function TrainingRecord({ id }: { id: string }) {
  const intl = useIntl();
  useLiveUpdates();
  const editionsQuery = { 'filter[participantIds]': id, 'page[size]': 100, sort: '-endDate' };
  const editions = useQuery({ queryKey: listKey('courseEditions', editionsQuery), queryFn: ({ signal }) => records.list('courseEditions', editionsQuery, signal) });
  const rows = (editions.data?.data ?? []) as EntityJson[];
  const courseIds = [...new Set(rows.map((edition) => String(edition.relationships.courseId)))].sort();
  // The courses attended and the update courses that renew them (for the refresher's name).
  const coursesQuery = { 'page[size]': 500 };
  const courses = useQuery({ queryKey: listKey('courses', coursesQuery), queryFn: ({ signal }) => records.list('courses', coursesQuery, signal), enabled: courseIds.length > 0 });
  if (editions.isPending || (courseIds.length > 0 && courses.isPending)) return <p role="status"><FormattedMessage id="courseEditions.record.loading" /></p>;
  const courseRows = (courses.data?.data ?? []) as EntityJson[];
  const facts: CourseRuleFacts[] = courseRows.map((course) => ({
    id: course.id,
    validityYears: typeof course.attributes.validityYears === 'number' ? course.attributes.validityYears : undefined,
    baseCourseId: typeof course.relationships.baseCourseId === 'string' ? course.relationships.baseCourseId : null,
  }));
  const courseTitle = (courseId: string) => {
    const course = courseRows.find((c) => c.id === courseId);
    return course ? `${String(course.attributes.code)} – ${String(course.attributes.title)}` : courseId;
  };
  const attended = attendedCourses(rows.map((edition) => ({
    id: edition.id,
    courseId: String(edition.relationships.courseId),
    endDate: String(edition.attributes.endDate),
    state: String(edition.attributes.state),
    participants: (edition.attributes.participants as CourseEditionParticipant[] | undefined) ?? [],
  })), id);
  const editionById = new Map(rows.map((edition) => [edition.id, edition]));
  const byEdition = new Map(attended.map((row) => [row.editionId, { code: String(editionById.get(row.editionId)?.attributes.code ?? ''), state: String(editionById.get(row.editionId)?.attributes.state ?? '') }]));
  const record = trainingRecord(attended, facts, businessDay());

  return (
    <section className="form-section training-record" aria-labelledby="training-record-title">
      <h2 id="training-record-title"><FormattedMessage id="courseEditions.record.title" /></h2>
      {record.length === 0 ? <p><FormattedMessage id="courseEditions.record.none" /></p> : (
        <table className="training-record-table" aria-labelledby="training-record-title">
          <thead>
            <tr>
              {['course', 'edition', 'completedOn', 'outcome', 'certificate', 'refresher'].map((column) => (
                <th key={column} scope="col"><FormattedMessage id={`courseEditions.record.${column}`} /></th>
              ))}
            </tr>
          </thead>
          <tbody>
            {record.map((row) => {
              const extra = byEdition.get(row.editionId)!;
              const title = courseTitle(row.courseId);
              const outcome = row.outcome ? courseEditionOutcomeLabels[row.outcome] : extra.state === 'closed' ? '—' : intl.formatMessage({ id: 'courseEditions.record.inProgress' });
              return (
                <tr key={row.editionId} data-edition={row.editionId}>
                  <th scope="row">{title}</th>
                  <td><AppLink href={recordTabUrl('courseEditions', row.editionId)}>{extra.code}</AppLink></td>
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
                      ? <>{intl.formatMessage({ id: 'courseEditions.record.refresherValue' }, { date: italianDay(row.refresher.dueDate), course: courseTitle(row.refresher.refresherCourseId) })} · <FormattedMessage id={`courseEditions.record.status.${row.refresher.status}`} /></>
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
