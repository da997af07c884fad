/** The hooks of each kind (see hooks.ts for when each one runs). */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { frozenByLock, readPath } from '../../domain/kind.ts';
import { quotations } from '../../domain/entities/quotations.ts';
import { documentTotals } from '../../domain/rules/totals.ts';
import { orderDeletableStates } from '../../domain/machines/order.ts';
import { fieldSqlText, tableName } from '../db/entity-sql.ts';
import { deliveryCheck } from '../../domain/rules/delivery.ts';
import type { z } from 'zod';
import type { deliveryRequest, OrderLine } from '../../domain/entities/orders.ts';
import { Problem, type ProblemCode } from '../http/problems.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import type { HookContext, KindHooks } from './hooks.ts';

/**
 * Refuses a write when another live row of the kind already has the same value in a list field.
 * The message names the other row, as the SPEC §8 texts do ("… già utilizzato per …").
 */
async function requireUnique(
  hook: HookContext,
  data: EntityData,
  id: string,
  fieldName: string,
  code: ProblemCode,
  describe: (other: string) => string,
  counts: (other: Entity) => boolean = () => true,
) {
  const field = hook.kind.fields[fieldName];
  const value = field ? readPath(data, field.path) : undefined;
  if (!field || typeof value !== 'string' || value.trim() === '') return;
  const repository = hook.repository(hook.kind.type);
  for (const otherId of await repository.findIdsByField(fieldName, value, id)) {
    const other = await repository.findById(otherId);
    if (!other || !counts(other)) continue;
    const message = describe(hook.kind.title(other));
    throw new Problem(code, { message, extensions: { existingId: otherId }, errors: [{ pointer: `/${field.path.replace(/\./g, '/')}`, code, message }] });
  }
}

/** The next number of a yearly document series (PRV-2026-00042), atomically, continuing after existing codes. */
async function nextCode(hook: HookContext, prefix: string, year: number): Promise<string> {
  const key = `counter:${hook.kind.type}:${prefix}-${year}`;
  const field = hook.kind.fields.code;
  if (!field) throw new Error(`${hook.kind.type} has no code field`);
  const codeSql = sql.raw(fieldSqlText(field));
  const table = sql.raw(tableName(hook.kind));
  const pattern = `^${prefix}-${year}-(\\d+)$`;
  const result = await sql<{ value: number }>`INSERT INTO app_state (key, value)
    SELECT ${key}, to_jsonb(coalesce(max((substring(${codeSql} from ${pattern}))::int), 0) + 1) FROM ${table} WHERE ${codeSql} ~ ${pattern}
    ON CONFLICT (key) DO UPDATE SET value = to_jsonb((app_state.value)::int + 1), updated_date_time = now()
    RETURNING (value)::int AS value`.execute(hook.db);
  return `${prefix}-${year}-${String(result.rows[0]?.value ?? 1).padStart(5, '0')}`;
}

/** The customer's display name, kept on rows that lists show with their customer. */
async function customerName(hook: HookContext, customerId: unknown): Promise<string | undefined> {
  if (typeof customerId !== 'string') return undefined;
  const customer = await hook.repository('customers').findById(customerId);
  return customer ? String(customer.metadata.displayName ?? '') : undefined;
}

/** Recomputes a quotation's totals from its live products; totals are derived, so the version does not move. */
async function refreshQuotationTotals(hook: HookContext, quotationId: unknown): Promise<void> {
  if (typeof quotationId !== 'string') return;
  const lines = await hook.repository('quotationProducts').listByRelationship('quotationId', quotationId);
  const totals = documentTotals(lines.map((line) => line.attributes as Parameters<typeof documentTotals>[0][number]));
  await hook.repository('quotations').patchDerivedMetadata(quotationId, {
    totalListPrice: totals.listTotal,
    totalNetPrice: totals.netTotal,
    totalDiscount: totals.totalDiscount,
    discountPercent: totals.totalDiscountPercent,
    totalMargin: totals.margin,
    productsCount: lines.length,
  });
}


/** Quotation states in which its content (header and products) may still change (the kind's lock). */
const quotationLock = quotations.stateLock;
const EDITABLE_QUOTATION_STATES: readonly string[] = quotationLock.editableStates;

function quotationNotEditable(status: unknown): Problem {
  return new Problem('QUOTATION_NOT_EDITABLE', {
    message: `Il preventivo non è modificabile nello stato «${String(status)}»: creare una revisione o riportarlo in bozza`,
  });
}

/** Products change only while their quotation is being edited, so an approval always covers what is emitted. */
async function requireEditableQuotation(hook: HookContext, quotationId: unknown): Promise<void> {
  if (typeof quotationId !== 'string') return;
  const quotation = await hook.repository('quotations').findById(quotationId);
  if (quotation && !EDITABLE_QUOTATION_STATES.includes(String(quotation.attributes.status))) throw quotationNotEditable(quotation.attributes.status);
}

export const kindHooks: Record<string, KindHooks> = {
  quotations: {
    async beforeWrite(hook, data, previous, id) {
      if (previous && !EDITABLE_QUOTATION_STATES.includes(String(previous.attributes.status))) {
        const changed = [...new Set([...Object.keys(data.attributes), ...Object.keys(previous.attributes)])].filter(
          (key) => JSON.stringify(data.attributes[key]) !== JSON.stringify(previous.attributes[key]),
        );
        const relationshipsChanged = JSON.stringify(data.relationships) !== JSON.stringify(previous.relationships);
        const state = String(previous.attributes.status);
        if (relationshipsChanged || changed.some((key) => frozenByLock(quotationLock, state, `attributes.${key}`))) throw quotationNotEditable(previous.attributes.status);
      }
      const attributes = { ...data.attributes };
      if (!attributes.code) attributes.code = await nextCode(hook, 'PRV', Number(String(attributes.date ?? hook.today).slice(0, 4)));
      await requireUnique(hook, { ...data, attributes }, id, 'code', 'QUOTATION_CODE_ALREADY_USED', (other) => `Codice preventivo già utilizzato per il preventivo ${other}`);
      return { ...data, attributes, metadata: { ...data.metadata, customerName: await customerName(hook, data.relationships.customerId) } };
    },
    async guardContext(hook, entity) {
      // The customer's own maximum discount wins over the configured one (SPEC §9).
      const customer = typeof entity.relationships.customerId === 'string' ? await hook.repository('customers').findById(entity.relationships.customerId) : undefined;
      const own = customer?.attributes.maxDiscountPercent;
      return { maxDiscountPercent: typeof own === 'number' ? own : hook.maxDiscountPercent };
    },
    async onTransition(hook, current, next, action) {
      if (action !== 'createRevision') return;
      // A revision freezes what was issued, then the quotation is edited under the next number.
      const revisionNumber = Number(current.attributes.revisionNumber ?? 0);
      await hook.repository('quotationRevisions').insert([
        {
          id: randomUUID(),
          by: hook.call.identity,
          data: {
            attributes: { revisionNumber, createdFromStatus: String(current.attributes.status), snapshot: { attributes: current.attributes, metadata: current.metadata, relationships: current.relationships } },
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
        for (const line of lines) {
          await hook.service.createWithin(hook.db, hook.call, 'quotationProducts', {
            attributes: line.attributes,
            relationships: { ...line.relationships, quotationId: copy.id },
          });
        }
        const fresh = await hook.repository('quotations').findById(copy.id);
        return { entity: fresh ?? copy };
      },
    },
  },
  quotationProducts: {
    async beforeWrite(hook, data, previous) {
      await requireEditableQuotation(hook, data.relationships.quotationId);
      if (previous && previous.relationships.quotationId !== data.relationships.quotationId) {
        await requireEditableQuotation(hook, previous.relationships.quotationId);
      }
    },
    async beforeDelete(hook, entity) {
      await requireEditableQuotation(hook, entity.relationships.quotationId);
    },
    async afterWrite(hook, entity, previous) {
      await refreshQuotationTotals(hook, entity.relationships.quotationId);
      if (previous && previous.relationships.quotationId !== entity.relationships.quotationId) {
        await refreshQuotationTotals(hook, previous.relationships.quotationId);
      }
    },
  },
  orders: {
    async beforeWrite(hook, data) {
      return { ...data, metadata: { ...data.metadata, customerName: await customerName(hook, data.relationships.customerId) } };
    },
    actions: {
      /**
       * Records deliveries on order lines (SPEC §5): when what is delivered would exceed what was
       * ordered the caller must confirm, and the ordered quantity then becomes the delivered total.
       */
      async deliver(hook, entity, body) {
        // The body was checked against the declaration (deliveryRequest), and the order is in a deliverable state.
        const request = body as z.output<typeof deliveryRequest>;
        const lines = [...((entity.attributes.lines as OrderLine[] | undefined) ?? [])].map((line) => ({ ...line }));
        const excess: { line: number; ordered: number; delivered: number }[] = [];
        for (const delivery of request.deliveries) {
          const line = lines[delivery.line];
          if (!line) {
            throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/deliveries/${delivery.line}/line`, code: 'invalidValue', message: 'Riga d’ordine inesistente' }] });
          }
          const check = deliveryCheck({ ordered: line.quantity, alreadyDelivered: line.deliveredQuantity ?? 0, toDeliver: delivery.quantity });
          if (check.exceeds) excess.push({ line: delivery.line, ordered: line.quantity, delivered: check.newOrderedQuantity });
          line.deliveredQuantity = (line.deliveredQuantity ?? 0) + delivery.quantity;
          line.quantity = check.newOrderedQuantity;
        }
        if (excess.length > 0 && !request.confirmExcess) {
          throw new Problem('DELIVERY_EXCEEDS_ORDERED', { extensions: { lines: excess } });
        }
        const updated = await hook.service.replaceWithin(hook.db, hook.call, entity, 'orders', {
          attributes: { ...entity.attributes, lines },
          metadata: {},
          relationships: entity.relationships,
        });
        return { entity: updated };
      },
    },
    async beforeDelete(_hook, entity) {
      // SPEC §4: an order can be deleted only before work on it starts, or once cancelled.
      if (!(orderDeletableStates as readonly string[]).includes(String(entity.attributes.state))) {
        throw new Problem('NOT_DELETABLE', { message: 'Si possono eliminare solo ordini nuovi o annullati' });
      }
    },
  },
  assignments: {
    async beforeWrite(hook, data, _previous, id) {
      await requireUnique(hook, data, id, 'code', 'ASSIGNMENT_CODE_ALREADY_USED', (other) => `Codice incarico già utilizzato per l’incarico ${other}`);
      return { ...data, metadata: { ...data.metadata, customerName: await customerName(hook, data.relationships.customerId) } };
    },
  },
  products: {
    async beforeWrite(hook, data, _previous, id) {
      await requireUnique(hook, data, id, 'code', 'PRODUCT_CODE_ALREADY_USED', (other) => `Codice prodotto già utilizzato per il prodotto ${other}`);
    },
  },
  employees: {
    async beforeWrite(hook, data, _previous, id) {
      // One employee per fiscal code within a company (SPEC §5 message).
      await requireUnique(hook, data, id, 'fiscalCode', 'EMPLOYEE_ALREADY_EXISTS', () => 'Esiste già un dipendente con questo codice fiscale', (other) => other.relationships.customerId === data.relationships.customerId);
    },
  },
  customers: {
    async beforeWrite(hook, data, _previous, id) {
      // CUSTOMER_ALREADY_EXISTS (SPEC §8): one customer per VAT number and per fiscal code.
      // Office locations (customers with a parent) share their company's codes, so only head customers count.
      if (data.attributes.parentId) return;
      for (const field of ['vatNumber', 'fiscalCode']) {
        await requireUnique(hook, data, id, field, 'CUSTOMER_ALREADY_EXISTS', () => 'Esiste già un cliente con questi dati', (other) => !other.attributes.parentId);
      }
    },
  },
};
