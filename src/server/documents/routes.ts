/**
 * Documents (DESIGN §4): `GET /api/{type}/{id}/document[?templateId=]` answers the record's PDF
 * rendered from its document type's default template (or the chosen one), and
 * `POST /api/templateDocs/preview` `{ type, body, recordId }` the PDF of a draft template over a
 * record, for the template editor's live preview. Reading the record is the permission.
 * `POST /api/{type}/{id}/document` stores the document as a file of the record (changing the record
 * is the permission), with what made it: the template and its version, and a digest of the data
 * printed. Issuing again from the same data and template answers the file already stored.
 *
 * The data is read here (data.ts, through the caller's read scope); the template is filled in and
 * the PDF laid out in a worker thread (render-pool.ts), within row, page and time limits, so a large
 * document never holds the event loop.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DatabaseSchema } from '../db/database.ts';
import type { Entity } from '../../domain/entity.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import type { MediaFiles } from '../media/files.ts';
import { storageKeyOf } from '../media/files.ts';
import { Problem } from '../http/problems.ts';
import { DocumentData, type DocumentSource } from './data.ts';
import { documentDeclarations, type TemplateDocType } from '../../domain/documents/placeholders.ts';
import { documentRenderConfig, type DocumentRenderConfig } from '../config.ts';
import { documentTemplateIssues, type DocumentTemplateIssue } from './template-rules.ts';
import { documentRenderer, RENDER_BUSY_RETRY_AFTER_SECONDS, type DocumentRenderer } from './render-pool.ts';
import { newVerification, recordVerification } from './register-share.ts';
import { customerOfRecord, logDownload } from './download-log.ts';
import { templateDocTypes } from '../../domain/enums.ts';
import { zodProblem } from '../resources/zod-problem.ts';
import { templateDocAttributes } from '../../domain/entities/template-docs.ts';

/** Logos larger than this are left out of documents (a letterhead logo is a few hundred kB). */
const MAX_LOGO_BYTES = 4 * 1024 * 1024;

export interface DocumentRoutesOptions {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  callOf: (request: FastifyRequest) => CallContext;
  storage?: MediaStorage;
  /** Deflate page contents (default true). */
  compress?: boolean;
  /** Where issued documents are stored as files of their record (none: `POST …/document` is not offered). */
  files?: MediaFiles;
  /** Row, page and time limits and the render pool's size (configuration `documents`); by default read from the environment. */
  limits?: DocumentRenderConfig;
  /** The process's document renderer (worker threads within `limits`); by default the routes make their own. */
  renderer?: DocumentRenderer;
  /** The product's public address: a verifiable document's QR code points there (`/verifica/{id}`); none: no QR code. */
  publicUrl?: string;
}

/** What a stored document was made from (`media.attributes.meta.generated`). */
export interface GeneratedFrom {
  documentType: TemplateDocType;
  templateId: string;
  templateVersion: string;
  /** SHA-256 of the data printed, without the print date: the same record data gives the same digest. */
  dataDigest: string;
}

/** A digest of the document's data that ignores the day it is printed on. */
export function dataDigest(data: Record<string, unknown>): string {
  const { documento: _printDate, ...rest } = data;
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(canonical)
      : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]))
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(rest))).digest('hex');
}

const issueBody = z.strictObject({ templateId: z.uuid().optional() });

/** Template issues as field errors of `pointer` (422 TEMPLATE_INVALID). */
export function templateProblem(issues: readonly DocumentTemplateIssue[], pointer = '/attributes/body'): Problem {
  return new Problem('TEMPLATE_INVALID', {
    message: `Il modello contiene errori: ${issues.map((issue) => issue.message).join('; ')}`,
    errors: issues.map((issue) => ({ pointer, code: issue.code, message: issue.message })),
  });
}

const asciiFileName = (name: string) => `${name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'documento'}.pdf`;

const previewBody = z.strictObject({
  type: z.enum(templateDocTypes),
  body: templateDocAttributes.shape.body,
  recordId: z.uuid(),
});

/** The heading's logo as PNG or JPEG bytes, when it is in the store (left out otherwise, or when too large). */
export async function headingLogo(storage: MediaStorage | undefined, heading: DocumentSource['heading']): Promise<Buffer | undefined> {
  const id = heading?.logoMediaId;
  if (!id || !storage) return undefined;
  try {
    const key = storageKeyOf(id);
    const stat = await storage.stat(key);
    if (!stat || stat.size > MAX_LOGO_BYTES) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    return png || jpeg ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** What the document routes print for other routes (the inspector's share link prints the register). */
export interface DocumentPrinter {
  /** The register of checks of `customerId`, as `call` reads it, with its verification QR code. */
  printRegister(customerId: string, call: CallContext): Promise<{ pdf: Buffer; fileName: string }>;
  /** What the register of `customerId` (of one site, when given) lists, as `call` reads it: the rows its PDF prints. */
  registerRows(customerId: string, siteId: string | undefined, call: CallContext): Promise<Record<string, unknown>>;
}

export function registerDocumentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): DocumentPrinter {
  const documents = new DocumentData(options.db, options.service);
  const logoOf = (source: DocumentSource) => headingLogo(options.storage, source.heading);
  const limits = options.limits ?? documentRenderConfig(process.env);
  // The process's renderer (shared with the actions that store documents), or one of the routes' own.
  const pool = options.renderer ?? documentRenderer(limits, (message, error) => app.log.error({ err: error }, message));
  if (!options.renderer) app.addHook('onClose', () => pool.close());

  /**
   * The PDF bytes of `source` printed with `body`, rendered in a worker. `pointer`: where a template
   * error points (the stored template's `/attributes/body`, the preview's `/body`).
   */
  /** `issued`: a copy handed out (not a template's preview), by whom: a verifiable one is given its QR code and fingerprint. */
  async function render(reply: FastifyReply | undefined, source: DocumentSource, type: TemplateDocType, body: string, pointer = '/attributes/body', issued?: { by: string | null }): Promise<Buffer> {
    // Also for templates stored before a rule existed (a section nested in itself).
    const issues = documentTemplateIssues(type, body);
    if (issues.length > 0) throw templateProblem(issues, pointer);
    // A verifiable document (the register) names where its fingerprint is checked; a template preview is no issued copy.
    const verification = issued && source.declaration.verifiable && options.publicUrl ? await newVerification(options.publicUrl) : undefined;
    const job = {
      type,
      body,
      data: source.data,
      title: source.fileName,
      heading: source.heading,
      logo: await logoOf(source),
      compress: options.compress,
      ...(verification ? { verification: verification.block } : {}),
    };
    try {
      const pdf = await pool.render(job, pointer);
      if (verification) {
        await recordVerification(options.db, {
          id: verification.id, pdf, type, recordType: source.declaration.recordType, recordId: source.record.id, title: source.fileName, issuedBy: issued?.by ?? null,
          customerName: String((source.data.cliente as { ragioneSociale?: unknown } | undefined)?.ragioneSociale ?? ''),
        });
      }
      return pdf;
    } catch (error) {
      if (error instanceof Problem && error.code === 'DOCUMENT_RENDER_BUSY') reply?.header('Retry-After', String(RENDER_BUSY_RETRY_AFTER_SECONDS));
      throw error;
    }
  }

  /** Answers the PDF bytes inline, named after the document. */
  function sendPdf(reply: FastifyReply, source: DocumentSource, pdf: Buffer): FastifyReply {
    const fileName = asciiFileName(source.fileName);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(`${source.fileName}.pdf`)}`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(pdf);
  }

  app.get<{ Params: { type: string; id: string }; Querystring: { templateId?: string; site?: string } }>('/api/:type/:id/document', async (request, reply) => {
    const call = options.callOf(request);
    // `site`: the register of checks of one site of the customer (issue 26 §2).
    const site = typeof request.query.site === 'string' && request.query.site !== '' ? request.query.site : undefined;
    const source = await documents.load(request.params.type, request.params.id, call, { siteId: site });
    const template = await documents.template(source.declaration.type, typeof request.query.templateId === 'string' ? request.query.templateId : undefined);
    const pdf = await render(reply, source, source.declaration.type, String(template.attributes.body ?? ''), undefined, { by: call.identity.userId ?? null });
    // A customer's document printed: its download log (issue 26 §5), written before the answer, so
    // whoever reads the log once the PDF has arrived finds it there.
    const customerId = customerOfRecord(source.declaration.recordType, source.record);
    if (customerId) await logDownload(options.db, call, { customerId, what: 'document', recordType: source.declaration.recordType, recordId: source.record.id, title: source.fileName }, app.log);
    return sendPdf(reply, source, pdf);
  });

  /** Lists the stored copy among the record's files when its document says where (a quotation's attachments), once. */
  async function listOnRecord(call: CallContext, source: DocumentSource, media: Entity): Promise<void> {
    const attachAs = source.declaration.attachAs;
    if (!attachAs) return;
    const [section, field] = attachAs.path.split('.') as ['attributes', string];
    const current = (source.record[section] as Record<string, unknown>)[field];
    const items = Array.isArray(current) ? current : [];
    if (items.some((item) => (item as { mediaId?: unknown } | null)?.mediaId === media.id)) return;
    const added = { ...attachAs.item, mediaId: media.id, name: String(media.attributes.name ?? '') };
    await options.service.update(source.declaration.recordType, source.record.id, { [section]: { [field]: [...items, added] } }, `"${source.record.metadata.lastUpdatedDateTime}"`, call);
  }

  const files = options.files;
  if (files) {
    app.post<{ Params: { type: string; id: string } }>('/api/:type/:id/document', async (request, reply) => {
      const call = options.callOf(request);
      const parsed = issueBody.safeParse(request.body ?? {});
      if (!parsed.success) throw zodProblem(parsed.error);
      const { type: recordType, id } = request.params;
      const source = await documents.load(recordType, id, call);
      // Storing a file of the record changes it: the caller must be allowed to.
      call.access.authorize('update', options.service.kind(recordType), source.record);
      // With If-Match, the document is the one of the version the caller sees.
      const ifMatch = request.headers['if-match'];
      if (typeof ifMatch === 'string' && ifMatch !== `"${String(source.record.metadata.lastUpdatedDateTime)}"`) throw new Problem('VERSION_CONFLICT');
      const documentType = source.declaration.type;
      const template = await documents.template(documentType, parsed.data.templateId);
      const generated: GeneratedFrom = {
        documentType,
        templateId: template.id,
        templateVersion: String(template.metadata.lastUpdatedDateTime),
        dataDigest: dataDigest(source.data),
      };
      const same = (await documents.filesOf(recordType, id, call)).find((media) => {
        const meta = media.attributes.meta as { generated?: GeneratedFrom; uploadedAt?: string } | undefined;
        const made = meta?.generated;
        return Boolean(meta?.uploadedAt) && made?.documentType === generated.documentType && made.templateId === generated.templateId
          && made.templateVersion === generated.templateVersion && made.dataDigest === generated.dataDigest;
      });
      if (same) {
        await listOnRecord(call, source, same);
        return reply.code(200).send({ data: same, meta: { reused: true } });
      }
      const bytes = await render(reply, source, documentType, String(template.attributes.body ?? ''), undefined, { by: call.identity.userId ?? null });
      const media = await files.storeGenerated(call, {
        owner: { type: recordType, id },
        name: `${source.fileName}.pdf`,
        mimeType: 'application/pdf',
        bytes,
        meta: { generated: { ...generated } },
      });
      await listOnRecord(call, source, media);
      return reply.code(201).header('Location', `/api/media/${media.id}`).send({ data: media, meta: { reused: false } });
    });
  }

  app.post('/api/templateDocs/preview', async (request, reply) => {
    const call = options.callOf(request);
    call.access.authorize('read', options.service.kind('templateDocs'));
    const parsed = previewBody.safeParse(request.body);
    if (!parsed.success) throw zodProblem(parsed.error);
    const issues = documentTemplateIssues(parsed.data.type, parsed.data.body);
    if (issues.length > 0) throw templateProblem(issues, '/body');
    const source = await documents.load(documentDeclarations[parsed.data.type].recordType, parsed.data.recordId, call);
    return sendPdf(reply, source, await render(reply, source, parsed.data.type, parsed.data.body, '/body'));
  });

  return {
    async registerRows(customerId, siteId, call) {
      const source = await documents.load('customers', customerId, call, { siteId });
      const { registro, controlli, anomalie, interventi } = source.data as Record<string, unknown>;
      return { registro, controlli, anomalie, interventi };
    },
    async printRegister(customerId, call) {
      const source = await documents.load('customers', customerId, call);
      const template = await documents.template('controlRegister');
      return { pdf: await render(undefined, source, 'controlRegister', String(template.attributes.body ?? ''), undefined, { by: call.identity.userId ?? null }), fileName: source.fileName };
    },
  };
}
