/**
 * Idempotency keys (`Idempotency-Key` on the order wizard): the first answer to a request, kept per
 * user, operation and key until it expires, so a retry answers it again instead of writing twice.
 * The primary key is what makes it safe across processes: a second claim of a key waits for the
 * first transaction and then finds its answer.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseSchema } from '../database.ts';

export const idempotencyMigration: Migration = {
  async up(db: Kysely<DatabaseSchema>) {
    await sql`CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL,
      operation text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      status integer,
      body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, operation, key)
    )`.execute(db);
    await sql`CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)`.execute(db);
  },
  async down(db: Kysely<DatabaseSchema>) {
    await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
  },
};
