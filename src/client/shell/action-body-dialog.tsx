/**
 * The small forms of custom actions that take a body (`RecordActionDefinition.body`), opened by the
 * action's command through `ctx.ui.askActionBody`: each answers the body the domain schema expects,
 * validated with that schema before it is sent. The delivery of an order lists its lines with a
 * quantity to deliver each (SPEC §5; the server asks about quantities beyond the ordered ones).
 */
import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActionBodyRequest } from '../../../commands/types.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { useEntityTitle } from '../forms/references.ts';
import { fieldLabel, formatValue } from '../forms/format.ts';
import { intl } from '../i18n/index.ts';
import { machines } from '../../domain/machines/index.ts';
import type { StateMachine } from '../../domain/machine.ts';
import { openDialog } from './dialog.tsx';
import { ActionBodyFormFrame } from './action-body-form-frame.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { DateInput } from '../forms/editors/date-input.tsx';

export interface ActionBodyFormProps {
  request: ActionBodyRequest;
  /** The body (checked against the action's schema), or undefined to cancel. */
  close(body?: unknown): void;
}

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

function DeliveryForm({ request, close }: ActionBodyFormProps) {
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

/**
 * "Crea intervento" from one deadline's tab: the day the intervention's activity is planned for
 * (empty: the deadline's own day). On a grid's selection the action runs without this form.
 */
function PlanDeadlinesForm({ request, close }: ActionBodyFormProps) {
  const [day, setDay] = useState('');
  const id = useId();
  const submit = () => {
    const body = { physicalActivityIds: [], ...(day ? { scheduledDate: day } : {}) };
    const parsed = request.definition.body?.safeParse(body);
    close(parsed?.success ? parsed.data : body);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={id}>{fieldLabel('scheduledDate')}</label>
      <DateInput id={id} data-autofocus value={day} onValue={(next) => setDay(next ?? '')} />
    </ActionBodyFormFrame>
  );
}

/** "Rinvia" a deadline: the new day and the reason, checked with the action's schema. */
function PostponeDeadlineForm({ request, close }: ActionBodyFormProps) {
  const current = String((request.entity as EntityJson).attributes.deadlineDate ?? '');
  const [day, setDay] = useState(current);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dayId = useId();
  const reasonId = useId();
  const errorId = useId();
  const submit = () => {
    const parsed = request.definition.body?.safeParse({ deadlineDate: day, postponeReason: reason });
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    close(parsed?.data);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={dayId}>{fieldLabel('deadlineDate')}</label>
      <DateInput id={dayId} data-autofocus value={day} onValue={(next) => { setDay(next ?? ''); setError(undefined); }} />
      <label htmlFor={reasonId}>{fieldLabel('postponeReason')}</label>
      <textarea id={reasonId} rows={2} maxLength={500} aria-describedby={error ? errorId : undefined} value={reason} onChange={(event) => { setReason(event.target.value); setError(undefined); }} />
      {error && <p id={errorId} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}

/**
 * The message a transition carries (`Transition.message`: a request for approval to the approvers, a
 * revision's reason): optional text, `$mod+Enter` or the button sends it, Esc cancels.
 */
function TransitionMessageForm({ request, close }: ActionBodyFormProps) {
  const intlHook = useIntl();
  const declared = transitionMessageOf(request.type, request.action);
  const [text, setText] = useState('');
  const id = useId();
  const hintId = useId();
  const max = declared?.maxLength ?? 1000;
  const submit = () => close(text.trim() === '' ? {} : { message: text.trim() });
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={id}>{declared?.label}</label>
      <textarea
        id={id}
        name="message"
        rows={4}
        maxLength={max}
        data-autofocus
        aria-describedby={hintId}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={hintId} className="form-hint">{intlHook.formatMessage({ id: 'commands.transitionMessage.hint' }, { count: text.length, max })}</p>
    </ActionBodyFormFrame>
  );
}

/** The message declaration of a state-machine transition, when it takes one. */
function transitionMessageOf(type: string, action: string) {
  const machine = (machines as Record<string, StateMachine | undefined>)[type];
  return machine?.transitions.find((transition) => transition.action === action && transition.message)?.message;
}

/** The form of each action that takes a body, by `type.action` (a unit test checks every declared one has its form). */
export const actionBodyForms: Readonly<Record<string, ComponentType<ActionBodyFormProps>>> = {
  'orders.deliver': DeliveryForm,
  'users.resetPassword': ResetPasswordForm,
  'physicalActivities.plan': PlanDeadlinesForm,
  'physicalActivities.postpone': PostponeDeadlineForm,
  // Loaded with its first use (the customer page's chunk has the rest of the contact texts).
  'customers.logContact': lazy(() => import('../customer-page/log-contact-form.tsx')),
};

/** Opens the action's form in the dialog host; resolves with the body, or undefined when cancelled. */
export function askActionBody(request: ActionBodyRequest): Promise<unknown> {
  const Form = actionBodyForms[`${request.type}.${request.action}`] ?? (transitionMessageOf(request.type, request.action) ? TransitionMessageForm : undefined);
  if (!Form) throw new Error(`No form for the body of ${request.type}.${request.action}`);
  return openDialog<unknown>({
    title: request.definition.label,
    size: 'md',
    render: (close) => <Suspense fallback={<p role="status"><FormattedMessage id="screens.loading" /></p>}><Form request={request} close={close} /></Suspense>,
  });
}
