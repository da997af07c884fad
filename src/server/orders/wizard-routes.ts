/**
 * `POST /api/orders/wizard` (SPEC §2 order wizard): the whole wizard in one transaction, once per
 * `Idempotency-Key`. Controller and service: parse, check the ability, then the writes of
 * kinds/support/order-wizard.ts inside the idempotency claim (idempotency-store.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderWizardRequest } from '../../domain/entities/orders.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/records.ts';
import { Problem } from '../http/problems.ts';
import { idempotencyKeyOf, once } from '../idempotency/idempotency-store.ts';
import { createWizardOrder } from '../kinds/support/order-wizard.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import { zodProblem } from '../resources/zod-problem.ts';

const OPERATION = 'POST /api/orders/wizard';

/** Runs the wizard once for (user, key): the stored answer of an earlier identical request, else a new order. */
export async function runOrderWizard(service: EntityService, call: CallContext, key: string, body: unknown) {
  call.access.authorize('create', service.kind('orders'));
  const parsed = orderWizardRequest.safeParse(body);
  if (!parsed.success) throw zodProblem(parsed.error);
  const userId = call.identity.userId;
  // Keys belong to a user; only system writes (the seed) have none, and they never come through HTTP.
  if (!userId) throw new Problem('UNAUTHORIZED');
  return service.transaction(call, (trx, hookOf) =>
    once(trx, { userId, operation: OPERATION, key, body }, async () => {
      const { order, assignments } = await createWizardOrder(trx, call, hookOf, parsed.data);
      // `included`: the other records written, each with its type (the client refreshes them).
      return { status: 201, body: { data: order, included: assignments.map((assignment) => ({ type: 'assignments', ...assignment })) } };
    }),
  );
}

export function registerOrderWizardRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext): void {
  app.post('/api/orders/wizard', async (request, reply) => {
    const call = callOf(request);
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    const answer = await runOrderWizard(service, call, key, request.body);
    reply.code(answer.status);
    reply.header(IDEMPOTENCY_KEY_HEADER, key);
    if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
    const created = (answer.body as { data?: { id?: string } }).data;
    if (answer.status === 201 && created?.id) reply.header('Location', `/api/orders/${created.id}`);
    return answer.body;
  });
}
