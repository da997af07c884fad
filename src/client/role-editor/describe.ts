/**
 * A role's rules read as Italian (issue 12 "the permissions a role grants, shown as a readable
 * table"): one row per rule — can or cannot, the actions as verbs, the subjects by their Italian
 * names, the fields limited to, and the conditions with field labels, enum names and the
 * `${user.…}` values said as what they stand for («l’utente connesso»), the operators as words («è uno di»).
 */
import type { PermissionRule } from '../../domain/entities/roles.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { placeholderOf, type RuleIssueWords } from '../../domain/rules/role-rules.ts';
import { enumLabel, fieldLabel } from '../forms/format.ts';
import { hasMessage, intl } from '../i18n/index.ts';

export interface RuleDescription {
  can: boolean;
  actions: string;
  subjects: string;
  fields: string;
  conditions: string;
  reason?: string;
}

const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
const asList = <T,>(value: T | readonly T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T]);
const or = (id: string, fallback: string) => (hasMessage(id) ? t(id) : fallback);

export const actionVerb = (action: string): string => or(`roles.verb.${action}`, action);
export const subjectName = (subject: string): string => or(`roles.subject.${subject}`, subject);

/** `relationships.commercialUserId` → "Commerciale"; `registry.*` → "Anagrafica (tutti)". */
export function pathLabel(path: string): string {
  // A path of its own label on this screen (`id`; a name beside the reference that reads the same).
  if (hasMessage(`roles.field.${path}`)) return t(`roles.field.${path}`);
  const glob = path.endsWith('.*');
  const keys = (glob ? path.slice(0, -2) : path).split('.').filter((key) => !['attributes', 'metadata', 'relationships'].includes(key));
  const last = keys[keys.length - 1];
  const label = last ? fieldLabel(last) : path;
  return glob ? `${label} (${t('roles.table.allFields')})` : label;
}

/** Whether `kind` has the path among its list fields or its references (what `subjectPaths` suggests of it). */
const kindHasPath = (kind: KindDefinition, path: string) => Object.values(kind.fields).some((field) => field.path === path) || path in kind.references;

/**
 * The paths' labels, with the ones that would read the same told apart by whose they are: a subject of
 * several kinds (a customer and its workers) has «Codice fiscale» twice, shown as «Codice fiscale
 * (Cliente)» and «Codice fiscale (Dipendente)». Paths every kind shares (`id`, the author) stay plain.
 */
export function distinctPathLabels(paths: readonly string[], kinds: readonly KindDefinition[]): Map<string, string> {
  const labels = new Map(paths.map((path) => [path, pathLabel(path)]));
  const uses = new Map<string, number>();
  for (const label of labels.values()) uses.set(label, (uses.get(label) ?? 0) + 1);
  for (const [path, label] of labels) {
    if ((uses.get(label) ?? 0) < 2) continue;
    const owners = kinds.filter((kind) => kindHasPath(kind, path));
    if (owners.length > 0 && owners.length < kinds.length) labels.set(path, `${label} (${owners.map((kind) => kind.label.singular).join(', ')})`);
  }
  return labels;
}

/** The words the rules' problems are said with on the role screen: «Il campo «Autore»…», «l’utente connesso è un solo valore: usa «è»…». */
export const ruleIssueWords: RuleIssueWords = {
  field: pathLabel,
  subject: subjectName,
  placeholder: (name) => t(`roles.placeholder.${name}`),
  operator: (operator) => or(`forms.rule.op.${operator}`, operator),
};

function valueLabel(value: unknown): string {
  const placeholder = placeholderOf(value);
  if (placeholder) return t(`roles.placeholder.${placeholder === 'unknown' ? 'unknown' : placeholder.name}`);
  if (Array.isArray(value)) return value.map(valueLabel).join(', ');
  if (typeof value === 'boolean') return t(value ? 'form.yes' : 'form.no');
  if (typeof value === 'string') return enumLabel(value);
  if (typeof value === 'number') return value.toLocaleString('it-IT');
  return JSON.stringify(value);
}

function conditionText(field: string, operator: string, value: unknown): string {
  const label = pathLabel(field);
  if (operator === '$exists') return t(value ? 'roles.op.exists' : 'roles.op.notExists', { field: label });
  if (operator === '$options' || operator === '$regex') return t(`roles.op.${operator}`, { field: label, value: String(value) });
  // The element's own conditions, said the same way («Operatori ha un elemento in cui Stato è Bozza»).
  if (operator === '$elemMatch') return t('roles.op.$elemMatch', { field: label, value: conditionsText(value as Record<string, unknown>) });
  // An operator the catalogue does not say (CASL refuses others) reads as equality rather than as its `$…` name.
  return t(hasMessage(`roles.op.${operator}`) ? `roles.op.${operator}` : 'roles.op.=', { field: label, value: valueLabel(value) });
}

/** The conditions as one line: «Commerciale è l’utente connesso e Stato è uno di: Bozza, Emesso». */
export function conditionsText(conditions: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [field, condition] of Object.entries(conditions ?? {})) {
    const operators = condition !== null && typeof condition === 'object' && !Array.isArray(condition) ? Object.entries(condition as Record<string, unknown>) : [];
    if (operators.length > 0 && operators.every(([key]) => key.startsWith('$'))) {
      for (const [operator, value] of operators) parts.push(conditionText(field, operator, value));
    } else parts.push(conditionText(field, '=', condition));
  }
  return parts.length === 0 ? t('roles.table.always') : parts.join(t('roles.table.and'));
}

/** An action by the rule editor's name for it («Tutto», «Crea»). */
const actionName = (action: string): string => or(`forms.rule.action.${action}`, actionVerb(action));

/**
 * A rule's one-line title in the rules list: «Tutto · Tutti i soggetti», «Non può Legge · preventivi»;
 * what the list shows instead of the CASL words (`manage · all`).
 */
export function ruleTitle(rule: PermissionRule): string {
  const subjects = asList(rule.subject).map((subject) => (subject === 'all' ? t('forms.rule.allSubjects') : subjectName(subject)));
  return `${rule.inverted ? `${t('forms.rule.cannot')} ` : ''}${asList(rule.action).map(actionName).join(', ')} · ${subjects.join(', ')}`;
}

export function describeRule(rule: PermissionRule): RuleDescription {
  const fields = rule.fields ?? [];
  return {
    can: rule.inverted !== true,
    actions: asList(rule.action).map(actionVerb).join(', '),
    subjects: asList(rule.subject).map(subjectName).join(', '),
    fields: fields.length === 0 ? t('roles.table.allFields') : fields.map(pathLabel).join(', '),
    conditions: conditionsText(rule.conditions),
    ...(rule.reason ? { reason: rule.reason } : {}),
  };
}
