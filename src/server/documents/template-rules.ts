/**
 * The template check as the API applies it on save, on preview and on print: the domain's
 * (domain/documents/template.ts, shared with the editor), whose issues become `errors[]` of 422
 * TEMPLATE_INVALID. A section nested in one of the same name is among them (NESTED_SECTION).
 */
import { templateIssues, type TemplateIssue } from '../../domain/documents/template.ts';
import type { TemplateDocType } from '../../domain/documents/placeholders.ts';

/** A problem of a template, as the API reports it (`errors[]` of 422 TEMPLATE_INVALID). */
export interface DocumentTemplateIssue {
  code: TemplateIssue['code'];
  message: string;
  name?: string;
  at?: number;
}

/** Every reason a template of `type` cannot be stored or printed: the domain's check, nesting rule included. */
export function documentTemplateIssues(type: TemplateDocType, body: string): DocumentTemplateIssue[] {
  return templateIssues(type, body);
}
