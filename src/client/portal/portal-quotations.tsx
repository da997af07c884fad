/**
 * The portal's «Preventivi» (issue 26 §3): the quotations the customer received (issued, then accepted
 * or not; a draft is the office's), newest first, as a plain table in the customer's words. Each code is
 * a link to the quotation's own page in the portal (in the Tab order, Enter opens it).
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { listKey, records } from '../data/index.ts';
import { formatMoney, formatValue } from '../forms/format.ts';
import { AppLink } from '../shell/app-link.tsx';
import { useTabTitle } from '../workspace/tab-context.ts';
import { useCustomer } from './portal-data.ts';
import { PortalTable, QueryOutcome, type PortalQueryMessages } from './portal-table.tsx';
import { portalQuotationUrl, quotationStateText } from './portal-texts.ts';
import './portal-styles.ts';

/** The states of a quotation its customer has received. */
export const RECEIVED_STATES = ['issued', 'accepted', 'not-accepted'] as const;
/** The most recent quotations listed (a customer with more is told how many there are). */
const SHOWN = 100;
const COLUMNS = ['code', 'date', 'expiry', 'state', 'total'] as const;
const QUOTATIONS_MESSAGES: PortalQueryMessages = { failed: 'portal.quotations.failed', loading: 'portal.quotations.loading' };

/** The list's query: the customer's received quotations, newest first. */
export const portalQuotationsQuery = (customerId: string) => ({
  'filter[customerId]': customerId, 'filter[status]': RECEIVED_STATES.join(','), sort: '-date', 'page[size]': SHOWN,
});

export default function PortalQuotations({ customerId, staffView }: { customerId: string; staffView: boolean }) {
  const intl = useIntl();
  const customer = useCustomer(customerId);
  const query = portalQuotationsQuery(customerId);
  const list = useQuery({ queryKey: listKey('quotations', query), queryFn: ({ signal }) => records.list('quotations', query, signal) });
  const name = String(customer.data?.metadata.displayName ?? '');
  const title = intl.formatMessage({ id: 'portal.nav.quotations' });
  useTabTitle(intl.formatMessage({ id: 'portal.page.tabTitle' }, { page: title, customer: name }));
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const label = (column: string) => intl.formatMessage({ id: `portal.quotations.column.${column}` });
  return (
    <section className="portal portal-quotations" aria-labelledby="portal-quotations-title">
      <h1 id="portal-quotations-title" className="screen-title">{title} – {name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      <QueryOutcome query={list} messages={QUOTATIONS_MESSAGES}>
        {() => (
          <>
            <p className="portal-quotations-count"><FormattedMessage id="portal.quotations.count" values={{ count: total }} /></p>
            {rows.length > 0 && (
              <PortalTable className="portal-quotation-list" labelledBy="portal-quotations-title" columns={COLUMNS.map((key) => ({ key, label: label(key), className: key === 'total' ? 'portal-amount' : undefined }))}>
                {rows.map((quotation) => <QuotationRow key={quotation.id} customerId={customerId} quotation={quotation} label={label} />)}
              </PortalTable>
            )}
            {total > rows.length && <p className="note"><FormattedMessage id="portal.quotations.more" values={{ shown: rows.length, total }} /></p>}
          </>
        )}
      </QueryOutcome>
    </section>
  );
}

function QuotationRow({ customerId, quotation, label }: { customerId: string; quotation: Entity; label(column: string): string }) {
  const intl = useIntl();
  const a = quotation.attributes;
  const code = String(a.code ?? '');
  const total = quotation.metadata.totalNetPrice;
  return (
    <tr data-quotation={quotation.id}>
      <th scope="row" data-label={label('code')}>
        <AppLink href={portalQuotationUrl(customerId, quotation.id)}>{code}{a.title ? ` – ${String(a.title)}` : ''}</AppLink>
      </th>
      <td className="portal-date" data-label={label('date')}>{formatValue(a.date, 'date')}</td>
      <td className="portal-date" data-label={label('expiry')}>{formatValue(a.expiryDate, 'date')}</td>
      <td data-state={String(a.status ?? '')} data-label={label('state')}>{quotationStateText(intl, a.status)}</td>
      <td className="portal-amount" data-label={label('total')}>{typeof total === 'number' ? formatMoney(total) : ''}</td>
    </tr>
  );
}
