/**
 * Commercial offers (SPEC §2 `/marketing/commercialOffers` and `/…/{customerId}`): the customers
 * with an offer, its type, percentage and validity and whether it applies today (SPEC §4,
 * domain `rules/commercial-offer.ts`); the price lists (the customer's own, the general and zone
 * ones) as links to their editor; and for one customer, what a product costs them today, answered
 * by the server's pricing rule (`records.customerPrice`), the same one quotation lines use.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { businessDay } from '../../domain/business-day.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { isCommercialOfferValid, type CommercialOfferTerms } from '../../domain/rules/commercial-offer.ts';
import { isPriceListValid, type LinePricing } from '../../domain/rules/pricing.ts';
import { listKey, recordKey, records } from '../data/index.ts';
import { EntityForm } from '../forms/entity-form.tsx';
import { formatDate, formatMoney, formatValue } from '../forms/format.ts';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { useEntityTitle } from '../forms/references.ts';
import { addMessages } from '../i18n/index.ts';
import priceListMessages from '../i18n/messages/price-lists.ts';
import { AppLink } from '../shell/app-link.tsx';

addMessages(priceListMessages);

/** The customer fields of the offer, edited in place on a customer's page. */
const OFFER_FIELDS = ['attributes.commercialOfferType', 'attributes.commercialPercentage', 'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd', 'attributes.maxDiscountPercent'];
const OFFER_PAGE = 100;

/** `GET /api/customers/{id}/price`: the pricing rule's answer for one customer and product, on the server's business day. */
type CustomerPrice = LinePricing & { customerId: string; productId: string; today: string };

const termsOf = (customer: EntityJson): CommercialOfferTerms => customer.attributes as CommercialOfferTerms;
const dayText = (value: unknown) => (typeof value === 'string' && value ? formatDate(value.slice(0, 10)) : '—');

function ValidToday({ terms, today }: { terms: CommercialOfferTerms; today: string }) {
  const valid = isCommercialOfferValid(terms, today);
  return <span className={`offer-validity ${valid ? 'is-valid' : 'is-not-valid'}`} data-valid={valid}><FormattedMessage id={valid ? 'offers.valid' : 'offers.notValid'} /></span>;
}

function OfferType({ terms }: { terms: CommercialOfferTerms }) {
  return <FormattedMessage id={terms.commercialOfferType === 'surcharge' ? 'offers.type.surcharge' : 'offers.type.discount'} />;
}

export default function CommercialOffersScreen({ customerId }: { customerId?: string | undefined }) {
  const today = businessDay();
  return (
    <section className="screen screen-commercial-offers">
      {customerId ? <CustomerOffer customerId={customerId} today={today} /> : <OfferList today={today} />}
      <PriceLists customerId={customerId} today={today} />
    </section>
  );
}

/** The customers with an offer (any percentage), the latest ending first. */
function OfferList({ today }: { today: string }) {
  const intl = useIntl();
  const params = { 'from[commercialPercentage]': 0.01, sort: '-validityDateTimeEnd', 'page[size]': OFFER_PAGE };
  const offers = useQuery({ queryKey: listKey('customers', params), queryFn: ({ signal }) => records.list('customers', params, signal) });
  const rows = offers.data?.data ?? [];
  return (
    <>
      <h1><FormattedMessage id="offers.title" /></h1>
      <p><FormattedMessage id="offers.price.today" values={{ day: formatDate(today) }} /></p>
      <h2 id="offers-customers"><FormattedMessage id="offers.customers" /></h2>
      {offers.isLoading && <p role="status"><FormattedMessage id="screens.loading" /></p>}
      {offers.isSuccess && rows.length === 0 && <p><FormattedMessage id="offers.none" /></p>}
      {rows.length > 0 && (
        <table className="offers-table" aria-labelledby="offers-customers">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="offers.customer" /></th>
              <th scope="col"><FormattedMessage id="offers.type" /></th>
              <th scope="col"><FormattedMessage id="offers.percentage" /></th>
              <th scope="col"><FormattedMessage id="offers.validity" /></th>
              <th scope="col"><FormattedMessage id="offers.today" /></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((customer) => {
              const terms = termsOf(customer);
              return (
                <tr key={customer.id} data-customer={customer.id}>
                  <th scope="row"><AppLink href={`/marketing/commercialOffers/${encodeURIComponent(customer.id)}`}>{String(customer.metadata.displayName ?? customer.id)}</AppLink></th>
                  <td><OfferType terms={terms} /></td>
                  <td>{formatValue(terms.commercialPercentage ?? 0, 'number')}%</td>
                  <td>{dayText(terms.validityDateTimeStart)} – {dayText(terms.validityDateTimeEnd)}</td>
                  <td><ValidToday terms={terms} today={today} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {(offers.data?.meta.total ?? 0) > rows.length && <p>{intl.formatMessage({ id: 'offers.more' }, { shown: rows.length, total: offers.data?.meta.total ?? 0 })}</p>}
    </>
  );
}

/** One customer's offer: its terms edited in place, whether it applies today, and the price of a product. */
function CustomerOffer({ customerId, today }: { customerId: string; today: string }) {
  const customer = useQuery({ queryKey: recordKey('customers', customerId), queryFn: ({ signal }) => records.get('customers', customerId, signal) });
  const terms = customer.data ? termsOf(customer.data) : undefined;
  const intl = useIntl();
  return (
    <>
      <EntityForm type="customers" id={customerId} only={OFFER_FIELDS} />
      <section className="form-section offer-summary" aria-labelledby="offer-summary-title">
        <h2 id="offer-summary-title"><FormattedMessage id="offers.offer" /></h2>
        {terms && (terms.commercialPercentage ?? 0) > 0 ? (
          <p>
            <FormattedMessage id="offers.offerLine" values={{
              type: intl.formatMessage({ id: terms.commercialOfferType === 'surcharge' ? 'offers.type.surcharge' : 'offers.type.discount' }),
              percentage: formatValue(terms.commercialPercentage ?? 0, 'number'),
              from: dayText(terms.validityDateTimeStart),
              to: dayText(terms.validityDateTimeEnd),
            }} />{' '}
            <ValidToday terms={terms} today={today} />
          </p>
        ) : terms ? <p><FormattedMessage id="offers.noOffer" /></p> : null}
      </section>
      <ProductPrice customerId={customerId} />
    </>
  );
}

/** "What does this product cost this customer today": the server's pricing rule for the chosen product. */
function ProductPrice({ customerId }: { customerId: string }) {
  const [productId, setProductId] = useState<string | null>(null);
  const price = useQuery({
    queryKey: ['customerPrice', customerId, productId],
    queryFn: async ({ signal }) => (await records.related<{ data: CustomerPrice }>('customers', customerId, 'price', { productId: productId! }, signal)).data,
    enabled: productId !== null,
  });
  return (
    <section className="form-section offer-price" aria-labelledby="offer-price-title">
      <h2 id="offer-price-title"><FormattedMessage id="offers.price.title" /></h2>
      <ReferencePicker label={useIntl().formatMessage({ id: 'offers.price.product' })} target="products" value={productId} onChange={setProductId} />
      {price.isError && <p role="alert" className="form-error"><FormattedMessage id="offers.price.error" /></p>}
      {price.data && <PriceAnswer price={price.data} />}
    </section>
  );
}

function PriceAnswer({ price }: { price: CustomerPrice }) {
  const listTitle = useEntityTitle(price.priceListId ? 'priceLists' : undefined, price.priceListId);
  if (price.listPrice === undefined || price.unitPrice === undefined) return <p role="status"><FormattedMessage id="offers.price.noPrice" /></p>;
  const offer = price.offerPercent === 0 ? <FormattedMessage id="offers.price.noOfferApplied" /> : `${price.offerPercent > 0 ? '+' : ''}${formatValue(price.offerPercent, 'number')}%`;
  return (
    <dl className="entity-summary offer-price-answer" aria-live="polite">
      <div data-price="list"><dt><FormattedMessage id="offers.price.listPrice" /></dt><dd>{formatMoney(price.listPrice)}</dd></div>
      <div data-price="offer"><dt><FormattedMessage id="offers.price.offer" /></dt><dd>{offer}</dd></div>
      <div data-price="unit"><dt><FormattedMessage id="offers.price.unitPrice" /></dt><dd>{formatMoney(price.unitPrice)}</dd></div>
      <div data-price="source">
        <dt><FormattedMessage id="offers.price.from" /></dt>
        <dd>
          {price.priceListId && price.priceListSource ? (
            <AppLink href={recordTabUrl('priceLists', price.priceListId)}>
              <FormattedMessage id={`offers.price.source.${price.priceListSource}`} />{listTitle ? ` ${listTitle}` : ''}
            </AppLink>
          ) : <FormattedMessage id="offers.price.source.catalogue" />}
        </dd>
      </div>
    </dl>
  );
}

/** Price lists as links to their editor: the customer's own, else (and always) the general and zone ones. */
function PriceLists({ customerId, today }: { customerId?: string | undefined; today: string }) {
  const own = customerId ? { 'filter[customerId]': customerId, 'page[size]': 50, sort: '-validFrom' } : undefined;
  const shared = { 'has[customerId]': false, 'page[size]': 100, sort: 'code' };
  const ownLists = useQuery({ queryKey: listKey('priceLists', own ?? {}), queryFn: ({ signal }) => records.list('priceLists', own, signal), enabled: own !== undefined });
  const sharedLists = useQuery({ queryKey: listKey('priceLists', shared), queryFn: ({ signal }) => records.list('priceLists', shared, signal) });
  return (
    <section className="form-section offer-price-lists" aria-labelledby="offer-lists-title">
      <h2 id="offer-lists-title"><FormattedMessage id="offers.priceLists" /></h2>
      {customerId && <ListLinks title="offers.customerLists" lists={ownLists.data?.data} today={today} />}
      <ListLinks title="offers.sharedLists" lists={sharedLists.data?.data} today={today} />
    </section>
  );
}

function ListLinks({ title, lists, today }: { title: string; lists: EntityJson[] | undefined; today: string }) {
  const intl = useIntl();
  return (
    <>
      <h3><FormattedMessage id={title} /></h3>
      {lists && lists.length === 0 && <p><FormattedMessage id="offers.noLists" /></p>}
      {lists && lists.length > 0 && (
        <ul className="offer-list-links">
          {lists.map((list) => {
            const validity = { validFrom: list.attributes.validFrom as string | null | undefined, validTo: list.attributes.validTo as string | null | undefined };
            const items = Array.isArray(list.attributes.items) ? list.attributes.items.length : 0;
            return (
              <li key={list.id}>
                <AppLink href={recordTabUrl('priceLists', list.id, list)}>{`${String(list.attributes.code)} – ${String(list.attributes.name)}`}</AppLink>
                {' '}<FormattedMessage id="offers.listLine" values={{
                  from: dayText(validity.validFrom), to: dayText(validity.validTo), count: items,
                  state: intl.formatMessage({ id: isPriceListValid(validity, today) ? 'offers.listValid' : 'offers.listNotValid' }),
                }} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
