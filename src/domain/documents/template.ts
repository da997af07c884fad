/**
 * Document templates: logic-less Mustache placeholders (`{{preventivo.codice}}`, sections
 * `{{#righe}}…{{/righe}}`, inverted `{{^righe}}…{{/righe}}`) over a small line markup (markup.ts).
 *
 * Safe by construction: the data is plain formatted strings (no functions, so no code runs),
 * only declared placeholders reach the template, partials, unescaped values and delimiter changes
 * are refused, and every value is escaped for the markup so a customer's name cannot open a table
 * or a heading.
 */
import Mustache from 'mustache';
import { formatEur } from '../rules/money.ts';
import { italianDate } from '../entities/italian-date.ts';
import { businessDay } from '../business-day.ts';
import { documentDeclarations, type Placeholder, type PlaceholderFormat, type TemplateDocType } from './placeholders.ts';
import { escapeMarkup } from './markup.ts';

export interface TemplateIssue {
  code: 'UNKNOWN_PLACEHOLDER' | 'FORBIDDEN_TAG' | 'SYNTAX' | 'NESTED_SECTION';
  message: string;
  /** The placeholder or tag concerned. */
  name?: string;
  /** Offset of the tag in the template. */
  at?: number;
}

const numberFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** A raw value as the document prints it: EUR with two decimals, dd/mm/yyyy, Italian decimals. */
export function formatValue(value: unknown, format: PlaceholderFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  switch (format) {
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? formatEur(value) : '';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? numberFormat.format(value) : String(value);
    case 'date': {
      const text = String(value);
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return italianDate(text);
      const at = new Date(text);
      return Number.isNaN(at.getTime()) ? text : italianDate(businessDay(at));
    }
    case 'text':
      return typeof value === 'object' ? '' : String(value);
  }
}

type View = Record<string, unknown>;

function readDotted(source: unknown, name: string): unknown {
  let current = source;
  for (const key of name.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function writeDotted(target: View, name: string, value: unknown): void {
  const keys = name.split('.');
  let current = target;
  keys.slice(0, -1).forEach((key) => {
    if (typeof current[key] !== 'object' || current[key] === null) current[key] = {};
    current = current[key] as View;
  });
  current[keys[keys.length - 1]!] = value;
}

/**
 * The template's view of `raw` (nested objects, lists of objects): only the declared placeholders,
 * each formatted per its declaration; a list becomes its items' views (empty list: the inverted
 * section prints).
 */
export function documentView(placeholders: readonly Placeholder[], raw: unknown): View {
  const view: View = {};
  for (const placeholder of placeholders) {
    const value = readDotted(raw, placeholder.name);
    if (placeholder.items) {
      const items = placeholder.items;
      writeDotted(view, placeholder.name, Array.isArray(value) ? value.map((item) => documentView(items, item)) : []);
    } else {
      writeDotted(view, placeholder.name, formatValue(value, placeholder.format));
    }
  }
  return view;
}

/** Renders a template of `type` over raw data: the markup text, ready for `parseMarkup`. */
export function renderTemplate(type: TemplateDocType, body: string, raw: unknown): string {
  const issues = templateIssues(type, body);
  if (issues.length > 0) throw new TemplateError(issues);
  const view = documentView(documentDeclarations[type].placeholders, raw);
  return Mustache.render(body, view, {}, { escape: escapeMarkup });
}

export class TemplateError extends Error {
  readonly issues: TemplateIssue[];
  constructor(issues: TemplateIssue[]) {
    super(issues.map((issue) => issue.message).join('; '));
    this.name = 'TemplateError';
    this.issues = issues;
  }
}

type Token = [string, string, number, number, Token[]?];

const forbiddenTagMessages: Record<string, string> = {
  '>': 'I modelli inclusi ({{> …}}) non sono ammessi',
  '&': 'I valori senza protezione ({{& …}}) non sono ammessi: usa {{nome}}',
  '{': 'I valori senza protezione ({{{ … }}}) non sono ammessi: usa {{nome}}',
  '=': 'Il cambio dei delimitatori ({{= … =}}) non è ammesso',
};

function syntaxIssue(error: unknown): TemplateIssue {
  const message = error instanceof Error ? error.message : String(error);
  const unclosedSection = /^Unclosed section "(.*)" at (\d+)/.exec(message);
  if (unclosedSection) return { code: 'SYNTAX', name: unclosedSection[1], at: Number(unclosedSection[2]), message: `La sezione «${unclosedSection[1]}» non è chiusa: manca {{/${unclosedSection[1]}}}` };
  const unopened = /^Unopened section "(.*)" at (\d+)/.exec(message);
  if (unopened) return { code: 'SYNTAX', name: unopened[1], at: Number(unopened[2]), message: `{{/${unopened[1]}}} chiude una sezione mai aperta` };
  const unclosedTag = /^Unclosed tag at (\d+)/.exec(message);
  if (unclosedTag) return { code: 'SYNTAX', at: Number(unclosedTag[1]), message: 'Segnaposto non chiuso: manca }}' };
  return { code: 'SYNTAX', message: 'Il modello non è valido: controlla le parentesi {{ }} dei segnaposto' };
}

/** Names a scope offers: its own placeholders (lists by their name) and the outer scope's. */
function scopeOf(placeholders: readonly Placeholder[], outer?: Map<string, Placeholder>): Map<string, Placeholder> {
  const scope = new Map(outer);
  for (const placeholder of placeholders) scope.set(placeholder.name, placeholder);
  return scope;
}

/**
 * What is wrong with a template of `type`, in Italian: unknown placeholders (with the section they
 * are in), partials, unescaped values, delimiter changes, unclosed sections, a section nested in one
 * of the same name. Empty: it renders. The API refuses what it finds; the editor shows it as you type.
 */
export function templateIssues(type: TemplateDocType, body: string): TemplateIssue[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(body) as Token[];
  } catch (error) {
    return [syntaxIssue(error)];
  }
  const issues: TemplateIssue[] = [];
  const walk = (list: readonly Token[], scope: Map<string, Placeholder>, open: readonly string[]) => {
    const section = open.at(-1);
    for (const [kind, name, start, , children] of list) {
      if (kind === 'text' || kind === '!') continue;
      // Mustache looks a name up through the enclosing items: `{{#righe}}` inside `{{#righe}}` repeats the
      // whole list once per line (seven levels over six lines printed 280,000 rows). Once per name.
      if ((kind === '#' || kind === '^') && open.includes(name) && !issues.some((issue) => issue.code === 'NESTED_SECTION' && issue.name === name)) {
        issues.push({ code: 'NESTED_SECTION', name, at: start, message: `La sezione «${name}» è dentro un’altra sezione «${name}»: una sezione non può ripetersi dentro sé stessa` });
      }
      if (kind === '>' || kind === '&' || kind === '{' || kind === '=') {
        issues.push({ code: 'FORBIDDEN_TAG', name, at: start, message: forbiddenTagMessages[kind] ?? 'Tag non ammesso' });
        continue;
      }
      const declared = name === '.' ? ({ name, label: '' } as Placeholder) : scope.get(name);
      if (!declared) {
        issues.push({
          code: 'UNKNOWN_PLACEHOLDER',
          name,
          at: start,
          message: section ? `Segnaposto sconosciuto «${name}» nella sezione «${section}»` : `Segnaposto sconosciuto «${name}»`,
        });
      }
      if ((kind === '#' || kind === '^') && children) {
        walk(children, declared?.items && kind === '#' ? scopeOf(declared.items, scope) : scope, [...open, name]);
      }
    }
  };
  walk(tokens, scopeOf(documentDeclarations[type].placeholders), []);
  return issues;
}

/** Every placeholder name a template of `type` may use, as written (`righe.descrizione` for list items). */
export function placeholderNames(type: TemplateDocType): string[] {
  const names: string[] = [];
  const walk = (placeholders: readonly Placeholder[], prefix: string) => {
    for (const placeholder of placeholders) {
      names.push(prefix + placeholder.name);
      if (placeholder.items) walk(placeholder.items, `${prefix}${placeholder.name}.`);
    }
  };
  walk(documentDeclarations[type].placeholders, '');
  return names;
}
