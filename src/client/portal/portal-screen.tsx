/**
 * The portal's routes as one screen (issue 26): its pages under `/customers/{id}/portal` (compliance
 * per site, a site, the employees' training, the documents), with the portal's own navigation. A
 * customer user reads its own customer's; staff open a customer's portal view read-only, in a tab,
 * to see what its users see.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { hasTrainingModule } from '../training/compliance-data.ts';
import { CustomerDocuments } from '../files/customer-documents.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { useSession } from '../session/session.tsx';
import { CustomerCompliance } from '../training/customer-compliance.tsx';
import { useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { pagePath } from '../workspace/workspace-state.ts';
import PortalCompliance from './portal-compliance.tsx';
import PortalSite from './portal-site.tsx';
import { useCustomer } from './portal-data.ts';
import { portalUrl } from './portal-texts.ts';
import './portal-styles.ts';

type PortalPage = 'compliance' | 'training' | 'documents';

/** The page a portal URL shows (a site's page is part of «Conformità»). */
export function portalPageOf(path: string): PortalPage {
  if (path.endsWith('/portal/training')) return 'training';
  if (path.endsWith('/portal/documents')) return 'documents';
  return 'compliance';
}

export default function PortalScreen({ customerId, siteId }: { customerId: string; siteId?: string | undefined }) {
  const { identity } = useSession();
  const [url] = useTabUrl();
  const page = portalPageOf(pagePath(url));
  const staffView = identity.userType !== 'customer';
  return (
    <div className="portal-frame">
      <PortalNav customerId={customerId} current={page} />
      {page === 'training' ? <PortalPageOf customerId={customerId} page="training" staffView={staffView} />
        : page === 'documents' ? <PortalPageOf customerId={customerId} page="documents" staffView={staffView} />
          : siteId ? <PortalSite customerId={customerId} siteId={siteId} staffView={staffView} />
            : <PortalCompliance customerId={customerId} staffView={staffView} />}
    </div>
  );
}

/** The portal's pages the reader has: training needs the edu module and the employees, documents something to list. */
function PortalNav({ customerId, current }: { customerId: string; current: PortalPage }) {
  const intl = useIntl();
  const { identity, ability } = useSession();
  const readable = (type: string) => ability.can('read', findKind(type)?.subject ?? type);
  const pages: { page: PortalPage; href: string }[] = [
    { page: 'compliance', href: portalUrl(customerId) },
    ...(hasTrainingModule(identity.allowedModules) && readable('employees') ? [{ page: 'training' as const, href: `${portalUrl(customerId)}/training` }] : []),
    ...(readable('assignments') || (readable('media') && readable('employees')) ? [{ page: 'documents' as const, href: `${portalUrl(customerId)}/documents` }] : []),
  ];
  return (
    <nav className="portal-nav" aria-label={intl.formatMessage({ id: 'portal.nav' })}>
      <ul>
        {pages.map(({ page, href }) => (
          <li key={page}>
            <AppLink href={href} aria-current={page === current ? 'page' : undefined}><FormattedMessage id={`portal.nav.${page}`} /></AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A portal page made of a section the customer page also shows (employees' training, documents), with its own heading and hint. */
function PortalPageOf({ customerId, page, staffView }: { customerId: string; page: 'training' | 'documents'; staffView: boolean }) {
  const intl = useIntl();
  const customer = useCustomer(customerId);
  const name = String(customer.data?.metadata.displayName ?? '');
  const title = intl.formatMessage({ id: `portal.nav.${page}` });
  useTabTitle(intl.formatMessage({ id: 'portal.page.tabTitle' }, { page: title, customer: name }));
  return (
    <section className={`portal portal-${page}`} aria-labelledby={`portal-${page}-title`}>
      <h1 id={`portal-${page}-title`} className="screen-title">{title} – {name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      {page === 'training' ? <CustomerCompliance customerId={customerId} /> : <CustomerDocuments customerId={customerId} />}
    </section>
  );
}
