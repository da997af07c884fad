/**
 * A product's suppliers list becomes the one truth of who supplies what (issue 23): the «supplier
 * products» rows are written from it by the products hook, and nobody writes them directly. Before,
 * the two were kept apart and could disagree. Here, once and set-based:
 * 1. a row whose supplier its product does not list joins the list, with its terms;
 * 2. a listed supplier takes the lead time and minimum order of its row when it has none;
 * 3. the rows are made to say what the list says: changed where they differ, added where missing,
 *    deleted where the product no longer lists the supplier (or is deleted itself).
 * Written as the rule was at this migration (src/server/kinds/products.ts `writeSupplierOffers`).
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

/** The search text of a supplier product, as `searchText` builds it from its `attributes.supplierCode`. */
const SEARCH = sql.raw(`to_tsvector('italian', regexp_replace(left(coalesce(attributes->>'supplierCode', ''), 20000), '[][(){}"''.,;:!?/\\\\|@#$%^&*+=<>~\`_ -]+', ' ', 'g'))`);

export const productSuppliersOneTruthMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    const list = sql`coalesce(p.attributes -> 'suppliers', '[]'::jsonb)`;
    // 1. Rows the list lacks join it (their oldest first).
    await sql`UPDATE products AS p SET attributes = jsonb_set(p.attributes, '{suppliers}', ${list} || m.extra)
      FROM (
        SELECT r.relationships ->> 'productId' AS product_id,
          jsonb_agg(jsonb_build_object('supplierId', r.relationships ->> 'supplierId') || r.attributes ORDER BY r.created_date_time, r.id) AS extra
        FROM supplier_products AS r JOIN products AS o ON o.id::text = r.relationships ->> 'productId'
        WHERE NOT r.is_deleted AND NOT EXISTS (
          SELECT 1 FROM jsonb_array_elements(coalesce(o.attributes -> 'suppliers', '[]'::jsonb)) AS e(value)
          WHERE e.value ->> 'supplierId' = r.relationships ->> 'supplierId')
        GROUP BY 1
      ) AS m
      WHERE p.id::text = m.product_id`.execute(db);
    // 2. Terms only the row had.
    await sql`UPDATE products AS p SET attributes = jsonb_set(p.attributes, '{suppliers}', (
        SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
            'leadTimeDays', r.attributes -> 'leadTimeDays', 'minimumOrderQuantity', r.attributes -> 'minimumOrderQuantity')) || e.value ORDER BY e.n)
        FROM jsonb_array_elements(p.attributes -> 'suppliers') WITH ORDINALITY AS e(value, n)
        LEFT JOIN LATERAL (
          SELECT attributes FROM supplier_products
          WHERE NOT is_deleted AND relationships ->> 'productId' = p.id::text AND relationships ->> 'supplierId' = e.value ->> 'supplierId'
          ORDER BY created_date_time LIMIT 1
        ) AS r ON true))
      WHERE jsonb_typeof(p.attributes -> 'suppliers') = 'array' AND jsonb_array_length(p.attributes -> 'suppliers') > 0`.execute(db);
    // 3. The rows follow the list.
    const offers = sql`SELECT p.id AS product_id, e.value ->> 'supplierId' AS supplier_id, e.value - 'supplierId' AS terms
      FROM products AS p, jsonb_array_elements(coalesce(p.attributes -> 'suppliers', '[]'::jsonb)) AS e(value)
      WHERE NOT p.is_deleted`;
    await sql`UPDATE supplier_products AS r SET attributes = o.terms, last_updated_date_time = greatest(now(), r.last_updated_date_time + interval '1 millisecond')
      FROM (${offers}) AS o
      WHERE NOT r.is_deleted AND r.relationships ->> 'productId' = o.product_id::text AND r.relationships ->> 'supplierId' = o.supplier_id AND r.attributes <> o.terms`.execute(db);
    await sql`UPDATE supplier_products SET search = ${SEARCH}`.execute(db);
    await sql`INSERT INTO supplier_products (id, created_date_time, last_updated_date_time, attributes, metadata, relationships, search)
      SELECT gen_random_uuid(), now(), now(), o.terms, '{}'::jsonb, jsonb_build_object('supplierId', o.supplier_id, 'productId', o.product_id::text), '' :: tsvector
      FROM (${offers}) AS o
      WHERE NOT EXISTS (SELECT 1 FROM supplier_products AS r WHERE NOT r.is_deleted
        AND r.relationships ->> 'productId' = o.product_id::text AND r.relationships ->> 'supplierId' = o.supplier_id)`.execute(db);
    await sql`UPDATE supplier_products SET search = ${SEARCH} WHERE search = ''::tsvector`.execute(db);
    await sql`UPDATE supplier_products AS r SET is_deleted = true, deleted_date_time = now(),
        last_updated_date_time = greatest(now(), r.last_updated_date_time + interval '1 millisecond')
      WHERE NOT r.is_deleted AND NOT EXISTS (SELECT 1 FROM (${offers}) AS o
        WHERE r.relationships ->> 'productId' = o.product_id::text AND r.relationships ->> 'supplierId' = o.supplier_id)`.execute(db);
  },
  async down() {
    // The list kept everything the rows said: nothing to take back.
  },
};
