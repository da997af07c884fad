/**
 * The customer's own pages (SPEC §2: equipments and installations per module, commercial offer,
 * agreements, deadlines, settings), as real links under the customer form: the one per-kind
 * addition the generic form needs.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { modules } from '../../domain/enums.ts';
import { enumLabel } from '../forms/format.ts';
import { recordKey } from '../data/index.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { useOpenTab } from '../workspace/tab-context.ts';

export function CustomerLinks({ id }: { id: string }) {
  const intl = useIntl();
  const openTab = useOpenTab();
  // The form loaded the customer already: read it from the cache without fetching again.
  const { data } = useQuery<EntityJson>({ queryKey: recordKey('customers', id), enabled: false });
  const allowed = (data?.attributes.allowedModules as string[] | undefined)?.filter((m) => m !== 'portal');
  const shown = allowed && allowed.length > 0 ? allowed : modules.filter((m) => m !== 'portal');
  const links: [string, string][] = [
    [`/customers/${id}/settings`, intl.formatMessage({ id: 'screens.customer.settings' })],
    [`/marketing/commercialOffers/${id}`, intl.formatMessage({ id: 'screens.customer.commercialOffer' })],
    [`/planning/commercialAgreements/${id}`, intl.formatMessage({ id: 'screens.customer.agreements' })],
    ...shown.flatMap((m): [string, string][] => [
      [`/customers/${id}/${m}/equipments`, intl.formatMessage({ id: 'screens.customer.equipments' }, { module: enumLabel(m) })],
      [`/customers/${id}/${m}/installations`, intl.formatMessage({ id: 'screens.customer.installations' }, { module: enumLabel(m) })],
      [`/planning/physicalActivities/${m}/${id}`, intl.formatMessage({ id: 'screens.customer.deadlines' }, { module: enumLabel(m) })],
    ]),
  ];
  return (
    <nav className="customer-links" aria-label={intl.formatMessage({ id: 'screens.customer.links' })}>
      <h2><FormattedMessage id="screens.customer.links" /></h2>
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href} onClick={(e) => { if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return; e.preventDefault(); openTab(href); }}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
