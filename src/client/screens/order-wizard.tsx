/**
 * Order-creation wizard (SPEC §2, `/marketing/orders/detail/new`): 1 order data; 2 customer and
 * optional office location (one per assignment); 3 delivery quantities (SPEC §5: more than ordered
 * asks first and raises the ordered quantity); 4 activities of the chosen products and the chosen
 * services; 5 a provisional assignment. Fields are the generic ones over the shared schemas; the
 * order is validated by the orders schema before anything is sent.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { findKind } from '../../domain/kinds.ts';
import { readPath, writePath } from '../../domain/kind.ts';
import { deliveryCheck } from '../../domain/rules/delivery.ts';
import { listKey, records } from '../data/index.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { confirmDialog } from '../shell/dialog.tsx';
import { useTabDirty, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { Field, type FieldAccess } from '../forms/field-input.tsx';
import { findField, kindSections } from '../forms/schema-fields.ts';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { formatMoney } from '../forms/format.ts';
import { useNewRecordPreset } from '../forms/editors/form-record.ts';
import { newEntity, validationErrors } from '../data/record-state.ts';
import { newClientId } from '../data/drafts.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import type { EntityJson } from '../../domain/entity.ts';
import type { OrderWizardRequest } from '../../domain/entities/orders.ts';
import type { LinePricing } from '../../domain/rules/pricing.ts';
import { businessDay } from '../../domain/business-day.ts';

interface Line {
  productId: string;
  description: string;
  quantity: number;
  deliveredQuantity: number;
  /** Quantity delivered now (step 3). */
  toDeliver: number;
  unitPrice: number;
  discountPercent: number;
  activityIds: string[];
}

const STEPS = ['order', 'customer', 'delivery', 'activities', 'assignment'] as const;
const open: FieldAccess = { canRead: () => true, canEdit: () => true };

export function OrderWizard() {
  const intl = useIntl();
  const [, replaceUrl] = useTabUrl();
  const orders = findKind('orders')!;
  const fields = useMemo(() => kindSections(orders).attributes, [orders]);
  const assignmentFields = useMemo(() => kindSections(findKind('assignments')!).attributes, []);
  // Values the new-order URL carries (a customer's orders → that customer), as the generic form takes them.
  const preset = useNewRecordPreset();
  const [step, setStep] = useState(0);
  const [order, setOrder] = useState<EntityJson>(() => writePath(newEntity(orders, preset), 'attributes.orderDate', businessDay()));
  const [lines, setLines] = useState<Line[]>([]);
  const [assignment, setAssignment] = useState<EntityJson>(() => newEntity(findKind('assignments')!));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(newClientId);
  useTabTitle(intl.formatMessage({ id: 'screens.wizard.title' }));
  useTabDirty(lines.length > 0 || Boolean(order.relationships.customerId));

  const customerId = order.relationships.customerId as string | undefined;
  const setOrderField = (path: string, value: unknown) => setOrder((o) => writePath(o, path, value));
  const setAssignmentField = (path: string, value: unknown) => setAssignment((a) => writePath(a, path, value));
  const field = (path: string) => findField(fields, path)!;

  /** Lines already chosen follow another customer's prices (going back to step 2 and changing it). */
  const repriceLines = async (customer: string | undefined) => {
    const prices = new Map(await Promise.all(lines.map(async (line) => [line.productId, (await customerPrice(customer, line.productId))?.unitPrice] as const)));
    setLines((ls) => ls.map((line) => {
      const unitPrice = prices.get(line.productId);
      return unitPrice === undefined ? line : { ...line, unitPrice };
    }));
  };

  const orderToSend = (): EntityJson =>
    writePath(order, 'attributes.lines', lines.map(({ toDeliver: _t, ...line }) => ({ ...line, description: line.description || undefined })));

  /** What must be right before leaving a step. */
  const check = async (): Promise<boolean> => {
    const all = validationErrors(orders, orderToSend());
    const stepPaths: Record<(typeof STEPS)[number], (p: string) => boolean> = {
      order: (p) => /^attributes\.(orderDate|workStartDate|workEndDate|module|notes)/.test(p),
      customer: (p) => p.startsWith('relationships.'),
      delivery: (p) => p.startsWith('attributes.lines'),
      activities: () => false,
      assignment: () => false,
    };
    const mine = new Map([...all].filter(([p]) => stepPaths[STEPS[step]!](p)));
    if (STEPS[step] === 'delivery') {
      if (lines.length === 0) mine.set('lines', intl.formatMessage({ id: 'screens.wizard.noLines' }));
      // SPEC §5: more than ordered → ask; yes raises the ordered quantity to what is delivered.
      const next: Line[] = [];
      for (const line of lines) {
        const result = deliveryCheck({ ordered: line.quantity, alreadyDelivered: line.deliveredQuantity, toDeliver: line.toDeliver });
        if (result.exceeds) {
          const yes = await confirmDialog({
            title: intl.formatMessage({ id: 'screens.wizard.exceedsTitle' }),
            message: intl.formatMessage({ id: 'screens.wizard.exceeds' }, { product: line.description, quantity: result.newOrderedQuantity }),
          });
          if (!yes) return false;
          next.push({ ...line, quantity: result.newOrderedQuantity, deliveredQuantity: result.newOrderedQuantity, toDeliver: 0 });
        } else next.push({ ...line, deliveredQuantity: line.deliveredQuantity + line.toDeliver, toDeliver: 0 });
      }
      setLines(next);
    }
    if (STEPS[step] === 'assignment' && !String(assignment.attributes.code ?? '').trim()) mine.set('assignment.attributes.code', intl.formatMessage({ id: 'screens.wizard.codeRequired' }));
    setErrors(mine);
    return mine.size === 0;
  };

  const finish = async () => {
    if (!(await check())) return;
    setBusy(true);
    try {
      // One server call, one transaction; the key is this wizard's, so Finish twice or a retry makes one order.
      const { data: created } = await records.createOnce('orders', 'wizard', wizardRequest(order, lines, assignment), idempotencyKey);
      pushAlert({ type: 'success', content: intl.formatMessage({ id: 'screens.wizard.done' }) });
      replaceUrl(recordTabUrl('orders', created.id));
    } catch {
      // The problem was reported by the data path (SPEC §8 alert); the wizard stays open to correct and finish again.
    } finally {
      setBusy(false);
    }
  };

  const total = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice * (1 - l.discountPercent / 100), 0);

  return (
    <form
      className="entity-form order-wizard"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (step < STEPS.length - 1) {
          if (await check()) setStep(step + 1);
        } else await finish();
      }}
    >
      <header className="entity-form-header">
        <h1><FormattedMessage id="screens.wizard.title" /></h1>
        <ol className="wizard-steps">
          {STEPS.map((s, i) => (
            <li key={s} aria-current={i === step ? 'step' : undefined}>
              <FormattedMessage id={`screens.wizard.step.${s}`} values={{ n: i + 1 }} />
            </li>
          ))}
        </ol>
      </header>
      {STEPS[step] === 'order' && (
        <div className="form-fields">
          {['attributes.orderDate', 'attributes.workStartDate', 'attributes.workEndDate', 'attributes.module', 'attributes.notes'].map((path) => (
            <Field key={path} spec={field(path)} path={path} value={readPath(order, path)} onChange={setOrderField} errors={errors} access={open} locked={false} />
          ))}
        </div>
      )}
      {STEPS[step] === 'customer' && (
        <div className="form-fields">
          <ReferencePicker label={intl.formatMessage({ id: 'form.field.customerId' })} target="customers" value={customerId ?? null} required
            invalid={errors.has('relationships.customerId')} onChange={(id) => {
              setOrder((o) => writePath(writePath(o, 'relationships.customerId', id ?? undefined), 'relationships.officeLocationId', null));
              void repriceLines(id ?? undefined);
            }} />
          {customerId && (
            <ReferencePicker label={intl.formatMessage({ id: 'form.field.officeLocationId' })} target="customers" value={(order.relationships.officeLocationId as string | null) ?? null}
              filter={{ 'filter[parentId]': customerId }} onChange={(id) => setOrderField('relationships.officeLocationId', id)} />
          )}
          {errors.get('relationships.customerId') && <p className="form-error" role="alert">{errors.get('relationships.customerId')}</p>}
        </div>
      )}
      {STEPS[step] === 'delivery' && (
        <div>
          <ReferencePicker label={intl.formatMessage({ id: 'screens.wizard.addProduct' })} target="products" value={null} filter={{ 'filter[type]': 'physical' }}
            onChange={async (id) => {
              if (!id || lines.some((l) => l.productId === id)) return;
              const product = await records.get('products', id);
              const priced = await customerPrice(customerId, id);
              const unitPrice = priced?.unitPrice ?? Number(product.attributes.listPrice ?? 0);
              setLines((ls) => [...ls, { productId: id, description: priced?.description ?? String(product.attributes.name ?? ''), quantity: 1, deliveredQuantity: 0, toDeliver: 0, unitPrice, discountPercent: 0, activityIds: [] }]);
            }} />
          {errors.get('lines') && <p className="form-error" role="alert">{errors.get('lines')}</p>}
          <table className="wizard-lines">
            <thead><tr>
              <th scope="col"><FormattedMessage id="form.field.productId" /></th>
              <th scope="col"><FormattedMessage id="form.field.quantity" /></th>
              <th scope="col"><FormattedMessage id="form.field.deliveredQuantity" /></th>
              <th scope="col"><FormattedMessage id="screens.wizard.toDeliver" /></th>
              <th scope="col"><FormattedMessage id="form.field.unitPrice" /></th>
              <th scope="col"><FormattedMessage id="form.list.remove" /></th>
            </tr></thead>
            <tbody>
              {lines.map((line, i) => {
                const set = (key: keyof Line) => (e: { target: { value: string } }) =>
                  setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [key]: Math.max(0, Number(e.target.value.replace(',', '.')) || 0) } : l)));
                return (
                  <tr key={line.productId}>
                    <th scope="row">{line.description}</th>
                    <td><input aria-label={intl.formatMessage({ id: 'form.field.quantity' })} inputMode="decimal" value={line.quantity} onChange={set('quantity')} /></td>
                    <td>{line.deliveredQuantity}</td>
                    <td><input aria-label={intl.formatMessage({ id: 'screens.wizard.toDeliver' })} inputMode="decimal" value={line.toDeliver} onChange={set('toDeliver')} /></td>
                    <td>{formatMoney(line.unitPrice)}</td>
                    <td><button type="button" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}><FormattedMessage id="form.list.remove" /></button></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p><FormattedMessage id="screens.wizard.total" values={{ total: formatMoney(total) }} /></p>
        </div>
      )}
      {STEPS[step] === 'activities' && (
        <div>
          {lines.map((line, i) => (
            <LineActivities key={line.productId} line={line} onChange={(ids) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, activityIds: ids } : l)))} />
          ))}
          <Field spec={{ ...findField(kindSections(orders).relationships, 'relationships.selectedServiceIds')!, name: 'selectedServiceIds' }} path="relationships.selectedServiceIds"
            value={order.relationships.selectedServiceIds} onChange={setOrderField} errors={errors} access={open} locked={false} />
        </div>
      )}
      {STEPS[step] === 'assignment' && (
        <div className="form-fields">
          <p className="form-hint"><FormattedMessage id="screens.wizard.provisional" /></p>
          {['attributes.code', 'attributes.title', 'attributes.plannedStartDateTime', 'attributes.plannedEndDateTime', 'attributes.priority'].map((path) => (
            <Field key={path} spec={findField(assignmentFields, path)!} path={path} value={readPath(assignment, path)} onChange={setAssignmentField}
              errors={new Map([...errors].filter(([p]) => p.startsWith('assignment.')).map(([p, m]) => [p.slice('assignment.'.length), m]))} access={open} locked={false} />
          ))}
          <Field spec={{ ...findField(kindSections(findKind('assignments')!).relationships, 'relationships.operatorIds')!, target: 'users' }} path="relationships.operatorIds"
            value={assignment.relationships.operatorIds} onChange={setAssignmentField} errors={errors} access={open} locked={false} />
        </div>
      )}
      <div className="entity-form-actions">
        {step > 0 && <button type="button" onClick={() => setStep(step - 1)}><FormattedMessage id="screens.wizard.back" /></button>}
        <button type="submit" disabled={busy}>
          <FormattedMessage id={step < STEPS.length - 1 ? 'screens.wizard.next' : 'screens.wizard.finish'} />
        </button>
      </div>
    </form>
  );
}

/** The customer's price of the product today by the quotations' rule (price list, offer): what the server will store on Finish. */
async function customerPrice(customerId: string | undefined, productId: string): Promise<LinePricing | undefined> {
  if (!customerId) return undefined;
  return (await records.related<{ data: LinePricing }>('customers', customerId, 'price', { productId }).catch(() => undefined))?.data;
}

const pick = (section: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((key) => (section[key] === undefined || section[key] === '' ? [] : [[key, section[key]]])));

/** The body of `POST /api/orders/wizard` (orderWizardRequest): what the steps chose; the server prices the lines. */
function wizardRequest(order: EntityJson, lines: readonly Line[], assignment: EntityJson): OrderWizardRequest {
  const code = String(assignment.attributes.code ?? '').trim();
  return {
    order: {
      attributes: pick(order.attributes, ['orderDate', 'workStartDate', 'workEndDate', 'module', 'notes']) as OrderWizardRequest['order']['attributes'],
      relationships: pick(order.relationships, ['customerId', 'officeLocationId', 'selectedServiceIds']) as OrderWizardRequest['order']['relationships'],
    },
    lines: lines.map(({ productId, quantity, deliveredQuantity, discountPercent, activityIds }) => ({ productId, quantity, deliveredQuantity, discountPercent, activityIds })),
    ...(code
      ? {
          assignment: {
            attributes: { ...pick(assignment.attributes, ['title', 'plannedStartDateTime', 'plannedEndDateTime', 'priority']), code },
            relationships: pick(assignment.relationships, ['operatorIds', 'operatorInChargeId']),
          },
        }
      : {}),
  };
}

/** The activities of one product's line (SPEC §2 step 4), as checkboxes. */
function LineActivities({ line, onChange }: { line: Line; onChange(ids: string[]): void }) {
  const activities = findKind('activities')!;
  const query = { 'filter[productId]': line.productId, 'page[size]': 100 };
  const { data } = useQuery({
    queryKey: listKey('activities', query),
    queryFn: ({ signal }) => records.list('activities', query, signal),
    select: (answer) => answer.data,
  });
  return (
    <fieldset className="form-choices">
      <legend>{line.description}</legend>
      {data?.length === 0 && <p><FormattedMessage id="screens.wizard.noActivities" /></p>}
      {(data ?? []).map((activity) => (
        <label key={activity.id}>
          <input type="checkbox" checked={line.activityIds.includes(activity.id)}
            onChange={(e) => onChange(e.target.checked ? [...line.activityIds, activity.id] : line.activityIds.filter((x) => x !== activity.id))} />{' '}
          {activities.title(activity)}
        </label>
      ))}
    </fieldset>
  );
}
