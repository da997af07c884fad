/**
 * The customer's orders in its document vault (issue 26 §5):
 * - the stored «Cliente» role gets, once, the rules the seed now gives it on `order`: it reads its own
 *   customer's orders once confirmed (a new order is the office's draft), never their notes, which are
 *   the staff's. Unless an administrator already gave the role a rule on orders. Written as the rules
 *   were at this migration.
 * - a database whose document templates were made before the «Conferma d'ordine» existed gets its
 *   default template, so `GET /api/orders/{id}/document` prints. A fresh database has no templates yet
 *   when the migrations run (the seed writes them all, this one among them), and one that already has
 *   an order confirmation template keeps it.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';
import { addRoleRulesOnce } from './role-rules.ts';
import { orderConfirmationTemplate } from '../../seed/generators/document-templates.ts';

const USER_CUSTOMER_ID = '$' + '{user.customerId}';

export const CLIENTE_ORDER_RULES = [
  { action: 'read', subject: 'order', conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.state': { $in: ['todo', 'planned', 'in-progress', 'completed', 'cancelled'] } } },
  { action: 'read', subject: 'order', fields: ['attributes.notes'], inverted: true, reason: 'Note interne riservate al personale' },
] as const;

export const ORDER_CONFIRMATION_TEMPLATE_NAME = 'Conferma d’ordine';

/** The search text of a template, as `searchText` builds it from its name. */
const SEARCH = sql.raw(`to_tsvector('italian', regexp_replace(left(coalesce(attributes->>'name', ''), 20000), '[][(){}"''.,;:!?/\\\\|@#$%^&*+=<>~\`_ -]+', ' ', 'g'))`);

export const clienteOrdersMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await addRoleRulesOnce(db, 'Cliente', 'order', CLIENTE_ORDER_RULES);
    // The template is the build's own (not a copy frozen here): it must name the placeholders this build fills in.
    const attributes = { type: 'orderConfirmation', name: ORDER_CONFIRMATION_TEMPLATE_NAME, body: orderConfirmationTemplate, isDefault: true };
    // Versions are milliseconds (If-Match): PostgreSQL's now() has microseconds.
    await sql`INSERT INTO template_docs (id, created_date_time, last_updated_date_time, attributes, metadata, relationships)
      SELECT gen_random_uuid(), date_trunc('milliseconds', now()), date_trunc('milliseconds', now()), ${JSON.stringify(attributes)}::jsonb, '{}'::jsonb, '{}'::jsonb
      WHERE EXISTS (SELECT 1 FROM template_docs WHERE NOT is_deleted)
        AND NOT EXISTS (SELECT 1 FROM template_docs WHERE NOT is_deleted AND attributes ->> 'type' = 'orderConfirmation')`.execute(db);
    await sql`UPDATE template_docs SET search = ${SEARCH} WHERE attributes ->> 'type' = 'orderConfirmation' AND search = ''::tsvector`.execute(db);
  },
  async down() {
    // The rules and the template may have been edited since: nothing is taken back.
  },
};
