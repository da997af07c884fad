/**
 * Decides which database engines the API tests run on: always embedded PGlite, and a PostgreSQL
 * server when one answers at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * Migrates one database per engine for the run, which every test file's database starts from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dropDatabase, dropStaleDatabases, writePgliteTemplate, writePostgresTemplate } from '../support/test-database.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The engines a tier's tests run on, provided to its test files; `tier` names it in what the run prints. */
export function engineSetup(tier: string) {
  return async function setup(project: TestProject) {
    const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
    const engines = ['pglite'];
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      engines.push('postgres');
      console.log(`${tier}: PGlite and PostgreSQL (${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')})`);
    } catch (error) {
      console.warn(
        `\n*** ${tier}: PostgreSQL half SKIPPED — no server at ${url} (${error instanceof Error ? error.message : error}).` +
          '\n*** Only the PGlite half runs. Set TEST_DATABASE_URL to a reachable server to run both.\n',
      );
    } finally {
      await client.end().catch(() => undefined);
    }
    const template = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-')), 'migrated.tar');
    // Without CREATEDB for the tests' user, each file migrates a schema of its own instead (slower, as before).
    const postgresReady = async () => {
      try {
        await dropStaleDatabases(url);
        return await writePostgresTemplate(url);
      } catch (error) {
        console.warn(`${tier}: no template database on PostgreSQL (${error instanceof Error ? error.message : error}); each file migrates a schema of its own.`);
        return undefined;
      }
    };
    const [postgresTemplate] = await Promise.all([engines.includes('postgres') ? postgresReady() : undefined, writePgliteTemplate(template)]);
    project.provide('engines', engines);
    project.provide('testDatabaseUrl', url);
    project.provide('pgliteTemplate', template);
    project.provide('postgresTemplate', postgresTemplate ?? null);
    return async () => {
      fs.rmSync(path.dirname(template), { recursive: true, force: true });
      if (postgresTemplate) await dropDatabase(url, postgresTemplate);
    };
  };
}

export default engineSetup('API tests');

declare module 'vitest' {
  export interface ProvidedContext {
    engines: string[];
    testDatabaseUrl: string;
    /** The archive of a migrated PGlite data directory (tests/support/test-database.ts). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each file's database is copied from (none without a server). */
    postgresTemplate: string | null;
  }
}
