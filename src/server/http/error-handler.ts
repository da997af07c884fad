/** Turns every failure into problem+json: our Problems as they are, framework errors by kind, the rest as a 500 without details. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, type ProblemCode } from './problems.ts';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/connection-errors.ts';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const frameworkCodes: Record<string, ProblemCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
};

export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? frameworkCodes[fastifyError.code] : undefined;
  if (mapped) return new Problem(mapped);
  if (error instanceof SyntaxError) return new Problem('INVALID_JSON');
  // A lost or refused database connection is an outage the client may retry, not a bug: 503, not 500.
  if (isDatabaseUnavailable(error)) return new Problem('DATABASE_UNAVAILABLE');
  if (isStatementTimeout(error)) return new Problem('QUERY_TIMEOUT');
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return new Problem('BAD_REQUEST', { status });
  return new Problem('INTERNAL_ERROR');
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  // RFC 6750: a 401 tells the client which scheme to use.
  if (problem.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="api"');
  if (problem.code === 'DATABASE_UNAVAILABLE' || problem.code === 'QUERY_TIMEOUT') reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  return reply.code(problem.status).type('application/problem+json').send(problem.toBody());
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error);
  // An outage fails every request alike: one line each, without the stack.
  if (problem.code === 'DATABASE_UNAVAILABLE') request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'database non raggiungibile');
  else if (problem.status >= 500) request.log.error({ err: error }, 'richiesta non riuscita');
  return sendProblem(reply, problem);
}
