/**
 * A runaway query must not hold a connection past the client's patience: with
 * DATABASE_STATEMENT_TIMEOUT_MS the server cancels it and the API answers 503 QUERY_TIMEOUT
 * (problem+json, Retry-After), and the pool's connection serves the next request.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database.ts';
import { isStatementTimeout } from '../../src/server/db/connection-errors.ts';
import { sendProblem, toProblem } from '../../src/server/http/error-handler.ts';
import Fastify from 'fastify';

const onPostgres = inject('engines').includes('postgres');

describe.skipIf(!onPostgres)('statement timeout (PostgreSQL)', () => {
  it('cancels a statement over the limit, answers 503 QUERY_TIMEOUT, and the connection serves again', async () => {
    const database = await openDatabase({ url: inject('testDatabaseUrl'), poolSize: 1, statementTimeoutMs: 200 });
    try {
      const app = Fastify();
      app.get('/slow', async () => (await sql`SELECT pg_sleep(2)`.execute(database.db), 'done'));
      app.setErrorHandler((error, _request, reply) => sendProblem(reply, toProblem(error)));
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/slow' });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ code: 'QUERY_TIMEOUT', message: expect.stringContaining('troppo tempo') });
      const error = await sql`SELECT pg_sleep(1)`.execute(database.db).catch((e: unknown) => e);
      expect(isStatementTimeout(error)).toBe(true);
      // The one pooled connection is still usable after the cancellations.
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db)).rows[0]?.one).toBe(1);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('without a limit (migrations, seeding) a long statement runs to the end', async () => {
    const database = await openDatabase({ url: inject('testDatabaseUrl'), poolSize: 1 });
    try {
      await expect(sql`SELECT pg_sleep(0.3)`.execute(database.db)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });
});
