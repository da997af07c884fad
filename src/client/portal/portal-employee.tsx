/**
 * One employee in the portal (walk 26: the staff record form was shown there): what the employer
 * needs, in its words. The name and what identifies the worker, the safety roles with the training
 * each requires and whether it is held, the courses done (date, outcome, certificate), the refresher
 * deadlines with their state and the norm behind each date, and of health surveillance only what the
 * written judgement gives the employer (art. 41 c. 6-bis): the judgement and the next visit, never
 * clinical data. Everything is read through the record layer, so the server's read rule applies.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { businessDay } from '../../domain/business-day.ts';
import type { Entity } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { listKey, recordKey, records } from '../data/index.ts';
import { downloadMedia } from '../files/upload.ts';
import { enumLabel, formatValue } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/portal-employee.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';
import {
  courseName, employeeComplianceKey, employeeTrainingKey, hasTrainingModule, loadEmployeeCompliance, loadEmployeeTraining,
  type ComplianceMeta, type EmployeeCompliance, type TrainingRecordAnswerRow,
} from '../training/compliance-data.ts';
import { useTabTitle } from '../workspace/tab-context.ts';
import { failureText } from './portal-compliance.tsx';
import { PENDING_FILTER, useCustomer, usePortalModules, useSites } from './portal-data.ts';
import { QueryOutcome, PortalTable, type PortalColumn } from './portal-table.tsx';
import { deadlineStateText, portalUrl, reasonText } from './portal-texts.ts';
import './portal-styles.ts';

addMessages(messages);

/** The refresher deadlines of one employee still to do, nearest first. */
export const employeeDeadlinesQuery = (employeeId: string) => ({
  'filter[employeeId]': employeeId, 'filter[module]': 'edu', ...PENDING_FILTER, sort: 'deadlineDate', 'page[size]': '100',
});

/** One employee's judgements of fitness, newest first (the first is the one in force). */
export const employeeVisitsQuery = (employeeId: string) => ({ 'filter[employeeId]': employeeId, sort: '-visitDate', 'page[size]': '1' });

/** The employee page's columns, by their `portal.employee.column.*` labels. */
const employeeColumns = (intl: IntlShape, keys: readonly string[]): PortalColumn[] => keys.map((key) => ({ key, label: intl.formatMessage({ id: `portal.employee.column.${key}` }) }));

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const date = (value: unknown) => (typeof value === 'string' && value !== '' ? formatValue(value.slice(0, 10), 'date') : '');

export default function PortalEmployee({ customerId, employeeId, staffView }: { customerId: string; employeeId: string; staffView: boolean }) {
  const intl = useIntl();
  const { identity, ability } = useSession();
  const customer = useCustomer(customerId);
  const employee = useQuery({ queryKey: recordKey('employees', employeeId), queryFn: ({ signal }) => records.get('employees', employeeId, signal) });
  const modules = usePortalModules(customer.data);
  const name = employee.data ? `${text(employee.data.attributes.lastName)} ${text(employee.data.attributes.firstName)}`.trim() : '';
  useTabTitle(name ? intl.formatMessage({ id: 'portal.employee.tabTitle' }, { employee: name }) : undefined);
  const back = <p><AppLink href={`${portalUrl(customerId)}/training`}><FormattedMessage id="portal.employee.back" /></AppLink></p>;
  if (employee.error) return <section className="portal portal-employee">{back}<p role="alert"><FormattedMessage id="portal.employee.failed" values={{ reason: failureText(employee.error) }} /></p></section>;
  if (!employee.data || !customer.data) return <p role="status"><FormattedMessage id="portal.employee.loading" /></p>;
  if (employee.data.relationships.customerId !== customerId) return <section className="portal portal-employee">{back}<p role="alert"><FormattedMessage id="portal.employee.notFound" /></p></section>;
  const training = hasTrainingModule(identity.allowedModules);
  const visits = findKind('healthSurveillanceVisits');
  const health = modules.includes('med') && visits !== undefined && ability.can('read', visits.subject);
  return (
    <section className="portal portal-employee" aria-labelledby="portal-employee-title">
      {back}
      <h1 id="portal-employee-title" className="screen-title">{name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      <EmployeeFacts customerId={customerId} employee={employee.data} />
      <EmployeeRoles employeeId={employeeId} />
      {training && <EmployeeCourses employeeId={employeeId} />}
      {training && <EmployeeRefreshers employeeId={employeeId} />}
      {health && <EmployeeHealth employeeId={employeeId} />}
    </section>
  );
}

/** What identifies the worker to its employer: fiscal code, birth date, hire date and site. */
function EmployeeFacts({ customerId, employee }: { customerId: string; employee: Entity }) {
  const intl = useIntl();
  const customer = useCustomer(customerId);
  const sites = useSites(customerId);
  const siteId = employee.relationships.officeLocationId;
  const customerName = String(customer.data?.metadata.displayName ?? '');
  const site = typeof siteId === 'string' && siteId !== customerId
    ? String(sites.data?.data.find((row) => row.id === siteId)?.metadata.displayName ?? '').replace(`${customerName} – `, '')
    : intl.formatMessage({ id: 'portal.headOffice' });
  const facts: [string, string][] = [
    ['fiscalCode', text(employee.attributes.fiscalCode)],
    ['birthDate', date(employee.attributes.birthDate)],
    ['hireDate', date(employee.attributes.hireDate)],
    ['site', site],
  ];
  return (
    <dl className="portal-quotation-facts portal-employee-facts" aria-label={intl.formatMessage({ id: 'portal.employee.facts' })}>
      {facts.filter(([, value]) => value !== '').map(([fact, value]) => (
        <div key={fact} data-fact={fact}>
          <dt><FormattedMessage id={`portal.employee.${fact}`} /></dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The employee's safety roles, each training they require with its norm, and whether it is held. */
function EmployeeRoles({ employeeId }: { employeeId: string }) {
  const intl = useIntl();
  const query = useQuery({ queryKey: employeeComplianceKey(employeeId), queryFn: ({ signal }) => loadEmployeeCompliance(employeeId, signal) });
  return (
    <section className="portal-employee-section" aria-labelledby="portal-employee-roles">
      <h2 id="portal-employee-roles"><FormattedMessage id="portal.employee.roles" /></h2>
      <QueryOutcome query={query}>{(data) => <RolesTable intl={intl} compliance={data.data} meta={data.meta} />}</QueryOutcome>
    </section>
  );
}

function RolesTable({ intl, compliance, meta }: { intl: IntlShape; compliance: EmployeeCompliance; meta: ComplianceMeta }) {
  if (compliance.safetyRoleIds.length === 0) return <p><FormattedMessage id="portal.employee.roles.none" /></p>;
  if (compliance.rows.length === 0) return <p><FormattedMessage id="portal.employee.roles.noRequirements" /></p>;
  const or = intl.formatMessage({ id: 'portal.employee.required.or' });
  return (
    <PortalTable className="portal-deadlines portal-employee-roles" caption={<FormattedMessage id="portal.employee.roles" />} columns={employeeColumns(intl, ['role', 'required', 'norm', 'state'])}>
      {compliance.rows.map((row) => {
        const state = row.status === 'missing' ? 'expired' : row.status === 'valid' ? 'ok' : row.status;
        const held = row.status === 'valid' && !row.validUntil ? intl.formatMessage({ id: 'portal.employee.required.valid' })
          : row.status === 'valid' ? intl.formatMessage({ id: 'portal.employee.required.validUntil' }, { date: date(row.validUntil) })
            : row.status === 'missing' ? intl.formatMessage({ id: 'portal.employee.required.missing' })
              : intl.formatMessage({ id: `portal.employee.required.${row.status}` }, { date: date(row.validUntil) });
        return (
          <tr key={`${row.roleId}:${row.requirementIndex}`}>
            <th scope="row" data-label={intl.formatMessage({ id: 'portal.employee.column.role' })}>{row.roleName || row.roleCode}</th>
            <td data-label={intl.formatMessage({ id: 'portal.employee.column.required' })}>{row.courseIds.map((id) => courseName(meta, id)).join(or)}</td>
            <td className="portal-norm" data-label={intl.formatMessage({ id: 'portal.employee.column.norm' })}>{row.norm}</td>
            <td data-state={state} data-label={intl.formatMessage({ id: 'portal.employee.column.state' })}>{held}</td>
          </tr>
        );
      })}
    </PortalTable>
  );
}

/** The courses done, newest first: date, outcome and the certificate to download. */
function EmployeeCourses({ employeeId }: { employeeId: string }) {
  const intl = useIntl();
  const [failure, setFailure] = useState<string>();
  const query = useQuery({ queryKey: employeeTrainingKey(employeeId), queryFn: ({ signal }) => loadEmployeeTraining(employeeId, signal) });
  const label = (column: string) => intl.formatMessage({ id: `portal.employee.column.${column}` });
  const outcome = (row: TrainingRecordAnswerRow) => (row.outcome ? enumLabel(row.outcome)
    : intl.formatMessage({ id: row.editionState === 'closed' ? 'portal.employee.outcome.none' : 'portal.employee.outcome.inProgress' }));
  const download = (mediaId: string, course: string) => {
    setFailure(undefined);
    downloadMedia(mediaId, `Attestato ${course}.pdf`).catch((error: unknown) => setFailure(failureText(error)));
  };
  return (
    <section className="portal-employee-section" aria-labelledby="portal-employee-courses">
      <h2 id="portal-employee-courses"><FormattedMessage id="portal.employee.courses" /></h2>
      <QueryOutcome query={query} isEmpty={(data) => data.data.length === 0} empty={<FormattedMessage id="portal.employee.courses.none" />}>
        {(data) => (
          <PortalTable className="portal-deadlines portal-employee-courses" caption={<FormattedMessage id="portal.employee.courses" />} columns={employeeColumns(intl, ['course', 'completedOn', 'outcome', 'certificate'])}>
            {data.data.map((row) => {
              const course = courseName(data.meta, row.courseId);
              return (
                <tr key={row.editionId}>
                  <th scope="row" data-label={label('course')}>{course}</th>
                  <td className="portal-date" data-label={label('completedOn')}>{date(row.completedOn)}</td>
                  <td data-label={label('outcome')}>{outcome(row)}</td>
                  <td data-label={label('certificate')}>
                    {row.certificateMediaId
                      ? <button type="button" onClick={() => download(row.certificateMediaId!, course)}>{intl.formatMessage({ id: 'portal.employee.certificate.download' }, { course })}</button>
                      : intl.formatMessage({ id: 'portal.employee.certificate.none' })}
                  </td>
                </tr>
              );
            })}
          </PortalTable>
        )}
      </QueryOutcome>
      {failure && <p role="alert"><FormattedMessage id="portal.employee.certificate.failed" values={{ reason: failure }} /></p>}
    </section>
  );
}

/** The refreshers still to do, nearest first, each with its state and the norm behind its date. */
function EmployeeRefreshers({ employeeId }: { employeeId: string }) {
  const intl = useIntl();
  const today = businessDay();
  const params = employeeDeadlinesQuery(employeeId);
  const query = useQuery({ queryKey: listKey('physicalActivities', params), queryFn: ({ signal }) => records.list('physicalActivities', params, signal) });
  const training = useQuery({ queryKey: employeeTrainingKey(employeeId), queryFn: ({ signal }) => loadEmployeeTraining(employeeId, signal) });
  const label = (column: string) => intl.formatMessage({ id: `portal.column.${column}` });
  const what = (deadline: Entity) => {
    const courseId = deadline.relationships.courseId;
    const course = typeof courseId === 'string' && training.data?.meta.courses[courseId] ? courseName(training.data.meta, courseId) : '';
    return course || text(deadline.metadata.activityName) || enumLabel(text((deadline.attributes.rule as { kind?: unknown } | undefined)?.kind));
  };
  return (
    <section className="portal-employee-section" aria-labelledby="portal-employee-refreshers">
      <h2 id="portal-employee-refreshers"><FormattedMessage id="portal.employee.refreshers" /></h2>
      <QueryOutcome query={query} isEmpty={(data) => data.data.length === 0} empty={<FormattedMessage id="portal.employee.refreshers.none" />}>
        {(data) => (
          <PortalTable className="portal-deadlines portal-employee-refreshers" caption={<FormattedMessage id="portal.employee.refreshers" />} columns={['state', 'date', 'what', 'norm'].map((key) => ({ key, label: label(key) }))}>
            {data.data.map((deadline) => {
              const due = typeof deadline.attributes.deadlineDate === 'string' ? deadline.attributes.deadlineDate : null;
              const state = deadlineStateText(intl, due, today);
              return (
                <tr key={deadline.id} data-deadline={deadline.id}>
                  <td data-state={state.state} data-label={label('state')}>{state.text}</td>
                  <td className="portal-date" data-label={label('date')}>{date(due)}</td>
                  <th scope="row" data-label={label('what')}>{what(deadline)}</th>
                  <td className="portal-norm" data-label={label('norm')}>{reasonText(intl, deadline.attributes as Parameters<typeof reasonText>[1])}</td>
                </tr>
              );
            })}
          </PortalTable>
        )}
      </QueryOutcome>
    </section>
  );
}

/** The judgement of fitness in force and the next visit: what the written judgement gives the employer, nothing clinical. */
function EmployeeHealth({ employeeId }: { employeeId: string }) {
  const intl = useIntl();
  const today = businessDay();
  const params = employeeVisitsQuery(employeeId);
  const query = useQuery({ queryKey: listKey('healthSurveillanceVisits', params), queryFn: ({ signal }) => records.list('healthSurveillanceVisits', params, signal) });
  const label = (column: string) => intl.formatMessage({ id: `portal.employee.column.${column}` });
  return (
    <section className="portal-employee-section" aria-labelledby="portal-employee-health">
      <h2 id="portal-employee-health"><FormattedMessage id="portal.employee.health" /></h2>
      <p className="note"><FormattedMessage id="portal.employee.health.hint" /></p>
      <QueryOutcome query={query} isEmpty={(data) => data.data.length === 0} empty={<FormattedMessage id="portal.employee.health.none" />}>
        {(data) => {
          const visit = data.data[0]!;
          const next = typeof visit.attributes.nextVisitDate === 'string' ? visit.attributes.nextVisitDate : null;
          const state = next ? deadlineStateText(intl, next, today) : undefined;
          return (
            <PortalTable className="portal-deadlines portal-employee-health" caption={<FormattedMessage id="portal.employee.health" />} columns={employeeColumns(intl, ['judgement', 'nextVisit'])}>
              <tr>
                <th scope="row" data-label={label('judgement')}>{enumLabel(text(visit.attributes.judgement))}</th>
                <td data-state={state?.state} data-label={label('nextVisit')}>
                  {next && state ? intl.formatMessage({ id: 'portal.employee.nextVisit.value' }, { date: date(next), state: state.text }) : intl.formatMessage({ id: 'portal.employee.nextVisit.none' })}
                </td>
              </tr>
            </PortalTable>
          );
        }}
      </QueryOutcome>
    </section>
  );
}
