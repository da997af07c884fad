/**
 * The «Cliente» role no longer reads what is the provider's staff's own on its customer (issue 22,
 * "a customer user sees the internal contact log and commercial columns"): the contact log and
 * last reply, origin, commercial offer and percentage with their validity, maximum discount,
 * rating, type, ERP codes, commercial zone and group. A database seeded before this gets the rule
 * once, unless an administrator already gave the role a field rule on the customer's contacts. The
 * rule is written here as it was at this migration (the seed's roles may change later).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const CLIENTE_STAFF_FIELDS_RULE = {
  action: 'read',
  subject: 'customer',
  fields: [
    'attributes.contacts', 'attributes.origin', 'attributes.originDetail', 'attributes.commercialOfferType', 'attributes.commercialPercentage',
    'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd', 'attributes.maxDiscountPercent', 'attributes.rating',
    'metadata.type', 'metadata.erpCode', 'metadata.erpPaymentTermCode', 'metadata.commercialZoneCode', 'metadata.lastContact', 'metadata.lastReply',
    'relationships.commercialZoneId', 'relationships.customerGroupId',
  ],
  inverted: true,
  reason: 'Dati commerciali riservati al personale',
} as const;

export const clienteStaffFieldsMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify([CLIENTE_STAFF_FIELDS_RULE])}::jsonb)
      WHERE attributes ->> 'name' = 'Cliente' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS rule(item)
        WHERE rule.item -> 'fields' ? 'attributes.contacts')`.execute(db);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
