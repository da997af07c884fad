/**
 * `GET /api/limits` (anyone signed in): the SPEC §9 limits this server runs with (configuration, see
 * src/domain/rules/limits.ts) and, for who may read report headings, the modules whose headings
 * reached their limit (the report headings screen warns about them; the value is the server's, so
 * every screen and every process says the same).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallContext, EntityService } from '../resources/service.ts';
import { reportHeadingsOverLimit, type HeadingsOverLimit, type Limits } from '../../domain/rules/limits.ts';

export interface LimitsAnswer extends Limits {
  /** Modules (null: the general headings) with at least `reportHeadingsPerModule` report headings. */
  reportHeadingsOverLimit: HeadingsOverLimit[];
}

/** The limits, and the report headings over theirs among those the caller may read. */
export async function limitsFor(service: EntityService, call: CallContext): Promise<LimitsAnswer> {
  const limits = service.limits;
  const headings = call.access.can('read', service.kind('reportHeadings'))
    ? (await service.list('reportHeadings', { 'page[size]': '500', sort: 'title' }, call)).data
    : [];
  return { ...limits, reportHeadingsOverLimit: reportHeadingsOverLimit(headings, limits) };
}

export function registerLimitRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext): void {
  app.get('/api/limits', async (request, reply) => {
    const call = callOf(request);
    reply.header('Cache-Control', 'no-store');
    return { data: await limitsFor(service, call) };
  });
}
