/**
 * The portal's routes as one screen (issue 26): its pages under `/customers/{id}/portal` (compliance
 * per site, a site, the employees' training and one employee, the documents, the quotations and one quotation), with the portal's own navigation. A
 * customer user reads its own customer's; staff open a customer's portal view read-only, in a tab,
 * to see what its users see.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { customerUserHome } from '../../domain/routes.ts';
import { AppLink } from '../shell/app-link.tsx';
import { CustomerDocuments } from '../files/customer-documents.tsx';
import { useSession } from '../session/session.tsx';
import { CustomerCompliance } from '../training/customer-compliance.tsx';
import { useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { pagePath } from '../workspace/workspace-state.ts';
import PortalAnomalies from './portal-anomalies.tsx';
import PortalCompliance, { failureText } from './portal-compliance.tsx';
import PortalRequests from './portal-requests.tsx';
import PortalUsers from './portal-users.tsx';
import PortalSite from './portal-site.tsx';
import PortalQuotation from './portal-quotation.tsx';
import PortalQuotations from './portal-quotations.tsx';
import PortalEmployee from './portal-employee.tsx';
import PortalEmployees from './portal-employees.tsx';
import { useCustomer } from './portal-data.ts';
import { portalEmployeeUrl } from './portal-texts.ts';
import { PortalNav, portalPageOf } from './portal-nav.tsx';
import './portal-styles.ts';

export default function PortalScreen({ customerId, siteId, quotationId, employeeId }: { customerId: string; siteId?: string | undefined; quotationId?: string | undefined; employeeId?: string | undefined }) {
  const { identity } = useSession();
  const [url] = useTabUrl();
  const page = portalPageOf(pagePath(url)) ?? 'compliance';
  const staffView = identity.userType !== 'customer';
  // Every page is of one customer, which the user must be allowed to read: one check for all of them
  // (the server's read rule, through the record layer), before any page asks for that customer's data.
  const customer = useCustomer(customerId);
  if (customer.error) return <PortalRefused reason={failureText(customer.error)} />;
  if (!customer.data) return <p className="screen-loading" role="status"><FormattedMessage id="screens.loading" /></p>;
  return (
    <div className="portal-frame">
      {/* A customer's user has the navigation in its layout; staff, in a tab, here. */}
      {staffView && <PortalNav customerId={customerId} current={page} />}
      {page === 'quotations' ? (quotationId ? <PortalQuotation customerId={customerId} quotationId={quotationId} staffView={staffView} /> : <PortalQuotations customerId={customerId} staffView={staffView} />)
        : page === 'requests' ? <PortalRequests customerId={customerId} staffView={staffView} />
        : page === 'users' ? <PortalUsers customerId={customerId} staffView={staffView} />
        : page === 'anomalies' ? <PortalAnomalies customerId={customerId} staffView={staffView} />
        : page === 'training' ? (employeeId ? <PortalEmployee customerId={customerId} employeeId={employeeId} staffView={staffView} /> : <PortalPageOf customerId={customerId} page="training" staffView={staffView} />)
        : page === 'documents' ? <PortalPageOf customerId={customerId} page="documents" staffView={staffView} />
          : siteId ? <PortalSite customerId={customerId} siteId={siteId} staffView={staffView} />
            : <PortalCompliance customerId={customerId} staffView={staffView} />}
    </div>
  );
}

/** A customer the user may not read (another customer's address): the refusal, and a customer user's way back to its own portal. */
function PortalRefused({ reason }: { reason: string }) {
  const intl = useIntl();
  const { identity } = useSession();
  const title = intl.formatMessage({ id: 'portal.refused.title' });
  useTabTitle(title);
  const home = identity.userType === 'customer' && identity.customerId ? customerUserHome(identity.customerId) : undefined;
  return (
    <section className="portal portal-refused" aria-labelledby="portal-refused-title">
      <h1 id="portal-refused-title" className="screen-title">{title}</h1>
      <p role="alert"><FormattedMessage id="portal.refused" values={{ reason }} /></p>
      {home && <p><AppLink href={home}><FormattedMessage id="portal.refused.home" /></AppLink></p>}
    </section>
  );
}

/** A portal page made of a section the customer page also shows (employees' training, documents), with its own heading and hint. */
function PortalPageOf({ customerId, page, staffView }: { customerId: string; page: 'training' | 'documents'; staffView: boolean }) {
  const intl = useIntl();
  const { ability } = useSession();
  const customer = useCustomer(customerId);
  const name = String(customer.data?.metadata.displayName ?? '');
  const title = intl.formatMessage({ id: `portal.nav.${page}` });
  useTabTitle(intl.formatMessage({ id: 'portal.page.tabTitle' }, { page: title, customer: name }));
  return (
    <section className={`portal portal-${page}`} aria-labelledby={`portal-${page}-title`}>
      <h1 id={`portal-${page}-title`} className="screen-title">{title} – {name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      {page === 'training' ? (
        <>
          {/* Issue 26 §6: its own users ask enrolments from the matrix (staff see the portal read-only). Each employee opens its page in the portal. */}
          <CustomerCompliance customerId={customerId} asks={!staffView && ability.can('create', 'enrolment request')} employeeUrl={(id) => portalEmployeeUrl(customerId, id)} level={2} />
          <PortalEmployees customerId={customerId} />
        </>
      ) : <CustomerDocuments customerId={customerId} ownPage readOnly={staffView} />}
    </section>
  );
}
