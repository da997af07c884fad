/**
 * `GET /api/customers/{id}/price?productId=…`: what a product costs for a customer today (SPEC §2
 * commercial offers, §4 offer validity), for the commercial offers screen. The answer is the one
 * pricing rule the server applies to quotation and order lines (`linePricing`, domain
 * `rules/pricing.ts`), read without writing: the client never gathers lists of 10,000 rows to price one product.
 * Controller and service: parse, check that the caller may read the customer and the product, then the rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CallContext, EntityService } from '../../resources/service.ts';
import { Problem } from '../../http/problems.ts';
import { linePricing } from './pricing.ts';

const priceQuery = z.strictObject({ productId: z.uuid() });

/** The rule's answer for (customer, product) today; 404 when either is not there or not readable. */
export async function customerPrice(service: EntityService, call: CallContext, customerId: string, query: unknown) {
  const parsed = priceQuery.safeParse(query);
  if (!parsed.success) {
    throw new Problem('INVALID_QUERY', { errors: [{ pointer: '?productId', code: 'invalidValue', message: 'Indicare il prodotto (productId: un UUID)' }] });
  }
  const { productId } = parsed.data;
  // `get` checks the ability on the row (a customer user reads only its own) and answers 404 for a missing one.
  const customer = await service.get('customers', customerId, call);
  await service.get('products', productId, call);
  call.access.authorize('read', service.kind('priceLists'));
  const pricing = await service.transaction(call, (_trx, hookOf) => linePricing(hookOf('customers'), productId, { relationships: { customerId: customer.id } }));
  return { data: { customerId: customer.id, productId, today: service.today(), ...pricing } };
}

export function registerCustomerPriceRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext): void {
  app.get<{ Params: { id: string } }>('/api/customers/:id/price', async (request) => customerPrice(service, callOf(request), request.params.id, request.query));
}
