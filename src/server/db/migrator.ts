/** Runs the one set of migrations on whichever engine is open (Kysely Migrator). */
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './database.ts';
import { ensureSchema } from './ensure-schema.ts';
import { entitiesMigration } from './migrations/0001-entities.ts';
import { oidcMigration } from './migrations/0002-oidc.ts';
import { searchWordsMigration } from './migrations/0003-search-words.ts';
import { historyMigration } from './migrations/0004-history.ts';
import { idempotencyMigration } from './migrations/0005-idempotency.ts';
import { adminMigration } from './migrations/0010-admin.ts';
import { safetyRoleRequirementsMigration } from './migrations/0011-safety-role-requirements.ts';
import { clienteQuotationLinesMigration } from './migrations/0012-cliente-quotation-lines.ts';
import { loginLimiterMigration } from './migrations/0013-login-limiter.ts';
import { impersonationAuditMigration } from './migrations/0014-impersonation-audit.ts';
import { customerFiguresMigration } from './migrations/0015-customer-figures.ts';

const migrations: Record<string, Migration> = {
  '0001-entities': entitiesMigration,
  '0002-oidc': oidcMigration,
  '0003-search-words': searchWordsMigration,
  '0004-history': historyMigration,
  '0005-idempotency': idempotencyMigration,
  '0010-admin': adminMigration,
  '0011-safety-role-requirements': safetyRoleRequirementsMigration,
  '0012-cliente-quotation-lines': clienteQuotationLinesMigration,
  '0013-login-limiter': loginLimiterMigration,
  '0014-impersonation-audit': impersonationAuditMigration,
  '0015-customer-figures': customerFiguresMigration,
};

/**
 * Runs the migrations not yet applied, then the schema step (tables, sort columns and indexes the
 * kind registry needs and the database lacks). Returns the names of the migrations applied; `log`
 * hears each schema statement run.
 */
export async function migrateToLatest(database: Database, options: { log?: (line: string) => void } = {}): Promise<string[]> {
  // The bookkeeping tables live in the working schema, so that databases sharing a server never see each other's.
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await ensureSchema(database, { log: options.log });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
