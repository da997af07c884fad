/**
 * The body of an order's «Consegna» (`orders.deliver`, SPEC §5): its lines with a quantity to deliver
 * each, read as Italian numbers and checked with the action's schema before it is sent (the server
 * asks about quantities beyond the ordered ones). Declared on the orders kind module.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { useEntityTitle } from '../forms/references.ts';
import { formatValue } from '../forms/format.ts';
import { intl } from '../i18n/index.ts';
import { ActionBodyFormFrame, type ActionBodyFormProps } from '../shell/action-body-form-frame.tsx';

interface OrderLineView {
  productId?: string | null;
  description?: string;
  quantity: number;
  deliveredQuantity?: number;
}

/** `2,5` or `2.5` → 2.5; empty → 0; anything else → NaN. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The `deliveries` of a delivery body from the typed quantities (lines left at 0 are not delivered). */
export function deliveryBody(quantities: readonly string[]): { deliveries: { line: number; quantity: number }[]; confirmExcess: false } | { invalidLine: number } | { empty: true } {
  const deliveries: { line: number; quantity: number }[] = [];
  for (const [line, text] of quantities.entries()) {
    const quantity = parseQuantity(text);
    if (Number.isNaN(quantity)) return { invalidLine: line };
    if (quantity > 0) deliveries.push({ line, quantity });
  }
  return deliveries.length > 0 ? { deliveries, confirmExcess: false } : { empty: true };
}

function LineName({ line, index }: { line: OrderLineView; index: number }) {
  const product = useEntityTitle(line.productId ? 'products' : undefined, line.productId ?? undefined);
  return <>{line.description || product || intl.formatMessage({ id: 'commands.deliver.line' }, { n: index + 1 })}</>;
}

export function DeliveryForm({ request, close }: ActionBodyFormProps) {
  const intlHook = useIntl();
  const lines = ((request.entity as EntityJson).attributes.lines as OrderLineView[] | undefined) ?? [];
  const [quantities, setQuantities] = useState<string[]>(() => lines.map(() => ''));
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const submit = () => {
    const body = deliveryBody(quantities);
    if ('invalidLine' in body) return setError(intlHook.formatMessage({ id: 'commands.deliver.invalid' }, { n: body.invalidLine + 1 }));
    if ('empty' in body) return setError(intlHook.formatMessage({ id: 'commands.deliver.empty' }));
    const parsed = request.definition.body?.safeParse(body);
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message ?? intlHook.formatMessage({ id: 'commands.deliver.empty' }));
    close(parsed ? parsed.data : body);
  };
  if (lines.length === 0) {
    return (
      <>
        <p><FormattedMessage id="commands.deliver.noLines" /></p>
        <div className="dialog-actions">
          <button type="button" data-autofocus onClick={() => close(undefined)}><FormattedMessage id="workspace.dialog.close" /></button>
        </div>
      </>
    );
  }
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <table className="wizard-lines">
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="commands.deliver.product" /></th>
            <th scope="col"><FormattedMessage id="commands.deliver.ordered" /></th>
            <th scope="col"><FormattedMessage id="commands.deliver.delivered" /></th>
            <th scope="col"><FormattedMessage id="commands.deliver.toDeliver" /></th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <th scope="row"><LineName line={line} index={index} /></th>
              <td>{formatValue(line.quantity, 'number')}</td>
              <td>{formatValue(line.deliveredQuantity ?? 0, 'number')}</td>
              <td>
                <input
                  name={`deliveries.${index}`}
                  inputMode="decimal"
                  autoComplete="off"
                  // The dialog host focuses it as it opens, before the first paint: no typed key is lost.
                  data-autofocus={index === 0 || undefined}
                  aria-label={intlHook.formatMessage({ id: 'commands.deliver.quantityOf' }, { n: index + 1 })}
                  aria-describedby={error ? errorId : undefined}
                  value={quantities[index]}
                  onChange={(event) => {
                    const value = event.target.value;
                    setQuantities((current) => current.map((q, i) => (i === index ? value : q)));
                    setError(undefined);
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && <p id={errorId} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}


export default DeliveryForm;
