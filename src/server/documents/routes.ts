/**
 * Documents (DESIGN §4): `GET /api/{type}/{id}/document[?templateId=]` answers the record's PDF
 * rendered from its document type's default template (or the chosen one), and
 * `POST /api/templateDocs/preview` `{ type, body, recordId }` the PDF of a draft template over a
 * record, for the template editor's live preview. Reading the record is the permission.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../db/database.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { storageKeyOf } from '../media/files.ts';
import { Problem } from '../http/problems.ts';
import { DocumentData, type DocumentSource } from './data.ts';
import { renderPdf } from './pdf.ts';
import { parseMarkup } from '../../domain/documents/markup.ts';
import { renderTemplate, TemplateError, templateIssues, type TemplateIssue } from '../../domain/documents/template.ts';
import { documentDeclarations, type TemplateDocType } from '../../domain/documents/placeholders.ts';
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
}

/** Template issues as field errors of `pointer` (422 TEMPLATE_INVALID). */
export function templateProblem(issues: readonly TemplateIssue[], pointer = '/attributes/body'): Problem {
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

export function registerDocumentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): void {
  const documents = new DocumentData(options.db, options.service);
  const logoOf = (source: DocumentSource) => headingLogo(options.storage, source.heading);

  async function send(reply: FastifyReply, source: DocumentSource, type: TemplateDocType, body: string): Promise<FastifyReply> {
    let markup: string;
    try {
      markup = renderTemplate(type, body, source.data);
    } catch (error) {
      if (error instanceof TemplateError) throw templateProblem(error.issues);
      throw error;
    }
    const pdf = renderPdf(parseMarkup(markup), { title: source.fileName, heading: source.heading, logo: await logoOf(source), compress: options.compress });
    const fileName = asciiFileName(source.fileName);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(`${source.fileName}.pdf`)}`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(pdf);
  }

  app.get<{ Params: { type: string; id: string }; Querystring: { templateId?: string } }>('/api/:type/:id/document', async (request, reply) => {
    const call = options.callOf(request);
    const source = await documents.load(request.params.type, request.params.id, call);
    const template = await documents.template(source.declaration.type, typeof request.query.templateId === 'string' ? request.query.templateId : undefined);
    return send(reply, source, source.declaration.type, String(template.attributes.body ?? ''));
  });

  app.post('/api/templateDocs/preview', async (request, reply) => {
    const call = options.callOf(request);
    call.access.authorize('read', options.service.kind('templateDocs'));
    const parsed = previewBody.safeParse(request.body);
    if (!parsed.success) throw zodProblem(parsed.error);
    const issues = templateIssues(parsed.data.type, parsed.data.body);
    if (issues.length > 0) throw templateProblem(issues, '/body');
    const source = await documents.load(documentDeclarations[parsed.data.type].recordType, parsed.data.recordId, call);
    return send(reply, source, parsed.data.type, parsed.data.body);
  });
}
