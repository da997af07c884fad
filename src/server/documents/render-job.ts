/**
 * One document render, as a worker thread runs it (render-worker.ts): the filled-in template is
 * measured first (its lines, counted over mustache's token tree without building the text), refused
 * beyond the row limit, then rendered, read into the markup's blocks and laid out by PDFKit with a
 * page limit. No database and no I/O: everything it prints comes in the job.
 */
import Mustache from 'mustache';
import { documentView, renderTemplate, TemplateError, type TemplateIssue } from '../../domain/documents/template.ts';
import { documentDeclarations, type TemplateDocType } from '../../domain/documents/placeholders.ts';
import { parseMarkup } from '../../domain/documents/markup.ts';
import { renderPdf, type DocumentSeal, type DocumentVerification } from './pdf.ts';
import type { ReportHeading } from './data.ts';

export interface RenderJob {
  type: TemplateDocType;
  body: string;
  /** Raw values by placeholder name (DocumentSource.data). */
  data: Record<string, unknown>;
  /** The PDF's title (the file name without extension). */
  title: string;
  heading?: ReportHeading;
  logo?: Uint8Array;
  compress?: boolean;
  /** A last page with the signature's audit trail (a signed quotation). */
  seal?: DocumentSeal;
  /** The QR code where the document is checked (the register of checks). */
  verification?: DocumentVerification;
  maxRows: number;
  maxPages: number;
}

/** Why a render gave no PDF, as it crosses from the worker to the API (a plain object). */
export type RenderFailure =
  | { kind: 'template'; issues: TemplateIssue[] }
  | { kind: 'tooLarge'; unit: 'rows' | 'pages' | 'memory'; limit: number }
  | { kind: 'failed'; message: string };

export class DocumentTooLarge extends Error {
  readonly unit: 'rows' | 'pages';
  readonly limit: number;
  constructor(unit: 'rows' | 'pages', limit: number) {
    super(`document over ${limit} ${unit}`);
    this.name = 'DocumentTooLarge';
    this.unit = unit;
    this.limit = limit;
  }
}

type Token = [string, string, number, number, Token[]?];

const newlines = (text: string) => {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
};

/**
 * Lines of `body` filled with `data` (table rows, text lines, headings, blank lines), counted as
 * mustache would expand it: the same token tree, the same context lookups, each section once per item
 * of its list. Throws DocumentTooLarge as soon as the count passes `maxRows`, so a template that
 * would print millions of lines costs no more than `maxRows` of them.
 */
export function filledLines(type: TemplateDocType, body: string, data: unknown, maxRows: number): number {
  const view = documentView(documentDeclarations[type].placeholders, data);
  let lines = 1;
  const add = (count: number) => {
    lines += count;
    if (lines > maxRows) throw new DocumentTooLarge('rows', maxRows);
  };
  const walk = (tokens: readonly Token[], context: Mustache.Context) => {
    for (const [kind, name, , , children] of tokens) {
      if (kind === 'text') add(newlines(name));
      else if (kind === '#' && children) {
        const value: unknown = context.lookup(name);
        if (!value) continue;
        if (Array.isArray(value)) for (const item of value) walk(children, context.push(item));
        else walk(children, typeof value === 'object' || typeof value === 'string' || typeof value === 'number' ? context.push(value) : context);
      } else if (kind === '^' && children) {
        const value: unknown = context.lookup(name);
        if (!value || (Array.isArray(value) && value.length === 0)) walk(children, context);
      }
    }
  };
  walk(Mustache.parse(body) as Token[], new Mustache.Context(view));
  return lines;
}

/** The PDF bytes of `job`, in an ArrayBuffer of their own (transferable); throws TemplateError or DocumentTooLarge. */
export async function renderDocument(job: RenderJob): Promise<Uint8Array> {
  filledLines(job.type, job.body, job.data, job.maxRows);
  const blocks = parseMarkup(renderTemplate(job.type, job.body, job.data));
  const pdf = await renderPdf(blocks, {
    title: job.title,
    heading: job.heading,
    logo: job.logo ? Buffer.from(job.logo.buffer, job.logo.byteOffset, job.logo.byteLength) : undefined,
    compress: job.compress,
    ...(job.seal ? { seal: job.seal } : {}),
    ...(job.verification ? { verification: job.verification } : {}),
    onPage: (page) => {
      if (page > job.maxPages) throw new DocumentTooLarge('pages', job.maxPages);
    },
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of pdf) {
    chunks.push(chunk as Uint8Array);
    size += (chunk as Uint8Array).byteLength;
  }
  // Not Buffer.concat: a small result may sit in Node's shared pool, which must not be transferred.
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function failureOf(error: unknown): RenderFailure {
  if (error instanceof TemplateError) return { kind: 'template', issues: error.issues };
  if (error instanceof DocumentTooLarge) return { kind: 'tooLarge', unit: error.unit, limit: error.limit };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
