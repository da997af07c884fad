/** Runs the one set of migrations on whichever engine is open (Kysely Migrator). */
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './database.ts';
import { entitiesMigration } from './migrations/0001-entities.ts';
import { oidcMigration } from './migrations/0002-oidc.ts';
import { searchWordsMigration } from './migrations/0003-search-words.ts';

const migrations: Record<string, Migration> = {
  '0001-entities': entitiesMigration,
  '0002-oidc': oidcMigration,
  '0003-search-words': searchWordsMigration,
};

export async function migrateToLatest(database: Database): Promise<string[]> {
  // The bookkeeping tables live in the working schema, so that databases sharing a server never see each other's.
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
