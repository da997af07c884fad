/**
 * The portal's «Tutti i dipendenti» (walk 26: the staff grid was shown there, with its «Eliminati»
 * and «Colonne»): the customer's employees by name, each a link to its page in the portal, with what
 * identifies them (fiscal code, site). Read through the record layer, the server's read rule applying.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { listKey, records } from '../data/index.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/portal-employee.ts';
import { AppLink } from '../shell/app-link.tsx';
import { useCustomer, useSites } from './portal-data.ts';
import { PortalTable, QueryOutcome, type PortalQueryMessages } from './portal-table.tsx';
import { portalEmployeeUrl } from './portal-texts.ts';
import './portal-styles.ts';

addMessages(messages);

/** The most employees the list shows (the server's largest page). */
export const EMPLOYEES_PAGE_SIZE = 500;

const EMPLOYEES_MESSAGES: PortalQueryMessages = { failed: 'portal.employees.failed', loading: 'portal.employees.loading' };

export const portalEmployeesQuery = (customerId: string) => ({
  'filter[customerId]': customerId, sort: 'lastName,firstName', 'page[size]': String(EMPLOYEES_PAGE_SIZE),
});

export default function PortalEmployees({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const params = portalEmployeesQuery(customerId);
  const list = useQuery({ queryKey: listKey('employees', params), queryFn: ({ signal }) => records.list('employees', params, signal) });
  const customer = useCustomer(customerId);
  const sites = useSites(customerId);
  const customerName = String(customer.data?.metadata.displayName ?? '');
  const siteName = (siteId: unknown) => (typeof siteId === 'string' && siteId !== customerId
    ? String(sites.data?.data.find((site) => site.id === siteId)?.metadata.displayName ?? '').replace(`${customerName} – `, '')
    : intl.formatMessage({ id: 'portal.headOffice' }));
  const label = (column: string) => intl.formatMessage({ id: `portal.employees.column.${column}` });
  return (
    <section className="portal-employees" aria-labelledby="portal-employees-title">
      <h2 id="portal-employees-title"><FormattedMessage id="portal.training.employees" /></h2>
      <QueryOutcome query={list} messages={EMPLOYEES_MESSAGES} isEmpty={(data) => data.data.length === 0} empty={<FormattedMessage id="portal.employees.none" />}>
        {(data) => (
          <PortalTable className="portal-deadlines portal-employee-list" caption={<FormattedMessage id="portal.training.employees" />} columns={['name', 'fiscalCode', 'site'].map((key) => ({ key, label: label(key) }))}>
            {data.data.map((employee) => (
            <tr key={employee.id} data-employee={employee.id}>
              <th scope="row" data-label={label('name')}>
                <AppLink href={portalEmployeeUrl(customerId, employee.id)}>{`${String(employee.attributes.lastName ?? '')} ${String(employee.attributes.firstName ?? '')}`.trim()}</AppLink>
              </th>
              <td data-label={label('fiscalCode')}>{String(employee.attributes.fiscalCode ?? '')}</td>
              <td data-label={label('site')}>{siteName(employee.relationships.officeLocationId)}</td>
            </tr>
            ))}
          </PortalTable>
        )}
      </QueryOutcome>
      {list.data && list.data.meta.total > list.data.data.length && (
        <p className="note"><FormattedMessage id="portal.employees.more" values={{ shown: list.data.data.length, total: list.data.meta.total }} /></p>
      )}
    </section>
  );
}
