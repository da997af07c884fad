/** Server hooks of quotations and their lines: numbering, validity, state lock, line pricing, totals, approvals, revisions, duplicate. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { expiryFromValidity, quotations } from '../../domain/entities/quotations.ts';
import { quotationProductTotals, type quotationProductAttributes } from '../../domain/entities/quotation-products.ts';
import { priceLine, type LinePricing, type PricedCustomer, type PricedProduct, type PricingList } from '../../domain/rules/pricing.ts';
import { documentTotals } from '../../domain/rules/totals.ts';
import { callerOfUser } from '../auth/identity.ts';
import { readableRows } from '../auth/read-rule.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { tableName } from '../db/entity-sql.ts';
import { Problem } from '../http/problems.ts';
import type { HookContext, KindHooks } from '../resources/hooks.ts';
import { customerName, customerZoneId, nextCode, requireUnique, sameJson } from './support/hook-helpers.ts';
import { createOrderFromQuotation, createOrderRefusal } from './orders.ts';

/**
 * Quotations whose lines are being written together in a transaction (`PUT …/lines`): their totals
 * are summed once at the end (`refreshQuotationTotals`) rather than after each of hundreds of lines.
 */
const totalsDeferred = new WeakMap<object, Map<string, Entity>>();

/**
 * Runs `work` (writes of the quotation's lines) with the quotation's totals summed once after it, in
 * the same transaction; the lines' hooks read `quotation` (locked by the caller) instead of reading it once per line.
 */
export async function withTotalsDeferred<T>(hook: HookContext, quotation: Entity, work: () => Promise<T>): Promise<T> {
  const deferred = totalsDeferred.get(hook.db) ?? new Map<string, Entity>();
  totalsDeferred.set(hook.db, deferred.set(quotation.id, quotation));
  const pricing = new Map<string, Promise<LinePricing | undefined>>();
  pricingOfBatch.set(hook.db, pricing);
  try {
    return await work();
  } finally {
    deferred.delete(quotation.id);
    pricingOfBatch.delete(hook.db);
  }
}

/**
 * While a batch of lines is written (`withTotalsDeferred`): the pricing rule's answer per customer and
 * product, asked once however many lines have that product (same transaction, same day, same lists).
 */
const pricingOfBatch = new WeakMap<object, Map<string, Promise<LinePricing | undefined>>>();

/** The quotation of a line: the one a batch of lines is written for, else read. */
async function quotationOf(hook: HookContext, quotationId: string): Promise<Entity | undefined> {
  return totalsDeferred.get(hook.db)?.get(quotationId) ?? hook.repository('quotations').findById(quotationId);
}

/** Recomputes a quotation's totals from its live products; totals are derived, so the version does not move. */
export async function refreshQuotationTotals(hook: HookContext, quotationId: unknown): Promise<void> {
  if (typeof quotationId !== 'string' || totalsDeferred.get(hook.db)?.has(quotationId)) return;
  const lines = await hook.repository('quotationProducts').listByRelationship('quotationId', quotationId);
  const totals = documentTotals(lines.map((line) => line.attributes as Parameters<typeof documentTotals>[0][number]));
  await hook.repository('quotations').patchDerivedMetadata(quotationId, {
    totalListPrice: totals.listTotal,
    totalNetPrice: totals.netTotal,
    totalDiscount: totals.totalDiscount,
    discountPercent: totals.totalDiscountPercent,
    totalMargin: totals.margin,
    productsCount: lines.filter((line) => line.attributes.kind !== 'section' && line.attributes.kind !== 'note').length,
  });
}

/** The quotation's customer with what the pricing rule reads (its active list, zone and commercial offer). */
function pricedCustomer(customer: Entity): PricedCustomer {
  const { attributes, metadata, relationships } = customer;
  return {
    id: customer.id,
    activePriceListId: typeof metadata.activePriceListId === 'string' ? metadata.activePriceListId : null,
    commercialZoneId: typeof relationships.commercialZoneId === 'string' ? relationships.commercialZoneId : null,
    commercialOfferType: attributes.commercialOfferType === 'surcharge' ? 'surcharge' : 'discount',
    commercialPercentage: typeof attributes.commercialPercentage === 'number' ? attributes.commercialPercentage : 0,
    validityDateTimeStart: typeof attributes.validityDateTimeStart === 'string' ? attributes.validityDateTimeStart : null,
    validityDateTimeEnd: typeof attributes.validityDateTimeEnd === 'string' ? attributes.validityDateTimeEnd : null,
  };
}

/** The live, unarchived price lists that can apply to the customer: its own, its zone's, the general ones. */
async function candidatePriceLists(hook: HookContext, customer: PricedCustomer): Promise<PricingList[]> {
  const repository = hook.repository('priceLists');
  const byCustomer = JSON.stringify({ customerId: customer.id });
  const byZone = customer.commercialZoneId ? JSON.stringify({ commercialZoneId: customer.commercialZoneId }) : null;
  const active = customer.activePriceListId ?? null;
  const table = sql.raw(tableName({ type: 'priceLists' }));
  const rows = await sql<{ id: string }>`SELECT id FROM ${table} WHERE NOT is_deleted AND NOT is_archived AND (
      relationships @> ${byCustomer}::jsonb OR (${byZone}::jsonb IS NOT NULL AND relationships @> ${byZone}::jsonb)
      OR attributes @> '{"isDefault": true}'::jsonb OR id = ${active}::uuid)`.execute(hook.db);
  const lists = await repository.findByIds(rows.rows.map((row) => row.id));
  return [...lists.values()].map((list) => ({
    id: list.id,
    customerId: typeof list.relationships.customerId === 'string' ? list.relationships.customerId : null,
    commercialZoneId: typeof list.relationships.commercialZoneId === 'string' ? list.relationships.commercialZoneId : null,
    isDefault: list.attributes.isDefault === true,
    validFrom: typeof list.attributes.validFrom === 'string' ? list.attributes.validFrom : null,
    validTo: typeof list.attributes.validTo === 'string' ? list.attributes.validTo : null,
    items: (list.attributes.items as PricingList['items'] | undefined) ?? [],
  }));
}

/** What the pricing rule gives for the line's product and its quotation's (or order's) customer today (undefined without a product). */
export async function linePricing(hook: HookContext, productId: unknown, quotation: Pick<Entity, 'relationships'> | undefined): Promise<LinePricing | undefined> {
  if (typeof productId !== 'string') return undefined;
  const product = await hook.repository('products').findById(productId);
  // A missing product is the reference check's to report.
  if (!product || product.metadata.isDeleted) return undefined;
  const customerId = quotation?.relationships.customerId;
  const customerEntity = typeof customerId === 'string' ? await hook.repository('customers').findById(customerId) : undefined;
  const customer = customerEntity ? pricedCustomer(customerEntity) : undefined;
  const priceLists = customer ? await candidatePriceLists(hook, customer) : [];
  return priceLine({ productId, product: product.attributes as unknown as PricedProduct, customer, priceLists, today: hook.today });
}

/** `linePricing`, once per customer and product within a batch of lines. */
function batchedLinePricing(hook: HookContext, productId: unknown, quotation: Pick<Entity, 'relationships'> | undefined): Promise<LinePricing | undefined> {
  const batch = pricingOfBatch.get(hook.db);
  if (!batch || typeof productId !== 'string') return linePricing(hook, productId, quotation);
  const key = `${String(quotation?.relationships.customerId ?? '')}|${productId}`;
  let answer = batch.get(key);
  if (!answer) {
    answer = linePricing(hook, productId, quotation);
    batch.set(key, answer);
  }
  return answer;
}

type LineAttributes = z.infer<typeof quotationProductAttributes>;
const PRICED_ATTRIBUTES = ['description', 'unitOfMeasure', 'listPrice', 'unitPrice', 'costPrice'] as const;

/**
 * DESIGN §4 "Quotation lines": a line with a product gets what the client left out from the pricing
 * rule (description, unit, list price, unit price, cost, supplier); a value the client sent is kept.
 * On an update the same happens when the product changes, for the values the client did not change.
 * SPEC §6 `updateUnitNetPrice`: without it the unit price is the rule's and cannot be set otherwise.
 */
async function priceQuotationLine(hook: HookContext, data: EntityData, previous: Entity | undefined): Promise<EntityData> {
  // A section or a note sells nothing: no price to fill or to protect.
  if (data.attributes.kind !== undefined && data.attributes.kind !== 'product') return data;
  const quotationId = data.relationships.quotationId;
  const quotation = typeof quotationId === 'string' ? await quotationOf(hook, quotationId) : undefined;
  const productId = data.relationships.productId;
  const productChanged = !previous || (previous.relationships.productId ?? null) !== (productId ?? null);
  const pricing = productChanged ? await batchedLinePricing(hook, productId, quotation) : undefined;
  const attributes = { ...data.attributes } as Record<string, unknown>;
  const relationships = { ...data.relationships };
  const leftOut = (section: Record<string, unknown>, key: string, before: Record<string, unknown> | undefined) =>
    previous ? sameJson(section[key], before?.[key]) : section[key] === undefined || section[key] === null;
  if (pricing) {
    for (const key of PRICED_ATTRIBUTES) {
      if (pricing[key] !== undefined && leftOut(attributes, key, previous?.attributes)) attributes[key] = pricing[key];
    }
    if (pricing.supplierId && leftOut(relationships, 'supplierId', previous?.relationships)) relationships.supplierId = pricing.supplierId;
  }
  attributes.unitOfMeasure ??= 'each';
  if (attributes.unitPrice === undefined) {
    const message = 'Prezzo unitario obbligatorio: il prodotto non ha un prezzo di listino';
    throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/attributes/unitPrice', code: 'required', message }] });
  }
  const priceChanged = previous ? attributes.unitPrice !== previous.attributes.unitPrice : true;
  // Without a product there is no list price to follow: the line's price is what is typed (an extra, a note).
  // A product the rule cannot price (no list row, no catalogue price) leaves nothing to follow either.
  const follows = productChanged ? pricing?.unitPrice : previous?.attributes.unitPrice;
  if (typeof productId === 'string' && priceChanged && follows !== undefined && attributes.unitPrice !== follows && !hook.call.access.can('updateUnitNetPrice', quotations, quotation)) {
    throw new Problem('FIELD_NOT_AUTHORIZED', {
      message: 'Non hai i permessi per modificare il prezzo unitario: segue il listino',
      errors: [{ pointer: '/attributes/unitPrice', code: 'fieldNotAuthorized', message: 'Il prezzo unitario segue il listino' }],
    });
  }
  return {
    ...data,
    attributes,
    relationships,
    metadata: { ...data.metadata, ...quotationProductTotals(attributes as LineAttributes) },
  };
}

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

export const quotationHooks: Record<string, KindHooks> = {
  quotations: {
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
  },
  quotationRevisions: {
    /**
     * OCA sale_order_revision: an old revision is kept read-only. Revisions are made by the quotation's
     * `createRevision` transition only; afterwards only the reason may be written (`update` on revisions).
     */
    async beforeWrite(_hook, data, previous) {
      if (!previous) throw new Problem('QUOTATION_REVISION_READ_ONLY', { message: 'Le revisioni si creano con l’azione «Crea revisione» del preventivo' });
      const frozen = ['revisionNumber', 'snapshot', 'createdFromStatus'].filter((key) => !sameJson(data.attributes[key], previous.attributes[key]));
      if (frozen.length > 0 || !sameJson(data.relationships, previous.relationships)) {
        throw new Problem('QUOTATION_REVISION_READ_ONLY', {
          errors: (frozen.length > 0 ? frozen : ['quotationId']).map((key) => ({ pointer: frozen.length > 0 ? `/attributes/${key}` : '/relationships/quotationId', code: 'readOnly', message: 'Una revisione è di sola lettura: si può cambiare solo il motivo' })),
        });
      }
    },
  },
  quotationProducts: {
    // Written only while the quotation is editable: the service applies the quotation's lock (`ownedRows`).
    beforeWrite: (hook, data, previous) => priceQuotationLine(hook, data, previous),
    async afterWrite(hook, entity, previous) {
      await refreshQuotationTotals(hook, entity.relationships.quotationId);
      if (previous && previous.relationships.quotationId !== entity.relationships.quotationId) {
        await refreshQuotationTotals(hook, previous.relationships.quotationId);
      }
    },
  },
};
