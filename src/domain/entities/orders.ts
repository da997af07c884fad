/**
 * Orders (SPEC §3 Order, §4 states, /marketing/orders): what a customer has ordered, line by line,
 * with what has been delivered so far. Totals are derived from the lines (SPEC §3 total price,
 * total discount as amount and %, total net price).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { moduleName, orderStates } from '../enums.ts';
import { isoDate, MAX_QUANTITY, messages, money, optionalText, percentage } from '../validation.ts';
import { deliveryCheck } from '../rules/delivery.ts';
import { documentTotals } from '../rules/totals.ts';
import { orderDeletableStates, orderMachine } from '../machines/order.ts';
import { assignmentAttributes, assignmentRelationships } from './assignments.ts';

/**
 * SPEC §5 delivery: delivering more than ordered needs the user's confirmation, and on yes the
 * ordered quantity is raised first. So a stored line never has more delivered than ordered.
 */
/** Body of the `deliver` action: quantities delivered now, by order line. */
export const deliveryRequest = z.strictObject({
  deliveries: z.array(z.strictObject({ line: z.number().int().min(0), quantity: z.number().finite().gt(0).max(MAX_QUANTITY) })).min(1).max(1000),
  /** The user confirmed that delivering more than ordered updates the ordered quantity. */
  confirmExcess: z.boolean().default(false),
  lastUpdatedDateTime: z.string().optional(),
});

/** Order states in which deliveries may be recorded. */
export const DELIVERABLE_ORDER_STATES = ['todo', 'planned', 'in-progress'] as const;

export const deliveredExceedsOrdered = {
  code: 'deliveredExceedsOrdered',
  message: 'La quantità consegnata supera la quantità ordinata',
} as const;

export const orderLine = z.strictObject({
  productId: z.uuid().nullable().optional(),
  /** Copied from the product when there is one; required when there is not. */
  description: optionalText(2000),
  /** Ordered quantity. */
  quantity: z.number().finite().gt(0).max(MAX_QUANTITY),
  deliveredQuantity: z.number().finite().min(0).max(1_000_000).default(0),
  unitPrice: money().pipe(z.number().min(0)),
  /** Catalogue (price list) price per unit, kept from the pricing rule or the quotation: the reference of the total discount. */
  listPrice: money().pipe(z.number().min(0)).optional(),
  discountPercent: percentage().default(0),
  /** Activities to perform for this line (wizard step 4). */
  activityIds: z.array(z.uuid()).max(100).default([]),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderAttributes = z.strictObject({
  orderNumber: optionalText(50),
  orderDate: isoDate(),
  workStartDate: isoDate().nullable().optional(),
  workEndDate: isoDate().nullable().optional(),
  completionDate: isoDate().nullable().optional(),
  state: z.enum(orderStates).default('new'),
  module: moduleName.optional(),
  notes: optionalText(5000),
  lines: z.array(orderLine).max(1000).default([]),
});

export const orderRelationships = z.strictObject({
  customerId: z.uuid(),
  /** At most one office location per order (wizard step 2). */
  officeLocationId: z.uuid().nullable().optional(),
  /** The accepted quotation the order comes from. */
  quotationId: z.uuid().nullable().optional(),
  /** Services (products of type service) chosen for the order besides its lines. */
  selectedServiceIds: z.array(z.uuid()).max(500).default([]),
  assignmentIds: z.array(z.uuid()).max(500).default([]),
});

/**
 * Body of `POST /api/orders/wizard` (SPEC §2 order wizard, committed in one transaction): the order
 * data (step 1), customer and office location (step 2), the lines with what is delivered now
 * (step 3; priced by the server with the quotations' pricing rule, so no price is sent), their
 * activities and the services (step 4), and the provisional assignment (step 5).
 */
export const orderWizardRequest = z.strictObject({
  order: z.strictObject({
    attributes: orderAttributes.pick({ orderDate: true, workStartDate: true, workEndDate: true, module: true, notes: true }),
    /** `quotationId`: the accepted quotation the wizard starts from (its prices are the order's). */
    relationships: orderRelationships.pick({ customerId: true, officeLocationId: true, quotationId: true, selectedServiceIds: true }),
  }),
  lines: z.array(z.strictObject({
    productId: z.uuid(),
    quantity: orderLine.shape.quantity,
    deliveredQuantity: orderLine.shape.deliveredQuantity,
    discountPercent: orderLine.shape.discountPercent,
    activityIds: orderLine.shape.activityIds,
  })).min(1, 'Aggiungere almeno un prodotto').max(1000),
  /**
   * The provisional assignment (step 5); its module, customer, location and order are the order's,
   * its code the server's series (a code sent is ignored), its activities those of the lines and services.
   */
  assignment: z.strictObject({
    attributes: assignmentAttributes.pick({ code: true, title: true, plannedStartDateTime: true, plannedEndDateTime: true, priority: true }),
    relationships: assignmentRelationships.pick({ operatorIds: true, operatorInChargeId: true }).default({ operatorIds: [] }),
  }).optional(),
});
export type OrderWizardRequest = z.input<typeof orderWizardRequest>;

type OrderShape = EntityShape & { attributes: z.infer<typeof orderAttributes> };

/** Rules also run on values the field schemas refused (a negative quantity): those are left to them. */
function deliveryExceedsOrder({ quantity, deliveredQuantity }: OrderLine): boolean {
  const counted = (n: number) => Number.isFinite(n) && n >= 0;
  return counted(quantity) && counted(deliveredQuantity) && deliveryCheck({ ordered: quantity, alreadyDelivered: deliveredQuantity, toDeliver: 0 }).exceeds;
}

/** Works end on or after they start; every line says what it is and delivers no more than ordered. */
export function orderIssues(attributes: z.infer<typeof orderAttributes>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { workStartDate, workEndDate, lines } = attributes;
  if (workStartDate && workEndDate && workEndDate < workStartDate) {
    issues.push({ path: ['attributes', 'workEndDate'], code: 'closeAfterStart', message: messages.closeAfterStart });
  }
  lines.forEach((line, index) => {
    const at = ['attributes', 'lines', index];
    if (!line.productId && !line.description?.trim()) issues.push({ path: [...at, 'description'], code: 'required', message: messages.required });
    if (deliveryExceedsOrder(line)) issues.push({ path: [...at, 'deliveredQuantity'], ...deliveredExceedsOrdered });
  });
  return issues;
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export const orders = defineKind({
  type: 'orders',
  subject: 'order',
  label: { singular: 'Ordine', plural: 'Ordini' },
  // An order made from a quotation is of that quotation's module (planners read orders, not quotations).
  readThrough: [{ path: 'relationships.quotationId', target: 'quotations', scope: 'module' }],
  attributes: orderAttributes,
  // Totals and ids gathered from the lines are derived; customerName is looked up by the server.
  metadata: z.strictObject({}),
  relationships: orderRelationships,
  machine: orderMachine,
  // Completed or cancelled, an order is what was done or dropped: only its notes still change (a cancelled one is reopened first).
  stateLock: {
    editableStates: ['new', 'todo', 'planned', 'in-progress'],
    alwaysEditable: ['attributes.notes'],
    hint: 'si possono cambiare solo le note',
  },
  // SPEC §4: deleted only before work on it is confirmed, or once cancelled.
  deleteLock: { states: orderDeletableStates, message: 'Si possono eliminare solo ordini nuovi o annullati' },
  actions: {
    deliver: { label: 'Registra consegna', ability: 'update', body: deliveryRequest, key: 'c', states: DELIVERABLE_ORDER_STATES },
  },
  fields: {
    orderNumber: { path: 'attributes.orderNumber', type: 'text', sortable: true },
    orderDate: { path: 'attributes.orderDate', type: 'date', sortable: true, range: true },
    state: { path: 'attributes.state', type: 'text', sortable: true },
    // SPEC §6 allowedModules: an order of a module the user may not use is neither listed nor read (the closing module rule).
    module: { path: 'attributes.module', type: 'text' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    quotationId: { path: 'relationships.quotationId', type: 'uuid' },
    totalNetPrice: { path: 'metadata.totalNetPrice', type: 'number', sortable: true, range: true },
    customerName: { path: 'metadata.customerName', type: 'text', sortable: true },
  },
  fullText: ['attributes.orderNumber', 'metadata.customerName', 'attributes.notes'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'relationships.officeLocationId': { target: 'customers' },
    'relationships.quotationId': { target: 'quotations' },
    'relationships.selectedServiceIds': { target: 'products', many: true },
    'relationships.assignmentIds': { target: 'assignments', many: true },
    // Lines live inside the order; their ids are also gathered in metadata, whose index finds the orders naming a record.
    'attributes.lines[].productId': { target: 'products', gatheredIn: 'metadata.productIds' },
    'attributes.lines[].activityIds': { target: 'activities', many: true, gatheredIn: 'metadata.activityIds' },
  },
  rules: (entity) => orderIssues((entity as OrderShape).attributes),
  derivedMetadata: (entity) => {
    const { lines } = (entity as OrderShape).attributes;
    // Order lines carry the agreed price only: the discount is measured against it.
    const totals = documentTotals(lines);
    return {
      totalPrice: totals.listTotal,
      totalDiscount: totals.totalDiscount,
      totalDiscountPercent: totals.totalDiscountPercent,
      totalNetPrice: totals.netTotal,
      productIds: unique(lines.flatMap((line) => (line.productId ? [line.productId] : []))),
      activityIds: unique(lines.flatMap((line) => line.activityIds)),
    };
  },
  title: (entity) => {
    const { orderNumber } = (entity as OrderShape).attributes;
    const customerName = typeof entity.metadata.customerName === 'string' ? entity.metadata.customerName : '';
    return [orderNumber ? `Ordine ${orderNumber}` : 'Ordine', customerName].filter(Boolean).join(' – ');
  },
});
