/**
 * The training plan screen (`/trainingPlans/{id}`, issue 12 "Training plans have a screen"), a view
 * over the record controller: the plan's customer, year and title; the courses it plans with the
 * safety roles that require them, the employees, the day foreseen and the editions of that year for the customer (held and planned);
 * what the customer's employees still miss for their safety roles (the compliance rule) and how
 * much of it the plan covers; then the plan's items, edited with the generic fields.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { courseLine, type CourseRuleFacts } from '../../domain/rules/training-refreshers.ts';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { formatValue } from '../forms/format.ts';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import trainingMessages from '../i18n/messages/training.ts';
import { AppLink } from '../shell/app-link.tsx';
import { ComplianceBadge } from './compliance-badge.tsx';
import { customerComplianceKey, loadCustomerCompliance, urgentStatuses, useComplianceFollowsSources } from './compliance-data.ts';

addMessages(trainingMessages);

const HEADER_PATHS = ['relationships.customerId', 'attributes.year', 'attributes.title'] as const;
const TOOLBAR = ['record.save', 'record.discard', 'record.history'] as const;

interface PlanItem {
  courseId: string;
  employeeIds: string[];
  plannedDate?: string;
}

export function TrainingPlanScreen({ id }: { id: string }) {
  const controller = useRecordController('trainingPlans', id, { resolveConflict: showConflict });
  return <RecordLoader controller={controller}>{(record) => <LoadedPlan {...record} />}</RecordLoader>;
}

function LoadedPlan({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const title = kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const customerId = typeof stored.relationships.customerId === 'string' ? stored.relationships.customerId : undefined;
  const year = Number(stored.attributes.year);
  const items = useMemo(() => (stored.attributes.items as PlanItem[] | undefined) ?? [], [stored]);
  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="training-plan-screen" toolbar={TOOLBAR}>
      <section className="form-section" aria-labelledby="plan-header-title">
        <h2 id="plan-header-title"><FormattedMessage id="training.plan.header" /></h2>
        <RecordFields sections={sections} paths={HEADER_PATHS} draft={draft} setField={controller.setField} errors={controller.errors} access={controller.access} locked={controller.locked} />
      </section>
      {customerId ? <PlanOverview customerId={customerId} year={year} items={items} /> : <p><FormattedMessage id="training.plan.noCustomer" /></p>}
      <section className="form-section" aria-labelledby="plan-items-title">
        <h2 id="plan-items-title"><FormattedMessage id="training.plan.items" /></h2>
        <RecordFields sections={sections} paths={['attributes.items']} draft={draft} setField={controller.setField} errors={controller.errors} access={controller.access} locked={controller.locked} />
      </section>
    </RecordFrame>
  );
}

/** The planned courses with their editions, and what is still missing: read from the stored plan. */
function PlanOverview({ customerId, year, items }: { customerId: string; year: number; items: readonly PlanItem[] }) {
  const intl = useIntl();
  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  useLiveUpdates();
  useComplianceFollowsSources();
  const coursesQuery = { 'page[size]': 500 };
  const courses = useQuery({ queryKey: listKey('courses', coursesQuery), queryFn: ({ signal }) => records.list('courses', coursesQuery, signal) });
  const editionsQuery = { 'filter[customerId]': customerId, 'from[startDate]': `${year}-01-01`, 'to[startDate]': `${year}-12-31`, 'page[size]': 500, sort: 'startDate' };
  const editions = useQuery({ queryKey: listKey('courseEditions', editionsQuery), queryFn: ({ signal }) => records.list('courseEditions', editionsQuery, signal), enabled: Number.isInteger(year) });
  const planned = [...new Set(items.flatMap((item) => item.employeeIds))].sort();
  const employeesQuery = { ids: planned.join(','), 'page[size]': 500 };
  const employees = useQuery({ queryKey: listKey('employees', employeesQuery), queryFn: ({ signal }) => records.list('employees', employeesQuery, signal), enabled: planned.length > 0 });
  const compliance = useQuery({ queryKey: customerComplianceKey(customerId), queryFn: ({ signal }) => loadCustomerCompliance(customerId, signal) });
  if (courses.isPending || editions.isPending || compliance.isPending || (planned.length > 0 && employees.isPending)) {
    return <p role="status"><FormattedMessage id="training.plan.loading" /></p>;
  }
  const courseRows = (courses.data?.data ?? []) as EntityJson[];
  const courseName = (courseId: string) => {
    const course = courseRows.find((row) => row.id === courseId);
    return course ? `${String(course.attributes.code)} – ${String(course.attributes.title)}` : (compliance.data?.meta.courses[courseId]?.title ?? courseId);
  };
  const facts: CourseRuleFacts[] = courseRows.map((course) => ({ id: course.id, baseCourseId: typeof course.relationships.baseCourseId === 'string' ? course.relationships.baseCourseId : null }));
  const lineOf = (courseId: string) => {
    const found = facts.find((course) => course.id === courseId);
    return found ? courseLine(found) : courseId;
  };
  const employeeName = (employeeId: string) => {
    const row = ((employees.data?.data ?? []) as EntityJson[]).find((employee) => employee.id === employeeId);
    return row ? `${String(row.attributes.lastName)} ${String(row.attributes.firstName)}` : '—';
  };
  const editionRows = ((editions.data?.data ?? []) as EntityJson[]).filter((edition) => edition.attributes.state !== 'cancelled');

  // What the compliance rule says is missing, expired or expiring, by the course to attend.
  const missing = new Map<string, { employeeId: string; name: string; status: string }[]>();
  for (const employee of compliance.data?.data ?? []) {
    for (const row of employee.rows) {
      if (row.status === 'valid') continue;
      const list = missing.get(row.nextCourseId) ?? [];
      if (!list.some((entry) => entry.employeeId === employee.employeeId)) list.push({ employeeId: employee.employeeId, name: employee.employeeName, status: row.status });
      missing.set(row.nextCourseId, list);
    }
  }
  // The safety roles that require each course line, for the employees of the customer who hold them.
  const rolesOfLine = new Map<string, Set<string>>();
  for (const employee of compliance.data?.data ?? []) {
    for (const row of employee.rows) {
      for (const line of new Set(row.courseIds.map(lineOf))) rolesOfLine.set(line, (rolesOfLine.get(line) ?? new Set()).add(row.roleName || row.roleCode));
    }
  }
  const inPlan = (courseId: string, employeeId: string) => items.some((item) => lineOf(item.courseId) === lineOf(courseId) && item.employeeIds.includes(employeeId));

  return (
    <>
      <section className="form-section" aria-labelledby="plan-courses-title">
        <h2 id="plan-courses-title"><FormattedMessage id="training.plan.courses" /></h2>
        {items.length === 0 ? <p><FormattedMessage id="training.plan.noItems" /></p> : (
          <table className="compliance-table training-plan-courses" aria-labelledby="plan-courses-title">
            <thead>
              <tr>{(['course', 'roles', 'employees', 'plannedDate', 'editions'] as const).map((column) => <th key={column} scope="col"><FormattedMessage id={`training.plan.${column}`} /></th>)}</tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const ofCourse = editionRows.filter((edition) => edition.relationships.courseId === item.courseId);
                const held = ofCourse.filter((edition) => edition.attributes.state === 'closed');
                return (
                  <tr key={`${item.courseId}:${index}`} data-course={item.courseId}>
                    <th scope="row"><AppLink href={recordTabUrl('courses', item.courseId)}>{courseName(item.courseId)}</AppLink></th>
                    <td>{[...(rolesOfLine.get(lineOf(item.courseId)) ?? [])].sort((a, b) => a.localeCompare(b, 'it')).join(', ') || t('training.plan.noRole')}</td>
                    <td>
                      {t('training.plan.employeeCount', { count: item.employeeIds.length })}
                      {item.employeeIds.length > 0 ? `: ${item.employeeIds.map(employeeName).join(', ')}` : ''}
                    </td>
                    <td>{item.plannedDate ? formatValue(item.plannedDate, 'date') : '—'}</td>
                    <td>
                      {t('training.plan.editionsValue', { held: held.length, planned: ofCourse.length - held.length })}
                      {ofCourse.length > 0 ? (
                        <ul className="training-plan-editions">
                          {ofCourse.map((edition) => (
                            <li key={edition.id}><AppLink href={recordTabUrl('courseEditions', edition.id)}>{String(edition.attributes.code ?? '')} ({formatValue(edition.attributes.startDate, 'date')})</AppLink></li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section className="form-section" aria-labelledby="plan-missing-title" aria-describedby="plan-missing-hint">
        <h2 id="plan-missing-title"><FormattedMessage id="training.plan.missing" /></h2>
        <p id="plan-missing-hint" className="form-hint"><FormattedMessage id="training.plan.missingHint" /></p>
        {missing.size === 0 ? <p><FormattedMessage id="training.plan.noMissing" /></p> : (
          <table className="compliance-table training-plan-missing" aria-labelledby="plan-missing-title">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="training.compliance.next" /></th>
                <th scope="col"><FormattedMessage id="training.plan.employees" /></th>
                <th scope="col"><FormattedMessage id="training.compliance.status" /></th>
                <th scope="col"><FormattedMessage id="training.plan.inPlan" /></th>
              </tr>
            </thead>
            <tbody>
              {[...missing.entries()].sort(([a], [b]) => courseName(a).localeCompare(courseName(b), 'it')).map(([courseId, list]) => {
                const summary = { required: list.length, valid: 0, expiring: 0, expired: 0, missing: 0 };
                for (const entry of list) if ((urgentStatuses as readonly string[]).includes(entry.status)) summary[entry.status as 'missing'] += 1;
                const covered = list.filter((entry) => inPlan(courseId, entry.employeeId)).length;
                return (
                  <tr key={courseId} data-course={courseId}>
                    <th scope="row"><AppLink href={recordTabUrl('courses', courseId)}>{courseName(courseId)}</AppLink></th>
                    <td>{list.map((entry) => entry.name).join(', ')}</td>
                    <td><ComplianceBadge summary={summary} /></td>
                    <td>{t('training.plan.inPlanValue', { planned: covered, count: list.length })}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
