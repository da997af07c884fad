/**
 * What the server adds to the domain's template check (domain/documents/template.ts): a section may
 * not be nested, at any depth, in a section of the same name. Mustache looks a name up through the
 * enclosing items, so `{{#righe}}` inside `{{#righe}}` repeats the whole list once per line: seven
 * levels over six lines printed 280,000 rows. The check walks mustache's own token tree.
 */
import Mustache from 'mustache';
import { templateIssues, type TemplateIssue } from '../../domain/documents/template.ts';
import type { TemplateDocType } from '../../domain/documents/placeholders.ts';

/** A problem of a template, as the API reports it (`errors[]` of 422 TEMPLATE_INVALID). */
export interface DocumentTemplateIssue {
  code: TemplateIssue['code'] | 'NESTED_SECTION';
  message: string;
  name?: string;
  at?: number;
}

/** mustache.js tokens: `[kind, name, start, end, children?]`. */
type Token = [string, string, number, number, Token[]?];

/** Sections (`#` or `^`) inside a section of the same name, at any depth (one issue per name); a template mustache cannot parse has none. */
export function nestedSectionIssues(body: string): DocumentTemplateIssue[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(body) as Token[];
  } catch {
    // Syntax errors are the domain check's to report.
    return [];
  }
  const issues: DocumentTemplateIssue[] = [];
  const walk = (list: readonly Token[], open: readonly string[]) => {
    for (const [kind, name, start, , children] of list) {
      if (kind !== '#' && kind !== '^') continue;
      // Once per name: seven levels of the same section are one mistake.
      if (open.includes(name) && !issues.some((issue) => issue.name === name)) {
        issues.push({
          code: 'NESTED_SECTION',
          name,
          at: start,
          message: `La sezione «${name}» è dentro un’altra sezione «${name}»: una sezione non può ripetersi dentro sé stessa`,
        });
      }
      if (children) walk(children, [...open, name]);
    }
  };
  walk(tokens, []);
  return issues;
}

/** Every reason a template of `type` cannot be stored or printed: the domain's check, then the nesting rule. */
export function documentTemplateIssues(type: TemplateDocType, body: string): DocumentTemplateIssue[] {
  return [...templateIssues(type, body), ...nestedSectionIssues(body)];
}
