/**
 * The customer page's employees section, under the grid: each employee with a safety role, their
 * roles and a compliance badge (missing, expired and expiring training, or "in regola"), linking
 * to the employee, where the full table is. «Matrice» shows the same answer as an employee ×
 * required training matrix (`training-matrix.tsx`); the view chosen is remembered on this browser.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLiveUpdates } from '../data/index.ts';
import { addMessages } from '../i18n/index.ts';
import trainingMessages from '../i18n/messages/training.ts';
import { AppLink } from '../shell/app-link.tsx';
import { ComplianceBadge } from './compliance-badge.tsx';
import { employeeRecordUrl, TrainingMatrix } from './training-matrix.tsx';
import { customerComplianceKey, hasTrainingModule, loadCustomerCompliance, useComplianceFollowsSources } from './compliance-data.ts';
import { askEnrolment, useEnrolmentRequests } from './enrolment-asks.tsx';
import { useSession } from '../session/session.tsx';

addMessages(trainingMessages);

const views = ['list', 'matrix'] as const;
type View = (typeof views)[number];
const VIEW_KEY = 'backoffice.training.customerView';
// The view shown reads in weight and border as well as colour.
const pressedStyle = { background: 'var(--accent-soft)', borderColor: 'var(--accent)', fontWeight: 600 } as const;

/** The view last chosen (a preference of this browser, like the theme before the server answers). */
function rememberedView(): View {
  try {
    return localStorage.getItem(VIEW_KEY) === 'matrix' ? 'matrix' : 'list';
  } catch {
    return 'list';
  }
}

function useRememberedView(): [View, (view: View) => void] {
  const [view, setView] = useState(rememberedView);
  return [view, (next) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Storage refused (private mode, quota): the choice holds until the page is closed.
    }
  }];
}

interface Props {
  customerId: string;
  /** The portal's customer user may ask enrolments from the matrix (issue 26 §6). */
  asks?: boolean;
  /** Where an employee leads: the staff record by default, the portal's employee page in the portal. */
  employeeUrl?: ((employeeId: string) => string) | undefined;
  /** The section heading's level: 3 under the customer page's employees, 2 on the portal's «Formazione». */
  level?: 2 | 3;
}

export function CustomerCompliance({ customerId, asks = false, employeeUrl, level = 3 }: Props) {
  const { identity } = useSession();
  // Compliance is the training module's (edu): without it the section is left out, not refused on screen.
  return hasTrainingModule(identity.allowedModules) ? <TrainingCompliance customerId={customerId} asks={asks} employeeUrl={employeeUrl ?? employeeRecordUrl(customerId)} level={level} /> : null;
}

function TrainingCompliance({ customerId, asks, employeeUrl, level }: { customerId: string; asks: boolean; employeeUrl: (employeeId: string) => string; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const intl = useIntl();
  useLiveUpdates();
  useComplianceFollowsSources();
  const query = useQuery({ queryKey: customerComplianceKey(customerId), queryFn: ({ signal }) => loadCustomerCompliance(customerId, signal) });
  const [view, setView] = useRememberedView();
  const requests = useEnrolmentRequests(customerId, asks);
  const titleId = `customer-compliance-${customerId}`;
  if (query.isPending) return <p role="status"><FormattedMessage id="training.compliance.loading" /></p>;
  // A refusal says why, in the server's words (never a generic failure alone).
  if (query.isError) return <p role="alert"><FormattedMessage id="training.compliance.failed" /> {query.error instanceof ApiProblem ? problemText(query.error) : ''}</p>;
  const employees = query.data.data;
  return (
    <section className="customer-compliance" aria-labelledby={titleId}>
      <Heading id={titleId}><FormattedMessage id="training.customer.title" /></Heading>
      {employees.length === 0 ? null : (
        <div role="group" aria-label={intl.formatMessage({ id: 'training.customer.view' })} className="training-view-toggle">
          {views.map((option) => (
            <button key={option} type="button" aria-pressed={view === option} onClick={() => setView(option)} style={view === option ? pressedStyle : undefined}>
              <FormattedMessage id={`training.customer.view.${option}`} />
            </button>
          ))}
        </div>
      )}
      {employees.length === 0 ? <p><FormattedMessage id="training.customer.none" /></p>
        : view === 'matrix' ? (
          <TrainingMatrix customerId={customerId} employees={employees} meta={query.data.meta} employeeUrl={employeeUrl}
            enrolment={asks ? { requests: requests.data?.data ?? [], today: query.data.meta.today, ask: (employee, courseId, course) => void askEnrolment(customerId, employee, courseId, course) } : undefined} />
        ) : (
        <table className="compliance-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              {(['employee', 'roles', 'compliance'] as const).map((column) => <th key={column} scope="col"><FormattedMessage id={`training.customer.${column}`} /></th>)}
            </tr>
          </thead>
          <tbody>
            {employees.map((employee) => (
              <tr key={employee.employeeId} data-employee={employee.employeeId}>
                <th scope="row">
                  <AppLink href={employeeUrl(employee.employeeId)}>{employee.employeeName}</AppLink>
                </th>
                <td>{[...new Set(employee.rows.map((row) => row.roleName || row.roleCode))].join(', ')}</td>
                <td><ComplianceBadge summary={employee.summary} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
