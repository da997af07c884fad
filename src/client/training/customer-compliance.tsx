/**
 * The customer page's employees section, under the grid: each employee with a safety role, their
 * roles and a compliance badge (missing, expired and expiring training, or "in regola"), linking
 * to the employee, where the full table is.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { FormattedMessage } from 'react-intl';
import { recordTabUrl } from '../../domain/routes.ts';
import { useLiveUpdates } from '../data/index.ts';
import { addMessages } from '../i18n/index.ts';
import trainingMessages from '../i18n/messages/training.ts';
import { AppLink } from '../shell/app-link.tsx';
import { ComplianceBadge } from './compliance-badge.tsx';
import { customerComplianceKey, hasTrainingModule, loadCustomerCompliance, useComplianceFollowsSources } from './compliance-data.ts';
import { useSession } from '../session/session.tsx';

addMessages(trainingMessages);

export function CustomerCompliance({ customerId }: { customerId: string }) {
  const { identity } = useSession();
  // Compliance is the training module's (edu): without it the section is left out, not refused on screen.
  return hasTrainingModule(identity.allowedModules) ? <TrainingCompliance customerId={customerId} /> : null;
}

function TrainingCompliance({ customerId }: { customerId: string }) {
  useLiveUpdates();
  useComplianceFollowsSources();
  const query = useQuery({ queryKey: customerComplianceKey(customerId), queryFn: ({ signal }) => loadCustomerCompliance(customerId, signal) });
  const titleId = `customer-compliance-${customerId}`;
  if (query.isPending) return <p role="status"><FormattedMessage id="training.compliance.loading" /></p>;
  // A refusal says why, in the server's words (never a generic failure alone).
  if (query.isError) return <p role="alert"><FormattedMessage id="training.compliance.failed" /> {query.error instanceof ApiProblem ? problemText(query.error) : ''}</p>;
  const employees = query.data.data;
  return (
    <section className="customer-compliance" aria-labelledby={titleId}>
      <h3 id={titleId}><FormattedMessage id="training.customer.title" /></h3>
      {employees.length === 0 ? <p><FormattedMessage id="training.customer.none" /></p> : (
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
                  <AppLink href={recordTabUrl('employees', employee.employeeId, { relationships: { customerId } })}>{employee.employeeName}</AppLink>
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
