/**
 * Server hooks of customers: one customer per VAT number and per fiscal code (SPEC §8), who created
 * it, its figures computed on read (support/customer-figures.ts), its quotations following its
 * zone, its addresses' parts following their lines, and «Registra contatto» (`logContact`).
 */
import type { z } from 'zod';
import { ADDRESS_PARTS, REGISTRY_PARTS, addressFollowingLine } from '../../domain/address-line.ts';
import type { logContactRequest } from '../../domain/entities/customer.ts';
import { defineKindHooks, type CustomActionImplementation } from '../resources/hooks.ts';
import { requireUnique } from './support/hook-helpers.ts';
import { customerListHook, customerReadHook, refreshCustomerFigures, refreshParentOfLocation } from './support/customer-figures.ts';

/**
 * «Registra contatto»: the contact is added to the customer's timeline as of now (a new version, so
 * its last contact and last reply follow), and a next call becomes the caller's reminder about the
 * customer (the reminder's owner defaults to the caller).
 */
const logContact: CustomActionImplementation = async (hook, entity, body) => {
  const request = body as z.output<typeof logContactRequest>;
  const contact = {
    dateTime: new Date().toISOString(),
    type: request.type,
    kind: request.kind,
    ...(request.lastReply ? { lastReply: request.lastReply } : {}),
    ...(request.notes ? { notes: request.notes } : {}),
  };
  const contacts = [...((entity.attributes.contacts as unknown[] | undefined) ?? []), contact];
  const updated = await hook.service.replaceWithin(hook.db, hook.call, entity, 'customers', {
    attributes: { ...entity.attributes, contacts },
    metadata: entity.metadata,
    relationships: entity.relationships,
  });
  if (!request.nextCallDateTime) return { entity: updated };
  const name = String(entity.metadata.displayName ?? '');
  const reminder = await hook.service.createWithin(hook.db, hook.call, 'reminders', {
    attributes: { title: `Richiamare ${name}`.trim(), dateTime: request.nextCallDateTime, ...(request.notes ? { note: request.notes } : {}) },
    relationships: { customerId: entity.id, entityType: 'customers', entityId: entity.id },
  });
  return { entity: updated, meta: { reminderId: reminder.id } };
};

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A customer's attributes with every address's parts following its line (address-line.ts): the
 * registry's street and number, its other addresses' and the registered office's road, house number
 * and complete address. Done here, so the page, the API and an import store the same parts.
 */
export function customerAddressesFollowingLines(attributes: Row, previous: Row | undefined): Row {
  const result: Row = { ...attributes };
  const before = isRow(previous?.registry) ? previous.registry : undefined;
  if (isRow(attributes.registry)) {
    const registry = addressFollowingLine(attributes.registry, before, REGISTRY_PARTS);
    if (Array.isArray(registry.addresses)) {
      const previousAddresses = Array.isArray(before?.addresses) ? before.addresses : [];
      registry.addresses = registry.addresses.map((item: unknown, index) => (isRow(item) ? addressFollowingLine(item, isRow(previousAddresses[index]) ? previousAddresses[index] : undefined, ADDRESS_PARTS) : item));
    }
    result.registry = registry;
  }
  if (isRow(attributes.registeredOffice)) {
    result.registeredOffice = addressFollowingLine(attributes.registeredOffice, isRow(previous?.registeredOffice) ? previous.registeredOffice : undefined, ADDRESS_PARTS);
  }
  return result;
}

export const customersKind = defineKindHooks('customers', {
  async beforeWrite(hook, data, previous, id) {
    // CUSTOMER_ALREADY_EXISTS (SPEC §8): one customer per VAT number and per fiscal code.
    // Office locations (customers with a parent) share their company's codes, so only head customers count.
    if (!data.attributes.parentId) {
      for (const field of ['vatNumber', 'fiscalCode']) {
        await requireUnique(hook, data, id, field, 'CUSTOMER_ALREADY_EXISTS', () => 'Esiste già un cliente con questi dati', (other) => !other.attributes.parentId);
      }
    }
    // SPEC §3 additionalFieldsLength: counted here, whatever the client sent.
    const additionalFields = Array.isArray(data.metadata.additionalPEFields) ? data.metadata.additionalPEFields.length : 0;
    const counted = {
      ...data,
      attributes: customerAddressesFollowingLines(data.attributes, previous?.attributes),
      relationships: { ...data.relationships, additionalFieldsLength: additionalFields },
    };
    if (previous) return counted;
    // A new customer under a parent is an office location (SPEC §3 type), unless another type was chosen.
    const type = data.attributes.parentId && data.metadata.type === 'potential' ? 'officeLocation' : data.metadata.type;
    // SPEC §3 createdByName (who created it, by name) and dateTime (since when it is in the registry, unless an import says).
    const dateTime = data.metadata.dateTime ?? new Date().toISOString();
    return { ...counted, metadata: { ...data.metadata, type, dateTime, createdByName: hook.call.identity.displayName } };
  },
  // SPEC §3 figures (price list, agreements, office locations, deadlines) computed on every read.
  afterRead: customerReadHook,
  afterList: customerListHook,
  actions: { logContact },
  async afterWrite(hook, entity, previous) {
    // Its own figures (a new active price list named), and its parent's office-location count.
    await refreshCustomerFigures(hook, entity.id);
    await refreshParentOfLocation(hook, entity, previous);
    // A customer moved to another zone takes its quotations along (SPEC §6 readArea reads the zone kept on them).
    const zone = entity.relationships.commercialZoneId ?? null;
    if (!previous || (previous.relationships.commercialZoneId ?? null) === zone) return;
    const quotations = hook.repository('quotations');
    for (const quotation of await quotations.listByRelationship('customerId', entity.id)) await quotations.patchDerivedMetadata(quotation.id, { commercialZoneId: zone });
  },
});
