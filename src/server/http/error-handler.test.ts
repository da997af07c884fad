import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { errorHandler, toProblem } from './error-handler.ts';

describe('database outages in the error handler', () => {
  it('maps a lost connection to 503 DATABASE_UNAVAILABLE and a query error to 500', () => {
    expect(toProblem(new Error('Connection terminated unexpectedly'))).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(toProblem(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })).code).toBe('DATABASE_UNAVAILABLE');
    expect(toProblem(Object.assign(new Error('syntax error'), { code: '42601' }))).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });

  it('answers problem+json in Italian with Retry-After', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/x', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const response = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503, message: expect.stringContaining('database non è raggiungibile') });
    expect(response.body).not.toContain('ECONNREFUSED');
  });
});
