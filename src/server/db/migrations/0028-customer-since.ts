/**
 * SPEC §3 customer `metadata.dateTime` («Cliente dal») and `relationships.additionalFieldsLength`
 * exist from now on: the customers hook sets both on write (kinds/customers.ts). Customers written
 * before have neither: since when they are in the registry is the day their row was created, and the
 * count is that of their additional fields. Set-based, once; rows that already carry them are left.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const customerSinceMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`UPDATE customers SET metadata = metadata || jsonb_build_object('dateTime',
        to_char(created_date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      WHERE NOT (metadata ? 'dateTime')`.execute(db);
    await sql`UPDATE customers SET relationships = relationships || jsonb_build_object('additionalFieldsLength',
        CASE WHEN jsonb_typeof(metadata -> 'additionalPEFields') = 'array' THEN jsonb_array_length(metadata -> 'additionalPEFields') ELSE 0 END)
      WHERE NOT (relationships ? 'additionalFieldsLength')`.execute(db);
  },
  async down() {
    // Derived values: nothing to take back.
  },
};
