/**
 * The customer's derived figures (SPEC §3 metadata) stored on every customer, once: rows written
 * without the service (the seed, imports, databases older than the figures) never had them, so
 * their list rows showed none. Set-based, one statement per figure kind over all customers (bench
 * databases hold many thousands). Written here as the rule was at this migration
 * (`customerFigures` in src/domain/rules/customer-figures.ts, read by `figuresOf`): the office
 * locations not deleted nor archived; the own price list in force (the one the customer names as
 * active when valid, else its newest valid list); agreements in force and those ending within 30
 * days; pending deadlines overdue, due within 30 days, and the next one. The seed runs the same step
 * when it ends.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

/** Days ahead in which an agreement's end or a deadline counts as expiring. */
const EXPIRING_DAYS = 30;

/** The business day in Rome (`YYYY-MM-DD`): the product's "today". */
const romeDay = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const plusDays = (day: string, days: number): string => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Stores the figures of every customer not deleted as they are on `today` (`YYYY-MM-DD`); a customer whose stored figures are already right is not written. */
export async function storeCustomerFigures(db: Kysely<DatabaseSchema>, today: string): Promise<void> {
  const yesterday = plusDays(today, -1);
  const horizon = plusDays(today, EXPIRING_DAYS);
  // The figures of each customer (`figures`, one jsonb object by customer id) merged into its metadata.
  const store = (figures: RawBuilder<unknown>) => sql`UPDATE customers AS c SET metadata = c.metadata || f.figures
    FROM (${figures}) AS f WHERE c.id = f.id AND NOT (c.metadata @> f.figures)`.execute(db);

  await store(sql`SELECT t.id, jsonb_build_object('officeLocationsCount', coalesce(l.n, 0)) AS figures
    FROM customers AS t LEFT JOIN (
      SELECT attributes->>'parentId' AS parent, count(*) AS n FROM customers
      WHERE NOT is_deleted AND NOT is_archived AND attributes->>'parentId' IS NOT NULL GROUP BY 1
    ) AS l ON l.parent = t.id::text
    WHERE NOT t.is_deleted`);

  await store(sql`SELECT t.id, jsonb_build_object('activePriceListName', p.name, 'priceListNr', p.code, 'priceListExpireDate', p.valid_to) AS figures
    FROM customers AS t LEFT JOIN (
      SELECT DISTINCT ON (o.id) o.id AS customer, l.attributes->>'name' AS name, l.attributes->>'code' AS code, l.attributes->>'validTo' AS valid_to
      FROM price_lists AS l JOIN customers AS o ON l.relationships->>'customerId' = o.id::text
      WHERE NOT l.is_deleted AND NOT l.is_archived AND NOT o.is_deleted
        AND coalesce(nullif(l.attributes->>'validFrom', ''), ${today}) <= ${today}
        AND coalesce(nullif(l.attributes->>'validTo', ''), ${today}) >= ${today}
      ORDER BY o.id, coalesce(l.id::text = o.metadata->>'activePriceListId', false) DESC,
        coalesce(l.attributes->>'validFrom', '') COLLATE "C" DESC, l.id
    ) AS p ON p.customer = t.id
    WHERE NOT t.is_deleted`);

  await store(sql`SELECT t.id, jsonb_build_object('activeAgreementCount', coalesce(a.active, 0), 'expiringAgreementCount', coalesce(a.expiring, 0)) AS figures
    FROM customers AS t LEFT JOIN (
      SELECT relationships->>'customerId' AS customer, count(*) AS active,
        count(*) FILTER (WHERE nullif(attributes->>'endDate', '') <= ${horizon}) AS expiring
      FROM commercial_agreements
      WHERE NOT is_deleted AND (attributes->>'isActive') IS DISTINCT FROM 'false' AND attributes->>'startDate' <= ${today}
        AND coalesce(nullif(attributes->>'endDate', ''), ${today}) >= ${today}
      GROUP BY 1
    ) AS a ON a.customer = t.id::text
    WHERE NOT t.is_deleted`);

  await store(sql`SELECT t.id, jsonb_build_object('expiredPhysicalActivitiesCount', coalesce(d.expired, 0),
      'expiringPhysicalActivitiesCount', coalesce(d.expiring, 0), 'nextExpirePhysicalActivity', d.next) AS figures
    FROM customers AS t LEFT JOIN (
      SELECT relationships->>'customerId' AS customer,
        count(*) FILTER (WHERE attributes->>'deadlineDate' <= ${yesterday}) AS expired,
        count(*) FILTER (WHERE attributes->>'deadlineDate' >= ${today} AND attributes->>'deadlineDate' <= ${horizon}) AS expiring,
        min(attributes->>'deadlineDate' COLLATE "C") FILTER (WHERE attributes->>'deadlineDate' >= ${today}) AS next
      FROM physical_activities
      WHERE NOT is_deleted AND (attributes->>'isExecuted') IS DISTINCT FROM 'true' AND (attributes->>'isEnded') IS DISTINCT FROM 'true'
      GROUP BY 1
    ) AS d ON d.customer = t.id::text
    WHERE NOT t.is_deleted`);
}

export const customerFiguresMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await storeCustomerFigures(db, romeDay());
  },
  async down() {
    // Figures are derived: the service keeps writing them, nothing to take back.
  },
};
