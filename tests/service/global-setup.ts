/**
 * The engines the service tests run on, decided once per run as for the API tier: embedded PGlite
 * always, and the PostgreSQL server at TEST_DATABASE_URL when one answers (each test file then works
 * in a schema of its own). No server: the PostgreSQL half is skipped, and the run says so.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEFAULT_TEST_DATABASE_URL } from '../api/global-setup.ts';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const engines = ['pglite'];
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    engines.push('postgres');
    console.log(`Service tests: PGlite and PostgreSQL (${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')})`);
  } catch (error) {
    console.warn(
      `\n*** Service tests: PostgreSQL half SKIPPED — no server at ${url} (${error instanceof Error ? error.message : error}).` +
        '\n*** Only the PGlite half runs. Set TEST_DATABASE_URL to a reachable server to run both.\n',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  // The same names as the API tier's global setup (tests/api/global-setup.ts declares their types).
  project.provide('engines', engines);
  project.provide('testDatabaseUrl', url);
}
