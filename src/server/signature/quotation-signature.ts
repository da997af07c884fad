/**
 * A quotation signed online by its customer (issue 26 §3), through the one write pipeline:
 * - `POST /api/quotations/{id}/signature/code`: a one-time code by e-mail to the signer (only its
 *   hash is kept, SIGNATURE_CODE_TTL_MINUTES, at most SIGNATURE_CODES_PER_HOUR per hour);
 * - `POST /api/quotations/{id}/signature`: the code, the drawn signature and the optional lines the
 *   customer takes. In one transaction: the quotation as presented is printed and hashed (SHA-256),
 *   the optional lines taken join the totals, the quotation is printed again with a last page sealing
 *   the audit trail (who, when, address, browser, the hash, the code's delivery) and the drawing,
 *   stored as its `signedQuotation` attachment, the quotation accepted, and its order created by the
 *   same code as «Crea ordine»; the code is used up. The answer's `meta` gives both fingerprints:
 *   `documentSha256` (the quotation as presented) and `signedDocumentSha256` (the signed PDF stored).
 *   `Idempotency-Key` replays it as every write;
 * - `POST /api/quotations/{id}/signature/refusal`: the quotation not accepted, with the reason.
 * Who: the `sign` ability on the quotation (a customer's user on its issued quotations; staff never,
 * domain/rules/quotation-signature.ts `signatureRules`), checked after the read rule. Signing grants
 * nothing else: the accept and the order it makes are the signature's own effects, written with an
 * authority limited to this quotation (`signingCall`).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import {
  auditTrail, maskedEmail, refuseQuotationRequest, SIGNATURE_CODE_LENGTH, SIGNATURE_CODE_MAX_ATTEMPTS, SIGNATURE_CODE_TTL_MINUTES,
  SIGNATURE_CODES_PER_HOUR, SIGNATURE_LEGAL_NOTE, signatureBytes, signQuotationRequest,
} from '../../domain/rules/quotation-signature.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { DocumentData } from '../documents/data.ts';
import { headingLogo } from '../documents/routes.ts';
import { codeHash, codeSpent, newCode } from '../auth/one-time-codes.ts';
import { Problem } from '../http/problems.ts';
import type { Mailer } from '../mail/mailer.ts';
import { storeGeneratedFile } from '../media/files.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { createOrderFromQuotation } from '../kinds/quotations.ts';
import { refreshQuotationTotals } from '../kinds/support/pricing.ts';
import type { HookContext } from '../resources/hooks.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import { zodProblem } from '../resources/zod-problem.ts';

export interface SignatureDeps {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  storage: MediaStorage;
  mailer: Mailer;
  publicUrl: string;
}

const hashOf = (quotationId: string, userId: string, code: string) => codeHash(`${quotationId}:${userId}`, code);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The quotation as the caller reads it, with the `sign` ability on it and waiting for its answer. */
async function signable(service: EntityService, call: CallContext, id: string): Promise<{ kind: KindDefinition; quotation: Entity }> {
  const kind = service.kind('quotations');
  const quotation = await service.get('quotations', id, call);
  call.access.authorize('sign', kind, quotation);
  if (quotation.attributes.status !== 'issued') {
    throw new Problem('TRANSITION_NOT_ALLOWED', { message: 'Il preventivo non è in attesa di risposta: non si può firmare né rifiutare', extensions: { state: quotation.attributes.status } });
  }
  return { kind, quotation };
}

/**
 * The caller's access, plus what signing this quotation does by itself: change it (accepted, its
 * signed copy attached, the optional lines taken), store its signed copy, and make its order.
 */
function signingCall(call: CallContext, quotationId: string): CallContext {
  const access = call.access;
  const ownEffect = (action: string, kind: KindDefinition, entity?: Entity): boolean =>
    (kind.type === 'quotations' && (entity === undefined || entity.id === quotationId) && (action === 'update' || action === 'createOrder'))
    || (kind.type === 'quotationProducts' && action === 'update' && (entity === undefined || entity.relationships.quotationId === quotationId))
    || (kind.type === 'orders' && action === 'create' && (entity === undefined || entity.relationships.quotationId === quotationId))
    || (kind.type === 'media' && action === 'create' && (entity === undefined || (entity.relationships.ownerType === 'quotations' && entity.relationships.ownerId === quotationId)));
  return {
    ...call,
    access: {
      ...access,
      can: (action, kind, entity) => ownEffect(action, kind, entity) || access.can(action, kind, entity),
      authorize: (action, kind, entity) => {
        if (!ownEffect(action, kind, entity)) access.authorize(action, kind, entity);
      },
      authorizeFields: (action, kind, entity, fields) => {
        if (!ownEffect(action, kind, entity)) access.authorizeFields(action, kind, entity, fields);
      },
    },
  };
}

/** The PDF of the quotation as `record` says it, with the seal's page when given. */
async function quotationPdf(hook: HookContext, storage: MediaStorage, call: CallContext, record: Entity, seal?: Parameters<NonNullable<HookContext['documents']>['render']>[0]['seal']): Promise<{ bytes: Buffer; fileName: string }> {
  const documents = new DocumentData(hook.db, hook.service);
  const source = await documents.loadRecord('quotations', record, call);
  const template = await documents.template('quotation');
  const logo = await headingLogo(storage, source.heading);
  if (!hook.documents) throw new Error('signature needs the document renderer');
  const bytes = await hook.documents.render({
    type: 'quotation', body: String(template.attributes.body ?? ''), data: source.data, title: source.fileName,
    ...(source.heading ? { heading: source.heading } : {}), ...(logo ? { logo } : {}), ...(seal ? { seal } : {}),
  });
  return { bytes, fileName: source.fileName };
}

/** The signer's live code: the newest not used up; refused when none, expired or exhausted. */
async function liveCode(db: Kysely<DatabaseSchema>, quotationId: string, userId: string) {
  const { rows } = await sql<{ id: string; email: string; code_hash: string; created: Date; expires: Date; attempts: number }>`
    SELECT id, email, code_hash, created_date_time AS created, expires_date_time AS expires, attempts FROM signature_codes
    WHERE purpose = 'signature' AND quotation_id = ${quotationId}::uuid AND user_id = ${userId}::uuid AND consumed_date_time IS NULL
    ORDER BY created_date_time DESC LIMIT 1 FOR UPDATE`.execute(db);
  const code = rows[0];
  if (!code) throw new Problem('SIGNATURE_CODE_EXPIRED', { message: 'Richiedere il codice di firma: nessun codice valido per questo preventivo' });
  if (codeSpent(code, SIGNATURE_CODE_MAX_ATTEMPTS)) {
    throw new Problem('SIGNATURE_CODE_EXPIRED');
  }
  return code;
}

/** A wrong code: counted outside the signing transaction (which rolls back), so the attempts are kept. */
class WrongCode extends Problem {
  readonly codeId: string;
  constructor(codeId: string, attemptsLeft: number) {
    // The code's own text says «non corretto» (problems.SIGNATURE_CODE_INVALID): the message adds only what is left.
    const left = attemptsLeft > 0 ? `${attemptsLeft === 1 ? 'Resta 1 tentativo' : `Restano ${attemptsLeft} tentativi`} con questo codice` : 'Tentativi esauriti: richiedine uno nuovo';
    super('SIGNATURE_CODE_INVALID', {
      message: left,
      errors: [{ pointer: '/code', code: 'signatureCodeInvalid', message: left }],
      extensions: { attemptsLeft },
    });
    this.codeId = codeId;
  }
}

export function registerQuotationSignatureRoutes(app: FastifyInstance, deps: SignatureDeps, callOf: (request: FastifyRequest) => CallContext): void {

  app.post<{ Params: { id: string } }>('/api/quotations/:id/signature/code', async (request, reply) => {
    const { db, service, mailer } = deps;
    const call = callOf(request);
    const { quotation } = await signable(service, call, request.params.id);
    const userId = call.identity.userId;
    const email = call.identity.email;
    if (!userId || !email) throw new Problem('FORBIDDEN');
    const recent = await sql<{ n: string }>`SELECT count(*) AS n FROM signature_codes WHERE quotation_id = ${quotation.id}::uuid AND user_id = ${userId}::uuid
      AND created_date_time > now() - interval '1 hour'`.execute(db);
    if (Number(recent.rows[0]?.n ?? 0) >= SIGNATURE_CODES_PER_HOUR) throw new Problem('SIGNATURE_CODES_TOO_MANY');
    const code = newCode(SIGNATURE_CODE_LENGTH);
    const expires = new Date(Date.now() + SIGNATURE_CODE_TTL_MINUTES * 60_000);
    await db.transaction().execute(async (trx) => {
      // A new code replaces the previous one.
      await sql`UPDATE signature_codes SET attempts = ${SIGNATURE_CODE_MAX_ATTEMPTS} WHERE quotation_id = ${quotation.id}::uuid AND user_id = ${userId}::uuid AND consumed_date_time IS NULL`.execute(trx);
      await sql`INSERT INTO signature_codes (id, quotation_id, user_id, email, code_hash, expires_date_time)
        VALUES (${randomUUID()}::uuid, ${quotation.id}::uuid, ${userId}::uuid, ${email}, ${hashOf(quotation.id, userId, code)}, ${expires.toISOString()}::timestamptz)`.execute(trx);
    });
    const quotationCode = String(quotation.attributes.code ?? '');
    const sent = await mailer.send({
      to: email,
      subject: `Codice per firmare il preventivo ${quotationCode}: ${code}`,
      text: [
        `Gentile ${call.identity.displayName},`,
        `il codice per firmare il preventivo ${quotationCode} è ${code}.`,
        `Vale ${SIGNATURE_CODE_TTL_MINUTES} minuti e una sola volta. Se non ha chiesto di firmare, ignori questo messaggio: senza il codice nessuno può firmare a suo nome.`,
      ].join('\n\n'),
    });
    if (sent.outcome !== 'mailSent') throw new Problem('MAIL_NOT_SENT');
    return reply.code(202).send({ data: { sentTo: maskedEmail(email), expiresDateTime: expires.toISOString(), codeLength: SIGNATURE_CODE_LENGTH } });
  });

  app.post<{ Params: { id: string } }>('/api/quotations/:id/signature', async (request, reply) => {
    const { db, service, storage } = deps;
    const call = callOf(request);
    const parsed = signQuotationRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw zodProblem(parsed.error);
    const body = parsed.data;
    const { quotation: seen } = await signable(service, call, request.params.id);
    const ifMatch = request.headers['if-match'];
    if (typeof ifMatch === 'string' && ifMatch !== `"${String(seen.metadata.lastUpdatedDateTime)}"`) throw new Problem('VERSION_CONFLICT');
    const userId = call.identity.userId!;
    const facts = { ipAddress: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) };
    try {
      const result = await service.transaction(call, async (trx, hookOf) => {
        const signing = signingCall(call, seen.id);
        const hook = { ...hookOf('quotations'), call: signing };
        const quotations = hook.repository('quotations');
        const current = await quotations.findById(seen.id, { forUpdate: true });
        if (!current || current.metadata.lastUpdatedDateTime !== seen.metadata.lastUpdatedDateTime || current.attributes.status !== 'issued') throw new Problem('VERSION_CONFLICT');
        const code = await liveCode(trx, seen.id, userId);
        if (hashOf(seen.id, userId, body.code) !== code.code_hash) throw new WrongCode(code.id, SIGNATURE_CODE_MAX_ATTEMPTS - code.attempts - 1);

        // What was presented, and its fingerprint.
        const presented = await quotationPdf(hook, storage, call, current);
        const documentSha256 = sha256(presented.bytes);

        // The optional lines: those taken count from now on (in the totals and the order).
        const lines = await hook.repository('quotationProducts').listByRelationship('quotationId', seen.id);
        const optional = lines.filter((line) => (line.attributes.kind ?? 'product') === 'product' && line.attributes.isOptional === true);
        const unknown = body.includedOptionalLineIds.findIndex((id) => !optional.some((line) => line.id === id));
        if (unknown >= 0) {
          throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: `/includedOptionalLineIds/${unknown}`, code: 'notOptionalLine', message: 'Non è una voce opzionale di questo preventivo' }] });
        }
        const taken = optional.filter((line) => body.includedOptionalLineIds.includes(line.id));
        const products = hook.repository('quotationProducts');
        for (const line of taken) {
          const updated = await products.update(line.id, line.metadata.lastUpdatedDateTime, { data: { attributes: { ...line.attributes, isOptional: false }, metadata: line.metadata, relationships: line.relationships } }, call.identity, 'sign');
          if (!updated) throw new Problem('VERSION_CONFLICT');
        }
        if (taken.length > 0) await refreshQuotationTotals(hook, seen.id);
        const priced = (await quotations.findById(seen.id)) ?? current;

        // The signed copy: the quotation as accepted, sealed with the audit trail and the drawing.
        const signedAt = new Date().toISOString();
        const describe = (line: Entity) => String(line.attributes.description ?? line.id);
        const trail = auditTrail({
          signerName: body.signerName,
          signerEmail: code.email,
          customerName: String(current.metadata.customerName ?? ''),
          quotationCode: String(current.attributes.code ?? ''),
          signedAt,
          codeSentAt: new Date(code.created).toISOString(),
          ...facts,
          documentSha256,
          includedOptional: taken.map(describe),
          excludedOptional: optional.filter((line) => !taken.includes(line)).map(describe),
        });
        const sealed = await quotationPdf(hook, storage, call, priced, { title: 'Firma elettronica del cliente', rows: trail, signature: signatureBytes(body.signature), note: SIGNATURE_LEGAL_NOTE });
        const media = await storeGeneratedFile({ service: hook.service, storage }, trx, signing, {
          owner: { type: 'quotations', id: seen.id },
          name: `${sealed.fileName} firmato.pdf`,
          mimeType: 'application/pdf',
          bytes: sealed.bytes,
          meta: { signature: { signerName: body.signerName, signerEmail: code.email, signedAt, documentSha256, ...facts, userId, includedOptionalLineIds: taken.map((line) => line.id) } },
        });

        // Accepted, with its signed copy attached (the accept transition's own condition, SPEC §4).
        const attachments = [...((priced.attributes.attachments as unknown[] | undefined) ?? []), { mediaId: media.id, kind: 'signedQuotation', name: String(media.attributes.name) }];
        const accepted = await quotations.update(priced.id, priced.metadata.lastUpdatedDateTime, {
          data: {
            attributes: { ...priced.attributes, status: 'accepted', attachments },
            metadata: { ...priced.metadata, signedDateTime: signedAt, signedBy: body.signerName, signedDocumentId: media.id, documentSha256 },
            relationships: priced.relationships,
          },
        }, call.identity, 'sign');
        if (!accepted) throw new Problem('VERSION_CONFLICT');
        const order = await createOrderFromQuotation(hook, accepted);
        await sql`UPDATE signature_codes SET consumed_date_time = now() WHERE id = ${code.id}::uuid`.execute(trx);
        // The signed file's own fingerprint (its media row's `meta.sha256`): what the customer downloads hashes to it.
        const signedDocumentSha256 = sha256(sealed.bytes);
        return { accepted, order, media, documentSha256, signedDocumentSha256 };
      });
      const data = await service.get('quotations', seen.id, call);
      return reply.code(200).send({
        data,
        meta: {
          orderId: result.order.id, orderNumber: result.order.attributes.orderNumber, signedDocumentId: result.media.id,
          // What was presented (sealed in the audit trail), and the signed PDF itself: two different files, two fingerprints.
          documentSha256: result.documentSha256, signedDocumentSha256: result.signedDocumentSha256,
        },
      });
    } catch (error) {
      if (error instanceof WrongCode) await sql`UPDATE signature_codes SET attempts = attempts + 1 WHERE id = ${error.codeId}::uuid`.execute(db);
      throw error;
    }
  });

  app.post<{ Params: { id: string } }>('/api/quotations/:id/signature/refusal', async (request, reply) => {
    const { service } = deps;
    const call = callOf(request);
    const parsed = refuseQuotationRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw zodProblem(parsed.error);
    const { quotation: seen } = await signable(service, call, request.params.id);
    await service.transaction(call, async (_trx, hookOf) => {
      const hook = { ...hookOf('quotations'), call: signingCall(call, seen.id) };
      const quotations = hook.repository('quotations');
      const current = await quotations.findById(seen.id, { forUpdate: true });
      if (!current || current.attributes.status !== 'issued') throw new Problem('VERSION_CONFLICT');
      const refused = await quotations.update(current.id, current.metadata.lastUpdatedDateTime, {
        data: {
          attributes: { ...current.attributes, status: 'not-accepted' },
          metadata: { ...current.metadata, refusalReason: parsed.data.reason, refusedDateTime: new Date().toISOString(), refusedBy: parsed.data.signerName ?? call.identity.displayName },
          relationships: current.relationships,
        },
      }, call.identity, 'reject');
      if (!refused) throw new Problem('VERSION_CONFLICT');
    });
    return reply.code(200).send({ data: await service.get('quotations', seen.id, call) });
  });

}
