/**
 * The portal's navigation (issue 26): the pages the reader has. Training needs the edu module and the
 * employees; documents something to list (customer-document-sections.ts); quotations the right to read them; open anomalies the right
 * to read anomalies and the proofs sent for them.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { hasTrainingModule } from '../training/compliance-data.ts';
import { AppLink } from '../shell/app-link.tsx';
import { useSession } from '../session/session.tsx';
import { portalUrl } from './portal-texts.ts';
import { customerDocumentSections, hasCustomerDocuments } from '../files/customer-document-sections.ts';

export const portalPages = ['compliance', 'anomalies', 'training', 'documents', 'quotations', 'requests', 'users'] as const;
export type PortalPage = (typeof portalPages)[number];

/** The portal page a URL shows (a site's page is part of «Conformità», a quotation's of «Preventivi», an employee's of «Formazione»); none for another page. */
export function portalPageOf(path: string): PortalPage | undefined {
  if (!/^\/customers\/[^/]+(\/portal(\/.*)?)?$/.test(path)) return undefined;
  const page = /\/portal\/(anomalies|training|documents|quotations|requests|users)$/.exec(path)?.[1]
    ?? (/\/portal\/quotations\/[^/]+$/.test(path) ? 'quotations' : /\/portal\/employees\/[^/]+$/.test(path) ? 'training' : undefined);
  return (page as PortalPage | undefined) ?? 'compliance';
}

export function PortalNav({ customerId, current }: { customerId: string; current: PortalPage | undefined }) {
  const intl = useIntl();
  const { identity, ability } = useSession();
  const readable = (type: string) => ability.can('read', findKind(type)?.subject ?? type);
  const pages: { page: PortalPage; href: string }[] = [
    { page: 'compliance', href: portalUrl(customerId) },
    // Issue 26 §4: its open anomalies, and the proofs that it resolved them.
    ...(readable('anomalies') && readable('rectifications') ? [{ page: 'anomalies' as const, href: `${portalUrl(customerId)}/anomalies` }] : []),
    ...(hasTrainingModule(identity.allowedModules) && readable('employees') ? [{ page: 'training' as const, href: `${portalUrl(customerId)}/training` }] : []),
    // Issue 26 §5: any list of its documents (certificates, reports, register, orders, quotations).
    ...(hasCustomerDocuments(customerDocumentSections(readable)) ? [{ page: 'documents' as const, href: `${portalUrl(customerId)}/documents` }] : []),
    ...(readable('quotations') ? [{ page: 'quotations' as const, href: `${portalUrl(customerId)}/quotations` }] : []),
    // Issue 26 §7: service requests (chiamate).
    ...(readable('serviceRequests') ? [{ page: 'requests' as const, href: `${portalUrl(customerId)}/requests` }] : []),
    // Issue 26 §9: its colleagues, for the customer's administrator (who may invite them).
    ...(ability.can('invite', 'user') ? [{ page: 'users' as const, href: `${portalUrl(customerId)}/users` }] : []),
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

