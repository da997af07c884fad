/**
 * The order wizard's writes (SPEC §2, `POST /api/orders/wizard`: orders/wizard-routes.ts): the order
 * with its lines (the products of step 3 and the services of step 4) priced by the quotations' rule
 * or by the accepted quotation it starts from, and the provisional intervention of step 5 with one
 * activity per activity of those lines, created under the order's authority.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { OrderLine, orderWizardRequest } from '../../../domain/entities/orders.ts';
import type { Entity } from '../../../domain/entity.ts';
import { findKind } from '../../../domain/kinds.ts';
import { moduleName } from '../../../domain/enums.ts';
import { countsInTotals, type LineAmounts } from '../../../domain/rules/totals.ts';
import { businessDay } from '../../../domain/business-day.ts';
import type { DatabaseSchema } from '../../db/database.ts';
import { Problem } from '../../http/problems.ts';
import { authorizeRead } from '../../auth/read-rule.ts';
import type { HookContext } from '../../resources/hooks.ts';
import { writeAuthority, type CallContext } from '../../resources/service.ts';
import { linePricing } from './pricing.ts';

type WizardRequest = z.output<typeof orderWizardRequest>;
type LinePrice = Pick<OrderLine, 'unitPrice' | 'listPrice' | 'description'>;
/** The quotation's prices by product, in its lines' order (a product on two lines keeps each line's price, in turn). */
type QuotationPrices = Map<string, LinePrice[]>;

const invalid = (pointer: string, code: string, message: string) => new Problem('VALIDATION_FAILED', { message, errors: [{ pointer, code, message }] });
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The accepted quotation the wizard starts from, checked as «Crea ordine» checks it (the caller's
 * `createOrder` on it, accepted, no order made from it yet), with the price of each product it
 * counts in its totals: the order made from it keeps the quotation's agreed prices.
 */
async function quotationPrices(hook: HookContext, quotationId: string): Promise<{ quotation: Entity; prices: QuotationPrices }> {
  const pointer = '/order/relationships/quotationId';
  const quotations = findKind('quotations')!;
  const quotation = await hook.repository('quotations').findById(quotationId);
  if (!quotation || quotation.metadata.isDeleted) throw invalid(pointer, 'referenceNotFound', 'Preventivo inesistente');
  await authorizeRead(hook.db, hook.call.access, quotations, quotation);
  hook.call.access.authorize('createOrder', quotations, quotation);
  if (quotation.attributes.status !== 'accepted') throw invalid(pointer, 'invalidValue', 'L’ordine si crea da un preventivo accettato');
  const [existing] = await hook.repository('orders').findIdsByField('quotationId', quotation.id);
  if (existing) {
    const number = (await hook.repository('orders').findById(existing))?.attributes.orderNumber;
    throw new Problem('ORDER_ALREADY_EXISTS', { message: `Dal preventivo è già stato creato l’ordine ${typeof number === 'string' ? number : ''}`.trim(), extensions: { existingId: existing } });
  }
  const prices: QuotationPrices = new Map();
  const position = (line: Entity) => Number(line.attributes.position ?? 0);
  const lines = (await hook.repository('quotationProducts').listByRelationship('quotationId', quotation.id)).toSorted((a, b) => position(a) - position(b));
  for (const line of lines) {
    const productId = line.relationships.productId;
    const { unitPrice, listPrice, description } = line.attributes;
    if (typeof productId !== 'string' || typeof unitPrice !== 'number' || !countsInTotals(line.attributes as LineAmounts)) continue;
    const price = { unitPrice, ...(typeof listPrice === 'number' ? { listPrice } : {}), ...(typeof description === 'string' ? { description } : {}) };
    prices.set(productId, [...(prices.get(productId) ?? []), price]);
  }
  return { quotation, prices };
}

/** One order line's price: the quotation's for a product it counts, else the quotations' pricing rule (price list, then commercial offer). */
async function priced(hook: HookContext, customerId: string, productId: string, fromQuotation: QuotationPrices, pointer: string): Promise<LinePrice> {
  const agreed = fromQuotation.get(productId);
  // Each line of the product takes the next of the quotation's prices; more lines than the quotation had keep its last.
  if (agreed?.length) return agreed.length > 1 ? agreed.shift()! : agreed[0]!;
  const pricing = await linePricing(hook, productId, { relationships: { customerId } });
  if (pricing?.unitPrice === undefined) {
    throw invalid(pointer, pricing ? 'required' : 'referenceNotFound', pricing ? 'Il prodotto non ha un prezzo di listino' : 'Prodotto inesistente');
  }
  return { description: pricing.description, unitPrice: pricing.unitPrice, ...(pricing.listPrice !== undefined ? { listPrice: pricing.listPrice } : {}) };
}

/**
 * The services of step 4 as order lines (SPEC §2: the order shows the activities of the selected
 * products and services), one each, quantity 1, with every activity the service performs; a
 * service already among the lines is not added twice. A product that is not a service is refused.
 */
async function serviceLines(hook: HookContext, request: WizardRequest, fromQuotation: QuotationPrices): Promise<OrderLine[]> {
  const { customerId, selectedServiceIds } = request.order.relationships;
  const inLines = new Set(request.lines.map((line) => line.productId));
  const products = await hook.repository('products').findByIds(selectedServiceIds);
  const lines: OrderLine[] = [];
  for (const [index, serviceId] of selectedServiceIds.entries()) {
    const pointer = `/order/relationships/selectedServiceIds/${index}`;
    const product = products.get(serviceId);
    if (!product || product.metadata.isDeleted) throw invalid(pointer, 'referenceNotFound', 'Servizio inesistente');
    if (product.attributes.type !== 'service') throw invalid(pointer, 'invalidValue', `${String(product.attributes.name ?? 'Il prodotto')} non è un servizio: va tra i prodotti del passo 3`);
    if (inLines.has(serviceId)) continue;
    inLines.add(serviceId);
    const price = await priced(hook, customerId, serviceId, fromQuotation, pointer);
    lines.push({ productId: serviceId, ...price, quantity: 1, deliveredQuantity: 0, discountPercent: 0, activityIds: ids(product.relationships.activityIds) });
  }
  return lines;
}

/**
 * The order wizard's writes (SPEC §2), all inside the caller's transaction `trx`: the order with its
 * lines, then the provisional intervention of step 5 and its activities, linked both ways. Any
 * refusal rolls back the whole.
 *
 * The intervention and its activities are created under the order's authority (`WriteAuthority`,
 * resources/service.ts): the caller's right to create this order is what allows them — a
 * Commerciale, who may not create interventions, finishes the wizard — still through the one write
 * pipeline (parse, hooks, history, notices); only rows naming this order, or its intervention, can be
 * written so. The caller's ability to create the order was checked before (wizard-routes.ts).
 */
export async function createWizardOrder(
  trx: Kysely<DatabaseSchema>,
  call: CallContext,
  hookOf: (type: string) => HookContext,
  request: WizardRequest,
): Promise<{ order: Entity; assignments: Entity[] }> {
  const hook = hookOf('orders');
  const { customerId, officeLocationId, quotationId } = request.order.relationships;
  const fromQuotation = quotationId ? await quotationPrices(hook, quotationId) : undefined;
  const prices: QuotationPrices = fromQuotation?.prices ?? new Map();
  const lines: OrderLine[] = [];
  for (const [index, line] of request.lines.entries()) {
    lines.push({ ...line, ...(await priced(hook, customerId, line.productId, prices, `/lines/${index}/productId`)) });
  }
  lines.push(...(await serviceLines(hook, request, prices)));
  const orderModule = request.order.attributes.module ?? moduleName.safeParse(fromQuotation?.quotation.attributes.module).data;
  const attributes = { ...request.order.attributes, ...(orderModule ? { module: orderModule } : {}), lines };
  // The order's services: those chosen in step 4 and those among its lines (a quotation's service lines keep their quantity).
  const lineProducts = await hook.repository('products').findByIds(request.lines.map((line) => line.productId));
  const servicesInLines = request.lines.map((line) => line.productId).filter((id) => lineProducts.get(id)?.attributes.type === 'service');
  const selectedServiceIds = [...new Set([...request.order.relationships.selectedServiceIds, ...servicesInLines])];
  const order = await hook.service.createWithin(trx, call, 'orders', { attributes, relationships: { ...request.order.relationships, selectedServiceIds } });
  if (!request.assignment) return { order, assignments: [] };
  const customer = await hook.repository('customers').findById(customerId);
  // The intervention works for the order's module; an order without one takes its customer's first module.
  const module = orderModule ?? (customer?.attributes.allowedModules as string[] | undefined)?.[0];
  if (!module) throw invalid('/order/attributes/module', 'required', 'Indicare il modulo dell’ordine: l’intervento ne ha bisogno');
  const authority = writeAuthority(hook.kind, order);
  // The code is the series' (kinds/assignments.ts): one sent is ignored there, as for every creation.
  const { code: _ignored, ...assignmentAttributes } = request.assignment.attributes;
  const assignment = await hook.service.createWithin(trx, call, 'assignments', {
    attributes: { ...assignmentAttributes, module, isProvisional: true, state: 'open' },
    relationships: { ...request.assignment.relationships, customerId, officeLocationId: officeLocationId ?? null, orderId: order.id },
  }, { authority });
  // One activity of the intervention per activity the lines perform (products chosen in step 4, services with all theirs).
  const start = request.assignment.attributes.plannedStartDateTime;
  const scheduledDate = start ? businessDay(new Date(start)) : null;
  for (const activityId of [...new Set(lines.flatMap((line) => line.activityIds))]) {
    await hook.service.createWithin(trx, call, 'assignmentActivities', {
      attributes: { state: 'open', scheduledDate },
      relationships: { assignmentId: assignment.id, activityId },
    }, { authority });
  }
  const stored = await hook.repository('orders').findById(order.id);
  if (!stored) throw new Error('order written in this transaction not found');
  const linked = await hook.service.replaceWithin(trx, call, stored, 'orders', {
    attributes: stored.attributes,
    metadata: {},
    relationships: { ...stored.relationships, assignmentIds: [assignment.id] },
  });
  return { order: call.access.redact(hook.kind, linked), assignments: [assignment] };
}
