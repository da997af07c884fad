/**
 * The «Cliente» role reads the lines of its quotations (quotation products are read through their
 * quotation, `readThrough`): a database seeded before this gets the role's new rules, once, unless
 * an administrator already gave the role a rule on quotation products. Cost, supplier and margin of
 * the lines, and the quotation's total margin, stay hidden from it. The rules are written here as
 * they were at this migration (the seed's roles may change later).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const CLIENTE_LINE_RULES = [
  { action: 'read', subject: 'quotation', fields: ['metadata.totalMargin'], inverted: true, reason: 'Note commerciali riservate al personale' },
  { action: 'read', subject: 'quotation products' },
  { action: 'read', subject: 'quotation products', fields: ['attributes.costPrice', 'metadata.margin', 'metadata.marginPercent', 'relationships.supplierId'], inverted: true, reason: 'Costi e margini riservati al personale' },
] as const;

export const clienteQuotationLinesMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', coalesce(attributes -> 'permissions', '[]'::jsonb) || ${JSON.stringify(CLIENTE_LINE_RULES)}::jsonb)
      WHERE attributes ->> 'name' = 'Cliente' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(coalesce(attributes -> 'permissions', '[]'::jsonb)) AS rule(item)
        WHERE rule.item -> 'subject' = '"quotation products"'::jsonb
           OR (jsonb_typeof(rule.item -> 'subject') = 'array' AND rule.item -> 'subject' ? 'quotation products'))`.execute(db);
  },
  async down() {
    // The rules may have been edited since: nothing is taken back.
  },
};
