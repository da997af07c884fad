/** Turns every failure into problem+json: our Problems as they are, framework errors by kind, the rest as a 500 without details. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, type ProblemCode } from './problems.ts';

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
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return new Problem('BAD_REQUEST', { status });
  return new Problem('INTERNAL_ERROR');
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  // RFC 6750: a 401 tells the client which scheme to use.
  if (problem.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="api"');
  return reply.code(problem.status).type('application/problem+json').send(problem.toBody());
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error);
  if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem);
}
