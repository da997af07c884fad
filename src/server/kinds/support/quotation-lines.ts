/**
 * `PUT /api/quotations/{id}/lines` (issue 9, DESIGN §4 "lost updates are impossible"): a quotation's
 * whole set of lines, and optionally a merge patch of the quotation itself, in ONE transaction
 * checked against the quotation's version (`If-Match`; stale → 409 VERSION_CONFLICT). The lines are
 * written set-based through the generic service (`updateManyWithin`: one UPDATE for the changed ones;
 * `createManyWithin`: one INSERT for the new ones; `removeManyWithin`: one UPDATE for the dropped ones;
 * history rows in one INSERT each), each checked as
 * a single write would be: priced by the same hook (`priceQuotationLine`), refused in a locked state or
 * without `updateUnitNetPrice`, with its history row and change notice.
 * The quotation always gets a new version, so whoever edited the lines from an older one gets 409.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { quotationLinesBody } from '../../../domain/entities/quotation-products.ts';
import { applyMergePatch, deepEqual } from '../../../domain/merge-patch.ts';
import type { Entity } from '../../../domain/entity.ts';
import { Problem, problemCatalogue, type FieldError, type ProblemCode } from '../../http/problems.ts';
import { parseVersion, type CallContext, type EntityService } from '../../resources/service.ts';
import { zodProblem } from '../../resources/zod-problem.ts';
import { refreshQuotationTotals, withTotalsDeferred } from './pricing.ts';

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
    // Read once: the lines are checked and written from this read (the quotation is locked, and the UPDATE
    // writes a line only at the version read here, else the whole write is a 409).
    const stored = await hook.repository('quotationProducts').listByRelationship('quotationId', quotation.id);
    const byId = new Map(stored.map((line) => [line.id, line]));
    const kept = new Set<string>();
    const locked = (await hook.repository('quotations').findById(quotation.id)) ?? quotation;
    // Set-based: the new lines in one INSERT, the changed ones in one UPDATE (each checked as a single write would be).
    const creations: { index: number; body: { attributes: Record<string, unknown>; relationships: Record<string, unknown> } }[] = [];
    const updates: { index: number; id: string; patch: Record<string, unknown>; version: string }[] = [];
    for (const [index, line] of lines.entries()) {
      const attributes = { ...line.attributes, position: index };
      const relationships = { ...line.relationships, quotationId: quotation.id };
      if (line.id === undefined) {
        creations.push({ index, body: { attributes, relationships } });
        continue;
      }
      const previous = byId.get(line.id.toLowerCase());
      if (!previous || kept.has(previous.id)) {
        throw atLine(new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/id', code: 'invalidValue', message: 'La riga non appartiene al preventivo (o è ripetuta)' }] }), index);
      }
      kept.add(previous.id);
      const patch = { attributes, relationships };
      const writable = { attributes: previous.attributes, relationships: previous.relationships };
      // A line the write leaves as it is gets no new version and no history row.
      if (deepEqual(applyMergePatch(writable, patch), writable)) continue;
      updates.push({ index, id: previous.id, patch, version: previous.metadata.lastUpdatedDateTime });
    }
    const current = new Map(stored.filter((line) => kept.has(line.id)).map((line) => [line.id, call.access.redact(lineKind, line)]));
    await withTotalsDeferred(hook, locked, async () => {
      // The lines the body leaves out are deleted; as the others, in one statement.
      const removed = stored.filter((line) => !kept.has(line.id));
      await service.removeManyWithin(trx, call, 'quotationProducts', removed.map((line) => ({ id: line.id, version: line.metadata.lastUpdatedDateTime })), (_at, error) => error, byId);
      const updated = await service.updateManyWithin(trx, call, 'quotationProducts', updates, (at, error) => atLine(error, updates[at]!.index), byId);
      const created = await service.createManyWithin(trx, call, 'quotationProducts', creations.map((c) => c.body), (at, error) => atLine(error, creations[at]!.index));
      for (const line of [...updated, ...created]) current.set(line.id, line);
    });
    await refreshQuotationTotals(hook, quotation.id);
    const fresh = (await hook.repository('quotations').findById(quotation.id)) ?? quotation;
    return {
      data: call.access.redact(quotations, fresh),
      // The lines as this write left them (the rows it kept, changed and made), in their order.
      included: [...current.values()].toSorted((a, b) => position(a) - position(b)).map((line) => ({ ...line, type: 'quotationProducts' as const })),
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
