/**
 * The lines of an open order, edited in place: product picker, description, ordered quantity, unit
 * price and discount; delivered and remaining quantities are read-only (they change only through
 * the `deliver` action, SPEC §5). Every control is a native input or button, in reading order.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderLine } from '../../domain/entities/orders.ts';
import { lineTotals } from '../../domain/rules/totals.ts';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { formatMoney, formatValue } from '../forms/format.ts';
import { parseQuantity } from './delivery-form.tsx';
import { records } from '../data/index.ts';
import type { LinePricing } from '../../domain/rules/pricing.ts';

interface Props {
  lines: readonly OrderLine[];
  /** The order's customer: a product chosen on a new line gets its price for this customer. */
  customerId: string | undefined;
  onChange(lines: OrderLine[]): void;
  locked: boolean;
  /** The record's errors by dotted path (`attributes.lines.0.deliveredQuantity`). */
  errors: ReadonlyMap<string, string>;
  /** A line whose product picker takes the focus once shown (one just added), then `onFocused`. */
  focusLine?: number | undefined;
  onFocused?(): void;
  /** The «Aggiungi riga» control (the registry's command button). */
  addLine?: ReactNode;
}

/** A new line: nothing chosen yet, one unit, nothing delivered. */
export function emptyOrderLine(): OrderLine {
  return { productId: null, description: '', quantity: 1, deliveredQuantity: 0, unitPrice: 0, discountPercent: 0, activityIds: [] };
}

/** A number typed the Italian way (`2,5`): the line gets it once it parses; the text stays as typed. */
function NumberCell({ value, label, onChange, readOnly, error }: { value: number; label: string; onChange(value: number): void; readOnly: boolean; error?: string | undefined }) {
  const intl = useIntl();
  const [text, setText] = useState<string | null>(null);
  const invalid = text !== null && Number.isNaN(parseQuantity(text));
  return (
    <input
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || Boolean(error) ? true : undefined}
      title={invalid ? intl.formatMessage({ id: 'orders.detail.invalidNumber' }) : error}
      readOnly={readOnly}
      value={text ?? formatValue(value, 'number')}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseQuantity(event.target.value);
        if (!Number.isNaN(parsed)) onChange(parsed);
      }}
      onBlur={() => setText(null)}
    />
  );
}

/**
 * What choosing a product fills on a line still without a description or a price: the customer's
 * price today (the quotations' pricing rule, `GET /api/customers/{id}/price`), else the catalogue's.
 */
async function productDefaults(line: OrderLine, productId: string, customerId: string | undefined): Promise<Partial<OrderLine>> {
  if (line.description?.trim() && line.unitPrice > 0) return {};
  const priced = customerId ? await records.related<{ data: LinePricing }>('customers', customerId, 'price', { productId }).catch(() => undefined) : undefined;
  const product = priced ? undefined : await records.get('products', productId).catch(() => undefined);
  const description = priced?.data.description ?? (typeof product?.attributes.name === 'string' ? product.attributes.name : undefined);
  const unitPrice = priced?.data.unitPrice ?? (typeof product?.attributes.listPrice === 'number' ? product.attributes.listPrice : undefined);
  const listPrice = priced?.data.listPrice;
  return {
    ...(!line.description?.trim() && description ? { description } : {}),
    ...(line.unitPrice === 0 && unitPrice !== undefined ? { unitPrice, ...(listPrice !== undefined ? { listPrice } : {}) } : {}),
  };
}

export function OrderLines({ lines, customerId, onChange, locked, errors, focusLine, onFocused, addLine }: Props) {
  const intl = useIntl();
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (focusLine === undefined) return;
    const input = table.current?.querySelector<HTMLInputElement>(`tr[data-line="${focusLine}"] input`);
    if (!input) return;
    input.focus();
    onFocused?.();
  }, [focusLine, lines.length, onFocused]);
  const t = (id: string, n: number) => intl.formatMessage({ id }, { n });
  const set = (index: number, patch: Partial<OrderLine>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const error = (index: number, key: string) => errors.get(`attributes.lines.${index}.${key}`);
  return (
    <section className="form-section order-lines" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title"><FormattedMessage id="orders.detail.lines" /></h2>
      <p className="form-hint"><FormattedMessage id="orders.detail.linesHint" /></p>
      {lines.length === 0 ? (
        <p><FormattedMessage id="orders.detail.noLines" /></p>
      ) : (
        <table ref={table} className="wizard-lines order-lines-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col"><FormattedMessage id="orders.detail.product" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.description" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.ordered" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.delivered" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.remaining" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.unitPrice" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.discount" /></th>
              <th scope="col"><FormattedMessage id="orders.detail.net" /></th>
              {!locked && <th scope="col"><span className="sr-only"><FormattedMessage id="form.list.remove" /></span></th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const n = index + 1;
              const delivered = line.deliveredQuantity ?? 0;
              return (
                <tr key={index} data-line={index}>
                  <th scope="row">{n}</th>
                  <td>
                    <ReferencePicker label={t('orders.detail.productOf', n)} target="products" value={line.productId ?? null} readOnly={locked}
                      onChange={(productId) => {
                        set(index, { productId });
                        if (productId) void productDefaults(line, productId, customerId).then((filled) => Object.keys(filled).length > 0 && set(index, { productId, ...filled }));
                      }} />
                  </td>
                  <td>
                    <input aria-label={t('orders.detail.descriptionOf', n)} readOnly={locked} value={line.description ?? ''}
                      aria-invalid={error(index, 'description') ? true : undefined} onChange={(event) => set(index, { description: event.target.value })} />
                  </td>
                  <td><NumberCell label={t('orders.detail.orderedOf', n)} value={line.quantity} readOnly={locked} error={error(index, 'quantity')} onChange={(quantity) => set(index, { quantity })} /></td>
                  <td data-column="delivered">{formatValue(delivered, 'number')}</td>
                  <td data-column="remaining">{formatValue(Math.max(0, line.quantity - delivered), 'number')}</td>
                  <td><NumberCell label={t('orders.detail.unitPriceOf', n)} value={line.unitPrice} readOnly={locked} error={error(index, 'unitPrice')} onChange={(unitPrice) => set(index, { unitPrice })} /></td>
                  <td><NumberCell label={t('orders.detail.discountOf', n)} value={line.discountPercent ?? 0} readOnly={locked} error={error(index, 'discountPercent')} onChange={(discountPercent) => set(index, { discountPercent })} /></td>
                  <td data-column="net">{formatMoney(lineTotals(line).netTotal)}</td>
                  {!locked && (
                    <td>
                      <button type="button" aria-label={t('orders.detail.removeLine', n)} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                        <FormattedMessage id="form.list.remove" />
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {[...errors].filter(([path]) => path.startsWith('attributes.lines.')).map(([path, message]) => (
        <p key={path} className="form-error" role="alert">{intl.formatMessage({ id: 'orders.detail.lineError' }, { n: Number(path.split('.')[2]) + 1, message })}</p>
      ))}
      {addLine}
    </section>
  );
}
