/**
 * Runs the one set of migrations on whichever engine is open.
 *
 * Not Kysely's `Migrator`: it asks whether its bookkeeping tables exist by introspecting every table
 * of every schema of the database, and that catalogue read fails ("column … does not exist") when
 * another schema of the same server is being altered at that moment (tests in parallel, or a
 * deployment sharing a database between `DATABASE_SCHEMA`s). Here the bookkeeping table is created
 * with IF NOT EXISTS in the working schema, and the whole run holds a transaction-scoped advisory
 * lock of that schema, so concurrent starts of several processes migrate once. The table keeps the
 * name and columns Kysely's migrator used, so databases it migrated carry on.
 */
import { sql, type Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Database, DatabaseSchema } from './database.ts';
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
import { clienteStaffFieldsMigration } from './migrations/0016-cliente-staff-fields.ts';
import { clienteInterventionReportsMigration } from './migrations/0017-cliente-intervention-reports.ts';
import { operatoreRecordChecksMigration } from './migrations/0018-operatore-record-checks.ts';
import { equipmentImportsMigration } from './migrations/0022-equipment-imports.ts';
import { operatoreAnomaliesPhotosMigration } from './migrations/0023-operatore-anomalies-photos.ts';
import { operatoreCommercialTermsMigration } from './migrations/0024-operatore-commercial-terms.ts';
import { registerImportsMigration } from './migrations/0025-register-imports.ts';
import { customerSinceMigration } from './migrations/0028-customer-since.ts';
import { productSuppliersOneTruthMigration } from './migrations/0029-product-suppliers-one-truth.ts';
import { adminRoleNameMigration } from './migrations/0030-admin-role-name.ts';
import { quotationSignatureMigration } from './migrations/0031-quotation-signature.ts';
import { rectificationsMigration } from './migrations/0033-rectifications.ts';
import { serviceRequestsMigration } from './migrations/0034-service-requests.ts';
import { registerShareMigration } from './migrations/0035-register-share.ts';
import { enrolmentRequestsMigration } from './migrations/0036-enrolment-requests.ts';
import { documentDownloadsMigration } from './migrations/0037-document-downloads.ts';
import { healthSurveillanceMigration } from './migrations/0039-health-surveillance.ts';
import { contactsAsUsersMigration } from './migrations/0040-contacts-as-users.ts';
import { technicianQualificationRulesMigration } from './migrations/0041-technician-qualification-rules.ts';
import { clienteOrdersMigration } from './migrations/0042-cliente-orders.ts';
import { equipmentTypeReadersMigration } from './migrations/0043-equipment-type-readers.ts';
import { equipmentChangeRequestsMigration } from './migrations/0044-equipment-change-requests.ts';
import { searchPrefixCountsMigration } from './migrations/0045-search-prefix-counts.ts';

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
  '0016-cliente-staff-fields': clienteStaffFieldsMigration,
  '0017-cliente-intervention-reports': clienteInterventionReportsMigration,
  '0018-operatore-record-checks': operatoreRecordChecksMigration,
  '0022-equipment-imports': equipmentImportsMigration,
  '0023-operatore-anomalies-photos': operatoreAnomaliesPhotosMigration,
  '0024-operatore-commercial-terms': operatoreCommercialTermsMigration,
  '0025-register-imports': registerImportsMigration,
  '0028-customer-since': customerSinceMigration,
  '0029-product-suppliers-one-truth': productSuppliersOneTruthMigration,
  '0030-admin-role-name': adminRoleNameMigration,
  '0031-quotation-signature': quotationSignatureMigration,
  '0033-rectifications': rectificationsMigration,
  '0034-service-requests': serviceRequestsMigration,
  '0035-register-share': registerShareMigration,
  '0036-enrolment-requests': enrolmentRequestsMigration,
  '0037-document-downloads': documentDownloadsMigration,
  '0039-health-surveillance': healthSurveillanceMigration,
  '0040-contacts-as-users': contactsAsUsersMigration,
  '0041-technician-qualification-rules': technicianQualificationRulesMigration,
  '0042-cliente-orders': clienteOrdersMigration,
  '0043-equipment-type-readers': equipmentTypeReadersMigration,
  '0044-equipment-change-requests': equipmentChangeRequestsMigration,
  '0045-search-prefix-counts': searchPrefixCountsMigration,
};

/**
 * Runs the migrations not yet applied, then the schema step (tables, sort columns and indexes the
 * kind registry needs and the database lacks). Returns the names of the migrations applied; `log`
 * hears each schema statement run.
 */
export async function migrateToLatest(database: Database, options: { log?: (line: string) => void } = {}): Promise<string[]> {
  const applied = await database.db.transaction().execute((trx) => runPending(trx, migrations));
  await ensureSchema(database, { log: options.log });
  return applied;
}

/** The bookkeeping table (Kysely's name and columns), in the working schema (`current_schema()`). */
const MIGRATION_TABLE = 'kysely_migration';
const LOCK_KEY = 'migrations';

/** Applies, in name order, the migrations `table` has no row for; refuses a database that ran migrations this build does not know. */
export async function runPending(trx: Transaction<DatabaseSchema>, known: Record<string, Migration>): Promise<string[]> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ${`:${LOCK_KEY}`}))`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATION_TABLE)} (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(trx);
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name`.execute(trx);
  const executed = rows.map((row) => row.name);
  const names = Object.keys(known).sort();
  const unknown = executed.filter((name) => !(name in known));
  if (unknown.length > 0) {
    throw new Error(`Il database è stato aggiornato da una versione più recente: migrazioni sconosciute ${unknown.join(', ')}. Avviare la versione che le conosce.`);
  }
  const pending = names.filter((name) => !executed.includes(name));
  const last = executed.at(-1);
  const early = last === undefined ? [] : pending.filter((name) => name < last);
  if (early.length > 0) throw new Error(`Migrazioni fuori ordine: ${early.join(', ')} precedono ${last}, già applicata.`);
  for (const name of pending) {
    await known[name]!.up(trx);
    await sql`INSERT INTO ${sql.table(MIGRATION_TABLE)} (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(trx);
  }
  return pending;
}
