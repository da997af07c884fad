/**
 * Server hooks of quotations: numbering, validity, approval requests, revisions, duplicate, and the
 * order made from an accepted quotation (`createOrder`). Their lines' pricing and totals:
 * quotationProducts.ts and support/pricing.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { expiryFromValidity, quotations } from '../../domain/entities/quotations.ts';
import { quotationProductTotals, type quotationProductAttributes } from '../../domain/entities/quotation-products.ts';
import { countsInTotals, type LineAmounts } from '../../domain/rules/totals.ts';
import { callerOfUser } from '../auth/identity.ts';
import { readableRows } from '../auth/read-rule.ts';
import type { Entity } from '../../domain/entity.ts';
import { tableName } from '../db/entity-sql.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { customerName, customerZoneId, nextCode, requireUnique, sameJson } from './support/hook-helpers.ts';

type LineAttributes = z.infer<typeof quotationProductAttributes>;

/**
 * SPEC §6 "receive reminders on approval requests": one reminder, about the quotation, for each
 * enabled user who may receive approval reminders on it and read it, by the same rules as any of
 * their requests (their roles, module limits and read rule: `callerOfUser`), except the one asking.
 */
async function remindApprovers(hook: HookContext, quotation: Entity, message: string | undefined): Promise<void> {
  const users = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName({ type: 'users' }))}
    WHERE NOT is_deleted AND coalesce(metadata->>'isEnabled', 'true') <> 'false' AND jsonb_array_length(coalesce(relationships->'roleIds', '[]'::jsonb)) > 0`.execute(hook.db);
  const approvers: string[] = [];
  for (const user of users.rows) {
    if (user.id === hook.call.identity.userId) continue;
    const caller = await callerOfUser(hook.db, user.id).catch(() => undefined);
    if (!caller?.access.can('receiveApprovalReminders', quotations, quotation)) continue;
    if ((await readableRows(hook.db, caller.access, quotations, [quotation])).length === 1) approvers.push(user.id);
  }
  if (approvers.length === 0) return;
  const title = quotations.title(quotation);
  await hook.repository('reminders').insert(
    approvers.map((userId) => ({
      id: randomUUID(),
      by: hook.call.identity,
      data: {
        attributes: { title: `Approvazione richiesta: ${title}`, ...(message ? { note: message } : {}), dateTime: new Date().toISOString(), isDone: false },
        metadata: {},
        relationships: { userId, customerId: quotation.relationships.customerId ?? null, entityType: 'quotations', entityId: quotation.id },
      },
    })),
    'requestApproval',
  );
}

/** A line as a revision keeps it: its id (to pair it with the live line when comparing), content and amounts. */
function frozenLine(line: Entity): Record<string, unknown> {
  return { id: line.id, attributes: line.attributes, relationships: line.relationships, metadata: quotationProductTotals(line.attributes as LineAttributes) };
}

const byPosition = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Number((a.attributes as Record<string, unknown>).position ?? 0) - Number((b.attributes as Record<string, unknown>).position ?? 0);

/** The live order already made from the quotation, with the sentence that says so; undefined when none. */
async function orderOfQuotation(hook: HookContext, quotation: Entity): Promise<{ id: string; message: string } | undefined> {
  const orders = hook.repository('orders');
  const [id] = await orders.findIdsByField('quotationId', quotation.id);
  if (!id) return undefined;
  const number = (await orders.findById(id))?.attributes.orderNumber;
  return { id, message: `Dal preventivo è già stato creato l’ordine ${typeof number === 'string' ? number : ''}`.trim() };
}

/** Why "Crea ordine" cannot run on the quotation now (an order was already made from it), for the actions listing. */
async function createOrderRefusal(hook: HookContext, quotation: Entity): Promise<{ code: string; message: string } | null> {
  const existing = await orderOfQuotation(hook, quotation);
  return existing ? { code: 'ORDER_ALREADY_EXISTS', message: existing.message } : null;
}

/**
 * "Crea ordine" from an accepted quotation (the quotation's `createOrder` action): a new order for
 * its customer and office location, dated today, with the lines its totals count copied (product,
 * description, quantity, list and unit price, discount) in the quotation's order, linked to it by
 * `relationships.quotationId`. One order per quotation: a second one is refused, naming the first.
 */
export async function createOrderFromQuotation(hook: HookContext, quotation: Entity): Promise<Entity> {
  const existing = await orderOfQuotation(hook, quotation);
  if (existing) throw new Problem('ORDER_ALREADY_EXISTS', { message: existing.message, extensions: { existingId: existing.id } });
  const products = await hook.repository('quotationProducts').listByRelationship('quotationId', quotation.id);
  const position = (line: Entity) => Number(line.attributes.position ?? 0);
  const lines = products
    // What the quotation's totals count is what is ordered: not its sections, notes or optional items.
    .filter((line) => countsInTotals(line.attributes as LineAmounts) && typeof line.attributes.unitPrice === 'number')
    .toSorted((a, b) => position(a) - position(b))
    .map((line) => ({
      productId: typeof line.relationships.productId === 'string' ? line.relationships.productId : null,
      ...(typeof line.attributes.description === 'string' ? { description: line.attributes.description } : {}),
      quantity: line.attributes.quantity,
      deliveredQuantity: 0,
      unitPrice: line.attributes.unitPrice,
      ...(typeof line.attributes.listPrice === 'number' ? { listPrice: line.attributes.listPrice } : {}),
      discountPercent: line.attributes.discountPercent ?? 0,
      activityIds: [],
    }));
  return hook.service.createWithin(hook.db, hook.call, 'orders', {
    attributes: { orderDate: hook.today, ...(quotation.attributes.module ? { module: quotation.attributes.module } : {}), lines },
    relationships: { customerId: quotation.relationships.customerId, officeLocationId: quotation.relationships.officeLocationId ?? null, quotationId: quotation.id },
  });
}

export const quotationsKind = defineKindHooks('quotations', {
  // Its state lock (content frozen once it leaves editing) is the service's, as for every kind.
  async beforeWrite(hook, data, previous, id) {
    const attributes = { ...data.attributes };
    const relationships = { ...data.relationships };
    // The author is whoever writes it first (SPEC §6 readResponsible reads a user's own quotations).
    if (!previous && !relationships.authorId && hook.call.identity.userId) relationships.authorId = hook.call.identity.userId;
    if (!attributes.code) attributes.code = await nextCode(hook, 'PRV', Number(String(attributes.date ?? hook.today).slice(0, 4)));
    // SPEC §9: the validity option sets the expiry from the writing date, unless the client sent an expiry of its own
    // (on an update: changed it). A new option or writing date with the expiry untouched moves the expiry with them.
    const validity = attributes.validity as Parameters<typeof expiryFromValidity>[1] | undefined;
    if (validity) {
      const expiryUntouched = previous ? sameJson(attributes.expiryDate, previous.attributes.expiryDate) : !attributes.expiryDate;
      const basisChanged = !previous || !attributes.expiryDate || validity !== previous.attributes.validity || attributes.date !== previous.attributes.date;
      if (expiryUntouched && basisChanged) attributes.expiryDate = expiryFromValidity(String(attributes.date ?? ''), validity);
    }
    await requireUnique(hook, { ...data, attributes }, id, 'code', 'QUOTATION_CODE_ALREADY_USED', (other) => `Codice preventivo già utilizzato per il preventivo ${other}`);
    const customer = data.relationships.customerId;
    return { ...data, attributes, relationships, metadata: { ...data.metadata, customerName: await customerName(hook, customer), commercialZoneId: await customerZoneId(hook, customer) } };
  },
  async guardContext(hook, entity) {
    // The customer's own maximum discount wins over the configured one (SPEC §9).
    const customer = typeof entity.relationships.customerId === 'string' ? await hook.repository('customers').findById(entity.relationships.customerId) : undefined;
    const own = customer?.attributes.maxDiscountPercent;
    return { maxDiscountPercent: typeof own === 'number' ? own : hook.maxDiscountPercent };
  },
  async onTransition(hook, current, next, action, input) {
    if (action === 'requestApproval') {
      await remindApprovers(hook, current, input.message);
      // The approval queue shows who asked, when and why (a new request replaces the previous one's message).
      const request = { approvalMessage: input.message ?? null, approvalRequestedBy: hook.call.identity.userId ?? null, approvalRequestedAt: new Date().toISOString() };
      return { ...next, metadata: { ...next.metadata, ...request } };
    }
    if (action !== 'createRevision') return;
    // A revision freezes what was issued (the quotation and its lines), then the quotation is edited under the next number.
    const revisionNumber = Number(current.attributes.revisionNumber ?? 0);
    const lines = await hook.repository('quotationProducts').listByRelationship('quotationId', current.id);
    await hook.repository('quotationRevisions').insert([
      {
        id: randomUUID(),
        by: hook.call.identity,
        data: {
          attributes: {
            revisionNumber,
            createdFromStatus: String(current.attributes.status),
            ...(input.message ? { reason: input.message } : {}),
            snapshot: { attributes: current.attributes, metadata: current.metadata, relationships: current.relationships, lines: lines.map(frozenLine).toSorted(byPosition) },
          },
          metadata: {},
          relationships: { quotationId: current.id },
        },
      },
      // Recorded in the revision's history under the transition that made it.
    ], action);
    return { ...next, attributes: { ...next.attributes, revisionNumber: revisionNumber + 1 } };
  },
  actions: {
    /** A new draft with the same customer, texts and products (SPEC §4 "duplicate"). */
    async duplicate(hook, entity) {
      // A copy is a new document: new code and date, no attachments, no revisions, no dates tied to the original.
      const { code: _code, attachments: _attachments, revisionNumber: _revision, expiryDate: _expiry, ...attributes } = entity.attributes;
      void _code; void _attachments; void _revision; void _expiry;
      const copy = await hook.service.createWithin(hook.db, hook.call, 'quotations', {
        attributes: { ...attributes, status: 'draft', date: hook.today },
        relationships: entity.relationships,
      });
      const lines = await hook.repository('quotationProducts').listByRelationship('quotationId', entity.id);
      // A copy keeps the prices already agreed on the original: copying them is not setting a price (SPEC §6 updateUnitNetPrice).
      const access = hook.call.access;
      const keepsPrices: typeof access.can = (action, kind, target) => action === 'updateUnitNetPrice' || access.can(action, kind, target);
      const copying = { ...hook.call, access: { ...access, can: keepsPrices } };
      for (const line of lines) {
        await hook.service.createWithin(hook.db, copying, 'quotationProducts', {
          attributes: line.attributes,
          relationships: { ...line.relationships, quotationId: copy.id },
        });
      }
      const fresh = await hook.repository('quotations').findById(copy.id);
      return { entity: fresh ?? copy };
    },
    createOrder: async (hook, entity) => ({ entity: await createOrderFromQuotation(hook, entity) }),
  },
  actionRefusal: async (hook, entity, action) => (action === 'createOrder' ? createOrderRefusal(hook, entity) : null),
});
