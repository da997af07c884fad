/**
 * Order-creation wizard (SPEC §2, `/marketing/orders/detail/new`): 1 order data; 2 customer and
 * optional office location (one per assignment); 3 delivery quantities (SPEC §5: more than ordered
 * asks first and raises the ordered quantity); 4 activities of the chosen products and the chosen
 * services; 5 a provisional intervention, whose code is the server's series and whose operators are
 * chosen here only by a role that may read users (else the step says who assigns them). Opened with
 * `?relationships.quotationId=…` (the accepted quotation's «Crea ordine», `r o`) it starts from that
 * quotation: its customer, office location, module, product lines and services. Fields are the
 * generic ones over the shared schemas; the order is validated by the orders schema before anything is sent.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { findKind } from '../../domain/kinds.ts';
import { readPath, writePath } from '../../domain/kind.ts';
import { deliveryCheck } from '../../domain/rules/delivery.ts';
import { listKey, recordKey, records } from '../data/index.ts';
import { failureOf } from '../data/records.ts';
import { ApiProblem } from '../api/http.ts';
import { showProblemAlert } from '../api/problem-alert.ts';
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
import { countsInTotals, type LineAmounts } from '../../domain/rules/totals.ts';
import { operatorCandidatesQuery } from '../../domain/rules/intervention.ts';
import { useSession } from '../session/session.tsx';
import { useEntityTitle } from '../forms/references.ts';

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
  const { ability } = useSession();
  // Operators are chosen from the users: a role that may not read them leaves that to the planner.
  const mayPickOperators = ability.can('read', 'user');
  const quotationId = preset['relationships.quotationId'];
  const [fromQuotation, setFromQuotation] = useState<{ title: string; skipped: string[] } | undefined>();
  useTabTitle(intl.formatMessage({ id: 'screens.wizard.title' }));
  useTabDirty(lines.length > 0 || Boolean(order.relationships.customerId));

  // Started from an accepted quotation: its customer, location, module, product lines and services.
  useEffect(() => {
    if (!quotationId) return;
    let current = true;
    void startingQuotation(quotationId).then((start) => {
      if (!current) return;
      setOrder((o) => ({
        ...o,
        attributes: { ...o.attributes, ...(start.module ? { module: start.module } : {}) },
        relationships: { ...o.relationships, customerId: start.customerId, officeLocationId: start.officeLocationId, quotationId },
      }));
      setLines(start.lines);
      setFromQuotation({ title: start.title, skipped: start.skipped });
    }, () => {
      // The data path reported why the quotation could not be read; the wizard stays empty.
    });
    return () => {
      current = false;
    };
  }, [quotationId]);

  const customerId = order.relationships.customerId as string | undefined;
  const serviceIds = (order.relationships.selectedServiceIds as string[] | undefined) ?? [];
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
    setErrors(mine);
    return mine.size === 0;
  };

  const finish = async () => {
    if (!(await check())) return;
    setBusy(true);
    try {
      // One server call, one transaction; the key is this wizard's, so Finish twice or a retry makes one order.
      const { data: created, included } = await records.createOnce('orders', 'wizard', wizardRequest(order, lines, assignment), idempotencyKey, { failure: failureOf('assignments', 'create') });
      // The wizard's answer includes one record: its provisional intervention.
      const [intervention] = included;
      const activityIds = (created.metadata.activityIds as string[] | undefined) ?? [];
      pushAlert({
        type: 'success',
        content: intl.formatMessage({ id: 'screens.wizard.done' }, {
          order: String(created.attributes.orderNumber ?? ''), intervention: String(intervention?.attributes.code ?? ''), activities: activityIds.length,
        }),
      });
      replaceUrl(recordTabUrl('orders', created.id));
    } catch (error) {
      // Refusals the data path reports (403, 409, 5xx, no answer) are already an alert (SPEC §8); a 422's reasons are said
      // here, under the same title «Errore durante la creazione dell’incarico». The wizard stays open to correct and finish again.
      if (error instanceof ApiProblem && error.status === 422) showProblemAlert(error);
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
        {fromQuotation && (
          <p className="form-hint" role="status">
            <FormattedMessage id="screens.wizard.fromQuotation" values={{ quotation: fromQuotation.title }} />
            {fromQuotation.skipped.length > 0 && <> <FormattedMessage id="screens.wizard.quotationSkipped" values={{ lines: fromQuotation.skipped.join(', ') }} /></>}
          </p>
        )}
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
          {/* The picker lists physical products only: say where the services go. */}
          <p className="form-hint"><FormattedMessage id="screens.wizard.servicesLater" /></p>
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
                  <tr key={`${line.productId}-${i}`}>
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
            <LineActivities key={`${line.productId}-${i}`} line={line} onChange={(ids) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, activityIds: ids } : l)))} />
          ))}
          <ReferencePicker label={intl.formatMessage({ id: 'screens.wizard.addService' })} target="products" value={null} filter={{ 'filter[type]': 'service' }}
            onChange={(id) => {
              if (id && !serviceIds.includes(id)) setOrderField('relationships.selectedServiceIds', [...serviceIds, id]);
            }} />
          <p className="form-hint"><FormattedMessage id="screens.wizard.servicesHint" /></p>
          {serviceIds.length > 0 && (
            <ul className="wizard-services" aria-label={intl.formatMessage({ id: 'screens.wizard.services' })}>
              {serviceIds.map((id) => (
                <ServiceItem key={id} id={id} onRemove={() => setOrderField('relationships.selectedServiceIds', serviceIds.filter((x) => x !== id))} />
              ))}
            </ul>
          )}
        </div>
      )}
      {STEPS[step] === 'assignment' && (
        <div className="form-fields">
          <p className="form-hint"><FormattedMessage id="screens.wizard.provisional" /></p>
          <p className="form-hint"><FormattedMessage id="screens.wizard.codeBySeries" /></p>
          {['attributes.title', 'attributes.plannedStartDateTime', 'attributes.plannedEndDateTime', 'attributes.priority'].map((path) => (
            <Field key={path} spec={findField(assignmentFields, path)!} path={path} value={readPath(assignment, path)} onChange={setAssignmentField}
              errors={new Map([...errors].filter(([p]) => p.startsWith('assignment.')).map(([p, m]) => [p.slice('assignment.'.length), m]))} access={open} locked={false} />
          ))}
          {mayPickOperators ? (
            <WizardOperators module={typeof order.attributes.module === 'string' ? order.attributes.module : undefined}
              operatorIds={(assignment.relationships.operatorIds as string[] | undefined) ?? []}
              inChargeId={typeof assignment.relationships.operatorInChargeId === 'string' ? assignment.relationships.operatorInChargeId : ''}
              onChange={(operatorIds, inChargeId) => setAssignment((a) => writePath(writePath(a, 'relationships.operatorIds', operatorIds), 'relationships.operatorInChargeId', inChargeId || undefined))} />
          ) : (
            <p className="form-hint" role="note"><FormattedMessage id="screens.wizard.operatorsByPlanner" /></p>
          )}
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

/**
 * The body of `POST /api/orders/wizard` (orderWizardRequest): what the steps chose; the server prices
 * the lines (from the quotation when it starts from one) and numbers the intervention.
 */
function wizardRequest(order: EntityJson, lines: readonly Line[], assignment: EntityJson): OrderWizardRequest {
  return {
    order: {
      attributes: pick(order.attributes, ['orderDate', 'workStartDate', 'workEndDate', 'module', 'notes']) as OrderWizardRequest['order']['attributes'],
      relationships: pick(order.relationships, ['customerId', 'officeLocationId', 'quotationId', 'selectedServiceIds']) as OrderWizardRequest['order']['relationships'],
    },
    lines: lines.map(({ productId, quantity, deliveredQuantity, discountPercent, activityIds }) => ({ productId, quantity, deliveredQuantity, discountPercent, activityIds })),
    assignment: {
      attributes: pick(assignment.attributes, ['title', 'plannedStartDateTime', 'plannedEndDateTime', 'priority']),
      relationships: pick(assignment.relationships, ['operatorIds', 'operatorInChargeId']),
    },
  };
}

interface QuotationStart {
  title: string;
  customerId: string;
  officeLocationId: string | null;
  module: string | undefined;
  lines: Line[];
  /** Lines the wizard cannot order (no product): named to the user. */
  skipped: string[];
}

/**
 * What an accepted quotation gives the wizard: the lines its totals count, each with its quantity,
 * discount and price (the server prices them from the quotation), a service's line with all the
 * service's activities; lines without a product cannot be ordered and are named instead.
 */
async function startingQuotation(id: string): Promise<QuotationStart> {
  const quotation = await records.get('quotations', id);
  const quotationLines = (await records.list('quotationProducts', { 'filter[quotationId]': id, 'page[size]': 500, sort: 'position' })).data
    .filter((line) => countsInTotals(line.attributes as LineAmounts));
  const productIds = [...new Set(quotationLines.flatMap((line) => (typeof line.relationships.productId === 'string' ? [line.relationships.productId] : [])))];
  const products = new Map(await Promise.all(productIds.map(async (productId) => [productId, await records.get('products', productId)] as const)));
  const lines: Line[] = [];
  const skipped: string[] = [];
  for (const line of quotationLines) {
    const product = typeof line.relationships.productId === 'string' ? products.get(line.relationships.productId) : undefined;
    const description = String(line.attributes.description ?? product?.attributes.name ?? '');
    if (!product) {
      skipped.push(description);
      continue;
    }
    const isService = product.attributes.type === 'service';
    lines.push({
      productId: product.id, description, quantity: Number(line.attributes.quantity ?? 1), deliveredQuantity: 0, toDeliver: 0,
      unitPrice: Number(line.attributes.unitPrice ?? 0), discountPercent: Number(line.attributes.discountPercent ?? 0),
      activityIds: isService ? ((product.relationships.activityIds as string[] | undefined) ?? []) : [],
    });
  }
  const module = typeof quotation.attributes.module === 'string' ? quotation.attributes.module : undefined;
  return {
    title: findKind('quotations')!.title(quotation), customerId: String(quotation.relationships.customerId),
    officeLocationId: typeof quotation.relationships.officeLocationId === 'string' ? quotation.relationships.officeLocationId : null,
    module, lines, skipped,
  };
}

/** A service chosen in step 4, with the activities it brings to the intervention. */
function ServiceItem({ id, onRemove }: { id: string; onRemove(): void }) {
  const intl = useIntl();
  const title = useEntityTitle('products', id);
  const { data: product } = useQuery({ queryKey: recordKey('products', id), queryFn: ({ signal }) => records.get('products', id, signal) });
  const activityIds = (product?.relationships.activityIds as string[] | undefined) ?? [];
  return (
    <li>
      <span>{title}</span>{' '}
      {activityIds.length > 0 && (
        <span className="form-hint">
          <FormattedMessage id="screens.wizard.serviceActivities" />{' '}
          {activityIds.map((activityId, index) => <ActivityName key={activityId} id={activityId} last={index === activityIds.length - 1} />)}
        </span>
      )}{' '}
      <button type="button" onClick={onRemove} aria-label={intl.formatMessage({ id: 'screens.wizard.removeService' }, { service: title })}>
        <FormattedMessage id="form.list.remove" />
      </button>
    </li>
  );
}

/**
 * Step 5's operators, for a role that may read users: the staff allowed on the order's module (the
 * intervention's operator rule, `operatorCandidatesQuery`), and the one in charge among them.
 */
function WizardOperators({ module, operatorIds, inChargeId, onChange }: { module: string | undefined; operatorIds: string[]; inChargeId: string; onChange(operatorIds: string[], inChargeId: string): void }) {
  const intl = useIntl();
  const filter = useMemo(() => operatorCandidatesQuery(module), [module]);
  return (
    <fieldset className="wizard-operators">
      <legend><FormattedMessage id="screens.wizard.operators" /></legend>
      <p className="form-hint"><FormattedMessage id="screens.wizard.operatorsHint" /></p>
      {operatorIds.length > 0 && (
        <ul className="form-chips">
          {operatorIds.map((id) => (
            <OperatorChip key={id} id={id} onRemove={() => onChange(operatorIds.filter((x) => x !== id), inChargeId === id ? '' : inChargeId)} />
          ))}
        </ul>
      )}
      <ReferencePicker label={intl.formatMessage({ id: 'screens.wizard.addOperator' })} target="users" value={null} filter={filter}
        onChange={(id) => id && !operatorIds.includes(id) && onChange([...operatorIds, id], inChargeId || id)} />
      <label className="wizard-in-charge">
        <FormattedMessage id="screens.wizard.inCharge" />{' '}
        <select value={inChargeId} onChange={(event) => onChange(operatorIds, event.target.value)}>
          <option value="">{intl.formatMessage({ id: 'screens.wizard.inChargeNone' })}</option>
          {operatorIds.map((id) => <OperatorOption key={id} id={id} />)}
        </select>
      </label>
    </fieldset>
  );
}

function OperatorChip({ id, onRemove }: { id: string; onRemove(): void }) {
  const intl = useIntl();
  const name = useEntityTitle('users', id);
  return (
    <li>
      {name}{' '}
      <button type="button" aria-label={intl.formatMessage({ id: 'screens.wizard.removeOperator' }, { name })} onClick={onRemove}>×</button>
    </li>
  );
}

function OperatorOption({ id }: { id: string }) {
  return <option value={id}>{useEntityTitle('users', id)}</option>;
}

function ActivityName({ id, last }: { id: string; last: boolean }) {
  const title = useEntityTitle('activities', id);
  return <>{title}{last ? '' : ', '}</>;
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
