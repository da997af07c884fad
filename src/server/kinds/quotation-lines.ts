/**
 * `PUT /api/quotations/{id}/lines` (issue 9, DESIGN §4 "lost updates are impossible"): a quotation's
 * whole set of lines, and optionally a merge patch of the quotation itself, in ONE transaction
 * checked against the quotation's version (`If-Match`; stale → 409 VERSION_CONFLICT). Each line is
 * written through the generic service (`createWithin` / `updateWithin` / `removeWithin`), so it is
 * priced by the same hook (`priceQuotationLine`), keeps its history row and change notice, and is
 * refused in a locked state or without `updateUnitNetPrice` exactly as a single write would be.
 * The quotation always gets a new version, so whoever edited the lines from an older one gets 409.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { quotationLinesBody } from '../../domain/entities/quotation-products.ts';
import { applyMergePatch, deepEqual } from '../../domain/merge-patch.ts';
import type { Entity } from '../../domain/entity.ts';
import { Problem, problemCatalogue, type FieldError, type ProblemCode } from '../http/problems.ts';
import { parseVersion, type CallContext, type EntityService } from '../resources/service.ts';
import { zodProblem } from '../resources/zod-problem.ts';
import { refreshQuotationTotals, withTotalsDeferred } from './quotations.ts';

/** What the route answers: the quotation as stored after the write and its live lines in order. */
export interface QuotationLinesResult {
  data: Entity;
  included: (Entity & { type: 'quotationProducts' })[];
}

/** A line's problem told at its place in the body (`/lines/3/attributes/unitPrice`). */
function atLine(error: unknown, index: number): unknown {
  if (!(error instanceof Problem)) return error;
  const prefix = `/lines/${index}`;
  const errors = (error.errors ?? []).map((e: FieldError) => ({ ...e, pointer: `${prefix}${e.pointer}` }));
  const known = (Object.hasOwn(problemCatalogue, error.code) ? error.code : 'VALIDATION_FAILED') as ProblemCode;
  return new Problem(known, {
    status: error.status,
    code: error.code,
    message: error.message,
    errors: errors.length > 0 ? errors : [{ pointer: prefix, code: error.code, message: error.message }],
    extensions: error.extensions,
  });
}

const position = (line: Entity) => Number(line.attributes.position ?? 0);

export async function replaceQuotationLines(service: EntityService, call: CallContext, id: string, body: unknown, ifMatch: string | undefined): Promise<QuotationLinesResult> {
  const quotations = service.kind('quotations');
  const lineKind = service.kind('quotationProducts');
  call.access.authorize('update', quotations);
  const parsed = quotationLinesBody.safeParse(body);
  if (!parsed.success) throw zodProblem(parsed.error);
  const version = parseVersion(ifMatch, undefined);
  const { quotation: header, lines } = parsed.data;
  return service.transaction(call, async (trx, hookOf) => {
    const hook = hookOf('quotations');
    // The header first (version check and lock on the quotation): the lines are then priced for its customer.
    const quotation = await service.updateWithin(trx, call, 'quotations', id, header ?? {}, version);
    const stored = await hook.repository('quotationProducts').listByRelationship('quotationId', quotation.id);
    const byId = new Map(stored.map((line) => [line.id, line]));
    const kept = new Set<string>();
    const locked = (await hook.repository('quotations').findById(quotation.id)) ?? quotation;
    await withTotalsDeferred(hook, locked, async () => {
      for (const [index, line] of lines.entries()) {
        const attributes = { ...line.attributes, position: index };
        const relationships = { ...line.relationships, quotationId: quotation.id };
        try {
          if (line.id === undefined) {
            await service.createWithin(trx, call, 'quotationProducts', { attributes, relationships });
            continue;
          }
          const previous = byId.get(line.id.toLowerCase());
          if (!previous || kept.has(previous.id)) {
            throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/id', code: 'invalidValue', message: 'La riga non appartiene al preventivo (o è ripetuta)' }] });
          }
          kept.add(previous.id);
          const patch = { attributes, relationships };
          const writable = { attributes: previous.attributes, relationships: previous.relationships };
          // A line the write leaves as it is gets no new version and no history row.
          if (deepEqual(applyMergePatch(writable, patch), writable)) continue;
          await service.updateWithin(trx, call, 'quotationProducts', previous.id, patch, previous.metadata.lastUpdatedDateTime);
        } catch (error) {
          throw atLine(error, index);
        }
      }
      for (const line of stored) {
        if (!kept.has(line.id)) await service.removeWithin(trx, call, 'quotationProducts', line.id, line.metadata.lastUpdatedDateTime);
      }
    });
    await refreshQuotationTotals(hook, quotation.id);
    const fresh = (await hook.repository('quotations').findById(quotation.id)) ?? quotation;
    const current = await hook.repository('quotationProducts').listByRelationship('quotationId', quotation.id);
    return {
      data: call.access.redact(quotations, fresh),
      included: current.toSorted((a, b) => position(a) - position(b)).map((line) => ({ ...call.access.redact(lineKind, line), type: 'quotationProducts' as const })),
    };
  });
}

export function registerQuotationLinesRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext): void {
  app.put<{ Params: { id: string } }>('/api/quotations/:id/lines', async (request, reply) => {
    const result = await replaceQuotationLines(service, callOf(request), request.params.id, request.body, request.headers['if-match']);
    reply.header('ETag', `"${result.data.metadata.lastUpdatedDateTime}"`);
    return result;
  });
}
