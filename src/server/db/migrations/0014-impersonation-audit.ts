/**
 * The impersonation audit (security issue): the table of the `impersonationAudit` kind, one row per
 * `/api` request made while an administrator acted as another user. The request's moment, method,
 * path and answer status are in `attributes` (`at`, `method`, `path`, `httpStatus`), the two users in
 * `relationships` (`impersonatorId`, `userId`); `created_date_time` is the moment too and
 * `created_by` the administrator. Frozen here as the kind was when it was added; the schema step
 * run after the migrations adds its list indexes, as for every kind.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const impersonationAuditMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE IF NOT EXISTS impersonation_audit (
      id uuid PRIMARY KEY,
      created_date_time timestamptz NOT NULL,
      last_updated_date_time timestamptz NOT NULL,
      deleted_date_time timestamptz,
      created_by uuid,
      last_updated_by uuid,
      deleted_by uuid,
      is_deleted boolean NOT NULL DEFAULT false,
      is_archived boolean NOT NULL DEFAULT false,
      attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      relationships jsonb NOT NULL DEFAULT '{}'::jsonb,
      search tsvector NOT NULL DEFAULT ''::tsvector,
      s_attributes_at text GENERATED ALWAYS AS ((attributes ->> 'at')) STORED,
      s_attributes_http_status numeric GENERATED ALWAYS AS (((attributes ->> 'httpStatus'))::numeric) STORED
    )`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS impersonation_audit`.execute(db);
  },
};
